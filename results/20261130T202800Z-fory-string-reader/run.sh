#!/bin/bash
# The fory row before and after it reads text as String: the old jar (d0d2d52f) and the new (615ab45d for decode,
# a54dc1d7 for the union), alternating round by round (odd rounds the old first), CPU 1, one fork a side.
# Usage: OLD=path/to/old-benchmarks.jar NEW=path/to/new-benchmarks.jar bash run.sh [out-dir]
set -euo pipefail
OLD=${OLD:?the jar before the change} NEW=${NEW:?the jar after it}
out=${1:-$(dirname "$0")}
jmh=(-bm sample -tu ns -f 1 -wi 5 -w 1s -i 5 -r 1s -prof gc)
side() { # side round what args...
  local s=$1 r=$2 what=$3; shift 3
  local jar=$OLD; [ "$s" = new ] && jar=$NEW
  mkdir -p "$out/$what"
  taskset -c 1 java -jar "$jar" "$@" "${jmh[@]}" -rf json -rff "$out/$what/$s-$r.json" > "$out/$what/$s-$r.log" 2>&1
  echo "$what round $r $s done $(date +%T)"
}
for r in 1 2 3 4; do
  order="old new"; [ $((r % 2)) = 0 ] && order="new old"
  for s in $order; do side $s $r decode 'MessageBenchmark.decode$' -p format=fory -p message=mediacontent; done
done
for r in 1 2 3; do
  order="old new"; [ $((r % 2)) = 0 ] && order="new old"
  for s in $order; do side $s $r union 'UnionBenchmark.roundTrip$' -p format=fory; done
done
