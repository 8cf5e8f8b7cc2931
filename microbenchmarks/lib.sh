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
parse_lp() {
  awk '
    /^Benchmarks:/ { next }
    /^[^ \t]/ { if (b != "") print b "\t" f; b = $0; f = ""; next }
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
