#!/usr/bin/env bash
# The review page of `novelbind clean --html` for the 3000-chapter bench book (the novel
# bench/ci_bench_text.py makes from the corpus, as ci_bench.sh builds it): its size, the time
# `clean --html` takes, and the time headless Chromium takes to load and draw it (the page's
# own data-ready-ms: from navigation start to the end of its script, best of 3).
# Targets (issue 28): under 10 MB, loaded in under 2 s. Prints PASS/FAIL; exits 1 on a FAIL,
# 2 when it cannot measure.
#
#   bench/review_bench.sh [BUILD_DIR] [-- EXTRA CLEAN OPTIONS]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${1:-$root/build}
shift || true
[ "${1:-}" = "--" ] && shift
extra=("$@")
novelbind=$build/novelbind
[ -x "$novelbind" ] || { echo "review_bench: no $novelbind; build the novelbind target" >&2; exit 2; }
"$root/scripts/ensure-tools" chromium=chromium python3=python3 || exit 2
corpus=""
for c in "$root/../shared/corpus" /work/shared/corpus; do
  [ -f "$c/sanguo.txt" ] && corpus=$c && break
done
[ -n "$corpus" ] || { echo "review_bench: no shared/corpus beside the checkout nor in /work" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/ci_bench_text.py" novel "$corpus" "$work" >/dev/null || exit 2
start=$EPOCHREALTIME
"$novelbind" clean "$work/book" --html "$work/review.html" "${extra[@]}" 2>"$work/clean.log" || {
  cat "$work/clean.log" >&2
  exit 2
}
clean_s=$(echo "$EPOCHREALTIME - $start" | bc)
grep "wrote" "$work/clean.log"
bytes=$(stat -c %s "$work/review.html")

best=""
for run in 1 2 3; do
  dom=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile$run" --dump-dom "file://$work/review.html" 2>/dev/null)
  ms=$(grep -o 'data-ready-ms="[0-9]*"' <<<"$dom" | grep -o '[0-9]*')
  [ -n "$ms" ] || { echo "review_bench: the page did not finish drawing in Chromium" >&2; exit 2; }
  rows=$(grep -o '<tr class="group' <<<"$dom" | wc -l)
  [ -z "$best" ] || [ "$ms" -lt "$best" ] && best=$ms
done

mb=$(echo "scale=2; $bytes / 1048576" | bc)
printf 'review page: %s MB (%d bytes), %d group row(s); clean --html %.2f s; loaded and drawn in Chromium in %d ms (best of 3)\n' \
  "$mb" "$bytes" "$rows" "$clean_s" "$best"
status=0
if [ "$bytes" -lt $((10 * 1048576)) ]; then echo "PASS size under 10 MB"; else echo "FAIL size under 10 MB"; status=1; fi
if [ "$best" -lt 2000 ]; then echo "PASS loaded under 2 s"; else echo "FAIL loaded under 2 s"; status=1; fi
exit $status
