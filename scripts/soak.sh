#!/usr/bin/env bash
# Soak test of issue 18: a quick-preset training run of MINUTES (default 60) with the process's
# resident set size sampled every 10 s. Writes OUT/rss.csv (seconds,rss_kib) and OUT/train.log
# and prints the growth after warm-up (the first ten minutes after the tenth against the last ten).
# usage: scripts/soak.sh OUT [MINUTES] [XQZERO]
set -euo pipefail
out="${1:?usage: scripts/soak.sh OUT [MINUTES] [XQZERO]}"
minutes="${2:-60}"
xqzero="${3:-build/app/xqzero}"
mkdir -p "$out"
"$xqzero" train --preset quick --minutes "$minutes" --db "$out/xq.db" --run soak \
  >"$out/train.log" 2>&1 &
pid=$!
echo "seconds,rss_kib" >"$out/rss.csv"
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [ -n "$rss" ] && echo "$(( $(date +%s) - start )),$rss" >>"$out/rss.csv"
  sleep 10
done
wait "$pid" || true
python3 - "$out/rss.csv" <<'PY'
import csv, statistics, sys
rows = [(int(r["seconds"]), int(r["rss_kib"]) / 1024) for r in csv.DictReader(open(sys.argv[1]))]
# One sample swings by half with the phase it falls in (self-play, a training phase's
# batches, the background ladder), so growth compares 10-minute windows, not two samples:
# their median (the level between phases) and their maximum (the phases' peak).
end = rows[-1][0] // 60
if end < 30:
    print("too short for a warm-up figure (30 minutes at least)"); sys.exit(0)
def window(a, b): return [v for s, v in rows if a * 60 <= s < b * 60]
first, last = window(10, 20), window(end - 10, end)
def pct(x, y): return f"{100 * (y / x - 1):+.1f}%"
print(f"RSS median {statistics.median(first):.0f} MiB at 10-20 min, {statistics.median(last):.0f} MiB at "
      f"{end - 10}-{end} min ({pct(statistics.median(first), statistics.median(last))}); peak "
      f"{max(first):.0f} -> {max(last):.0f} MiB ({pct(max(first), max(last))})")
print("  minutes   min  median  max (MiB)")
for m in range(0, end + 1, 5):
    w = window(m, m + 5)
    if w:
        print(f"  {m:3d}-{m + 5:<3d} {min(w):5.0f} {statistics.median(w):7.0f} {max(w):5.0f}")
PY
# The pipeline's own breakdown at each checkpoint (heap in use vs free in arenas vs mapped
# blocks): live data that grows, or fragmentation.
echo "memory at each checkpoint (first, middle, last):"
grep -o 'memory: .*' "$out/train.log" | sed -n '1p;$p' || true
n=$(grep -c 'memory: ' "$out/train.log" || true)
[ "${n:-0}" -gt 2 ] && grep -o 'memory: .*' "$out/train.log" | sed -n "$(( (n + 1) / 2 ))p"
true
