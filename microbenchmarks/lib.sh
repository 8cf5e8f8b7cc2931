# Helpers for run.sh, kept apart so tests can source them without running a benchmark.

# make_run_dir ROOT NAME: creates ROOT/NAME and prints its path; if that name is taken, tries NAME-2, NAME-3...
# mkdir without -p is atomic and fails on an existing directory, so an earlier run is never written into,
# even by two runs started in the same second.
make_run_dir() {
  local root=$1 name=$2 dir i
  mkdir -p -- "$root" || return 1
  dir="$root/$name"
  i=1
  until mkdir -- "$dir" 2>/dev/null; do
    i=$((i + 1))
    if [ "$i" -gt 100 ]; then
      echo "make_run_dir: no free name for $root/$name" >&2
      return 1
    fi
    dir="$root/$name-$i"
  done
  printf '%s\n' "$dir"
}

# json_str TEXT: TEXT as a JSON string literal (backslash, quote and control characters escaped).
json_str() {
  local s=$1 out="" c i
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\n'/\\n}
  s=${s//$'\r'/\\r}
  s=${s//$'\t'/\\t}
  # any other control character (rare: from /proc or a command's output) as \u00XX
  if [[ $s == *[$'\x01'-$'\x1f']* ]]; then
    for ((i = 0; i < ${#s}; i++)); do
      c=${s:i:1}
      if [[ $c == [$'\x01'-$'\x1f'] ]]; then
        out+=$(printf '\\u%04x' "'$c")
      else
        out+=$c
      fi
    done
    s=$out
  fi
  printf '"%s"' "$s"
}

# json_arr ITEM...: the items as a JSON array of strings.
json_arr() {
  local first=1 x
  printf '['
  for x in "$@"; do
    [ $first -eq 1 ] || printf ', '
    first=0
    json_str "$x"
  done
  printf ']'
}

# json_bool VALUE: true for 1/true/yes, false otherwise.
json_bool() {
  case $1 in 1|true|yes) printf 'true' ;; *) printf 'false' ;; esac
}

# parse_lp: reads `java -jar benchmarks.jar -lp` on stdin, prints "BENCHMARK<TAB>v1,v2,..." per benchmark,
# with the values of its `format` parameter (empty when it has none). Other parameters are ignored.
# Only a line that is a dotted Java name starts a benchmark: whatever else a JVM prints first (the
# "Picked up JAVA_TOOL_OPTIONS: ..." banner, a VM warning) is not one.
parse_lp() {
  awk '
    /^Benchmarks:/ { next }
    /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)+[ \t]*$/ {
      if (b != "") print b "\t" f; b = $0; sub(/[ \t]+$/, "", b); f = ""; next
    }
    /^[^ \t]/ { if (b != "") print b "\t" f; b = ""; f = ""; next }
    /^[ \t]+param "format" = \{/ {
      s = $0; sub(/^[^{]*\{/, "", s); sub(/\}[ \t]*$/, "", s); gsub(/[ \t]/, "", s); f = s; next
    }
    END { if (b != "") print b "\t" f }
  '
}

# cpu_list_expand LIST: "0-2,5" -> "0 1 2 5".
cpu_list_expand() {
  local part a b out=()
  IFS=',' read -ra parts <<<"$1"
  for part in "${parts[@]}"; do
    part=${part//[[:space:]]/}
    [ -n "$part" ] || continue
    if [[ $part == *-* ]]; then
      a=${part%-*}; b=${part#*-}
      for ((i = a; i <= b; i++)); do out+=("$i"); done
    else
      out+=("$part")
    fi
  done
  echo "${out[*]}"
}

# bytes_rows_to_rerun < BYTES_MD: the rows of a side-by-side run's B/op table (reference-table --bytes, sides
# hand-written then generated: row, side, each fork's B/op, forks, least, median, most) whose forks' B/op differ by
# more than 1 on either side, or whose second side's median is over the first side's + 1; one per line, sorted.
bytes_rows_to_rerun() {
  awk -F'|' 'NR > 2 && NF >= 8 {
               gsub(/ /, "", $2); gsub(/ /, "", $3)
               if ($8 + 0 - $6 > 1) draw[$2] = 1
               if ($3 == "hand-written") hand[$2] = $7 + 0; else gen[$2] = $7 + 0 }
             END { for (r in gen) if ((r in hand) && gen[r] > hand[r] + 1) draw[r] = 1
                   for (r in draw) print r }' | sort
}

# fmt_secs SECONDS: "1h02m03s", "4m05s" or "7s".
fmt_secs() {
  local s=${1%.*} h m
  h=$((s / 3600)); m=$((s % 3600 / 60)); s=$((s % 60))
  if [ $h -gt 0 ]; then printf '%dh%02dm%02ds' $h $m $s
  elif [ $m -gt 0 ]; then printf '%dm%02ds' $m $s
  else printf '%ds' $s
  fi
}

# shell_words WORD...: the words as one command line a shell reads back as the same words, quoting only the
# words that need it ('a b', "it's"), so a recorded command stays readable (--formats baseline,sbe, not baseline\\,sbe).
shell_words() {
  local out="" w
  for w in "$@"; do
    if [ -n "$w" ] && [[ $w =~ ^[A-Za-z0-9_./,:=+@%^-]+$ ]]; then
      out+="${out:+ }$w"
    else
      out+="${out:+ }'${w//\'/\'\\\'\'}'"
    fi
  done
  printf '%s' "$out"
}

# strip_ansi: copies stdin to stdout without ANSI escape sequences (colour codes).
strip_ansi() {
  sed 's/\x1b\[[0-9;]*[A-Za-z]//g'
}

# project_version POM: the project's <version> (the first one after <artifactId>, before any <parent> or dependency).
project_version() {
  awk '/<dependencies>|<parent>|<build>/ { exit } /<version>/ { sub(/.*<version>/, ""); sub(/<\/version>.*/, ""); print; exit }' "$1"
}

# jmh_lock_holders FILE [LOCKS]: the processes holding a lock on FILE, one PID a line, as /proc/locks (or the
# file LOCKS) lists them. JMH 1.37 takes its lock with FileChannel.tryLock on ${java.io.tmpdir}/jmh.lock, an
# fcntl (POSIX) lock that flock(1) cannot see; /proc/locks lists it with the holder's PID and the file's
# device:inode. A lock that names no process (an open file description lock) prints -1. Waiting requests
# ("->") are not holders. Prints nothing when FILE does not exist, is not locked, or LOCKS cannot be read.
jmh_lock_holders() {
  local file=$1 locks=${2:-/proc/locks} ino
  [ -e "$file" ] && [ -r "$locks" ] || return 0
  ino=$(stat -L -c '%i' -- "$file" 2>/dev/null) || return 0
  awk -v ino="$ino" '
    $2 == "->" { next }
    {
      for (i = 2; i <= NF; i++) {
        if ($i ~ /^[0-9a-fA-F]+:[0-9a-fA-F]+:[0-9]+$/) {
          n = split($i, d, ":")
          if (d[n] == ino && !seen[$(i - 1)]++) print $(i - 1)
          break
        }
      }
    }' "$locks"
}

# java_processes [HOLDER...]: reads `ps -eo pid=,comm=,args=` on stdin and prints, for every java process,
# "PID<TAB>JMH<TAB>COMMAND": JMH is 1 when the process is one of HOLDER (the JMH lock's holders) or its command
# runs JMH (org.openjdk.jmh: a fork's ForkedMain; a benchmarks.jar host), else 0; COMMAND is cut to 160 characters.
java_processes() {
  awk -v holders=" $* " '
    $2 != "java" { next }
    {
      pid = $1
      cmd = $0; sub(/^[ \t]*[0-9]+[ \t]+[^ \t]+[ \t]+/, "", cmd)
      jmh = (index(holders, " " pid " ") > 0 || cmd ~ /org\.openjdk\.jmh|benchmarks\.jar/) ? 1 : 0
      if (length(cmd) > 160) cmd = substr(cmd, 1, 157) "..."
      print pid "\t" jmh "\t" cmd
    }'
}

# load_average [FILE]: the 1, 5 and 15 minute load averages from /proc/loadavg (or FILE), space-separated;
# nothing when it cannot be read.
load_average() {
  local f=${1:-/proc/loadavg} a b c rest
  [ -r "$f" ] || return 0
  read -r a b c rest <"$f" || return 0
  [[ $a =~ ^[0-9]+(\.[0-9]+)?$ && $b =~ ^[0-9]+(\.[0-9]+)?$ && $c =~ ^[0-9]+(\.[0-9]+)?$ ]] || return 0
  printf '%s %s %s' "$a" "$b" "$c"
}

# ignore_lock_in_env: prints the name of the first of JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS and _JAVA_OPTIONS
# that sets -Djmh.ignoreLock=true (every JVM the java launcher starts reads them); nothing when none does.
ignore_lock_in_env() {
  local v
  for v in JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS _JAVA_OPTIONS; do
    if [[ " ${!v:-} " =~ [[:space:]]-Djmh\.ignoreLock=[Tt][Rr][Uu][Ee][[:space:]] ]]; then printf '%s' "$v"; return; fi
  done
}

# quick_plan BUDGET GROUPS COMBOS: the quick profile's iteration time in ms, fitted to BUDGET seconds, and the
# seconds it plans, as "ITER_MS PLANNED_SECONDS"; "0 NEEDED_SECONDS" when BUDGET cannot hold QUICK_MIN_ITER_MS
# iterations. GROUPS host JVMs (one per format), COMBOS forks (one per benchmark x format), each fork with
# QUICK_WI warm-up and QUICK_I measured iterations; start-up as QUICK_STARTUP (the run's own: listing,
# evolution matrix, report), QUICK_HOST and QUICK_FORK seconds. Longer iterations, never shorter, up to
# QUICK_MAX_ITER_MS; whole hundreds of ms.
quick_plan() {
  local budget=$1 groups=$2 combos=$3 fixed iters avail ms
  iters=$((QUICK_WI + QUICK_I))
  fixed=$((QUICK_STARTUP + groups * QUICK_HOST + combos * QUICK_FORK))
  avail=$((budget - fixed))
  ms=0
  [ "$combos" -gt 0 ] && [ $avail -gt 0 ] && ms=$((avail * 1000 / (combos * iters) / 100 * 100))
  if [ $ms -lt "$QUICK_MIN_ITER_MS" ]; then
    printf '0 %d' $((fixed + (combos * iters * QUICK_MIN_ITER_MS + 999) / 1000))
    return
  fi
  [ $ms -gt "$QUICK_MAX_ITER_MS" ] && ms=$QUICK_MAX_ITER_MS
  printf '%d %d' "$ms" $((fixed + (combos * iters * ms + 999) / 1000))
}
