#!/usr/bin/env bash
# The CI benchmark of issue 6, in one run:
#   1. a generated 3000-chapter, 10-million-character novel built with `--cache DIR`: the full
#      build (empty cache: cold), the rebuild after a chapter is appended, after a chapter is edited
#      and with nothing changed; each rebuild as a share of the full build (targets: one
#      changed chapter <= 10%, nothing changed <= 5%); the full build's peak memory (target
#      < 4x the input size);
#   2. the corpus novel sanguo.txt built cold (--no-cache, a fresh output) by novelbind
#      (cleaning and conversion on) and pandoc (Markdown with `# ` headings), the two in turn,
#      and by calibre's ebook-convert (txt input); target: novelbind at least 5x faster than
#      pandoc;
#   3. a 50 MB file on one line (the corpus novels without their line breaks); target: peak
#      memory at most 4x the input size (issue 16: it took 1.1 GB and 17 s).
# Every figure is the median of its runs, never the best (bench/cold_bench.sh has issue 25's
# figures, each against a peer run in turn with novelbind).
# Prints PASS/FAIL beside each target and exits 1 when one fails (2 when it cannot measure).
#
#   bench/ci_bench.sh [BUILD_DIR]        (default: build; run from the checkout)
#
# Environment: NOVELBIND_BENCH_RUNS=N   median of N runs where the text says so (default 5)
#              NOVELBIND_BENCH_NO_CACHE=1  leave out --cache (for a novelbind without it;
#                                       the rebuilds are then full builds and FAIL)
#              NOVELBIND_BENCH_KEEP=1   keep the temporary folder and say where it is
# Needs python3, GNU time (/usr/bin/time), pandoc and calibre (scripts/bootstrap with
# NOVELBIND_PEERS=1 installs them), and the corpus: shared/corpus beside the checkout, else
# /work/shared/corpus.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
text_tool=$here/ci_bench_text.py
build_dir=${1:-build}
novelbind=$(cd "$build_dir" 2>/dev/null && pwd)/novelbind || true
runs=${NOVELBIND_BENCH_RUNS:-5}
use_cache=1
[[ ${NOVELBIND_BENCH_NO_CACHE:-0} == 1 ]] && use_cache=0
failed=0

die() {
  echo "ci_bench: $*" >&2
  exit 2
}

# --- What the benchmark needs; missing pieces are an error, never a silent skip. ---
[[ -x $novelbind ]] || die "no novelbind binary in '$build_dir'; build it first:" \
  "cmake --build $build_dir --target novelbind (or pass the build folder)"
corpus=
for dir in "$here/../../shared/corpus" /work/shared/corpus; do
  if [[ -f $dir/sanguo.txt && -f $dir/hongloumeng.txt ]]; then
    corpus=$(cd "$dir" && pwd)
    break
  fi
done
[[ -n $corpus ]] || die "corpus novels not found in $here/../../shared/corpus nor" \
  "/work/shared/corpus; put shared/ (with corpus/sanguo.txt and hongloumeng.txt) beside the checkout"
command -v python3 >/dev/null || die "python3 is missing"
/usr/bin/time -f %M true >/dev/null 2>&1 ||
  die "GNU time (/usr/bin/time) is missing; install it: NOVELBIND_PEERS=1 scripts/bootstrap"
command -v pandoc >/dev/null ||
  die "pandoc is missing; install it: NOVELBIND_PEERS=1 scripts/bootstrap"
command -v ebook-convert >/dev/null ||
  die "calibre's ebook-convert is missing; install it: NOVELBIND_PEERS=1 scripts/bootstrap"
# (The help is read whole first: `grep -q` would stop reading and, with pipefail, fail.)
if ((use_cache)) && [[ $("$novelbind" build --help 2>&1) != *--cache* ]]; then
  die "$novelbind has no --cache option; set NOVELBIND_BENCH_NO_CACHE=1 to measure" \
    "without it (the rebuild targets will then fail)"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/novelbind-ci-bench.XXXXXX")
if [[ ${NOVELBIND_BENCH_KEEP:-0} == 1 ]]; then
  trap 'echo "kept $work"' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi

# --- Helpers ---
# The shell's own clock (bash 5): starting a `date` process at each end of a timed command
# would add its start-up to every figure.
now() { printf '%s\n' "${EPOCHREALTIME/,/.}"; }
calc() { LC_ALL=C awk "BEGIN { printf \"$1\", $2 }"; }
line() { printf '%-44s %s\n' "$1:" "$2"; }
commas() { LC_ALL=C sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|[^0-9]\)/\1,\2\3/' -e 'ta' <<<"$1"; }
# Sets $verdict to PASS or FAIL for the awk condition $1; a FAIL makes the script exit 1 at
# the end. (Not called in $(...): the subshell would lose $failed.)
judge() {
  if LC_ALL=C awk "BEGIN { exit !($1) }"; then
    verdict=PASS
  else
    verdict=FAIL
    failed=1
  fi
}

# Runs one command with its output in $work/log and sets $seconds (wall clock) and
# $rss_kb (peak resident memory, from GNU time). A failing command stops the benchmark.
timed() {
  local start end
  # What the steps before wrote (a cache copied back, the last build's cache) goes to disk
  # first: the kernel writing it back meanwhile would be counted against this command.
  sync
  start=${EPOCHREALTIME/,/.}
  if ! /usr/bin/time -f %M -o "$work/rss" "$@" >"$work/log" 2>&1; then
    echo "ci_bench: this command failed: $*" >&2
    tail -n 30 "$work/log" >&2
    exit 2
  fi
  end=${EPOCHREALTIME/,/.}
  seconds=$(calc %.3f "$end - $start")
  rss_kb=$(tail -n 1 "$work/rss")
}

# The median of the values in "$@".
median() { printf '%s\n' "$@" | LC_ALL=C sort -g | awk '{ v[NR] = $1 } END {
  if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

novel=$work/novel
cache=$work/cache
snapshot=$work/cache-snapshot
epub=$work/novel.epub
build_novel() {
  local args=(-q build "$novel/book" -o "$epub")
  ((use_cache)) && args+=(--cache "$cache")
  timed "$novelbind" "${args[@]}"
}
# The cache as it was before this step, so that every run of a rebuild does the same work.
save_cache() {
  rm -rf "$snapshot"
  if [[ -d $cache ]]; then cp -a "$cache" "$snapshot"; fi
}
restore_cache() {
  rm -rf "$cache"
  if [[ -d $snapshot ]]; then cp -a "$snapshot" "$cache"; fi
}
# Median of $runs rebuilds, each from the cache saved before the step; sets $rebuild_seconds.
rebuild() {
  local times=()
  save_cache
  for ((i = 0; i < runs; i++)); do
    restore_cache
    build_novel
    times+=("$seconds")
  done
  rebuild_seconds=$(median "${times[@]}")
}
epub_check() { python3 "$text_tool" epub "$epub" "$(cat "$novel/extra/edit_marker.txt")"; }

# --- 1. The generated novel, incrementally ---
read -r chapters characters input_bytes < <(python3 "$text_tool" novel "$corpus" "$novel")
next_chapter=$(cd "$novel/extra" && ls [0-9]*.txt)
edited_chapter=$(cat "$novel/extra/edited.name")

echo "== 1. Incremental builds of a generated novel =="
line "input" "$(commas "$chapters") chapter files, $(commas "$characters") characters, $(calc '%.1f MB' "$input_bytes / 1e6") (UTF-8)"
line "novelbind" "$novelbind"
if ((use_cache)); then
  line "cache" "--cache $cache (emptied before each full build)"
else
  line "cache" "NONE (NOVELBIND_BENCH_NO_CACHE=1: every rebuild is a full build)"
fi
line "timing" "wall clock, median of $runs runs each; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

full_times=() peak_kb=0
for ((i = 0; i < runs; i++)); do
  rm -rf "$cache" "$epub"
  build_novel
  full_times+=("$seconds")
  if ((rss_kb > peak_kb)); then peak_kb=$rss_kb; fi
done
full=$(median "${full_times[@]}")
read -r documents marker < <(epub_check)
line "full build (empty cache)" "$(calc '%7.3f s' "$full")"

report_rebuild() {  # name, target ratio
  local ratio
  ratio=$(calc %.4f "$rebuild_seconds / $full")
  judge "$ratio <= $2"
  line "$1" "$(calc '%7.3f s' "$rebuild_seconds")  $(calc '%5.1f%%' "$ratio * 100") of full build (target <= $(calc %.0f "$2 * 100")%)  $verdict"
}

cp "$novel/extra/$next_chapter" "$novel/book/"
rebuild
read -r count _ < <(epub_check)
((count == documents + 1)) || die "after appending $next_chapter the EPUB has $count" \
  "documents instead of $((documents + 1)): the rebuild missed the new chapter"
report_rebuild "rebuild, chapter ${next_chapter%.txt} appended" 0.10

cp "$novel/extra/edited.txt" "$novel/book/$edited_chapter"
rebuild
read -r _ marker < <(epub_check)
[[ $marker == yes ]] || die "after editing $edited_chapter the EPUB lacks the edited" \
  "paragraph: the rebuild reused the old chapter"
report_rebuild "rebuild, chapter ${edited_chapter%.txt} edited" 0.10

rebuild
read -r count marker < <(epub_check)
[[ $count == $((documents + 1)) && $marker == yes ]] ||
  die "the rebuild with nothing changed lost a chapter or the edit"
report_rebuild "rebuild, nothing changed" 0.05

memory_ratio=$(calc %.4f "$peak_kb * 1024 / $input_bytes")
judge "$memory_ratio < 4"
line "peak memory of the full build (max RSS)" "$(calc '%7.1f MB' "$peak_kb / 1024")  $(calc '%.2f' "$memory_ratio")x input (target < 4x)  $verdict"
rm -rf "$novel" "$cache" "$snapshot" "$epub"

# --- 2. sanguo.txt: novelbind, pandoc, calibre ---
echo
echo "== 2. sanguo.txt with novelbind, pandoc and calibre =="
one=$work/sanguo
mkdir -p "$one"
cp "$corpus/sanguo.txt" "$one/"
read -r sanguo_chars sanguo_bytes < <(python3 -c 'import sys; d = open(sys.argv[1], "rb").read()
print(len(d.decode("utf-8")), len(d))' "$one/sanguo.txt")
line "input" "one .txt, $(commas "$sanguo_chars") characters, $(calc '%.2f MB' "$sanguo_bytes / 1e6") (UTF-8)"

start=$(now)
python3 "$text_tool" markdown "$one/sanguo.txt" "$one/sanguo.md"
markdown_seconds=$(calc %.3f "$(now) - $start")
# novelbind and pandoc in turn, so that a change of the machine's speed meets both.
times=() pandoc_times=()
for ((i = 0; i < runs; i++)); do
  rm -f "$one/novelbind.epub" "$one/pandoc.epub"
  timed "$novelbind" -q build "$one/sanguo.txt" -o "$one/novelbind.epub" --no-cache
  times+=("$seconds")
  timed pandoc -f markdown -t epub3 --metadata title=三国演义 -o "$one/pandoc.epub" "$one/sanguo.md"
  pandoc_times+=("$seconds")
done
ours=$(median "${times[@]}")
line "novelbind (clean + convert), median of $runs" "$(calc '%7.3f s' "$ours")"
pandoc_seconds=$(median "${pandoc_times[@]}")
ratio=$(calc %.2f "$pandoc_seconds / $ours")
judge "$ratio >= 5"
line "pandoc, median of $runs" "$(calc '%7.3f s' "$pandoc_seconds")  ${ratio}x novelbind (target >= 5x)  $verdict"
line "  its input, text to Markdown (not counted)" "$(calc '%7.3f s' "$markdown_seconds")"

timed ebook-convert "$one/sanguo.txt" "$one/calibre.epub"
line "calibre ebook-convert (txt input), 1 run" "$(calc '%7.3f s' "$seconds")  $(calc %.2f "$seconds / $ours")x novelbind"

rm -rf "$one"

# --- 3. One 50 MB line: a file that lost its line breaks ---
echo
echo "== 3. One 50 MB line (a file that lost its line breaks) =="
oneline=$work/oneline.txt
read -r oneline_chars oneline_bytes < <(python3 "$text_tool" oneline "$corpus" "$oneline")
line "input" "one line, $(commas "$oneline_chars") characters, $(calc '%.1f MB' "$oneline_bytes / 1e6") (UTF-8)"
timed "$novelbind" -q build "$oneline" -o "$work/oneline.epub" --no-cache
memory_ratio=$(calc %.4f "$rss_kb * 1024 / $oneline_bytes")
judge "$memory_ratio <= 4"
line "novelbind, 1 run" "$(calc '%7.3f s' "$seconds")"
line "peak memory (max RSS)" "$(calc '%7.1f MB' "$rss_kb / 1024")  $(calc '%.2f' "$memory_ratio")x input (target <= 4x)  $verdict"
rm -f "$oneline" "$work/oneline.epub"

echo
if ((failed)); then
  echo "ci_bench: a target was missed (FAIL above)"
  exit 1
fi
echo "ci_bench: every target met"
