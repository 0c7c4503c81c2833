#!/usr/bin/env bash
# The four speed figures of issue 25, taken so that they cannot flatter:
#   1. sanguo.txt built cold (--no-cache, a fresh output) against pandoc (Markdown with `# `
#      headings, the conversion not counted): pandoc's time / novelbind's; target >= 12x;
#   2. the generated 10-million-character, 3000-chapter book built cold against
#      `zip -r -6` of its raw text: novelbind's time / zip's; target <= 1.2x;
#   3. the rebuild after one paragraph is appended to the last chapter (--cache, the cache as
#      the full build of the book before left it) against a cold full build of the same text:
#      rebuild / full build; target <= 6%, and the rebuild's peak memory not above the full
#      build's;
#   4. the ten development books of shared/realworld, each built cold, the sum of the ten,
#      against `zip -r -6` of their folders (a gauge of the machine's speed); target < 4 s.
# Every figure is the median of RUNS runs (at least 5) after one warm-up run of each, novelbind
# and its peer taken in turn (A B A B ...) so that a change of the machine's speed meets both;
# the ratio is the median of the ratios of each pair. The machine (cores, CPU model) and its
# load before and after each figure are printed beside it, and each figure also in CPU time
# (user + system), which a loaded machine disturbs far less than wall time. Each figure is
# compared with the baseline file (bench/cold_baseline.tsv): better or worse, by how much.
#
#   bench/cold_bench.sh [BUILD_DIR]          (default: build; run from the checkout)
#
# Environment: NOVELBIND_BENCH_RUNS=N           runs of each figure (default 5, at least 5)
#              NOVELBIND_BENCH_ONLY=1,3         only these figures
#              NOVELBIND_BENCH_BASELINE=FILE    compare with FILE (default bench/cold_baseline.tsv)
#              NOVELBIND_BENCH_WRITE_BASELINE=FILE  write the figures of this run to FILE
#              NOVELBIND_BENCH_KEEP=1           keep the temporary folder
# Prints PASS/FAIL beside each target; exits 1 when one fails, 2 when it cannot measure.
# Needs python3, GNU time (/usr/bin/time), pandoc and zip (NOVELBIND_PEERS=1
# scripts/bootstrap), the corpus (shared/corpus beside the checkout, else /work/shared/corpus)
# and the development books (shared/realworld, else /work/shared/realworld).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
text_tool=$here/ci_bench_text.py
build_dir=${1:-build}
novelbind=$(cd "$build_dir" 2>/dev/null && pwd)/novelbind || true
runs=${NOVELBIND_BENCH_RUNS:-5}
only=${NOVELBIND_BENCH_ONLY:-1,2,3,4}
baseline=${NOVELBIND_BENCH_BASELINE:-$here/cold_baseline.tsv}
write_baseline=${NOVELBIND_BENCH_WRITE_BASELINE:-}
failed=0

die() {
  echo "cold_bench: $*" >&2
  exit 2
}

[[ $runs =~ ^[0-9]+$ ]] && ((runs >= 5)) || die "NOVELBIND_BENCH_RUNS must be 5 or more (a" \
  "median of fewer runs on a shared machine is noise)"
[[ -x $novelbind ]] || die "no novelbind binary in '$build_dir'; build it first:" \
  "cmake --build $build_dir --target novelbind (or pass the build folder)"
find_shared() {  # NAME FILE: the shared folder NAME holding FILE
  local dir
  for dir in "$here/../../shared/$1" "/work/shared/$1"; do
    if [[ -e $dir/$2 ]]; then
      (cd "$dir" && pwd)
      return
    fi
  done
  die "shared/$1 (with $2) not found beside the checkout nor in /work/shared"
}
corpus=$(find_shared corpus sanguo.txt)
realworld=$(find_shared realworld dazhuzai_chapters)
command -v python3 >/dev/null || die "python3 is missing"
/usr/bin/time -f %M true >/dev/null 2>&1 ||
  die "GNU time (/usr/bin/time) is missing; install it: NOVELBIND_PEERS=1 scripts/bootstrap"
command -v pandoc >/dev/null || die "pandoc is missing; install it: NOVELBIND_PEERS=1 scripts/bootstrap"
command -v zip >/dev/null || die "zip is missing; install it: apt-get install zip"

work=$(mktemp -d "${TMPDIR:-/tmp}/novelbind-cold-bench.XXXXXX")
if [[ ${NOVELBIND_BENCH_KEEP:-0} == 1 ]]; then
  trap 'echo "kept $work"' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi

calc() { LC_ALL=C awk "BEGIN { printf \"$1\", $2 }"; }
# The whole machine's busy and stolen CPU so far, in seconds (/proc/stat): busy is user, nice,
# system, irq and softirq; stolen is what the hypervisor gave other guests.
ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
machine_cpu() {
  awk -v hz="$ticks" '/^cpu / { printf "%.2f %.2f\n", ($2 + $3 + $4 + $7 + $8) / hz, $9 / hz }' /proc/stat
}
# Sets $own: the CPU seconds of this script and of every process it started and waited for
# (bash's `times`), the timed runs and their preparation alike. Called as a command, never in
# $(...): a subshell's `times` counts only its own.
own_cpu() {
  times >"$work/times"
  own=$(awk '{ for (i = 1; i <= 2; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] } }
             END { printf "%.2f\n", s }' "$work/times")
}
line() { printf '  %-34s %s\n' "$1:" "$2"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
median() { printf '%s\n' "$@" | LC_ALL=C sort -g | awk '{ v[NR] = $1 } END {
  if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
judge() {  # awk condition; sets $verdict
  if LC_ALL=C awk "BEGIN { exit !($1) }"; then verdict=PASS; else
    verdict=FAIL
    failed=1
  fi
}
wanted() { [[ ,$only, == *,$1,* ]]; }
# The load and what else ran beside the figure just taken (alternate); a warning when other
# processes took a tenth of a core or more on average (an idle machine shows 0.00-0.02): the
# figure is not to be trusted.
machine_line() {
  line "load" "$load_before before, $load_after after"
  line "  beside the runs" "other processes $others cores, stolen by the host $stolen cores (averages)"
  if LC_ALL=C awk "BEGIN { exit !($others >= 0.1) }"; then
    line "  WARNING" "other processes used $others of a core while this figure was taken; take it again on an idle machine"
  fi
}

# One run of "$@", its output in $work/log: sets $seconds (wall clock, bash's own clock: no
# clock process is counted), $cpu (user + system seconds) and $rss_kb (peak resident memory),
# the last two from GNU time. What the step before
# wrote goes to disk first, so that its writing back is not counted here.
timed() {
  local start end
  sync
  start=${EPOCHREALTIME/,/.}
  if ! /usr/bin/time -f '%M %U %S' -o "$work/rss" "$@" >"$work/log" 2>&1; then
    echo "cold_bench: this command failed: $*" >&2
    tail -n 30 "$work/log" >&2
    exit 2
  fi
  end=${EPOCHREALTIME/,/.}
  seconds=$(calc %.4f "$end - $start")
  local user system
  read -r rss_kb user system < <(tail -n 1 "$work/rss")
  cpu=$(calc %.4f "$user + $system")
}

# alternate A_FUNCTION B_FUNCTION: one warm-up of each, then $runs pairs A B. Each function
# prepares (untimed) and calls `timed` once. Sets $a_median, $b_median (seconds),
# $ratio_median (median of A/B pair by pair), $a_cpu, $b_cpu and $cpu_ratio (the same of CPU
# time, which a loaded machine disturbs less than wall time), $a_rss and $b_rss (median
# peaks, kB), $load_before / $load_after, and $others and $stolen: the cores that other processes
# and other guests of the host took on average while the figure was taken (the machine's busy
# CPU less this script's own), which wall times cannot show. A load average of a minute misses
# a process that started just before.
alternate() {
  local a_times=() b_times=() ratios=() a_peaks=() b_peaks=() a b a_cpus=() b_cpus=() cpu_ratios=()
  local busy_before steal_before busy_after steal_after wall_start wall own_before own_after
  load_before=$(load)
  own_cpu
  own_before=$own
  read -r busy_before steal_before < <(machine_cpu)
  wall_start=${EPOCHREALTIME/,/.}
  "$1"
  "$2"
  for ((i = 0; i < runs; i++)); do
    "$1"
    a=$seconds
    a_times+=("$a")
    a_peaks+=("$rss_kb")
    a_cpus+=("$cpu")
    "$2"
    b=$seconds
    b_times+=("$b")
    b_peaks+=("$rss_kb")
    b_cpus+=("$cpu")
    ratios+=("$(calc %.6f "$a / $b")")
    cpu_ratios+=("$(calc %.6f "${a_cpus[-1]} / ($cpu > 0 ? $cpu : 0.001)")")
  done
  load_after=$(load)
  read -r busy_after steal_after < <(machine_cpu)
  own_cpu
  own_after=$own
  wall=$(calc %.4f "${EPOCHREALTIME/,/.} - $wall_start")
  others=$(calc %.2f "($busy_after - $busy_before - ($own_after - $own_before)) / $wall")
  others=$(calc %.2f "$others < 0 ? 0 : $others")  # (the two counts tick apart: -0.01)
  stolen=$(calc %.2f "($steal_after - $steal_before) / $wall")
  a_median=$(median "${a_times[@]}")
  b_median=$(median "${b_times[@]}")
  ratio_median=$(median "${ratios[@]}")
  a_cpu=$(median "${a_cpus[@]}")
  b_cpu=$(median "${b_cpus[@]}")
  cpu_ratio=$(median "${cpu_ratios[@]}")
  a_rss=$(median "${a_peaks[@]}")
  b_rss=$(median "${b_peaks[@]}")
  a_spread="$(printf '%s\n' "${a_times[@]}" | LC_ALL=C sort -g | sed -n '1p;$p' | paste -sd- -)"
  b_spread="$(printf '%s\n' "${b_times[@]}" | LC_ALL=C sort -g | sed -n '1p;$p' | paste -sd- -)"
}

# The baseline: `name value direction` lines (direction: higher or lower is better).
declare -A base_value
if [[ -f $baseline ]]; then
  while read -r name value _; do
    [[ -z $name || $name == \#* ]] && continue
    base_value[$name]=$value
  done <"$baseline"
fi
written=()
# compare NAME VALUE DIRECTION UNIT: the figure against the baseline.
compare() {
  local name=$1 value=$2 direction=$3 unit=$4 old change word
  written+=("$(printf '%s\t%s\t%s' "$name" "$value" "$direction")")
  old=${base_value[$name]:-}
  if [[ -z $old ]]; then
    line "  baseline" "none for $name in $baseline"
    return
  fi
  change=$(calc %.1f "($value - $old) / $old * 100")
  if [[ $direction == higher ]]; then
    word=$(calc '%s' "($value >= $old) ? \"better\" : \"worse\"")
  else
    word=$(calc '%s' "($value <= $old) ? \"better\" : \"worse\"")
  fi
  local noise=""
  LC_ALL=C awk "BEGIN { exit !($change < 5 && $change > -5) }" && noise=" (within 5%: noise)"
  line "  vs baseline" "$word than the baseline's $old$unit ($change%)$noise"
}

cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
echo "== Cold builds against a peer (issue 25) =="
line "machine" "$(nproc) cores, ${cpu_model:-unknown CPU}, load $(load) (1, 5, 15 min)"
line "novelbind" "$novelbind"
line "timing" "wall clock; median of $runs runs after a warm-up, alternated with the peer"
line "baseline" "$baseline"

# --- 1. sanguo.txt against pandoc ---
if wanted 1; then
  one=$work/sanguo
  mkdir -p "$one"
  cp "$corpus/sanguo.txt" "$one/"
  python3 "$text_tool" markdown "$one/sanguo.txt" "$one/sanguo.md"
  sanguo_novelbind() {
    rm -f "$one/novelbind.epub"
    timed "$novelbind" -q build "$one/sanguo.txt" -o "$one/novelbind.epub" --no-cache
  }
  sanguo_pandoc() {
    rm -f "$one/pandoc.epub"
    timed pandoc -f markdown -t epub3 --metadata title=三国演义 -o "$one/pandoc.epub" "$one/sanguo.md"
  }
  alternate sanguo_novelbind sanguo_pandoc
  speedup=$(calc %.2f "1 / $ratio_median")
  echo
  echo "1. sanguo.txt ($(stat -c %s "$one/sanguo.txt") bytes), cold, against pandoc"
  line "novelbind build --no-cache" "$(calc '%.3f s' "$a_median") (runs $a_spread s), peak $(calc '%.0f MB' "$a_rss / 1024")"
  line "pandoc -f markdown -t epub3" "$(calc '%.3f s' "$b_median") (runs $b_spread s)"
  judge "$speedup >= 12"
  line "pandoc / novelbind" "${speedup}x (median of pairs; target >= 12x)  $verdict"
  line "  the same in CPU time" "$(calc %.2f "1 / $cpu_ratio")x ($(calc '%.3f' "$b_cpu") s / $(calc '%.3f' "$a_cpu") s)"
  machine_line
  compare sanguo_vs_pandoc "$speedup" higher x
  compare sanguo_vs_pandoc_cpu "$(calc %.2f "1 / $cpu_ratio")" higher x
  rm -rf "$one"
fi

# --- The generated book (figures 2 and 3) ---
if wanted 2 || wanted 3; then
  novel=$work/novel
  read -r chapters characters input_bytes < <(python3 "$text_tool" novel "$corpus" "$novel")
  book=$novel/book
  last=$(cd "$book" && ls | LC_ALL=C sort | tail -n 1)
  cp "$book/$last" "$work/last-chapter.txt"
  echo
  echo "The generated book: $chapters chapter files, $characters characters, $input_bytes bytes"
fi

if wanted 2; then
  novel_novelbind() {
    rm -f "$work/novel.epub"
    timed "$novelbind" -q build "$book" -o "$work/novel.epub" --no-cache
  }
  novel_zip() {
    rm -f "$work/novel.zip"
    timed zip -q -r -6 "$work/novel.zip" "$book"
  }
  alternate novel_novelbind novel_zip
  echo
  echo "2. the generated book, cold, against zip -r -6 of its text"
  line "novelbind build --no-cache" "$(calc '%.3f s' "$a_median") (runs $a_spread s), peak $(calc '%.0f MB' "$a_rss / 1024")"
  line "zip -r -6" "$(calc '%.3f s' "$b_median") (runs $b_spread s)"
  judge "$ratio_median <= 1.2"
  line "novelbind / zip" "$(calc %.2f "$ratio_median")x (median of pairs; target <= 1.2x)  $verdict"
  line "  the same in CPU time" "$(calc %.2f "$cpu_ratio")x ($(calc '%.3f' "$a_cpu") s / $(calc '%.3f' "$b_cpu") s)"
  machine_line
  compare novel_vs_zip "$(calc %.3f "$ratio_median")" lower x
  compare novel_vs_zip_cpu "$(calc %.3f "$cpu_ratio")" lower x
  rm -f "$work/novel.epub" "$work/novel.zip"
fi

if wanted 3; then
  cache=$work/cache
  snapshot=$work/cache-snapshot
  marker=此段为作者新近添写
  paragraph="　　众人听罢，面面相觑，半晌无言。${marker}，只待下回分解。"
  # The cache as the full build of the book before the paragraph leaves it.
  cp "$work/last-chapter.txt" "$book/$last"
  "$novelbind" -q build "$book" -o "$work/before.epub" --cache "$snapshot" >/dev/null 2>&1 ||
    die "the build that fills the cache failed"
  append() {
    cp "$work/last-chapter.txt" "$book/$last"
    printf '%s\n' "$paragraph" >>"$book/$last"
  }
  rebuild_appended() {
    rm -rf "$cache" "$work/rebuilt.epub"
    cp -a "$snapshot" "$cache"
    append
    timed "$novelbind" -q build "$book" -o "$work/rebuilt.epub" --cache "$cache"
  }
  full_appended() {
    rm -f "$work/full.epub"
    append
    timed "$novelbind" -q build "$book" -o "$work/full.epub" --no-cache
  }
  alternate rebuild_appended full_appended
  read -r _ found < <(python3 "$text_tool" epub "$work/rebuilt.epub" "$marker")
  [[ $found == yes ]] || die "the rebuild lacks the appended paragraph: it reused the old chapter"
  echo
  echo "3. one paragraph appended to chapter ${last%.txt}: rebuild (--cache) against a cold full build"
  line "rebuild" "$(calc '%.3f s' "$a_median") (runs $a_spread s), peak $(calc '%.0f MB' "$a_rss / 1024")"
  line "full build --no-cache" "$(calc '%.3f s' "$b_median") (runs $b_spread s), peak $(calc '%.0f MB' "$b_rss / 1024")"
  judge "$ratio_median <= 0.06"
  line "rebuild / full build" "$(calc '%.1f%%' "$ratio_median * 100") (median of pairs; target <= 6%)  $verdict"
  line "  the same in CPU time" "$(calc '%.1f%%' "$cpu_ratio * 100") ($(calc '%.3f' "$a_cpu") s / $(calc '%.3f' "$b_cpu") s)"
  judge "$a_rss <= $b_rss"
  line "peak memory, rebuild / full" "$(calc %.2f "$a_rss / $b_rss") (target <= 1)  $verdict"
  machine_line
  compare rebuild_share "$(calc %.4f "$ratio_median")" lower ""
  compare rebuild_share_cpu "$(calc %.4f "$cpu_ratio")" lower ""
  compare rebuild_peak_share "$(calc %.3f "$a_rss / $b_rss")" lower ""
  rm -rf "$cache" "$snapshot"
fi

# --- 4. The ten development books ---
if wanted 4; then
  books=()
  for dir in "$realworld"/*/; do books+=("${dir%/}"); done
  ((${#books[@]} == 10)) || die "expected the ten development books in $realworld, found ${#books[@]}"
  # One run: the ten builds, one after another; $seconds is their sum, $rss_kb the largest peak.
  ten_novelbind() {
    local sum=0 cpu_sum=0 peak=0 b
    for b in "${books[@]}"; do
      rm -f "$work/dev.epub"
      timed "$novelbind" -q build "$b" -o "$work/dev.epub" --no-cache
      sum=$(calc %.4f "$sum + $seconds")
      cpu_sum=$(calc %.4f "$cpu_sum + $cpu")
      ((rss_kb > peak)) && peak=$rss_kb
    done
    seconds=$sum
    cpu=$cpu_sum
    rss_kb=$peak
  }
  ten_zip() {
    rm -f "$work/dev.zip"
    timed zip -q -r -6 "$work/dev.zip" "${books[@]}"
  }
  alternate ten_novelbind ten_zip
  echo
  echo "4. the ten development books of $realworld, each cold, one after another"
  judge "$a_median < 4"
  line "novelbind, sum of the ten" "$(calc '%.3f s' "$a_median") (runs $a_spread s; target < 4 s)  $verdict"
  line "  their CPU time" "$(calc '%.3f s' "$a_cpu") (user + system)"
  line "zip -r -6 of their folders" "$(calc '%.3f s' "$b_median") (runs $b_spread s; ratio $(calc %.1f "$ratio_median")x)"
  machine_line
  compare ten_books_seconds "$(calc %.3f "$a_median")" lower " s"
  compare ten_books_cpu_seconds "$(calc %.3f "$a_cpu")" lower " s"
fi

if [[ -n $write_baseline ]]; then
  {
    echo "# bench/cold_bench.sh figures: name, value, which direction is better"
    echo "# $(date -u +%Y-%m-%d), $(nproc) cores, ${cpu_model:-unknown CPU}, load $(load)"
    printf '%s\n' "${written[@]}"
  } >"$write_baseline"
  echo
  echo "wrote the baseline $write_baseline"
fi

echo
if ((failed)); then
  echo "cold_bench: a target was missed (FAIL above)"
  exit 1
fi
echo "cold_bench: every target met"
