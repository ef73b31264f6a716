#!/usr/bin/env bash
# Soak test of issue 18: a quick-preset training run of MINUTES (default 60) with the process's
# resident set size sampled every 10 s. Writes OUT/rss.csv (seconds,rss_kib) and OUT/train.log
# and prints the growth after warm-up (from the tenth minute on).
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
import csv, sys
rows = [(int(r["seconds"]), int(r["rss_kib"])) for r in csv.DictReader(open(sys.argv[1]))]
warm = [r for r in rows if r[0] >= 600]
if len(warm) < 2:
    print("too short for a warm-up figure"); sys.exit(0)
base, last, peak = warm[0][1], warm[-1][1], max(r[1] for r in warm)
print(f"RSS at 10 min {base/1024:.0f} MiB, at end {last/1024:.0f} MiB, peak {peak/1024:.0f} MiB, "
      f"growth after warm-up {100*(last-base)/base:+.1f}%")
for m in range(0, rows[-1][0] // 60 + 1, 5):
    near = min(rows, key=lambda r: abs(r[0] - 60*m))
    print(f"  {m:3d} min  {near[1]/1024:7.0f} MiB")
PY
# The pipeline's own breakdown at each checkpoint (heap in use vs free in arenas vs mapped
# blocks): live data that grows, or fragmentation.
echo "memory at each checkpoint (first, middle, last):"
grep -o 'memory: .*' "$out/train.log" | sed -n '1p;$p' || true
n=$(grep -c 'memory: ' "$out/train.log" || true)
[ "${n:-0}" -gt 2 ] && grep -o 'memory: .*' "$out/train.log" | sed -n "$(( (n + 1) / 2 ))p"
true
