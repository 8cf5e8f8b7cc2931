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

  --profile quick|standard|full  quick (default): every format in about --budget seconds, 1 fork, short
                                 iterations: a smoke test, not a result. standard: 3 forks with the
                                 classes' warm-up and measurement. full: the classes' own settings
                                 (10 forks, SampleTime): the reference method.
  --budget SECONDS               total time the quick profile aims at (default 600)
  --formats a,b,...              only these formats (names as the registry spells them)
  --bench REGEX                  only benchmarks whose full name matches REGEX (grep -E)
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
  --wire                         instead of JMH: the wire room's quick default (fixed-rate latency through
                                 ring, aeron-ipc, aeron-udp and queue; 1.5 to 4 minutes) into
                                 <results>/<time>-wire/wire/, then the report (report.md, report.html)
                                 into <results>/<time>-wire/; options after -- go to the wire command
                                 (java -jar target/wire-shootout.jar wire --help)
  -- ...                         passed to JMH for every format (after the profile's options, so they win;
                                 note that -jvmArgs replaces the flags forks inherit, see README)
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
DRY_RUN=0
PROFILER=""
REPORT=1
WIRE=0
PASS=()
ORIGINAL_CMD=$(shell_words "$0" "$@")

die() { echo "run.sh: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case $1 in
    --profile) PROFILE=${2:?}; shift 2 ;;
    --budget) BUDGET=${2:?}; shift 2 ;;
    --formats) FORMATS_ARG=${2:?}; shift 2 ;;
    --bench) BENCH_RE=${2:?}; shift 2 ;;
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
    -h|--help) usage; exit 0 ;;
    --) shift; PASS=("$@"); break ;;
    *) usage >&2; die "unknown option '$1'" ;;
  esac
done

case $PROFILE in quick|standard|full) ;; *) die "--profile must be quick, standard or full" ;; esac
case $AFFINITY in process|thread) ;; *) die "--affinity must be process or thread" ;; esac
case $PROFILER in ""|async|jfr) ;; *) die "--profiler must be async or jfr" ;; esac
[[ $BUDGET =~ ^[0-9]+$ ]] || die "--budget takes whole seconds"
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

# ---- the wire room: its own command pins its own threads (Java Thread Affinity), so no taskset here -------
if [ $WIRE -eq 1 ]; then
  WIRE_CMD=("$JAVA_CMD" -jar "$CLI" wire)
  if [ $DRY_RUN -eq 1 ]; then
    printf 'wire:'; printf ' %q' "${WIRE_CMD[@]}" --out "<run>/wire" "${PASS[@]}"; echo
    exit 0
  fi
  RUN_DIR=$(make_run_dir "$RESULTS_ROOT" "$(date -u +%Y%m%dT%H%M%SZ)-wire") || die "cannot create a run directory under $RESULTS_ROOT"
  echo "Results in $RUN_DIR/wire"
  "${WIRE_CMD[@]}" --out "$RUN_DIR/wire" "${PASS[@]}"
  WIRE_RC=$?
  # 2: the wire command refused its arguments, nothing ran, so there is nothing to report
  [ $WIRE_RC -eq 2 ] && exit 2
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

# ---- what to run: benchmarks and their format values from JMH's own listing ------------------------------
LP=$("$JAVA_CMD" -jar "$JAR" -lp 2>&1) || die "could not list benchmarks: $LP"
declare -A BENCH_FORMATS=()   # benchmark -> "f1,f2" ("" when it has no format parameter)
BENCHES=()
while IFS=$'\t' read -r b f; do
  [ -n "$b" ] || continue
  if [ -n "$BENCH_RE" ] && ! grep -Eq -- "$BENCH_RE" <<<"$b"; then continue; fi
  BENCHES+=("$b")
  BENCH_FORMATS[$b]=$f
done < <(parse_lp <<<"$LP")
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
declare -A GROUP_COUNT=()
COMBOS=0
for g in "${RUN_GROUPS[@]}"; do
  n=$(benches_for "$g" | wc -l)
  GROUP_COUNT[$g]=$n
  COMBOS=$((COMBOS + n))
done

# ---- the profile's JMH options ---------------------------------------------------------------------------
# quick: split the budget over every benchmark x format, less the start-up each costs (a host JVM per format,
# a fork per benchmark, class loading and the round-trip check): half warm-up, half measurement, 2 iterations each.
HOST_OVERHEAD=1
FORK_OVERHEAD=2
PLANNED=""
case $PROFILE in
  quick)
    avail=$((BUDGET - ${#RUN_GROUPS[@]} * HOST_OVERHEAD - COMBOS * FORK_OVERHEAD))
    iter_ms=$((avail * 1000 / COMBOS / 4))
    if [ $iter_ms -lt 200 ]; then
      echo "WARNING: $COMBOS benchmark x format runs do not fit in ${BUDGET}s; using 200 ms iterations (raise --budget)" >&2
      iter_ms=200
    fi
    [ $iter_ms -gt 5000 ] && iter_ms=5000
    PROFILE_OPTS=(-f 1 -wi 2 -w "${iter_ms}ms" -i 2 -r "${iter_ms}ms")
    PLANNED=$(( ${#RUN_GROUPS[@]} * HOST_OVERHEAD + COMBOS * (FORK_OVERHEAD + 4 * iter_ms / 1000) ))
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
  CMD=("${PIN[@]}" "$JAVA_CMD" "${HOST_FLAGS[@]}" -jar "$JAR")
  while IFS= read -r b; do CMD+=("$(regex_for "$b")"); done < <(benches_for "$g")
  [ "$g" != no-format ] && CMD+=(-p "format=$g")
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

echo "Profile $PROFILE: ${#RUN_GROUPS[@]} formats, $COMBOS benchmark x format runs; CPU $CPU ($AFFINITY affinity)."
echo "JMH options: ${PROFILE_OPTS[*]} ${GC_OPTS[*]} ${PASS[*]}"
[ -n "$PLANNED" ] && echo "Planned time: about $(fmt_secs "$PLANNED")."
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
# the schema-evolution matrix (a few seconds, nothing timed): the report's evolution section reads it
EVOLUTION_RC=0
if cli evolution --json "$RUN_DIR/evolution.json" > "$RUN_DIR/evolution.md" 2> "$RUN_DIR/evolution.log"; then
  echo "Evolution matrix: $RUN_DIR/evolution.md"
else
  EVOLUTION_RC=1
  echo "run.sh: the evolution matrix failed (see $RUN_DIR/evolution.log); the benchmarks run on, the exit status will say so" >&2
fi

read_sys() { local v; v=$(cat "$1" 2>/dev/null) && [ -n "$v" ] && { echo "$v"; return; }; echo "${2:-unreadable}"; }
PROPS=$("$JAVA_CMD" -XshowSettings:properties -version 2>&1)
prop() { sed -n "s/^ *$1 = //p" <<<"$PROPS" | head -n 1; }
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
declare -A STATUS=() SECONDS_TAKEN=() EXIT_CODE=() MISSING=() FLAGS_OF=() AFFINITY_SEEN=()
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
  if [ $status != ok ]; then
    FAILED=$((FAILED + 1))
    echo "  $g FAILED (exit $rc${missing:+, missing: ${missing[*]}}); see $log" >&2
  fi
  write_env
done

STATE=complete
[ $FAILED -gt 0 ] && STATE="complete with $FAILED failed formats"
FINISHED=$(date -u +%Y-%m-%dT%H:%M:%SZ)
write_env
echo "Done in $(fmt_secs $(( $(date +%s) - T0 ))): $RUN_DIR ($STATE)"
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
[ $FAILED -eq 0 ] && [ $REPORT_RC -eq 0 ] && [ $EVOLUTION_RC -eq 0 ]
