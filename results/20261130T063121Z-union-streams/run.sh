#!/usr/bin/env bash
cd "$(dirname "$0")/../.." && d=results/20261130T063121Z-union-streams; r=0
J="-f 1 -wi 5 -w 1s -i 5 -r 1s -prof gc"
for f in sbe protobuf msgpack jackson bytesMarshallable kryo avro; do
  r=$((r+1))
  if [ $((r % 2)) -eq 1 ]; then order="H U"; else order="U H"; fi
  for s in $order; do
    if [ $s = H ]; then setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.IexBenchmark\.roundTrip$' -p format=$f $J -rf json -rff $d/hand-$f.json > $d/hand-$f.log 2>&1
    else setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.UnionBenchmark\.roundTrip$' -p format=$f $J -rf json -rff $d/union-$f.json > $d/union-$f.log 2>&1; fi
  done
done
for f in jacksonCBytes jacksonCBytesRW bson bsonCBytes externalizable externalizableCBytes serializable bytesMarshallableStopBit snakeYaml boon; do
  setsid taskset -c 1 java -jar target/benchmarks.jar '^org\.wireshootout\.bench\.UnionBenchmark\.roundTrip$' -p format=$f $J -rf json -rff $d/union-$f.json > $d/union-$f.log 2>&1
done
echo done
