#!/usr/bin/env bash
# The IEX day through the three union rows added at 508bd745 and f103dbbd (flatbuffers, capnp, capnpPacked), each beside
# the hand-written IEX row of its library on the same day, three rounds, the order of the pair alternating round by round,
# one fork a run on CPU 1. Jar built at d0d2d52f, copied aside so no build can replace it during the run.
cd "$(dirname "$0")/../.." && d=$(dirname "$0")
JAR=${JAR:-target/benchmarks.jar}
J="-f 1 -wi 5 -w 1s -i 5 -r 1s -prof gc"
hand() { setsid taskset -c 1 java -jar "$JAR" '^org\.wireshootout\.bench\.IexBenchmark\.roundTrip$' -p format=$1 $J -rf json -rff $d/hand-$1-$2.json > $d/hand-$1-$2.log 2>&1; }
union() { setsid taskset -c 1 java -jar "$JAR" '^org\.wireshootout\.bench\.UnionBenchmark\.roundTrip$' -p format=$1 $J -rf json -rff $d/union-$1-$2.json > $d/union-$1-$2.log 2>&1; }
for r in 1 2 3; do
  for f in flatbuffers capnp capnpPacked; do
    echo "round $r: $f ($(date -u +%T))"
    if [ $((r % 2)) -eq 1 ]; then hand $f $r; union $f $r; else union $f $r; hand $f $r; fi
  done
done
echo done
