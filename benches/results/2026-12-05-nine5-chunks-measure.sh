#!/bin/bash
# Nine Men's Morris to 5 against 5 into empty folders: one process, then
# 1 and 2 workers with whole tiers and with each tier's first pass in
# chunks; every folder's files compared with one process's. Run from the
# repository with a release build (or LAPILLI=path); OUT=folder for the
# tables, logs and times (default: here).
L=${LAPILLI:-$PWD/target/release/lapilli}
cd "${OUT:-.}"
for run in "one:" "w1:--workers 1 --chunk-indices 0" "w2:--workers 2 --chunk-indices 0" "w2c4m:--workers 2 --chunk-indices 4000000" "w2c1m:--workers 2 --chunk-indices 1000000"; do
  name=${run%%:*}; args=${run#*:}
  rm -rf tb-$name
  /usr/bin/time -f "$name wall %e s, max RSS %M KiB" $L tablebase build nine-mens-morris --max-pieces 5 --out tb-$name $args --log log-$name.jsonl --json > out-$name.json 2>> times.txt
done
for name in w1 w2 w2c4m w2c1m; do
  if diff -q <(cd tb-one && for f in *.ltb manifest.txt; do md5sum $f; done) <(cd tb-$name && for f in *.ltb manifest.txt; do md5sum $f; done) >/dev/null; then echo "$name identical" >> times.txt; else echo "$name DIFFERS" >> times.txt; fi
done
echo done >> times.txt
