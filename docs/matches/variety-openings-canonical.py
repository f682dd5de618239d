# The openings of variety-openings.sh: how many differ, and how many up to
# the 16 automorphisms of the Nine Men's Morris board (the rotations and
# mirrors of the square, and the swap of the inner and outer rings), by
# prefix length. Usage: python3 variety-openings-canonical.py FILE
import sys, itertools
def pt(s):
    return (ord(s[0])-ord('d'), int(s[1])-4)
def name(p):
    return chr(p[0]+ord('d'))+str(p[1]+4)
def maps():
    out=[]
    for rot in range(4):
        for refl in (0,1):
            for swap in (0,1):
                def f(p,rot=rot,refl=refl,swap=swap):
                    x,y=p
                    if swap:
                        r=max(abs(x),abs(y))
                        if r in (1,3):
                            k=4-r
                            x,y=x*k//r,y*k//r
                    if refl: x=-x
                    for _ in range(rot): x,y=-y,x
                    return (x,y)
                out.append(f)
    return out
M=maps()
def mapply(mv,f):
    pre='x' if mv.startswith('x') else ''
    body=mv[len(pre):]
    return pre+'-'.join(name(f(pt(q))) for q in body.split('-'))
seqs=[l.split() for l in open(sys.argv[1])]
canon=set()
for s in seqs:
    canon.add(min(' '.join(mapply(m,f) for m in s) for f in M))
print(len(seqs),'games',len(set(' '.join(s) for s in seqs)),'distinct',len(canon),'distinct up to symmetry')
# how many distinct up to symmetry by prefix length
for k in range(1,13):
    c=set(min(' '.join(mapply(m,f) for m in s[:k]) for f in M) for s in seqs)
    print(k,len(c),end='; ')
print()
