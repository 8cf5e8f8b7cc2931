#!/usr/bin/env bash
# The IEX day through the ten Chronicle Wire union rows added at 34dbeff1 (jar at 4f226834): bwireFFF (BinaryWire, field
# names, variable widths) after the hand-written IEX binaryWire row on the same wire; then the other nine; then two more
# rounds of that pair.
cd "$(dirname "$0")/../.." && d=results/20261130T130404Z-union-chronicle-wire
J="-f 1 -wi 5 -w 1s -i 5 -r 1s -prof gc"
setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.IexBenchmark\.roundTrip$' -p format=binaryWire $J -rf json -rff $d/hand-binaryWire.json > $d/hand-binaryWire.log 2>&1
for f in bwireFFF bwireTFF bwireFTF bwireTTF bwireFTT rwireUTF rwire8bit twireUTF twire8bit json8bit; do
  setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.UnionBenchmark\.roundTrip$' -p format=$f $J -rf json -rff $d/union-$f.json > $d/union-$f.log 2>&1
done
# two more rounds of the pair, alternating (union first, then hand-written first)
for r in 2 3; do
  if [ $r -eq 2 ]; then order="U H"; else order="H U"; fi
  for s in $order; do
    if [ $s = H ]; then setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.IexBenchmark\.roundTrip$' -p format=binaryWire $J -rf json -rff $d/hand-binaryWire-$r.json > $d/hand-binaryWire-$r.log 2>&1
    else setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.UnionBenchmark\.roundTrip$' -p format=bwireFFF $J -rf json -rff $d/union-bwireFFF-$r.json > $d/union-bwireFFF-$r.log 2>&1; fi
  done
done
echo done
