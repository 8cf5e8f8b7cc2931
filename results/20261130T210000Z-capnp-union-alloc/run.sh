#!/bin/bash
# Where the capnp union row's allocation beyond the hand-written IEX row's goes: one fork each, JMH's gc profiler and
# async-profiler's allocation samples (collapsed stacks), CPU 1. Run from the project root after `mvn -B package`.
set -euo pipefail
out=$(dirname "$0")
lib=target/async-profiler/linux-x64/libasyncProfiler.so
for b in IexBenchmark:hand-written UnionBenchmark:union; do
  bench=${b%%:*} dir=$out/${b##*:}
  mkdir -p "$dir"
  taskset -c 1 java -jar target/benchmarks.jar "$bench.roundTrip\$" -p format=capnp -f 1 -wi 3 -w 1s -i 3 -r 1s -prof gc \
    -prof "async:libPath=$lib;output=collapsed;event=alloc;dir=$dir/profile" > "$dir/jmh.log" 2>&1
  mv "$dir"/profile/*/collapsed-alloc.csv "$dir/" && rm -rf "$dir/profile"
done
