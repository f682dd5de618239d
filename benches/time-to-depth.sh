#!/usr/bin/env bash
# Time and nodes to a fixed depth for Nine Men's Morris, one line per
# position and depth, for one or more builds of the `lapilli` program run
# in the same command (so that their times compare), and optionally for
# Sanmill's Rust engine on the same positions and depths:
#
#   benches/time-to-depth.sh [LAPILLI...]    # default: target/release/lapilli
#   SANMILL=/path/to/tgf benches/time-to-depth.sh [LAPILLI...]
#
# lapilli. Each search is `lapilli analyze nine-mens-morris ... --depth N
# --json` from a fresh process: iterative deepening, one thread, the CLI's
# engine options (`Options::playing`: late-move and internal iterative
# reductions, the evaluation's aspiration window), a removal counted as a
# ply.
# Time: the `millis` the program reports, its own clock around the search
# (process start, position setup and JSON output are not counted). Score:
# lapilli's heuristic from the side to move's point of view.
#
# The positions are the search-speed issue's four rows (the start at
# depths 10 and 12; a middle game just after placing, at 18 and 20) and
# three more: a late placement (14 plies in, at 16), a flying endgame
# (three White pieces against five, at 8 and 10) and a middle game of the
# parallel search note (at 12). Node counts are deterministic. RUNS
# (default 1) repeats each search and keeps the fastest time (and that
# run's nodes, score and move). THREADS (default 1) is lapilli's
# `--threads` (Lazy SMP; with more than one thread the node counts vary
# from run to run). ONLY (a substring of the position's name, e.g.
# `middle`) keeps the rows whose position contains it.
#
# Sanmill (optional). With SANMILL set to the `tgf` program of Sanmill's
# Rust engine (https://github.com/calcitem/Sanmill, GPL: it is only run as
# an external program, none of its code is in this repository), each row
# also gets a line whose build column is `sanmill`:
#   - Build it outside this tree: clone Sanmill (e.g. to /work/sanmill),
#     keep src/ui/flutter_app/assets/opening_books/{nmm,el_filja}/
#     opening_book.json (tgf-cli compiles them in), apply the patch below,
#     then `cargo build --release -p tgf-cli --locked` in the checkout
#     (pinned Rust 1.95; the program is target/release/tgf).
#   - The patch (output only; no search change): in `run_configured_search`
#     (crates/tgf-cli/src/mill_uci/mod.rs), add `searcher.nodes()` after
#     each iterative-deepening iteration and after the final search into a
#     total, and print `info harness depth D maxdepth M nodes N` (D the
#     last completed depth, M the target, N the nodes of all iterations)
#     before returning, i.e. before the `info depth ... bestmove` line.
#     Without it the script stops with an error: Sanmill's own
#     `info depth ... nodes` counts only the last iteration.
#   - Each search is a fresh `tgf uci` process (no `ucinewgame`; the engine
#     also clears its table at every `go`) given: Threads 1, Hash 16 (MB),
#     UseLazySmp false, MoveTime 0 and IDSEnabled true (iterative deepening
#     with no clock: a time limit makes Sanmill read the clock at every
#     node), Algorithm 2 (MTD(f), its default), SkillLevel 30,
#     Shuffling false, DeveloperMode false, FocusOnBlockingPaths false,
#     AiIsLazy false, UsePerfectDatabase false, PatchAvoidTraps false,
#     PatchMakeTraps false, and the standard rules (9 pieces, flying at 3,
#     one removal per move, pieces in mills protected, threefold
#     repetition, 100-ply rule); then the position, then `go depth N`.
#   - Positions: a `--moves` list is sent as `position startpos moves ...`
#     (Sanmill reads the same notation: d6, d1-g1, xg4); a `--position`
#     text is converted to Sanmill's FEN (rings inner first, each from its
#     top-middle point; O @ * for white, black, empty; phase, action,
#     counts on board and in hand, pending removal, no-progress count) and
#     sent as `position fen ...`. Before searching, Sanmill's `fen` answer
#     is compared with lapilli's position after the moves (board, side to
#     move, pieces on board and in hand, pending removal, no-progress
#     count). A position Sanmill cannot be given (another variant, no
#     flying, a FEN or move it refuses, a board that differs) gets `n/a`
#     in every column and the reason on standard error; every row here
#     maps.
#   - Depth: `go depth N`; Sanmill also counts a removal as a ply and
#     searches depths 2..N. It extends depth in places (DepthExtension, on
#     by default) and has a quiescence search on removals, lapilli reduces
#     late moves: equal depths are not the same tree.
#   - Time: wall time from writing `go depth N` to reading the line with
#     `bestmove`, measured by this script (Python's perf_counter) over the
#     pipe. It includes the engine starting its search thread and clearing
#     its 16 MB table; process start, options and position setup are not
#     counted. Nodes: the patch's total over all iterations. Score:
#     Sanmill's UCI score as printed (`cp N` or `mate N`), in its own units
#     (a piece is 5; |score| above 48 is printed as mate) and, by its code,
#     from White's point of view.
# lapilli's `position` output must be the position the moves reach, so at
# least one lapilli build runs with SANMILL.
set -euo pipefail
cd "$(dirname "$0")/.."
bins=("$@")
[ ${#bins[@]} -gt 0 ] || bins=(target/release/lapilli)
runs="${RUNS:-1}"
threads="${THREADS:-1}"
only="${ONLY:-}"
sanmill="${SANMILL:-}"
if [ -n "$sanmill" ] && [ ! -x "$sanmill" ]; then
    echo "SANMILL=$sanmill is not an executable" >&2
    exit 1
fi

middle="e4 a1 d6 d5 f4 g4 f6 f2 b6 xg4 g4 d2 b4 d1 d3 c4 a7 a4 d7"
late="e4 a1 d6 d5 f4 g4 f6 f2 b6 xg4 g4 d2 b4 d1"
flying="W...B.B./..W.B.../W..B.B.. w 0 0 -"
parallel="d7 d6 b4 f4 g7 a7 d2 d3"
rows=(
    "start|--moves=|10"
    "start|--moves=|12"
    "middle|--moves=$middle|18"
    "middle|--moves=$middle|20"
    "late placement|--moves=$late|16"
    "flying endgame|--position=$flying|8"
    "flying endgame|--position=$flying|10"
    "parallel note|--moves=$parallel|12"
)

# One Sanmill search: prints "nodes ms score best" (score as two words,
# e.g. "cp -1"), or "n/a" and the reason on standard error.
sanmill_search() { # TGF DEPTH ARG LAPILLI_POSITION
    python3 - "$@" <<'PY'
import subprocess, sys, time

tgf, depth, arg, expected = sys.argv[1:5]

def na(reason):
    print(f"sanmill: {reason}", file=sys.stderr)
    print("n/a")
    sys.exit(0)

def fen_of(text):
    """lapilli's Nine Men's Morris position text -> Sanmill's FEN (Rust dialect)."""
    f = text.split()
    if len(f) < 5:
        return None, "position text has fewer than 5 fields"
    groups, side, flag = f[0].split("/"), f[1], f[4]
    npc = 0
    for extra in f[5:]:
        if extra.isdigit():
            npc = int(extra)
        elif extra not in ("nine-mens-morris", "flying"):
            return None, f"'{extra}' has no Sanmill standard-rules equivalent"
    if len(groups) != 3 or any(len(g) != 8 for g in groups) or side not in "wb" or flag not in "x-":
        return None, "not a Nine Men's Morris position text"
    sym = {"W": "O", "B": "@", ".": "*"}
    # Sanmill: inner ring first, each ring from its top-middle point
    # clockwise; lapilli: outer ring first, each from its top-left corner.
    rings = ["".join(sym[groups[2 - r][(k + 1) % 8]] for k in range(8)) for r in range(3)]
    board = "/".join(rings)
    hw, hb = int(f[2]), int(f[3])
    phase = "p" if hw or hb else "m"
    action = "r" if flag == "x" else ("p" if phase == "p" else "s")
    rem = (1 if side == "w" and flag == "x" else 0, 1 if side == "b" and flag == "x" else 0)
    fields = [board, side, phase, action, board.count("O"), hw, board.count("@"), hb,
              rem[0], rem[1], -1, -1, -1, -1, 0, npc, 1, "ids:nodes"]
    return " ".join(map(str, fields)), None

if arg.startswith("--moves="):
    moves = arg[len("--moves="):].split()
    position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
elif arg.startswith("--position="):
    fen, why = fen_of(arg[len("--position="):])
    if fen is None:
        na(why)
    position = "position fen " + fen
else:
    na(f"cannot give {arg} to Sanmill")
want, why = fen_of(expected)
if want is None:
    na(f"lapilli's position: {why}")

options = {
    "Threads": 1, "Hash": 16, "UseLazySmp": "false",
    "MoveTime": 0, "IDSEnabled": "true", "Algorithm": 2,
    "SkillLevel": 30, "Shuffling": "false", "DeveloperMode": "false",
    "FocusOnBlockingPaths": "false", "AiIsLazy": "false",
    "UsePerfectDatabase": "false", "PatchAvoidTraps": "false", "PatchMakeTraps": "false",
    "PiecesCount": 9, "flyPieceCount": 3, "PiecesAtLeastCount": 3,
    "HasDiagonalLines": "false", "MayFly": "true", "MayRemoveMultiple": "false",
    "MayRemoveFromMillsAlways": "false", "MayMoveInPlacingPhase": "false",
    "ThreefoldRepetitionRule": "true", "NMoveRule": 100, "EndgameNMoveRule": 100,
    "StalemateAction": 0, "BoardFullAction": 0,
}
p = subprocess.Popen([tgf, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

def send(line):
    p.stdin.write(line + "\n")
    p.stdin.flush()

def read_until(token):
    lines = []
    while True:
        line = p.stdout.readline()
        if not line:
            na(f"tgf ended before '{token}' (got: {lines[-3:]})")
        lines.append(line.strip())
        if token in line:
            return lines

def finish():
    try:
        send("quit")
        p.stdin.close()
    except BrokenPipeError:
        pass
    p.wait()

for name, value in options.items():
    send(f"setoption name {name} value {value}")
send(position)
send("fen")
send("isready")
setup = read_until("readyok")
problems = [l for l in setup if l.startswith("info string")]
fens = [l[len("fen "):] for l in setup if l.startswith("fen ")]
if problems or not fens:
    finish()
    na("; ".join(problems) or "no answer to fen")
got, exp = fens[-1].split(), want.split()
# board, side, action, pieces on board and in hand, removals owed, no-progress count
if [got[i] for i in (0, 1, 3, 4, 5, 6, 7, 8, 9, 15)] != [exp[i] for i in (0, 1, 3, 4, 5, 6, 7, 8, 9, 15)]:
    finish()
    na(f"Sanmill's position {fens[-1]!r} is not lapilli's {expected!r} ({want!r})")

t0 = time.perf_counter()
send(f"go depth {depth}")
out = read_until("bestmove")
ms = (time.perf_counter() - t0) * 1000
finish()
harness = [l.split() for l in out if l.startswith("info harness ")]
if not harness:
    sys.exit("sanmill: no 'info harness ... nodes N' line: is SANMILL the patched tgf? (see the header)")
h = harness[-1]
nodes = int(h[h.index("nodes") + 1])
done = int(h[h.index("depth") + 1])
if done != int(depth):
    print(f"sanmill: completed depth {done}, not {depth}", file=sys.stderr)
w = out[-1].split()
i = w.index("score")
print(nodes, round(ms), w[i + 1], w[i + 2], w[w.index("bestmove") + 1])
PY
}

printf '| build | position | depth | nodes | ms | score | best |\n|---|---|---|---|---|---|---|\n'
for row in "${rows[@]}"; do
    IFS='|' read -r name arg depth <<<"$row"
    if [ -n "$only" ] && [[ "$name" != *"$only"* ]]; then continue; fi
    reached=""
    for bin in "${bins[@]}"; do
        best=""
        for _ in $(seq "$runs"); do
            out="$("$bin" analyze nine-mens-morris "$arg" --depth "$depth" --threads "$threads" --json)"
            line="$(printf '%s' "$out" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["nodes"], round(d["millis"]), d["score"], d["best"], d["position"])')"
            read -r nodes ms score mv pos <<<"$line"
            if [ -z "$best" ] || [ "$ms" -lt "${best%% *}" ]; then best="$ms $nodes $score $mv"; fi
        done
        [ -n "$reached" ] || reached="$pos"
        read -r ms nodes score mv <<<"$best"
        printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$(basename "$bin")" "$name" "$depth" "$nodes" "$ms" "$score" "$mv"
    done
    if [ -n "$sanmill" ]; then
        best=""
        for _ in $(seq "$runs"); do
            line="$(sanmill_search "$sanmill" "$depth" "$arg" "$reached")"
            if [ "$line" = "n/a" ]; then best="n/a"; break; fi
            read -r nodes ms kind value mv <<<"$line"
            if [ -z "$best" ] || [ "$ms" -lt "${best%% *}" ]; then best="$ms $nodes $kind $value $mv"; fi
        done
        if [ "$best" = "n/a" ]; then
            printf '| sanmill | %s | %s | n/a | n/a | n/a | n/a |\n' "$name" "$depth"
        else
            read -r ms nodes kind value mv <<<"$best"
            printf '| sanmill | %s | %s | %s | %s | %s %s | %s |\n' "$name" "$depth" "$nodes" "$ms" "$kind" "$value" "$mv"
        fi
    fi
done
