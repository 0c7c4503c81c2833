#!/usr/bin/env bash
# Two novelbind binaries' rebuilds compared pair by pair: the bench book of cold_bench.sh
# (ci_bench_text.py novel, 3000 files, 10,000,000 characters), built once by each binary into a
# cache of its own, then, RUNS times in turn (A B A B ...), rebuilt by each after a paragraph
# is appended to the last chapter, from a copy of its cache as its build before left it.
# Prints each binary's wall and CPU seconds per run, their medians, the median of the pairs'
# ratios (A/B) and each one's median peak memory. For a change to the rebuild, where
# cold_bench.sh's figure 3 gives one binary's share of its own full build.
#
#   bench/ab_rebuild.sh OLD_BINARY NEW_BINARY [RUNS]     (RUNS: default 9, at least 5)
#
# Needs python3, GNU time (/usr/bin/time) and the corpus (shared/corpus beside the checkout,
# else /work/shared/corpus). Works in a temporary folder.
set -euo pipefail
[[ $# -ge 2 ]] || { echo "usage: bench/ab_rebuild.sh OLD_BINARY NEW_BINARY [RUNS]" >&2; exit 2; }
a=$(realpath "$1"); b=$(realpath "$2"); runs=${3:-9}
((runs >= 5)) || { echo "ab_rebuild: RUNS must be 5 or more" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
corpus=$here/../../shared/corpus; [[ -e $corpus/sanguo.txt ]] || corpus=/work/shared/corpus
[[ -e $corpus/sanguo.txt ]] || { echo "ab_rebuild: shared/corpus not found" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/novelbind-ab-rebuild.XXXXXX"); trap 'rm -rf "$work"' EXIT

python3 "$here/ci_bench_text.py" novel "$corpus" "$work/novel" >/dev/null
# As in cold_bench.sh, whose rebuild comes minutes after the book was written: the builds that
# fill the caches hash the files more than 2 s after they were written, so that the rebuild
# trusts their stamps (a file hashed sooner after it was written is read again: racy stamps).
sleep 2.5
book=$work/novel/book
last=$(cd "$book" && ls | LC_ALL=C sort | tail -n 1)
cp "$book/$last" "$work/last.txt"
for side in A B; do
  bin=$a; [[ $side == B ]] && bin=$b
  "$bin" -q build "$book" -o "$work/before.epub" --cache "$work/snapshot$side" >/dev/null 2>&1
done
printf '\n　　众人听罢，面面相觑，半晌无言。只待下回分解。\n' >>"$book/$last"

declare -A walls cpus peaks
ratios=()
for ((i = 0; i < runs; i++)); do
  for side in A B; do
    bin=$a; [[ $side == B ]] && bin=$b
    rm -rf "$work/cache" "$work/rebuilt.epub"
    cp -a "$work/snapshot$side" "$work/cache"
    sync
    start=${EPOCHREALTIME/,/.}
    /usr/bin/time -f '%M %U %S' -o "$work/time" "$bin" -q build "$book" -o "$work/rebuilt.epub" \
      --cache "$work/cache" >/dev/null 2>&1
    end=${EPOCHREALTIME/,/.}
    read -r rss user system <"$work/time"
    wall=$(awk "BEGIN { printf \"%.4f\", $end - $start }")
    walls[$side]+="$wall "
    cpus[$side]+="$(awk "BEGIN { printf \"%.3f\", $user + $system }") "
    peaks[$side]+="$rss "
    [[ $side == A ]] && a_wall=$wall
  done
  ratios+=("$(awk "BEGIN { printf \"%.4f\", $a_wall / $wall }")")
done
median() { printf '%s\n' "$@" | LC_ALL=C sort -g | awk '{ v[NR] = $1 } END {
  if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for side in A B; do
  # shellcheck disable=SC2086
  printf '%s wall %s| cpu %s| median wall %s s, cpu %s s, peak %s MB\n' "$side" "${walls[$side]}" \
    "${cpus[$side]}" "$(median ${walls[$side]})" "$(median ${cpus[$side]})" \
    "$(($(median ${peaks[$side]}) / 1024))"
done
echo "A = $a"
echo "B = $b"
echo "A/B wall, median of $runs pairs: $(median "${ratios[@]}")"
