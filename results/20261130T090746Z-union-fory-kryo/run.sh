#!/usr/bin/env bash
# The IEX day through the union rows added at 0c20d3c3 (Fory x4, Kryo's field serializers x3), and beside the three
# of them that have a hand-written IEX row (fory, foryCompatible, kryo's union row for reference), that row; pairs alternate.
cd "$(dirname "$0")/../.." && d=results/20261130T090746Z-union-fory-kryo; r=0
J="-f 1 -wi 5 -w 1s -i 5 -r 1s -prof gc"
for f in fory foryCompatible kryo; do
  r=$((r+1))
  if [ $((r % 2)) -eq 1 ]; then order="H U"; else order="U H"; fi
  for s in $order; do
    if [ $s = H ]; then setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.IexBenchmark\.roundTrip$' -p format=$f $J -rf json -rff $d/hand-$f.json > $d/hand-$f.log 2>&1
    else setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.UnionBenchmark\.roundTrip$' -p format=$f $J -rf json -rff $d/union-$f.json > $d/union-$f.log 2>&1; fi
  done
done
for f in foryIds foryShared kryoFields kryoTagged kryoCompatible; do
  setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.UnionBenchmark\.roundTrip$' -p format=$f $J -rf json -rff $d/union-$f.json > $d/union-$f.log 2>&1
done
echo done
