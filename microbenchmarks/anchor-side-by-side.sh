#!/usr/bin/env bash
# A library's own benchmark beside this project's row for the same message: for each pair, the anchor's benchmark
# (its own jar, built from the anchor folder in a scratch copy) and this project's MessageBenchmark on the same
# message with that message's values (schemas/messages/<message>.values.json), alternated round by round on one
# pinned CPU (odd rounds the anchor first, even rounds the project first), the same JMH options both sides. A one-way
# anchor benchmark pairs with encode or decode, a round trip with roundTrip. Files: A-<pair>-<round>.json (anchor),
# B-<pair>-<round>.json (project), their logs, and table.md (per pair the medians over the rounds and the median
# ratio project / anchor, made by `java -jar target/wire-shootout.jar reference-table --sides anchor,project DIR`).
# Usage: microbenchmarks/anchor-side-by-side.sh --anchor DIR [--pairs a,b] [--rounds N] [--cpu N] [--out DIR] [--list] [-- JMH options]
#   DIR: an anchor folder such as ../shared/anchor/sbe-benchmarks (nothing of it enters the repository); with
#   ../shared/anchor/chronicle-wire-microbenchmarks each Chronicle row pairs with DataBenchmark.roundTrip, as the
#   reference's side-by-side.sh pairs them, under any JMH options (several forks a round)
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"
JAR="$ROOT/target/benchmarks.jar"
CLI="$ROOT/target/wire-shootout.jar"

ANCHOR=""
PAIRS=""
ROUNDS=3
CPU=""
OUT=""
LIST=0
JMH_OPTS=(-bm sample -tu ns -f 1 -wi 5 -w 1s -i 5 -r 1s)
die() { echo "anchor-side-by-side.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --anchor) ANCHOR=${2:?}; shift 2 ;;
    --pairs) PAIRS=${2:?}; shift 2 ;;
    --rounds) ROUNDS=${2:?}; shift 2 ;;
    --cpu) CPU=${2:?}; shift 2 ;;
    --out) OUT=${2:?}; shift 2 ;;
    --list) LIST=1; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --) shift; [ $# -gt 0 ] && JMH_OPTS=("$@"); break ;;
    *) die "unknown option '$1' (--help)" ;;
  esac
done
[ -n "$ANCHOR" ] || die "--anchor DIR is needed (for example ../shared/anchor/sbe-benchmarks)"
[ -f "$ANCHOR/pom.xml" ] || die "$ANCHOR is not an anchor folder (no pom.xml)"
ANCHOR=$(cd "$ANCHOR" && pwd)
KIND=$(basename "$ANCHOR")

# The pairs of each anchor: name | anchor benchmark (regex) | anchor's -p options | project benchmark | message | format.
# The project benchmark is a MessageBenchmark method, or Class.method for another class of the bench package (SBE's
# decode, which reads each field in place and keeps none, is paired with both decode and in-place access).
# The anchor's JVM options (ANCHOR_JVM) are what its README says it needs.
ANCHOR_JVM=()
case $KIND in
  sbe-benchmarks)
    ANCHOR_JVM=(--add-exports java.base/jdk.internal.misc=ALL-UNNAMED)
    TABLE="sbe-car-encode|^uk\.co\.real_logic\.sbe\.CarBenchmark\.testEncode\$||encode|car|sbe
sbe-car-decode|^uk\.co\.real_logic\.sbe\.CarBenchmark\.testDecode\$||decode|car|sbe
sbe-car-access|^uk\.co\.real_logic\.sbe\.CarBenchmark\.testDecode\$||MessageAccessBenchmark.access|car|sbe
sbe-marketdata-encode|^uk\.co\.real_logic\.sbe\.MarketDataBenchmark\.testEncode\$||encode|marketdata|sbe
sbe-marketdata-decode|^uk\.co\.real_logic\.sbe\.MarketDataBenchmark\.testDecode\$||decode|marketdata|sbe
sbe-marketdata-access|^uk\.co\.real_logic\.sbe\.MarketDataBenchmark\.testDecode\$||MessageAccessBenchmark.access|marketdata|sbe
protobuf-car-encode|^uk\.co\.real_logic\.protobuf\.CarBenchmark\.testEncode\$||encode|car|protobuf
protobuf-car-decode|^uk\.co\.real_logic\.protobuf\.CarBenchmark\.testDecode\$||decode|car|protobuf
protobuf-marketdata-encode|^uk\.co\.real_logic\.protobuf\.MarketDataBenchmark\.testEncode\$||encode|marketdata|protobuf
protobuf-marketdata-decode|^uk\.co\.real_logic\.protobuf\.MarketDataBenchmark\.testDecode\$||decode|marketdata|protobuf" ;;
  fory-benchmarks)
    F='-p bufferType=array -p references=false -p objectType=MEDIA_CONTENT'
    TABLE="fory-media-encode|^org\.apache\.fory\.benchmark\.UserTypeSerializeSuite\.fory_serialize\$|$F|encode|mediacontent|fory
fory-media-decode|^org\.apache\.fory\.benchmark\.UserTypeDeserializeSuite\.fory_deserialize\$|$F|decode|mediacontent|fory
foryCompatible-media-encode|^org\.apache\.fory\.benchmark\.UserTypeSerializeSuite\.fory_serialize_compatible\$|$F|encode|mediacontent|foryCompatible
foryCompatible-media-decode|^org\.apache\.fory\.benchmark\.UserTypeDeserializeSuite\.fory_deserialize_compatible\$|$F|decode|mediacontent|foryCompatible
kryoFields-media-encode|^org\.apache\.fory\.benchmark\.UserTypeSerializeSuite\.kryo_serialize\$|$F|encode|mediacontent|kryoFields
kryoFields-media-decode|^org\.apache\.fory\.benchmark\.UserTypeDeserializeSuite\.kryo_deserialize\$|$F|decode|mediacontent|kryoFields
protobuf-media-encode|^org\.apache\.fory\.benchmark\.UserTypeSerializeSuite\.protobuffers_serialize\$|$F|encode|mediacontent|protobuf
protobuf-media-decode|^org\.apache\.fory\.benchmark\.UserTypeDeserializeSuite\.protobuffers_deserialize\$|$F|decode|mediacontent|protobuf" ;;
  kryo-benchmarks)
    K='-p references=false -p objectType=media'
    TABLE="kryoFields-media-roundtrip|^com\.esotericsoftware\.kryo\.benchmarks\.FieldSerializerBenchmark\.field\$|$K|roundTrip|mediacontent|kryoFields
kryo-media-roundtrip|^com\.esotericsoftware\.kryo\.benchmarks\.FieldSerializerBenchmark\.custom\$|$K|roundTrip|mediacontent|kryo" ;;
  chronicle-wire-microbenchmarks)
    # Chronicle Wire's own benchmark, the reference ../shared/anchor/side-by-side.sh runs with one fork a round;
    # here with any JMH options (several forks a round). Each row pairs with DataBenchmark.roundTrip (no message).
    ANCHOR_JVM=(--add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED
      --add-exports=java.base/jdk.internal.ref=ALL-UNNAMED --add-exports=java.base/sun.nio.ch=ALL-UNNAMED
      --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED)
    TABLE=""
    for p in Main.baseline:baseline Main.bytesMarshallable:bytesMarshallable \
        Main.bytesMarshallableStopBit:bytesMarshallableStopBit Main.rwire8bit:rwire8bit Main.rwireUTF:rwireUTF \
        Main.bwireFTT:bwireFTT Main.bwireFTF:bwireFTF Main.bwireTTF:bwireTTF Main.bwireTFF:bwireTFF \
        Main.bwireFFF:bwireFFF Main.twireUTF:twireUTF Main.twire8bit:twire8bit Main.json8bit:json8bit \
        ComparisonMain.jackson:jackson ComparisonMain.jacksonWithCBytes:jacksonCBytes \
        ComparisonMain.jacksonWithTextCBytes:jacksonCBytesRW ComparisonMain.externalizable:externalizable \
        ComparisonMain.externalizableWithCBytes:externalizableCBytes ComparisonMain.snakeYaml:snakeYaml; do
      a=${p%%:*}; TABLE+="${p##*:}|^net\\.openhft\\.chronicle\\.wire\\.benchmarks\\.${a//./\\.}\$||DataBenchmark.roundTrip||${p##*:}"$'\n'
    done
    TABLE=${TABLE%$'\n'} ;;
  *) die "no pairs are known for anchor '$KIND' (known: sbe-benchmarks, fory-benchmarks, kryo-benchmarks, chronicle-wire-microbenchmarks)" ;;
esac

if [ $LIST = 1 ]; then
  echo "pairs of $KIND (anchor benchmark <-> project benchmark (MessageBenchmark.<method> or <Class>.<method>) message format):"
  while IFS='|' read -r name abench aparams pbench msg fmt; do
    printf '  %-28s %s %s <-> %s %s %s\n' "$name" "$abench" "$aparams" "$pbench" "$msg" "$fmt"
  done <<<"$TABLE"
  exit 0
fi
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "--rounds takes a positive whole number"
[ -f "$JAR" ] && [ -f "$CLI" ] || die "no $JAR: build first (mvn -B package)"
command -v taskset >/dev/null || die "taskset (util-linux) is needed"
command -v mvn >/dev/null || die "mvn is needed to build the anchor"
ALLOWED=($(cpu_list_expand "$(taskset -pc $$ | sed 's/.*: *//')"))
[ -n "$CPU" ] || CPU=${ALLOWED[${#ALLOWED[@]}-1]}
[[ " ${ALLOWED[*]} " == *" $CPU "* ]] || die "CPU $CPU is not one this shell may run on (${ALLOWED[*]})"

SELECTED=""
if [ -n "$PAIRS" ]; then
  for p in ${PAIRS//,/ }; do
    line=$(grep -- "^$p|" <<<"$TABLE") || die "no pair '$p' for $KIND (--list shows them)"
    SELECTED+="$line"$'\n'
  done
else
  SELECTED="$TABLE"$'\n'
fi

# every selected pair's message must have a row of its format in the project's jar
INDEX=$(unzip -p "$JAR" META-INF/wireshootout/generated-messages.tsv) || die "the jar has no generated-messages index"
while IFS='|' read -r name abench aparams pbench msg fmt; do
  [ -n "$name" ] && [ -n "$msg" ] || continue   # a pair without a message runs a registry row (DataBenchmark)
  if ! awk -F'\t' -v m="$msg" -v f="$fmt" '$1 == "row" && $2 == m && $3 == f { found = 1 } END { exit !found }' <<<"$INDEX"; then
    why=$(awk -F'\t' -v m="$msg" -v f="$fmt" '$1 == "cannot" && $2 == m && $3 == f { print $4 }' <<<"$INDEX")
    die "pair $name: the project has no $fmt row for message $msg${why:+: $why}"
  fi
done <<<"$SELECTED"

# The anchor is built on the project's version of every library whose version property (<x.version>) both poms
# declare, so that each pair runs one version of its library on both sides: an anchor pinned to an older release
# (protobuf 4.33.1 against the project's 4.36.2) would pair two different encoders.
versions_of() { grep -oE '<[A-Za-z0-9.-]+\.version>[^<$]+</' "$1" | sed -E 's#^<([^>]+)>([^<]+)</$#\1=\2#'; }
PROJECT_VERSIONS=$(versions_of "$ROOT/pom.xml")
OVERRIDES=()
while IFS='=' read -r prop value; do
  [ -n "$prop" ] || continue
  mine=$(awk -F'=' -v p="$prop" '$1 == p { print $2; exit }' <<<"$PROJECT_VERSIONS")
  [ -n "$mine" ] && OVERRIDES+=("-D$prop=$mine")
done <<<"$(versions_of "$ANCHOR/pom.xml")"

# the anchor's own jar, built once in a scratch copy (never inside the anchor folder), again when the anchor's files
# or the versions above change
BUILD="${TMPDIR:-/tmp}/wire-shootout-anchor-$KIND"
AJAR="$BUILD/target/benchmarks.jar"
STAMP="$BUILD.versions"
if [ ! -f "$AJAR" ] || [ -n "$(find "$ANCHOR" -newer "$AJAR" -type f -print -quit)" ] \
    || [ "$(cat "$STAMP" 2>/dev/null)" != "${OVERRIDES[*]}" ]; then
  echo "building the anchor $KIND in $BUILD (once) with ${OVERRIDES[*]:-its own versions}"
  rm -rf "$BUILD" "$STAMP" && mkdir -p "$BUILD" && cp -r "$ANCHOR/." "$BUILD/" \
    && (cd "$BUILD" && mvn -B -q -DskipTests "${OVERRIDES[@]}" package) >"${BUILD}.build.log" 2>&1 \
    || die "building the anchor failed: see ${BUILD}.build.log"
  echo "${OVERRIDES[*]}" >"$STAMP"
fi

[ -n "$OUT" ] || OUT=$(make_run_dir "$ROOT/results" "$(date -u +%Y%m%dT%H%M%SZ)-anchor-$KIND") || die "cannot make a run folder"
mkdir -p "$OUT/tmp" || die "cannot make $OUT"
NPAIRS=$(grep -c . <<<"$SELECTED")
echo "Side by side with $KIND: $NPAIRS pairs x $ROUNDS rounds on CPU $CPU, JMH ${JMH_OPTS[*]} -prof gc both sides; into $OUT"
{
  echo "anchor: $KIND ($ANCHOR)"
  echo "anchor jar: $AJAR"
  echo "anchor built with: ${OVERRIDES[*]:-its own versions}"
  echo "project: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "cpu: $CPU; jmh: ${JMH_OPTS[*]} -prof gc; java: $(java -version 2>&1 | head -1)"
  echo "pairs:"; printf '%s' "$SELECTED"
} >"$OUT/pairs.txt"

CHILD=""
on_signal() {
  trap - INT TERM
  [ -n "$CHILD" ] && { kill -TERM -- "-$CHILD" 2>/dev/null; wait "$CHILD" 2>/dev/null; }
  rm -rf "$OUT/tmp"
  echo "anchor-side-by-side.sh: interrupted; the finished rounds are in $OUT" >&2
  exit 130
}
trap on_signal INT TERM

FAILED=0
side() {   # side A|B ROUND name abench aparams pbench msg fmt
  local s=$1 r=$2 name=$3 abench=$4 aparams=$5 pbench=$6 msg=$7 fmt=$8 cmd
  if [ "$s" = A ]; then
    # shellcheck disable=SC2206
    cmd=(java -Djava.io.tmpdir="$OUT/tmp" "${ANCHOR_JVM[@]}" -jar "$AJAR" "$abench" $aparams)
  else
    local bench=$pbench
    [[ $bench == *.* ]] || bench="MessageBenchmark.$bench"
    cmd=(java -Djava.io.tmpdir="$OUT/tmp" -jar "$JAR" "^org\\.wireshootout\\.bench\\.${bench//./\\.}\$" ${msg:+-p "message=$msg"} -p "format=$fmt")
  fi
  setsid taskset -c "$CPU" "${cmd[@]}" "${JMH_OPTS[@]}" -prof gc -rf json -rff "$OUT/$s-$name-$r.json" >"$OUT/$s-$name-$r.log" 2>&1 </dev/null &
  CHILD=$!
  if ! wait "$CHILD" || [ ! -s "$OUT/$s-$name-$r.json" ]; then
    echo "  $s $name round $r FAILED: see $OUT/$s-$name-$r.log" >&2
    FAILED=1
  fi
  CHILD=""
}
T0=$(date +%s)
for ((r = 1; r <= ROUNDS; r++)); do
  while IFS='|' read -r name abench aparams pbench msg fmt; do
    [ -n "$name" ] || continue
    echo "[round $r/$ROUNDS] $name  elapsed $(fmt_secs $(( $(date +%s) - T0 )))"
    if [ $((r % 2)) -eq 1 ]; then
      side A "$r" "$name" "$abench" "$aparams" "$pbench" "$msg" "$fmt"; side B "$r" "$name" "$abench" "$aparams" "$pbench" "$msg" "$fmt"
    else
      side B "$r" "$name" "$abench" "$aparams" "$pbench" "$msg" "$fmt"; side A "$r" "$name" "$abench" "$aparams" "$pbench" "$msg" "$fmt"
    fi
  done <<<"$SELECTED"
done
rm -rf "$OUT/tmp"
java -jar "$CLI" reference-table --sides anchor,project "$OUT" | tee "$OUT/table.md"
TABLE_RC=${PIPESTATUS[0]}
[ $FAILED = 0 ] && [ "$TABLE_RC" = 0 ] || exit 1
