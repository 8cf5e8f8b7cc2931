#!/usr/bin/env bash
# Generated against hand-written, side by side: for each library with a generated codec, the round trip of the
# six-field message through the hand-written row (DataBenchmark.roundTrip, format=F) and through the codec the
# generator wrote from schemas/messages/data.schema (MessageBenchmark.roundTrip, message=data, format=F), the two
# alternated round by round on one pinned CPU (odd rounds hand-written first, even rounds generated first), the
# same JMH options both sides. Files: A-<F>-<round>.json (hand-written), B-<F>-<round>.json (generated), their
# logs, and table.md (per row the medians over the rounds and the median ratio generated / hand-written, made by
# `java -jar target/wire-shootout.jar reference-table --sides hand-written,generated DIR`), and bytes.md (every fork's
# B/op per side with its least, median and most: `reference-table --bytes`). --bytes-rounds N: after the rounds, each
# row whose forks' B/op differ by more than 1 on either side (C2 keeps an object in some JVMs and not in others), or
# whose generated side's median B/op is over the hand-written side's + 1, runs more rounds until it has N; the others
# keep their rounds. --turns: in each round the two sides run at once on the CPU and take turns an iteration at a
# time (warm-up and measurement), through two named pipes (bench/IterationTurns), so a host whose speed moves from
# second to second moves both sides alike; the side waiting for its turn runs nothing. Needs JMH's -f 1. Also writes
# paired.md: per row each turn's generated iteration p50 over the hand-written one's (`reference-table --paired`).
# --bytes-pass N: after the time rounds, B/op on its own, into DIR/bytes/: each side of each row in a JVM of its own
# (-f 1 -bm avgt -wi 3 -w 1s -i 3 -r 1s -prof gc; AverageTime keeps no samples, so none of JMH's own allocation is
# counted, where SampleTime's per-iteration sample buffers add B/op that grows as iterations shorten), 3 JVMs a side,
# then up to N for a row whose JVMs differ by more than 1 B/op on either side or whose generated side's median is over
# the hand-written side's + 1; bytes.md is then made from DIR/bytes/. Not with --bytes-rounds.
# Usage: microbenchmarks/generated-vs-hand.sh [--rounds N] [--bytes-rounds N | --bytes-pass N] [--turns] [--formats a,b] [--cpu N] [--out DIR] [-- JMH options]
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"
JAR="$ROOT/target/benchmarks.jar"
CLI="$ROOT/target/wire-shootout.jar"

ROUNDS=3
BYTES_ROUNDS=""
BYTES_PASS=""
BYTES_PASS_OPTS=(-f 1 -bm avgt -wi 3 -w 1s -i 3 -r 1s)
TURNS=0
FORMATS=""
CPU=""
OUT=""
JMH_OPTS=(-f 1 -wi 5 -w 1s -i 3 -r 1s)
die() { echo "generated-vs-hand.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) ROUNDS=${2:?}; shift 2 ;;
    --bytes-rounds) BYTES_ROUNDS=${2:?}; shift 2 ;;
    --bytes-pass) BYTES_PASS=${2:?}; shift 2 ;;
    --turns) TURNS=1; shift ;;
    --formats) FORMATS=${2:?}; shift 2 ;;
    --cpu) CPU=${2:?}; shift 2 ;;
    --out) OUT=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --) shift; [ $# -gt 0 ] && JMH_OPTS=("$@"); break ;;
    *) die "unknown option '$1' (--help)" ;;
  esac
done
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "--rounds takes a positive whole number"
if [ -n "$BYTES_ROUNDS" ]; then
  [[ $BYTES_ROUNDS =~ ^[1-9][0-9]*$ ]] || die "--bytes-rounds takes a positive whole number"
  [ "$BYTES_ROUNDS" -gt "$ROUNDS" ] || die "--bytes-rounds ($BYTES_ROUNDS) must be more than --rounds ($ROUNDS)"
fi
if [ -n "$BYTES_PASS" ]; then
  [ -z "$BYTES_ROUNDS" ] || die "--bytes-pass and --bytes-rounds are two ways to the same B/op: give one"
  [[ $BYTES_PASS =~ ^[1-9][0-9]*$ ]] && [ "$BYTES_PASS" -ge 3 ] || die "--bytes-pass takes a whole number of JVMs a side, 3 or more"
fi
if [ "$TURNS" = 1 ]; then
  # one fork a side: a second fork's JVM would start while the other side measures
  forks=""; for ((i = 0; i < ${#JMH_OPTS[@]}; i++)); do [ "${JMH_OPTS[i]}" = -f ] && forks=${JMH_OPTS[i+1]:-}; done
  [ "$forks" = 1 ] || die "--turns needs one fork a side: pass -f 1 among the JMH options (got ${forks:-none})"
  command -v mkfifo >/dev/null || die "--turns needs mkfifo (coreutils)"
fi
[ -f "$JAR" ] && [ -f "$CLI" ] || die "no $JAR: build first (mvn -B package)"
command -v taskset >/dev/null || die "taskset (util-linux) is needed"
ALLOWED=($(cpu_list_expand "$(taskset -pc $$ | sed 's/.*: *//')"))
[ -n "$CPU" ] || CPU=${ALLOWED[${#ALLOWED[@]}-1]}
[[ " ${ALLOWED[*]} " == *" $CPU "* ]] || die "CPU $CPU is not one this shell may run on (${ALLOWED[*]})"

# the libraries with a generated codec for message data: the build's index in the jar
ROWS=$(unzip -p "$JAR" META-INF/wireshootout/generated-messages.tsv | awk -F'\t' '$1 == "row" && $2 == "data" { print $3 }')
[ -n "$ROWS" ] || die "the jar has no generated row for message data"
if [ -n "$FORMATS" ]; then
  for f in ${FORMATS//,/ }; do grep -qx -- "$f" <<<"$ROWS" || die "'$f' has no generated codec for data (there are: $(echo $ROWS))"; done
  ROWS=$(tr ',' '\n' <<<"$FORMATS")
fi
[ -n "$OUT" ] || OUT=$(make_run_dir "$ROOT/results" "$(date -u +%Y%m%dT%H%M%SZ)-generated-vs-hand") || die "cannot make a run folder"
mkdir -p "$OUT" || die "cannot make $OUT"
echo "Generated against hand-written: $(echo $ROWS | wc -w) rows x $ROUNDS rounds on CPU $CPU$([ "$TURNS" = 1 ] && echo ", the sides taking turns an iteration at a time"), JMH ${JMH_OPTS[*]} -prof gc; into $OUT"

CHILD=""
PAIR=""
TURNS_DIR=""
on_signal() {
  local p
  trap - INT TERM
  [ -n "$CHILD" ] && { kill -TERM -- "-$CHILD" 2>/dev/null; wait "$CHILD" 2>/dev/null; }
  for p in $PAIR; do kill -TERM -- "-$p" 2>/dev/null; done
  for p in $PAIR; do wait "$p" 2>/dev/null; done
  [ -n "$TURNS_DIR" ] && rm -rf -- "$TURNS_DIR"
  echo "generated-vs-hand.sh: interrupted; the finished rounds are in $OUT" >&2
  exit 130
}
trap on_signal INT TERM

launch() {   # launch A|B ROW ROUND: starts one side in the background, its own process group, pinned
  local s=$1 f=$2 r=$3 bench params
  if [ "$s" = A ]; then bench='^org\.wireshootout\.bench\.DataBenchmark\.roundTrip$'; params=(-p "format=$f")
  else bench='^org\.wireshootout\.bench\.MessageBenchmark\.roundTrip$'; params=(-p "format=$f" -p message=data); fi
  # two JMH runs at once: the hand-written side takes JMH's lock against other runs, the generated side
  # (started beside it by --turns) may not take it too
  local host=(); [ -n "${WIRESHOOTOUT_TURNS:-}" ] && [ "$s" = B ] && host=(-Djmh.ignoreLock=true)
  setsid taskset -c "$CPU" java "${host[@]}" -jar "$JAR" "$bench" "${params[@]}" "${JMH_OPTS[@]}" -prof gc \
    -rf json -rff "$OUT/$s-$f-$r.json" >"$OUT/$s-$f-$r.log" 2>&1 </dev/null &
}
side() {   # side A|B ROW ROUND: one side alone
  launch "$@"
  CHILD=$!
  wait "$CHILD" || echo "  $1 $2 round $3 FAILED: see $OUT/$1-$2-$3.log" >&2
  CHILD=""
}
turns() {   # turns ROW ROUND FIRST: both sides at once, taking turns an iteration at a time, FIRST's first
  local f=$1 r=$2 first=$3 fa fb pa pb ra="" rb="" grace=0
  TURNS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/generated-vs-hand-turns.XXXXXX") || die "cannot make a folder for the turn pipes"
  mkfifo "$TURNS_DIR/A" "$TURNS_DIR/B" || { rm -rf -- "$TURNS_DIR"; die "cannot make the turn pipes in $TURNS_DIR"; }
  : > "$TURNS_DIR/first-$first"
  # held open read-write here, so neither side's open blocks and a write never finds the pipe without a reader
  exec {fa}<>"$TURNS_DIR/A" {fb}<>"$TURNS_DIR/B"
  if [ "$first" = A ]; then printf t >&"$fa"; else printf t >&"$fb"; fi
  WIRESHOOTOUT_TURNS="$TURNS_DIR:A" launch A "$f" "$r"; pa=$!
  WIRESHOOTOUT_TURNS="$TURNS_DIR:B" launch B "$f" "$r"; pb=$!
  PAIR="$pa $pb"
  # a side that fails leaves the other waiting for a turn: stop it; a side that ends well leaves the other
  # seconds of work at most (its last iteration or its JVM's exit), so one still running 120 s later is stopped
  while [ -z "$ra" ] || [ -z "$rb" ]; do
    sleep 1
    if [ -z "$ra" ] && ! kill -0 "$pa" 2>/dev/null; then wait "$pa"; ra=$?; fi
    if [ -z "$rb" ] && ! kill -0 "$pb" 2>/dev/null; then wait "$pb"; rb=$?; fi
    if [ -n "$ra$rb" ] && { [ -z "$ra" ] || [ -z "$rb" ]; }; then
      grace=$((grace + 1))
      if [ "${ra:-0}" != 0 ] || [ "${rb:-0}" != 0 ] || [ "$grace" -ge 120 ]; then
        [ -z "$ra" ] && { kill -TERM -- "-$pa" 2>/dev/null; wait "$pa"; ra=$?; echo "  A $f round $r stopped: the generated side had ended" >&2; }
        [ -z "$rb" ] && { kill -TERM -- "-$pb" 2>/dev/null; wait "$pb"; rb=$?; echo "  B $f round $r stopped: the hand-written side had ended" >&2; }
      fi
    fi
  done
  PAIR=""
  [ "$ra" = 0 ] || echo "  A $f round $r FAILED: see $OUT/A-$f-$r.log" >&2
  [ "$rb" = 0 ] || echo "  B $f round $r FAILED: see $OUT/B-$f-$r.log" >&2
  exec {fa}>&- {fb}>&-
  rm -rf -- "$TURNS_DIR"; TURNS_DIR=""
}
rounds() {   # rounds FIRST LAST ROWS...: odd rounds hand-written first, even rounds generated first
  local first=$1 last=$2 r f; shift 2
  for ((r = first; r <= last; r++)); do
    for f in "$@"; do
      echo "[round $r/$last] $f  elapsed $(fmt_secs $(( $(date +%s) - T0 )))"
      if [ "$TURNS" = 1 ]; then
        if [ $((r % 2)) -eq 1 ]; then turns "$f" "$r" A; else turns "$f" "$r" B; fi
      elif [ $((r % 2)) -eq 1 ]; then side A "$f" "$r"; side B "$f" "$r"; else side B "$f" "$r"; side A "$f" "$r"; fi
    done
  done
}
T0=$(date +%s)
rounds 1 "$ROUNDS" $ROWS
# more_rounds DONE LAST: rows whose forks' B/op draw different values, or whose generated side's is over the
# hand-written side's + 1, run rounds DONE+1 to LAST
more_rounds() {
  local draws
  draws=$(java -jar "$CLI" reference-table --bytes --sides hand-written,generated "$OUT" 2>/dev/null | bytes_rows_to_rerun)
  if [ -n "$draws" ]; then
    echo "B/op differs from fork to fork, or the generated side's is over the hand-written side's + 1, in: $(echo $draws); rounds $(($1 + 1)) to $2 for them"
    rounds $(($1 + 1)) "$2" $draws
  else
    echo "B/op is the same in every fork of every row, and no generated side's is over its hand-written side's + 1: no more rounds"
  fi
}
[ -n "$BYTES_ROUNDS" ] && more_rounds "$ROUNDS" "$BYTES_ROUNDS"
java -jar "$CLI" reference-table --sides hand-written,generated "$OUT" | tee "$OUT/table.md"
# taking turns, the k-th iterations of the two sides ran next to each other: their ratio, turn by turn
if [ "$TURNS" = 1 ]; then
  java -jar "$CLI" reference-table --paired --sides hand-written,generated "$OUT" > "$OUT/paired.md"
fi
if [ -n "$BYTES_PASS" ]; then
  TIME_OUT=$OUT; OUT=$TIME_OUT/bytes; TURNS=0; JMH_OPTS=("${BYTES_PASS_OPTS[@]}")
  mkdir -p "$OUT" || die "cannot make $OUT"
  echo "B/op on its own: JMH ${JMH_OPTS[*]} -prof gc, 3 to $BYTES_PASS JVMs a side; into $OUT"
  rounds 1 3 $ROWS
  [ "$BYTES_PASS" -gt 3 ] && more_rounds 3 "$BYTES_PASS"
  java -jar "$CLI" reference-table --bytes --sides hand-written,generated "$OUT" > "$TIME_OUT/bytes.md"
  OUT=$TIME_OUT
else
  java -jar "$CLI" reference-table --bytes --sides hand-written,generated "$OUT" > "$OUT/bytes.md"
fi
