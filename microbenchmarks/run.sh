#!/usr/bin/env bash
# Runs the JMH benchmarks one format at a time, pinned to one CPU, into a new results/<timestamp>-<profile>/
# directory: <format>.json (JMH JSON), <format>.log (JMH's output) and env.json (what the run ran on), then
# writes the report there (report.md, report.html, charts).
# See microbenchmarks/README.md. Usage: microbenchmarks/run.sh --help
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"

JAR="$ROOT/target/benchmarks.jar"
CLI="$ROOT/target/wire-shootout.jar"   # the command line: a manifest over benchmarks.jar, built with it
PINNED_EXECUTOR='org.wireshootout.bench.AffinitySupport$PinnedExecutor'
AFFINITY_PROPERTY='wireshootout.affinity.cpu'

usage() {
  cat <<'USAGE'
Usage: microbenchmarks/run.sh [options] [-- JMH options...]

  --profile quick|standard|full  quick (default): DataBenchmark.roundTrip over every format, 1 fork,
                                 5 warm-up and 3 measured iterations of at least 1 s each, planned to
                                 fit --budget with JVM start-up included (refused, with the budget
                                 needed, when it cannot); other benchmarks only with --bench or --all.
                                 standard: every benchmark, 3 forks with the classes' warm-up and
                                 measurement. full: every benchmark, the classes' own settings
                                 (10 forks, SampleTime): the reference method.
  --budget SECONDS               the quick profile's whole run, start-up and report included
                                 (default 600); more budget buys longer iterations (up to 5 s)
  --formats a,b,...              only these formats (names as the registry spells them)
  --bench REGEX                  only benchmarks whose full name matches REGEX (grep -E); with the quick
                                 profile this replaces the default DataBenchmark.roundTrip
  --all                          every benchmark (with the quick profile: raise --budget to what the
                                 refusal says it needs)
  --ignore-lock                  run even though another JMH run holds its lock (java.io.tmpdir/jmh.lock):
                                 passes -Djmh.ignoreLock=true to JMH; both runs then share the machine,
                                 and the report says the machine was busy
  --no-gc                        leave out -prof gc (B/op)
  --profiler async|jfr           also profile each format: async = async-profiler (CPU samples, a flame graph
                                 <format>[.<benchmark>].flame.html beside <format>.json); where the probe finds
                                 perf events refused it falls back to jfr (<format>[.<benchmark>].jfr); env.json
                                 records which was used and why
  --affinity process|thread      process (default): taskset the whole JVM and its forks onto the CPU.
                                 thread: pin only the benchmark thread (Java Thread Affinity) and keep
                                 the rest of the JVM on the other CPUs.
  --cpu N                        the CPU to use (default: an isolated CPU, else the last allowed one)
  --java PATH                    the java to run (default: $JAVA, else $JAVA_HOME/bin/java, else java)
  --results DIR                  where run directories go (default: <repo>/results)
  --dry-run                      print the plan and exit (never builds: needs target/benchmarks.jar)
  --no-report                    leave out the report at the end (write it later with the report command)
  -V, --version                  print the project's version and exit
  --message FILE                 your own message: FILE is a schema in the project's language (.schema),
                                 an SBE XML message schema (.xml) or a .proto file; every library that can
                                 carry it gets a generated codec (into target/messages/), checked by its round
                                 trip, and MessageBenchmark runs it (roundTrip by default; --bench for more);
                                 a library that cannot carry it is named with the reason and left out; a
                                 schema with an error exits 2 naming file, line and what is wrong; a
                                 FILE.values.json beside it (docs/schema.md) fixes the value sent; with
                                 --formats only those libraries' codecs are generated (a library whose
                                 generator fails is named, with the --formats that leaves it out)
  --wire                         instead of JMH: the wire room's quick default (fixed-rate latency through
                                 ring, aeron-ipc, aeron-udp and queue, each format alone rate by rate; then
                                 the formats against a floor interleaved in time, wire --paired; 4 to 6
                                 minutes) into <results>/<time>-wire/wire/ (the paired runs in wire/paired/),
                                 then the report (report.md, report.html) into <results>/<time>-wire/;
                                 options after -- go to the wire command instead, which then runs alone
                                 (java -jar target/wire-shootout.jar wire --help)
  -- ...                         passed to JMH for every format (after the profile's options, so they win;
                                 note that -jvmArgs replaces the flags forks inherit, see README); but
                                 -p message=K,... runs the message benchmarks over those messages alone,
                                 each format over the ones it has a generated row for

Exit status: 0 every format ran and was reported; 1 a format, the evolution matrix or the report failed;
2 arguments refused, or a --budget the quick plan cannot fit (the message names the budget needed);
3 another JMH run holds JMH's lock (see --ignore-lock).
USAGE
}

PROFILE=quick
BUDGET=600
FORMATS_ARG=""
BENCH_RE=""
GC=1
AFFINITY=process
CPU=""
JAVA_CMD=${JAVA:-}
RESULTS_ROOT="$ROOT/results"
ALL_BENCH=0
IGNORE_LOCK=0
DRY_RUN=0
PROFILER=""
REPORT=1
WIRE=0
MESSAGE_FILE=""
PASS=()
ORIGINAL_CMD=$(shell_words "$0" "$@")

die() { echo "run.sh: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case $1 in
    --profile) PROFILE=${2:?}; shift 2 ;;
    --budget) BUDGET=${2:?}; shift 2 ;;
    --formats) FORMATS_ARG=${2:?}; shift 2 ;;
    --bench) BENCH_RE=${2:?}; shift 2 ;;
    --all) ALL_BENCH=1; shift ;;
    --ignore-lock) IGNORE_LOCK=1; shift ;;
    --no-gc) GC=0; shift ;;
    --profiler) PROFILER=${2:?}; shift 2 ;;
    --affinity) AFFINITY=${2:?}; shift 2 ;;
    --cpu) CPU=${2:?}; shift 2 ;;
    --java) JAVA_CMD=${2:?}; shift 2 ;;
    --results) RESULTS_ROOT=${2:?}; shift 2 ;;
    --dry-run) DRY_RUN=1; shift ;;
    --no-report) REPORT=0; shift ;;
    -V|--version) echo "Wire Shootout $(project_version "$ROOT/pom.xml") (microbenchmarks/run.sh)"; exit 0 ;;
    --wire) WIRE=1; shift ;;
    --message) MESSAGE_FILE=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; PASS=("$@"); break ;;
    *) usage >&2; die "unknown option '$1'" ;;
  esac
done

case $PROFILE in quick|standard|full) ;; *) die "--profile must be quick, standard or full" ;; esac
case $AFFINITY in process|thread) ;; *) die "--affinity must be process or thread" ;; esac
case $PROFILER in ""|async|jfr) ;; *) die "--profiler must be async or jfr" ;; esac
[[ $BUDGET =~ ^[0-9]+$ ]] || die "--budget takes whole seconds"
[ $ALL_BENCH -eq 1 ] && [ -n "$BENCH_RE" ] && die "--all and --bench exclude each other"
# -p message=K,... after --: MessageBenchmark (and its kin) over those messages only, each format over the ones it has
# a row for, in place of the shapes (given to JMH beside run.sh's own list, JMH would run both)
USER_MESSAGES=""
KEPT_PASS=()
for ((k = 0; k < ${#PASS[@]}; k++)); do
  if [ "${PASS[k]}" = -p ] && [[ "${PASS[k+1]:-}" == message=* ]]; then
    USER_MESSAGES+="${USER_MESSAGES:+,}${PASS[k+1]#message=}"
    k=$((k + 1))
  else
    KEPT_PASS+=("${PASS[k]}")
  fi
done
PASS=(${KEPT_PASS[@]+"${KEPT_PASS[@]}"})
[[ -z "$USER_MESSAGES" || "$USER_MESSAGES" =~ ^[A-Za-z0-9_.]+(,[A-Za-z0-9_.]+)*$ ]] || die "-p message=$USER_MESSAGES: give message keys separated by commas"
if [ -n "$MESSAGE_FILE" ]; then
  [ -n "$USER_MESSAGES" ] && die "--message runs every message of its schema: leave out -p message=$USER_MESSAGES"
  [ $WIRE -eq 1 ] && die "--message and --wire exclude each other"
  [ -f "$MESSAGE_FILE" ] || die "--message: no file '$MESSAGE_FILE'"
  MESSAGE_FILE=$(readlink -f "$MESSAGE_FILE")
fi
if [ -z "$JAVA_CMD" ]; then
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then JAVA_CMD="$JAVA_HOME/bin/java"; else JAVA_CMD=java; fi
fi
command -v "$JAVA_CMD" >/dev/null || die "no java at '$JAVA_CMD'"
JAVA_CMD=$(readlink -f "$(command -v "$JAVA_CMD")")
command -v taskset >/dev/null || die "taskset (util-linux) is needed"

# the project's command line: the tools' own jar when the build makes one, else the benchmarks jar's Main class
CLI_JAR="$ROOT/target/wire-shootout.jar"
cli_words() {
  if [ -f "$CLI_JAR" ]; then printf 'java -jar %s' "$CLI_JAR"; else printf 'java -cp %s org.wireshootout.cli.Main' "$JAR"; fi
}
cli() {
  if [ -f "$CLI_JAR" ]; then "$JAVA_CMD" -jar "$CLI_JAR" "$@"; else "$JAVA_CMD" -cp "$JAR" org.wireshootout.cli.Main "$@"; fi
}

# ---- the jar: rebuilt when missing or older than anything it is built from -------------------------------
needs_build() {
  [ -f "$JAR" ] && [ -f "$CLI" ] || return 0
  local src
  for src in "$ROOT/pom.xml" "$ROOT/src/main" "$ROOT/schemas"; do
    [ -e "$src" ] || continue
    [ -n "$(find "$src" -newer "$JAR" -print -quit 2>/dev/null)" ] && return 0
  done
  return 1
}
if [ $DRY_RUN -eq 1 ]; then
  # a dry run changes nothing, the jar included
  [ -f "$JAR" ] || die "no $JAR to ask for the plan: build it first (mvn -B package), or run without --dry-run"
  needs_build && echo "run.sh: note: $JAR is older than the sources; a real run would rebuild it first" >&2
elif needs_build; then
  echo "run.sh: building $JAR (mvn -B -q package -Dmaven.test.skip=true)"
  BUILD_LOG=$(mktemp "${TMPDIR:-/tmp}/run-sh-build.XXXXXX")
  # Maven's console library writes colour resets even in batch mode: keep its output in a log, show it on failure
  if ! (cd "$ROOT" && mvn -B -q -Dstyle.color=never package -Dmaven.test.skip=true) >"$BUILD_LOG" 2>&1; then
    strip_ansi <"$BUILD_LOG" | tail -n 40 >&2
    die "build failed (full output: $BUILD_LOG)"
  fi
  rm -f "$BUILD_LOG"
fi

RUN_T0=$(date +%s)   # the budget counts from here: the build is not part of it

# ---- --message: generate the codecs of the user's schema, then run them as MessageBenchmark's values -------
JMH_LAUNCH=(-jar "$JAR")   # how the JMH host starts: the benchmarks jar, plus the generated classes with --message
MESSAGE_KEYS=""
MESSAGE_INDEX=""
UNION_KEYS=""
UNION_ROWS=""
declare -A CANNOT_CARRY=()
if [ -n "$MESSAGE_FILE" ]; then
  base=$(basename "$MESSAGE_FILE"); base=${base%.*}
  GEN_DIR="$ROOT/target/messages/$(tr -c 'A-Za-z0-9_.\n-' '_' <<<"$base")"
  rm -rf "$GEN_DIR"
  # --formats: only those libraries' codecs are generated, so one whose generator fails can be left out
  GEN_FORMATS=()
  if [ -n "$FORMATS_ARG" ]; then
    KNOWN_ROWS=$(unzip -p "$JAR" META-INF/wireshootout/generated-messages.tsv 2>/dev/null | awk -F'\t' '$1 == "row" && !seen[$3]++ { printf "%s%s", (n++ ? "," : ""), $3 }')
    IFS=',' read -ra WANTED <<<"$FORMATS_ARG"
    for w in "${WANTED[@]}"; do   # (a jar without the index: the generator refuses an unknown name itself)
      [ -z "$KNOWN_ROWS" ] || [[ ",$KNOWN_ROWS," == *",$w,"* ]] || die "--formats: '$w' is not a library with generated codecs (they are $KNOWN_ROWS)"
    done
    GEN_FORMATS=(--formats "$FORMATS_ARG")
  fi
  echo "Generating the codecs of $MESSAGE_FILE into $GEN_DIR"
  "$JAVA_CMD" -cp "$JAR" org.wireshootout.generator.CodecGenerator --out "$GEN_DIR" --classes "$GEN_DIR/classes" \
    --tools "$ROOT/target/codegen-tools" "${GEN_FORMATS[@]}" "$MESSAGE_FILE"
  gen_rc=$?
  if [ $gen_rc -eq 2 ]; then rm -rf "$GEN_DIR"; echo "run.sh: $MESSAGE_FILE has the problems above; nothing ran" >&2; exit 2; fi
  [ $gen_rc -eq 0 ] || { rm -rf "$GEN_DIR"; echo "run.sh: generating the codecs of $MESSAGE_FILE failed (exit $gen_rc, see above; where it names a library, --formats can leave that one out)" >&2; exit 1; }
  MESSAGE_INDEX="$GEN_DIR/classes/META-INF/wireshootout/generated-messages.tsv"
  MESSAGE_KEYS=$(awk -F'\t' '$1 == "message" { printf "%s%s", (n++ ? "," : ""), $2 }' "$MESSAGE_INDEX")
  [ -n "$MESSAGE_KEYS" ] || die "$MESSAGE_FILE declares no message"
  # the generated messages' keys must not be the shapes the jar already holds (JMH would see one key twice)
  for k in ${MESSAGE_KEYS//,/ }; do
    if unzip -p "$JAR" META-INF/wireshootout/generated-messages.tsv 2>/dev/null | awk -F'\t' -v k="$k" '$1 == "message" && $2 == k { f = 1 } END { exit !f }'; then
      die "$MESSAGE_FILE names its schema '$k', as one of the shipped shapes does: rename the schema (its 'schema' line)"
    fi
  done
  MESSAGE_ROWS=$(awk -F'\t' '$1 == "row" && !seen[$3]++ { printf "%s%s", (n++ ? "," : ""), $3 }' "$MESSAGE_INDEX")
  while IFS=$'\t' read -r kind key lib why; do
    [ "$kind" = cannot ] || continue
    CANNOT_CARRY[$lib]="$key: $why"
    echo "  $lib cannot carry $key: $why"
  done <"$MESSAGE_INDEX"
  [ -n "$MESSAGE_ROWS" ] || die "no library can carry $MESSAGE_FILE (the reasons are above)"
  echo "Messages: $MESSAGE_KEYS; rows: $MESSAGE_ROWS"
  # its unions, each one stream of its members: UnionBenchmark times them through the rows that write a stream of them
  UNION_KEYS=$(awk -F'\t' '$1 == "union" { printf "%s%s", (n++ ? "," : ""), $2 }' "$MESSAGE_INDEX")
  UNION_ROWS=$(awk -F'\t' '$1 == "unionrow" && !seen[$3]++ { printf "%s%s", (n++ ? "," : ""), $3 }' "$MESSAGE_INDEX")
  for k in ${UNION_KEYS//,/ }; do
    if unzip -p "$JAR" META-INF/wireshootout/generated-messages.tsv 2>/dev/null | awk -F'\t' -v k="$k" '$1 == "union" && $2 == k { f = 1 } END { exit !f }'; then
      die "$MESSAGE_FILE names its union '$k', as a shipped schema does: rename the schema (its 'schema' line)"
    fi
  done
  if [ -n "$UNION_KEYS" ]; then
    while IFS=$'\t' read -r kind key lib why; do
      [ "$kind" = unioncannot ] && echo "  $lib writes no stream of $key: $why"
    done <"$MESSAGE_INDEX"
    echo "Unions: $UNION_KEYS; rows: ${UNION_ROWS:-none}"
  fi
  if [ -n "$FORMATS_ARG" ]; then
    KEPT_ROWS=()
    IFS=',' read -ra WANTED <<<"$FORMATS_ARG"
    for w in "${WANTED[@]}"; do
      if [[ ",$MESSAGE_ROWS," == *",$w,"* ]]; then KEPT_ROWS+=("$w")
      elif [ -n "${CANNOT_CARRY[$w]:-}" ]; then echo "run.sh: leaving out $w: it cannot carry ${CANNOT_CARRY[$w]}" >&2
      else die "--formats: '$w' has no generated codec (the generated rows are $MESSAGE_ROWS)"; fi
    done
    [ ${#KEPT_ROWS[@]} -gt 0 ] || die "none of --formats $FORMATS_ARG can carry $MESSAGE_FILE"
    FORMATS_ARG=$(IFS=,; echo "${KEPT_ROWS[*]}")
  else
    FORMATS_ARG=$MESSAGE_ROWS
  fi
  JMH_LAUNCH=(-cp "$JAR:$GEN_DIR/classes" org.openjdk.jmh.Main)
  if [ -z "$BENCH_RE" ] && [ $ALL_BENCH -eq 0 ]; then
    BENCH_RE='\.MessageBenchmark\.roundTrip$'
    [ -n "$UNION_ROWS" ] && BENCH_RE='\.(MessageBenchmark|UnionBenchmark)\.roundTrip$'
  elif [ $ALL_BENCH -eq 1 ]; then BENCH_RE='\.Message(Bulk)?Benchmark\.'; ALL_BENCH=0; fi
  grep -Eq 'Message(Bulk)?Benchmark' <<<"$BENCH_RE" || die "--message runs MessageBenchmark or MessageBulkBenchmark: give --bench a pattern that matches one"
fi

# ---- the wire room: its own command pins its own threads (Java Thread Affinity), so no taskset here -------
if [ $WIRE -eq 1 ]; then
  WIRE_CMD=("$JAVA_CMD" -jar "$CLI" wire)
  if [ $DRY_RUN -eq 1 ]; then
    printf 'wire:'; printf ' %q' "${WIRE_CMD[@]}" --out "<run>/wire" "${PASS[@]}"; echo
    [ ${#PASS[@]} -eq 0 ] && { printf 'wire:'; printf ' %q' "${WIRE_CMD[@]}" --paired --out "<run>/wire/paired"; echo; }
    exit 0
  fi
  RUN_DIR=$(make_run_dir "$RESULTS_ROOT" "$(date -u +%Y%m%dT%H%M%SZ)-wire") || die "cannot create a run directory under $RESULTS_ROOT"
  echo "Results in $RUN_DIR/wire"
  "${WIRE_CMD[@]}" --out "$RUN_DIR/wire" "${PASS[@]}"
  WIRE_RC=$?
  # 2: the wire command refused its arguments, nothing ran, so there is nothing to report
  [ $WIRE_RC -eq 2 ] && exit 2
  # the quick default also pairs the formats against the floor in time (the figure that repeats on a shared machine)
  if [ ${#PASS[@]} -eq 0 ]; then
    "${WIRE_CMD[@]}" --paired --out "$RUN_DIR/wire/paired"
    PAIRED_RC=$?
    [ $PAIRED_RC -ne 0 ] && echo "run.sh: wire --paired exited $PAIRED_RC (see above); the report shows what ran" >&2
    [ $WIRE_RC -eq 0 ] && WIRE_RC=$PAIRED_RC
  fi
  [ $WIRE_RC -ne 0 ] && echo "run.sh: the wire command exited $WIRE_RC (a cell failed; see above); the report shows what ran" >&2
  REPORT_RC=0
  if [ $REPORT -eq 1 ]; then
    cli report "$RUN_DIR"
    REPORT_RC=$?
    if [ $REPORT_RC -eq 0 ]; then
      echo "Report: $RUN_DIR/report.md and $RUN_DIR/report.html"
    else
      echo "run.sh: the report command exited $REPORT_RC (see above)" >&2
    fi
  else
    echo "Report: $(cli_words) report $RUN_DIR"
  fi
  [ $WIRE_RC -ne 0 ] && exit $WIRE_RC
  exit $REPORT_RC
fi

# ---- JMH's lock: a JMH run refuses to start while another holds it, so every format would fail -----------
# JMH 1.37 (Runner.run) takes FileChannel.tryLock on ${java.io.tmpdir}/jmh.lock unless -Djmh.ignoreLock=true.
PROPS=$("$JAVA_CMD" -XshowSettings:properties -version 2>&1)
prop() { sed -n "s/^ *$1 = //p" <<<"$PROPS" | head -n 1; }
JMH_TMPDIR=$(prop java.io.tmpdir)
JMH_LOCK="${JMH_TMPDIR:-/tmp}/jmh.lock"
JMH_LOCK=${JMH_LOCK//\/\//\/}
IGNORE_HOW=""
if [ $IGNORE_LOCK -eq 1 ]; then
  IGNORE_HOW="--ignore-lock"
else
  IGNORE_HOW=$(ignore_lock_in_env)
  [ -n "$IGNORE_HOW" ] && IGNORE_LOCK=1
fi
describe_pid() {   # describe_pid PID: "pid N: command...", the command cut short
  local cmd
  if [ "$1" = -1 ]; then printf 'a process'; return; fi
  cmd=$(tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null); cmd=${cmd% }
  cmd=${cmd#/*/bin/}
  [ ${#cmd} -gt 90 ] && cmd="${cmd:0:87}..."
  printf 'pid %s%s' "$1" "${cmd:+: $cmd}"
}
holders_text() {   # holders_text PID...: who holds the lock, for the console
  local out="" p
  for p in "$@"; do out+="${out:+, }$(describe_pid "$p")"; done
  printf '%s' "$out"
}
LOCK_HOLDERS_START=($(jmh_lock_holders "$JMH_LOCK"))
lock_refusal() {   # the one line that says another JMH run holds the lock, and what to do
  printf 'run.sh: another JMH run holds %s (%s), so JMH would refuse every format: wait until it ends, or run beside it with --ignore-lock (both runs then share the machine).' \
    "$JMH_LOCK" "${1:-its holder is gone now}"
}
if [ ${#LOCK_HOLDERS_START[@]} -gt 0 ]; then
  if [ $IGNORE_LOCK -eq 1 ]; then
    echo "run.sh: another JMH run holds $JMH_LOCK ($(holders_text "${LOCK_HOLDERS_START[@]}")); running beside it as asked ($IGNORE_HOW): both runs share the machine, and the report says so." >&2
  elif [ $DRY_RUN -eq 1 ]; then
    echo "$(lock_refusal "$(holders_text "${LOCK_HOLDERS_START[@]}")") (dry run: the plan follows)" >&2
  else
    lock_refusal "$(holders_text "${LOCK_HOLDERS_START[@]}")" >&2; echo >&2
    exit 3
  fi
fi

# ---- the CPU ---------------------------------------------------------------------------------------------
ALLOWED=$(taskset -pc $$ 2>/dev/null | sed 's/.*: *//')
ALLOWED_LIST=($(cpu_list_expand "$ALLOWED"))
ISOLATED=$(cat /sys/devices/system/cpu/isolated 2>/dev/null || true)
ISOLATED_LIST=($(cpu_list_expand "$ISOLATED"))
NOHZ_FULL=$(cat /sys/devices/system/cpu/nohz_full 2>/dev/null || true)
if [ -z "$CPU" ]; then
  if [ ${#ISOLATED_LIST[@]} -gt 0 ]; then
    CPU=${ISOLATED_LIST[${#ISOLATED_LIST[@]}-1]}
  else
    CPU=${ALLOWED_LIST[${#ALLOWED_LIST[@]}-1]}
  fi
fi
[[ $CPU =~ ^[0-9]+$ ]] || die "--cpu takes one CPU number"
[[ " ${ALLOWED_LIST[*]} " == *" $CPU "* ]] || die "CPU $CPU is not one this shell may run on ($ALLOWED)"
CPU_ISOLATED=0
for c in "${ISOLATED_LIST[@]}"; do [ "$c" = "$CPU" ] && CPU_ISOLATED=1; done
if [ $CPU_ISOLATED -eq 0 ]; then
  echo "WARNING: CPU $CPU is not isolated (isolated CPUs: ${ISOLATED:-none}): other processes and interrupts share it," >&2
  echo "WARNING: so tails (p99.9 and beyond) measure this machine as much as the code. See microbenchmarks/README.md." >&2
fi
OTHER_CPUS=()
for c in "${ALLOWED_LIST[@]}"; do [ "$c" = "$CPU" ] || OTHER_CPUS+=("$c"); done
HOST_FLAGS=(-XX:+PrintCommandLineFlags)
if [ "$AFFINITY" = process ]; then
  PIN=(taskset -c "$CPU")
  PIN_HOW="taskset -c $CPU: the JMH host JVM and its forks (every JVM thread: JIT, GC, benchmark) share CPU $CPU"
else
  if [ ${#OTHER_CPUS[@]} -gt 0 ]; then
    OTHERS=$(IFS=,; echo "${OTHER_CPUS[*]}")
    PIN=(taskset -c "$OTHERS")
    PIN_HOW="benchmark thread pinned to CPU $CPU from inside the fork (Java Thread Affinity, $PINNED_EXECUTOR); the rest of the JVM on CPUs $OTHERS"
  else
    PIN=()
    PIN_HOW="benchmark thread pinned to CPU $CPU from inside the fork (Java Thread Affinity); no other CPU for the rest of the JVM"
  fi
  HOST_FLAGS+=("-Djmh.executor=CUSTOM" "-Djmh.executor.class=$PINNED_EXECUTOR" "-D$AFFINITY_PROPERTY=$CPU")
fi
# only the host JVM takes JMH's lock; its forks never do
[ "$IGNORE_HOW" = --ignore-lock ] && HOST_FLAGS+=("-Djmh.ignoreLock=true")

# ---- what to run: benchmarks and their format values from JMH's own listing ------------------------------
# the quick profile's default set: the round trip over every format (what the report's answer ranks)
DEFAULT_BENCH='DataBenchmark.roundTrip'
DEFAULT_SET=0
if [ "$PROFILE" = quick ] && [ -z "$BENCH_RE" ] && [ $ALL_BENCH -eq 0 ] && [ -z "$MESSAGE_FILE" ]; then
  BENCH_RE='\.DataBenchmark\.roundTrip$'
  DEFAULT_SET=1
fi
# stdout only: a JVM's banners and warnings (e.g. "Picked up JAVA_TOOL_OPTIONS: ...") go to stderr
LP_ERR=$(mktemp "${TMPDIR:-/tmp}/run-sh-lp.XXXXXX")
LP=$("$JAVA_CMD" "${JMH_LAUNCH[@]}" -lp 2>"$LP_ERR") || die "could not list benchmarks: $LP $(cat "$LP_ERR")"
rm -f "$LP_ERR"
declare -A BENCH_FORMATS=()   # benchmark -> "f1,f2" ("" when it has no format parameter)
BENCHES=()
while IFS=$'\t' read -r b f; do
  [ -n "$b" ] || continue
  if [ -n "$BENCH_RE" ] && ! grep -Eq -- "$BENCH_RE" <<<"$b"; then continue; fi
  BENCHES+=("$b")
  BENCH_FORMATS[$b]=$f
done < <(parse_lp <<<"$LP")
if [ -n "$MESSAGE_FILE" ]; then
  # UnionBenchmark times the schema's own unions through the rows the generator wrote a stream for, or not at all
  KEPT=()
  for b in "${BENCHES[@]}"; do
    if [[ $b == *.UnionBenchmark.* ]]; then
      [ -n "$UNION_ROWS" ] || { echo "run.sh: $b left out: $MESSAGE_FILE has no union that a row writes a stream of" >&2; continue; }
      BENCH_FORMATS[$b]=$UNION_ROWS
    fi
    KEPT+=("$b")
  done
  BENCHES=("${KEPT[@]}")
fi
[ ${#BENCHES[@]} -gt 0 ] || die "no benchmark matches${BENCH_RE:+ '$BENCH_RE'}"

# registry order (the reference table's); values only -lp knows go after it
REGISTRY=$(cli formats 2>/dev/null) || REGISTRY=""
ALL_FORMATS=()
add_format() { local x; for x in "${ALL_FORMATS[@]}"; do [ "$x" = "$1" ] && return; done; ALL_FORMATS+=("$1"); }
for f in $REGISTRY; do
  for b in "${BENCHES[@]}"; do [[ ",${BENCH_FORMATS[$b]}," == *",$f,"* ]] && { add_format "$f"; break; }; done
done
for b in "${BENCHES[@]}"; do
  IFS=',' read -ra vs <<<"${BENCH_FORMATS[$b]}"
  for f in "${vs[@]}"; do [ -n "$f" ] && add_format "$f"; done
done
if [ -n "$FORMATS_ARG" ]; then
  IFS=',' read -ra WANTED <<<"$FORMATS_ARG"
  for w in "${WANTED[@]}"; do
    found=0; for f in "${ALL_FORMATS[@]}"; do [ "$f" = "$w" ] && found=1; done
    [ $found -eq 1 ] || die "format '$w' is not a value of any selected benchmark's format parameter (known: ${ALL_FORMATS[*]})"
  done
  KEPT=()
  for f in "${ALL_FORMATS[@]}"; do for w in "${WANTED[@]}"; do [ "$f" = "$w" ] && KEPT+=("$f"); done; done
  ALL_FORMATS=("${KEPT[@]}")
fi
# benchmarks without a format parameter run once, as the group "no-format" (skipped when formats are narrowed)
NOFORMAT_BENCHES=()
for b in "${BENCHES[@]}"; do [ -z "${BENCH_FORMATS[$b]}" ] && NOFORMAT_BENCHES+=("$b"); done
RUN_GROUPS=("${ALL_FORMATS[@]}")
[ ${#NOFORMAT_BENCHES[@]} -gt 0 ] && [ -z "$FORMATS_ARG" ] && RUN_GROUPS+=("no-format")
[ ${#RUN_GROUPS[@]} -gt 0 ] || die "nothing to run"

benches_for() {   # the benchmarks a group runs
  local g=$1 b
  if [ "$g" = no-format ]; then printf '%s\n' "${NOFORMAT_BENCHES[@]}"; return; fi
  for b in "${BENCHES[@]}"; do [[ ",${BENCH_FORMATS[$b]}," == *",$g,"* ]] && printf '%s\n' "$b"; done
}
# MessageBenchmark's default messages (its @Param list, from JMH's listing; MessageBulkBenchmark's are the same), or
# those of -p message=; shapes_carried_by gives those format $1 has a generated row for
SHAPES=$(awk '/MessageBenchmark\./ { m = 1; next } /^[^ ]/ { m = 0 } m && /param "message"/ { sub(/.*= *\{/, ""); sub(/\}.*/, ""); gsub(/ /, ""); print; exit }' <<<"$LP")
INDEX_ROWS=$(unzip -p "$JAR" META-INF/wireshootout/generated-messages.tsv 2>/dev/null)
if [ -n "$USER_MESSAGES" ]; then
  for k in ${USER_MESSAGES//,/ }; do
    awk -F'\t' -v k="$k" '$1 == "message" && $2 == k { found = 1 } END { exit !found }' <<<"$INDEX_ROWS" \
      || die "-p message=$USER_MESSAGES: no message '$k' in $JAR (its messages: $(awk -F'\t' '$1 == "message" { printf "%s%s", (n++ ? ", " : ""), $2 }' <<<"$INDEX_ROWS"))"
  done
  SHAPES=$USER_MESSAGES
fi
shapes_carried_by() {
  local f=$1 k out=""
  for k in ${SHAPES//,/ }; do
    if awk -F'\t' -v k="$k" -v f="$f" '$1 == "row" && $2 == k && $3 == f { found = 1 } END { exit !found }' <<<"$INDEX_ROWS"; then
      out+="${out:+,}$k"
    fi
  done
  printf '%s' "$out"
}
if [ -n "$USER_MESSAGES" ]; then
  # a format with a row for none of them is left out, saying so
  KEPT=()
  for g in "${RUN_GROUPS[@]}"; do
    if [ "$g" != no-format ] && benches_for "$g" | grep -Eq 'Message(Bulk|Access)?Benchmark' && [ -z "$(shapes_carried_by "$g")" ]; then
      benches_for "$g" | grep -Evq 'Message(Bulk|Access)?Benchmark' \
        && die "$g has no row for message $USER_MESSAGES, and other benchmarks selected for it: leave it out with --formats"
      echo "run.sh: $g has no generated row for message $USER_MESSAGES: left out" >&2
      continue
    fi
    KEPT+=("$g")
  done
  [ ${#KEPT[@]} -gt 0 ] || die "no selected format has a row for message $USER_MESSAGES"
  RUN_GROUPS=("${KEPT[@]}")
fi
declare -A GROUP_COUNT=()
COMBOS=0
for g in "${RUN_GROUPS[@]}"; do
  n=$(benches_for "$g" | wc -l)
  GROUP_COUNT[$g]=$n
  COMBOS=$((COMBOS + n))
done

# ---- the profile's JMH options ---------------------------------------------------------------------------
# quick: one fork per benchmark x format with QUICK_WI warm-up and QUICK_I measured iterations of at least
# QUICK_MIN_ITER_MS: shorter iterations leave the JIT unsettled (on a loaded 2-CPU machine 200 ms iterations
# left some rows 10-60x above their settled figures). The plan must fit --budget with the start-up it costs:
# QUICK_STARTUP for the run itself (listing, environment, evolution matrix, report), QUICK_HOST per format
# (its JMH host JVM) and QUICK_FORK per benchmark x format (a fork's JVM start, class loading, the round-trip
# check in @Setup), as measured on the project's 2-CPU development machine. What the budget leaves over makes
# the iterations longer (up to QUICK_MAX_ITER_MS), never shorter; a budget that cannot hold the plan is refused.
QUICK_WI=5
QUICK_I=3
QUICK_MIN_ITER_MS=1000
QUICK_MAX_ITER_MS=5000
QUICK_STARTUP=20
QUICK_HOST=2
QUICK_FORK=4
PLANNED=""
ITER_MS=""
# options after -- that set the timing replace the profile's, and with them the plan
TIMING_OVERRIDDEN=0
for x in "${PASS[@]}"; do case $x in -f|-wi|-w|-i|-r) TIMING_OVERRIDDEN=1 ;; esac; done
selection_words() {   # what the selection is, in words
  if [ $DEFAULT_SET -eq 1 ]; then printf '%s over %d formats (the default set; other benchmarks with --bench REGEX or --all)' "$DEFAULT_BENCH" "${#RUN_GROUPS[@]}"
  else printf '%d benchmark x format runs over %d formats' "$COMBOS" "${#RUN_GROUPS[@]}"; fi
}
case $PROFILE in
  quick)
    read -r ITER_MS PLANNED < <(quick_plan "$BUDGET" "${#RUN_GROUPS[@]}" "$COMBOS")
    if [ "$ITER_MS" -eq 0 ] && [ $TIMING_OVERRIDDEN -eq 0 ]; then
      # how many groups, in run order, the budget holds
      fit=0; fit_combos=0
      for g in "${RUN_GROUPS[@]}"; do
        read -r ms _ < <(quick_plan "$BUDGET" $((fit + 1)) $((fit_combos + GROUP_COUNT[$g])))
        [ "$ms" -eq 0 ] && break
        fit=$((fit + 1)); fit_combos=$((fit_combos + GROUP_COUNT[$g]))
      done
      echo "run.sh: --budget $BUDGET cannot hold the quick plan: $(selection_words), one fork each with $QUICK_WI warm-up and $QUICK_I measured iterations of $((QUICK_MIN_ITER_MS / 1000)) s, needs about ${PLANNED} s ($(fmt_secs "$PLANNED")) with JVM start-up; ${BUDGET} s holds $fit of the ${#RUN_GROUPS[@]} formats. Give --budget $PLANNED, or fewer formats (--formats a,b,...) or benchmarks (--bench REGEX)." >&2
      exit 2
    fi
    [ "$ITER_MS" -eq 0 ] && ITER_MS=$QUICK_MIN_ITER_MS
    PROFILE_OPTS=(-f 1 -wi "$QUICK_WI" -w "${ITER_MS}ms" -i "$QUICK_I" -r "${ITER_MS}ms")
    ;;
  standard) PROFILE_OPTS=(-f 3) ;;
  full) PROFILE_OPTS=() ;;
esac
GC_OPTS=()
[ $GC -eq 1 ] && GC_OPTS=(-prof gc)
# options after -- win over the profile's: JMH refuses an option given twice, so the profile's copy goes
for ((k = 0; k < ${#PASS[@]}; k++)); do
  case ${PASS[k]} in -rf|-rff|-o) die "${PASS[k]} is set by run.sh (one JSON and one log per format)" ;; esac
done
KEPT=()
for ((k = 0; k < ${#PROFILE_OPTS[@]}; k += 2)); do
  overridden=0
  for x in "${PASS[@]}"; do [ "$x" = "${PROFILE_OPTS[k]}" ] && overridden=1; done
  [ $overridden -eq 1 ] || KEPT+=("${PROFILE_OPTS[k]}" "${PROFILE_OPTS[k+1]}")
done
[ ${#KEPT[@]} -eq ${#PROFILE_OPTS[@]} ] || PLANNED=""
PROFILE_OPTS=("${KEPT[@]}")

regex_for() { local b=$1; printf '^%s$' "${b//./\\.}"; }


jmh_command() {   # jmh_command GROUP JSON -> the full command line in CMD
  local g=$1 json=$2 b
  CMD=("${PIN[@]}" "$JAVA_CMD" "${HOST_FLAGS[@]}" "${JMH_LAUNCH[@]}")
  while IFS= read -r b; do CMD+=("$(regex_for "$b")"); done < <(benches_for "$g")
  [ "$g" != no-format ] && CMD+=(-p "format=$g")
  # a user's unions: their seeded streams (the IEX day is IEX's union's alone)
  if [ -n "$UNION_KEYS" ] && benches_for "$g" | grep -q 'UnionBenchmark'; then CMD+=(-p "union=$UNION_KEYS" -p stream=seeded); fi
  if [ -n "$MESSAGE_KEYS" ]; then CMD+=(-p "message=$MESSAGE_KEYS")
  elif [ "$g" != no-format ] && benches_for "$g" | grep -Eq 'Message(Bulk|Access)?Benchmark'; then
    # the shapes this format carries (the jar's index); a shape it cannot carry is left out, not run to fail
    local carried
    carried=$(shapes_carried_by "$g")
    [ -n "$carried" ] && CMD+=(-p "message=$carried")
  fi
  profiler_args "$g" "$(dirname "$json")"
  CMD+=("${PROFILE_OPTS[@]}" "${GC_OPTS[@]}" "${PROF_ARGS[@]}" -rf json -rff "$json" "${PASS[@]}")
}

# ---- --profiler: async-profiler through JMH's -prof async, or JFR (-prof jfr) where perf events are refused ----
# The native library comes from the Maven Central jar tools.profiler:async-profiler, unpacked by the build
# (pom.xml, execution unpack-async-profiler) into target/async-profiler/<os>-<arch>/.
PROFILER_USED=""; PROFILER_WHY=""; PROFILER_LIB=""; PROF_ARGS=()
choose_profiler() {
  [ -n "$PROFILER" ] || return 0
  local arch paranoid probe rc
  paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo unreadable)
  if [ "$PROFILER" = jfr ]; then
    PROFILER_USED=jfr; PROFILER_WHY="asked for (--profiler jfr)"; return 0
  fi
  case $(uname -m) in x86_64) arch=linux-x64 ;; aarch64) arch=linux-arm64 ;; *) arch=unsupported ;; esac
  PROFILER_LIB="$ROOT/target/async-profiler/$arch/libasyncProfiler.so"
  if [ ! -f "$PROFILER_LIB" ]; then
    PROFILER_USED=jfr; PROFILER_WHY="no async-profiler library for $(uname -sm) at $PROFILER_LIB (mvn package unpacks it)"
    PROFILER_LIB=""; return 0
  fi
  # the probe: start the CPU profiler in a JVM that does nothing; a refused perf_event_open shows as a warning
  probe=$("$JAVA_CMD" -agentpath:"$PROFILER_LIB"=start,event=cpu,file=/dev/null -version 2>&1); rc=$?
  if [ $rc -ne 0 ] || grep -qE '^\[(ERROR|WARN)\]' <<<"$probe"; then
    PROFILER_USED=jfr
    PROFILER_WHY="async-profiler's CPU mode was refused (perf_event_paranoid=$paranoid): $(grep -E '^\[(ERROR|WARN)\]|rror' <<<"$probe" | head -n 1)"
    return 0
  fi
  PROFILER_USED=async; PROFILER_WHY="async-profiler CPU mode started (perf_event_paranoid=$paranoid)"
}
profiler_args() {   # profiler_args GROUP RUN_DIR -> PROF_ARGS
  PROF_ARGS=()
  case $PROFILER_USED in
    async) PROF_ARGS=(-prof "async:libPath=$PROFILER_LIB;event=cpu;interval=1000000;output=flamegraph;dir=$2/$1.profile") ;;
    jfr) PROF_ARGS=(-prof "jfr:dir=$2/$1.profile") ;;
  esac
}
# A JFR recording's method samples (jdk.ExecutionSample: the converter's default; its --cpu option wants
# async-profiler's own CPU events and finds none in a JDK recording) drawn as the same kind of flame graph
# async-profiler writes, by its converter (Maven Central tools.profiler:jfr-converter, copied by the build into
# target/); the recording stays, and a failed conversion is said, not fatal.
JFR_CONVERTER="$ROOT/target/async-profiler/jfr-converter.jar"
jfr_flame() {  # jfr_flame BASE: BASE.jfr -> BASE.flame.html
  if [ ! -f "$JFR_CONVERTER" ]; then
    echo "run.sh: no $JFR_CONVERTER (mvn package copies it): $1.jfr left without a flame graph" >&2; return 0
  fi
  "$JAVA_CMD" -jar "$JFR_CONVERTER" -o html --title "$(basename "$1") (JFR CPU samples)" "$1.jfr" "$1.flame.html" >/dev/null 2>&1 \
    || echo "run.sh: converting $1.jfr to a flame graph failed; the recording is kept" >&2
}
collect_profile() {  # collect_profile GROUP: each benchmark's profile moved beside the format's JSON
  local g=$1 d f name n
  d="$RUN_DIR/$g.profile"
  [ -d "$d" ] || return 0
  n=$(find "$d" -mindepth 1 -maxdepth 1 -type d | wc -l)
  for f in "$d"/*/flame-cpu-forward.html "$d"/*/profile.jfr; do
    [ -f "$f" ] || continue
    name=$(basename "$(dirname "$f")"); name=${name%%-*}; name=${name#org.wireshootout.bench.}
    if [ "$n" -eq 1 ]; then name=$g; else name="$g.$name"; fi
    case $f in
      *.html) mv -f "$f" "$RUN_DIR/$name.flame.html" ;;
      *) mv -f "$f" "$RUN_DIR/$name.jfr"; jfr_flame "$RUN_DIR/$name" ;;
    esac
  done
  # the rest (the reverse flame graph, JMH's summaries) stays in <format>.profile/
}
profiler_json() {
  [ -n "$PROFILER" ] || return 0
  printf '  "profiler": {"requested": %s, "used": %s, "why": %s, "library": %s},\n' "$(json_str "$PROFILER")" \
    "$(json_str "$PROFILER_USED")" "$(json_str "$PROFILER_WHY")" "$(json_str "${PROFILER_LIB:+tools.profiler:async-profiler ($PROFILER_LIB)}")"
}
choose_profiler
[ -n "$PROFILER" ] && echo "Profiler: $PROFILER_USED ($PROFILER_WHY)"

if [ "$PROFILE" = quick ] && [ -n "$PLANNED" ]; then
  echo "Profile quick: $(selection_words); one fork each, $QUICK_WI warm-up and $QUICK_I measured iterations of $(awk -v m="$ITER_MS" 'BEGIN { printf "%g", m / 1000 }') s; CPU $CPU ($AFFINITY affinity)."
  echo "Planned time: about $(fmt_secs "$PLANNED") of the $(fmt_secs "$BUDGET") budget, JVM start-up and report included."
else
  echo "Profile $PROFILE: $(selection_words); CPU $CPU ($AFFINITY affinity)."
  if [ "$PROFILE" = quick ]; then echo "Planned time: not planned (options after -- set the timing; --budget is not applied)."
  else echo "Planned time: not planned (the $PROFILE profile uses the classes' own iterations; --budget applies to quick only)."; fi
fi
echo "JMH options: ${PROFILE_OPTS[*]} ${GC_OPTS[*]} ${PASS[*]}"
if [ $DRY_RUN -eq 1 ]; then
  for g in "${RUN_GROUPS[@]}"; do
    jmh_command "$g" "<run>/$g.json"
    printf '%s: %s\n' "$g" "$(shell_words "${CMD[@]}")"
  done
  exit 0
fi

# ---- the run directory and its manifest ------------------------------------------------------------------
RUN_DIR=$(make_run_dir "$RESULTS_ROOT" "$(date -u +%Y%m%dT%H%M%SZ)-$PROFILE") || die "cannot create a run directory under $RESULTS_ROOT"
echo "Results in $RUN_DIR"
if [ -n "$MESSAGE_FILE" ]; then
  # the schema as run, and what the generator made of it (rows, and who cannot carry it and why): the report reads it
  cp "$MESSAGE_FILE" "$RUN_DIR/" && cp "$MESSAGE_INDEX" "$RUN_DIR/generated-messages.tsv" || die "cannot copy the schema into $RUN_DIR"
  VALUES_FILE="${MESSAGE_FILE%.*}.values.json"   # the fixed values beside the schema, when it has them
  if [ -f "$VALUES_FILE" ]; then cp "$VALUES_FILE" "$RUN_DIR/" || die "cannot copy $VALUES_FILE into $RUN_DIR"; fi
  mapfile -t LIB_FLAGS < <("$JAVA_CMD" -cp "$JAR" org.wireshootout.JvmFlags)
  "$JAVA_CMD" "${LIB_FLAGS[@]}" -cp "$JAR:$GEN_DIR/classes" org.wireshootout.generator.GeneratedSizes >"$RUN_DIR/generated-sizes.tsv" \
    || echo "run.sh: the generated rows' sizes could not be taken; the report shows them as ?" >&2
fi
# the schema-evolution matrix (a few seconds, nothing timed): the report's evolution section reads it
EVOLUTION_RC=0
if cli evolution --json "$RUN_DIR/evolution.json" > "$RUN_DIR/evolution.md" 2> "$RUN_DIR/evolution.log"; then
  echo "Evolution matrix: $RUN_DIR/evolution.md"
else
  EVOLUTION_RC=1
  echo "run.sh: the evolution matrix failed (see $RUN_DIR/evolution.log); the benchmarks run on, the exit status will say so" >&2
fi

read_sys() { local v; v=$(cat "$1" 2>/dev/null) && [ -n "$v" ] && { echo "$v"; return; }; echo "${2:-unreadable}"; }
JDK_VENDOR=$(prop java.vendor); JDK_VERSION=$(prop java.version); JDK_RUNTIME=$(prop java.runtime.version)
JDK_VM=$(prop java.vm.name)
CPU_MODEL=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
[ -n "$CPU_MODEL" ] || CPU_MODEL=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)
CORES=$(nproc --all 2>/dev/null || echo "?")
HYPERVISOR=0; grep -qw hypervisor /proc/cpuinfo 2>/dev/null && HYPERVISOR=1
GOVERNOR=$(read_sys "/sys/devices/system/cpu/cpu$CPU/cpufreq/scaling_governor" "unreadable (no cpufreq)")
if [ -r /sys/devices/system/cpu/intel_pstate/no_turbo ]; then
  [ "$(cat /sys/devices/system/cpu/intel_pstate/no_turbo)" = 1 ] && TURBO="off (intel_pstate no_turbo=1)" || TURBO="on (intel_pstate no_turbo=0)"
elif [ -r /sys/devices/system/cpu/cpufreq/boost ]; then
  [ "$(cat /sys/devices/system/cpu/cpufreq/boost)" = 1 ] && TURBO="on (cpufreq boost=1)" || TURBO="off (cpufreq boost=0)"
else
  TURBO="unreadable"
fi
THP=$(read_sys /sys/kernel/mm/transparent_hugepage/enabled)
THP_DEFRAG=$(read_sys /sys/kernel/mm/transparent_hugepage/defrag)
CLOCKSOURCE=$(read_sys /sys/devices/system/clocksource/clocksource0/current_clocksource)
KERNEL=$(uname -r)
KERNEL_ARGS=$(tr ' ' '\n' </proc/cmdline 2>/dev/null | grep -E '^(isolcpus|nohz_full|nohz|rcu_nocbs|rcu_nocb_poll|irqaffinity|intel_pstate|processor\.max_cstate|intel_idle\.max_cstate|idle|transparent_hugepage|skew_tick|tsc|clocksource|mitigations)(=|$)' | tr '\n' ' ')
KERNEL_ARGS=${KERNEL_ARGS% }
if pgrep -x irqbalance >/dev/null 2>&1; then IRQBALANCE=running; else IRQBALANCE="not running"; fi
GIT_COMMIT=$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)
GIT_DIRTY=0; [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no 2>/dev/null)" ] && GIT_DIRTY=1
LIBRARIES=""
if command -v unzip >/dev/null; then
  while IFS= read -r entry; do
    rest=${entry#META-INF/maven/}; group=${rest%%/*}; rest=${rest#*/}; artifact=${rest%%/*}
    version=$(unzip -p "$JAR" "$entry" 2>/dev/null | sed -n 's/^version=//p' | tr -d '\r' | head -n 1)
    LIBRARIES+="${LIBRARIES:+, }$(json_str "$group:$artifact"): $(json_str "$version")"
  done < <(unzip -Z1 "$JAR" | grep -E '^META-INF/maven/[^/]+/[^/]+/pom\.properties$' | sort)
fi
STARTED=$(date -u +%Y-%m-%dT%H:%M:%SZ)
FINISHED=""
STATE=running
FORK_FLAGS=""
declare -A STATUS=() SECONDS_TAKEN=() EXIT_CODE=() MISSING=() FLAGS_OF=() AFFINITY_SEEN=() LOAD_OF=()

# ---- how busy the machine is: load averages, and the other java processes seen (JMH ones marked) ---------
CPUS_ONLINE=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc 2>/dev/null || echo 0)
LOAD_BEFORE=$(load_average)
LOAD_AFTER=""
declare -A JAVA_SEEN=()   # pid -> "jmh<TAB>lockHolder<TAB>command"
JAVA_ORDER=()
sample_java() {   # called between formats, when none of this run's JVMs is running
  local holders pid jmh cmd held prev
  holders=$(jmh_lock_holders "$JMH_LOCK" | tr '\n' ' ')
  while IFS=$'\t' read -r pid jmh cmd; do
    [ -n "$pid" ] || continue
    held=0; [[ " $holders " == *" $pid "* ]] && held=1
    prev=${JAVA_SEEN[$pid]:-}
    [ -z "$prev" ] && JAVA_ORDER+=("$pid")
    # once marked JMH or lock holder, a process stays so
    if [ -n "$prev" ]; then
      [ "${prev:0:1}" = 1 ] && jmh=1
      [ "${prev:2:1}" = 1 ] && held=1
    fi
    JAVA_SEEN[$pid]="$jmh"$'\t'"$held"$'\t'"$cmd"
  done < <(ps -eo pid=,comm=,args= 2>/dev/null | java_processes $holders)
}
load_json() {   # load_json "A B C" -> [A, B, C] or null
  if [ -n "$1" ]; then printf '[%s]' "${1// /, }"; else printf 'null'; fi
}
machine_json() {
  local first=1 pid jmh held cmd
  printf '  "machineLoad": {"cpus": %s, "before": %s, "after": %s,\n' "${CPUS_ONLINE:-0}" "$(load_json "$LOAD_BEFORE")" "$(load_json "$LOAD_AFTER")"
  printf '    "jmhLock": {"file": %s, "heldAtStart": [%s], "ignored": %s, "ignoredBy": %s},\n' "$(json_str "$JMH_LOCK")" \
    "$(IFS=,; echo "${LOCK_HOLDERS_START[*]}")" "$(json_bool $IGNORE_LOCK)" "$(json_str "$IGNORE_HOW")"
  printf '    "otherJava": ['
  for pid in "${JAVA_ORDER[@]}"; do
    IFS=$'\t' read -r jmh held cmd <<<"${JAVA_SEEN[$pid]}"
    [ $first -eq 1 ] || printf ','
    first=0
    printf '\n      {"pid": %s, "jmh": %s, "lockHolder": %s, "command": %s}' "$pid" "$(json_bool "$jmh")" "$(json_bool "$held")" "$(json_str "$cmd")"
  done
  [ $first -eq 1 ] || printf '\n    '
  printf ']},\n'
}
plan_json() {
  printf '  "plan": {"budgetSeconds": %s, "plannedSeconds": %s, "iterationMs": %s, "defaultSet": %s, "benchmarkFilter": %s},\n' \
    "$([ "$PROFILE" = quick ] && echo "$BUDGET" || echo null)" "${PLANNED:-null}" "$([ -n "$PLANNED" ] && echo "${ITER_MS:-null}" || echo null)" \
    "$(json_bool $DEFAULT_SET)" "$(json_str "$BENCH_RE")"
}
sample_java
for g in "${RUN_GROUPS[@]}"; do STATUS[$g]="not run"; done

write_env() {
  local tmp="$RUN_DIR/env.json.tmp" g first=1 benches
  {
    echo "{"
    echo "  \"schema\": 1,"
    echo "  \"profile\": $(json_str "$PROFILE"),"
    echo "  \"commandLine\": $(json_str "$ORIGINAL_CMD"),"
    echo "  \"started\": $(json_str "$STARTED"),"
    if [ -n "$FINISHED" ]; then echo "  \"finished\": $(json_str "$FINISHED"),"; else echo "  \"finished\": null,"; fi
    echo "  \"state\": $(json_str "$STATE"),"
    echo "  \"jmhOptions\": $(json_arr "${PROFILE_OPTS[@]}" "${GC_OPTS[@]}" "${PASS[@]}"),"
    profiler_json
    echo "  \"java\": {"
    echo "    \"command\": $(json_str "$JAVA_CMD"),"
    echo "    \"vendor\": $(json_str "$JDK_VENDOR"),"
    echo "    \"version\": $(json_str "$JDK_VERSION"),"
    echo "    \"runtimeVersion\": $(json_str "$JDK_RUNTIME"),"
    echo "    \"vmName\": $(json_str "$JDK_VM"),"
    echo "    \"hostArgs\": $(json_arr "${HOST_FLAGS[@]}"),"
    echo "    \"forkFlags\": $(json_str "$FORK_FLAGS")"
    echo "  },"
    echo "  \"cpu\": {"
    echo "    \"model\": $(json_str "$CPU_MODEL"),"
    echo "    \"cores\": $(json_str "$CORES"),"
    echo "    \"online\": $(json_str "$(read_sys /sys/devices/system/cpu/online)"),"
    echo "    \"allowed\": $(json_str "$ALLOWED"),"
    echo "    \"isolated\": $(json_str "$ISOLATED"),"
    echo "    \"nohzFull\": $(json_str "$NOHZ_FULL"),"
    echo "    \"hypervisor\": $(json_bool $HYPERVISOR),"
    echo "    \"pinned\": $CPU,"
    echo "    \"pinnedIsolated\": $(json_bool $CPU_ISOLATED),"
    echo "    \"affinity\": $(json_str "$AFFINITY"),"
    echo "    \"how\": $(json_str "$PIN_HOW"),"
    echo "    \"governor\": $(json_str "$GOVERNOR"),"
    echo "    \"turbo\": $(json_str "$TURBO"),"
    echo "    \"clocksource\": $(json_str "$CLOCKSOURCE"),"
    echo "    \"irqbalance\": $(json_str "$IRQBALANCE")"
    echo "  },"
    echo "  \"memory\": {\"thp\": $(json_str "$THP"), \"thpDefrag\": $(json_str "$THP_DEFRAG")},"
    echo "  \"kernel\": $(json_str "$KERNEL"),"
    echo "  \"kernelArgs\": $(json_str "$KERNEL_ARGS"),"
    echo "  \"git\": {\"commit\": $(json_str "$GIT_COMMIT"), \"dirty\": $(json_bool $GIT_DIRTY)},"
    echo "  \"libraries\": {${LIBRARIES}},"
    plan_json
    machine_json
    echo "  \"formats\": {"
    for g in "${RUN_GROUPS[@]}"; do
      [ $first -eq 1 ] || echo ","
      first=0
      mapfile -t benches < <(benches_for "$g")
      printf '    %s: {"status": %s, "benchmarks": %s' "$(json_str "$g")" "$(json_str "${STATUS[$g]}")" "$(json_arr "${benches[@]}")"
      [ -n "${SECONDS_TAKEN[$g]:-}" ] && printf ', "seconds": %s' "${SECONDS_TAKEN[$g]}"
      [ -n "${EXIT_CODE[$g]:-}" ] && printf ', "exitCode": %s' "${EXIT_CODE[$g]}"
      [ -n "${MISSING[$g]:-}" ] && printf ', "missing": %s' "$(json_arr ${MISSING[$g]})"
      [ -n "${FLAGS_OF[$g]:-}" ] && printf ', "forkFlags": %s' "$(json_str "${FLAGS_OF[$g]}")"
      [ -n "${AFFINITY_SEEN[$g]:-}" ] && printf ', "threadAffinityConfirmed": %s' "$(json_bool "${AFFINITY_SEEN[$g]}")"
      [ -n "${LOAD_OF[$g]:-}" ] && printf ', "loadAfter": %s' "${LOAD_OF[$g]}"
      printf '}'
    done
    echo
    echo "  }"
    echo "}"
  } >"$tmp" && mv -f "$tmp" "$RUN_DIR/env.json"
}

# ---- Ctrl-C / TERM: stop the current format, keep what finished, record what did not ---------------------
CHILD=""
CURRENT=""
on_signal() {
  trap - INT TERM
  echo >&2
  echo "run.sh: interrupted${CURRENT:+ during $CURRENT}; keeping finished formats" >&2
  if [ -n "$CHILD" ]; then
    kill -TERM -- "-$CHILD" 2>/dev/null || kill -TERM "$CHILD" 2>/dev/null
    wait "$CHILD" 2>/dev/null
  fi
  [ -n "$CURRENT" ] && STATUS[$CURRENT]=interrupted
  STATE=interrupted
  FINISHED=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  write_env
  echo "run.sh: partial run in $RUN_DIR (env.json says which formats finished)" >&2
  exit 130
}
trap on_signal INT TERM

write_env
T0=$(date +%s)
DONE_COMBOS=0
FAILED=0
LOCK_STOPPED=0
i=0
for g in "${RUN_GROUPS[@]}"; do
  i=$((i + 1))
  now=$(date +%s); elapsed=$((now - T0))
  remaining=$((COMBOS - DONE_COMBOS))
  if [ $DONE_COMBOS -gt 0 ]; then eta=$(fmt_secs $((elapsed * remaining / DONE_COMBOS)))
  elif [ -n "$PLANNED" ]; then eta="~$(fmt_secs "$PLANNED") (planned)"
  else eta="known after the first format"; fi
  echo "[$i/${#RUN_GROUPS[@]}] $g (${GROUP_COUNT[$g]} benchmarks)  elapsed $(fmt_secs $elapsed)  ETA $eta"

  json="$RUN_DIR/$g.json"
  log="$RUN_DIR/$g.log"
  jmh_command "$g" "$json"
  CURRENT=$g
  STATUS[$g]=running
  write_env
  t1=$(date +%s)
  printf '# run.sh: %s\n' "$(shell_words "${CMD[@]}")" >"$log"
  # its own process group, so that an interruption can stop the host JVM and its forks together
  setsid "${CMD[@]}" >>"$log" 2>&1 </dev/null &
  CHILD=$!
  wait "$CHILD"
  rc=$?
  CHILD=""
  CURRENT=""
  SECONDS_TAKEN[$g]=$(( $(date +%s) - t1 ))
  collect_profile "$g"
  EXIT_CODE[$g]=$rc
  DONE_COMBOS=$((DONE_COMBOS + GROUP_COUNT[$g]))

  # complete = JMH exited 0, reported no failure, and the JSON holds every benchmark asked for
  missing=()
  while IFS= read -r b; do
    grep -Eq "\"benchmark\" *: *\"${b//./\\.}\"" "$json" 2>/dev/null || missing+=("$b")
  done < <(benches_for "$g")
  MISSING[$g]="${missing[*]}"
  FLAGS_OF[$g]=$(awk '/^# Fork:/ { f = 1; next } f && /^-XX:/ { print; exit }' "$log" | sed 's/ *$//')
  [ -z "$FORK_FLAGS" ] && FORK_FLAGS=${FLAGS_OF[$g]}
  status=ok
  if [ $rc -ne 0 ] || [ ${#missing[@]} -gt 0 ] || grep -q '^<failure' "$log"; then status=failed; fi
  if [ "$AFFINITY" = thread ]; then
    # the fork prints this line when it pinned its benchmark thread (it may follow JMH's text on the same line)
    if grep -q '\[wireshootout.affinity\] benchmark thread' "$log"; then
      AFFINITY_SEEN[$g]=1
    else
      AFFINITY_SEEN[$g]=0
      status=failed
      reason=$(grep -o '\[wireshootout.affinity\] FAILED.*' "$log" | head -n 1)
      echo "  $g: the benchmark thread was not pinned: ${reason:-no confirmation in the log (did -- -jvmArgs replace the inherited flags?)}" >&2
    fi
  fi
  STATUS[$g]=$status
  la=$(load_average); LOAD_OF[$g]=${la%% *}
  sample_java
  if [ $status != ok ] && grep -qE 'Unable to acquire the JMH lock|Another JMH instance might be running' "$log"; then
    # another JMH run started after this one began: every format after this one would fail the same way
    STATUS[$g]="failed: JMH lock held by another run"
    FAILED=$((FAILED + 1))
    LOCK_STOPPED=1
    lock_refusal "$(holders_text $(jmh_lock_holders "$JMH_LOCK"))" >&2; echo " Stopped after $g." >&2
    write_env
    break
  fi
  if [ $status != ok ]; then
    FAILED=$((FAILED + 1))
    echo "  $g FAILED (exit $rc${missing:+, missing: ${missing[*]}}); see $log" >&2
  fi
  write_env
done

STATE=complete
[ $FAILED -gt 0 ] && STATE="complete with $FAILED failed formats"
[ $LOCK_STOPPED -eq 1 ] && STATE="stopped: another JMH run took the JMH lock"
FINISHED=$(date -u +%Y-%m-%dT%H:%M:%SZ)
LOAD_AFTER=$(load_average)
sample_java
write_env
echo "Done in $(fmt_secs $(( $(date +%s) - T0 ))): $RUN_DIR ($STATE)"
BUSY=""
for la in "$LOAD_BEFORE" "$LOAD_AFTER" "${LOAD_OF[@]}"; do
  [ -n "$la" ] && awk -v l="${la%% *}" -v c="$CPUS_ONLINE" 'BEGIN { exit !(c > 0 && l > c) }' && BUSY="load average above the $CPUS_ONLINE CPUs"
done
OTHER_JMH=()
for pid in "${JAVA_ORDER[@]}"; do [ "${JAVA_SEEN[$pid]:0:1}" = 1 ] && OTHER_JMH+=("$pid"); done
[ ${#OTHER_JMH[@]} -gt 0 ] && BUSY+="${BUSY:+; }another JMH run (pid ${OTHER_JMH[*]})"
[ -n "$BUSY" ] && echo "WARNING: the machine was busy during this run ($BUSY; load before ${LOAD_BEFORE:-?}, after ${LOAD_AFTER:-?}): figures may be off, rows unsettled; the report says so." >&2
REPORT_RC=0
if [ $REPORT -eq 1 ]; then
  cli report "$RUN_DIR"
  REPORT_RC=$?
  if [ $REPORT_RC -eq 0 ]; then
    echo "Report: $RUN_DIR/report.md and $RUN_DIR/report.html"
  else
    echo "run.sh: the report command exited $REPORT_RC (see above)" >&2
  fi
else
  echo "Report: $(cli_words) report $RUN_DIR"
fi
TOOK=$(( $(date +%s) - RUN_T0 ))
if [ -n "$PLANNED" ] && [ "$PROFILE" = quick ]; then
  if [ $TOOK -gt "$BUDGET" ]; then
    echo "run.sh: the run took $(fmt_secs $TOOK), beyond its --budget of $(fmt_secs "$BUDGET") (planned $(fmt_secs "$PLANNED")): this machine was slower than planned${BUSY:+ (it was busy)}." >&2
  else
    echo "Took $(fmt_secs $TOOK) of the $(fmt_secs "$BUDGET") budget (planned $(fmt_secs "$PLANNED"))."
  fi
fi
[ $LOCK_STOPPED -eq 1 ] && exit 3
[ $FAILED -eq 0 ] && [ $REPORT_RC -eq 0 ] && [ $EVOLUTION_RC -eq 0 ]
