#!/usr/bin/env bash
# The README's run command: installs what is missing, builds, and starts the studio.
# Without a display (DISPLAY and WAYLAND_DISPLAY unset) it runs a short headless training
# session with xqzero instead, and says where the results are.
# XQ_DEMO_MINUTES sets the length of that session (default 3).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/common.sh
xq_install_packages
xq_build -DXQ_BUILD_TESTS=OFF
BIN="${XQ_BUILD_DIR:-build}/app"

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$BIN/xqstudio" "$@"
fi

echo "== No display found (DISPLAY and WAYLAND_DISPLAY are unset): running a short headless"
echo "   demonstration with xqzero instead of the studio window."
if "$BIN/xqzero" help train >/dev/null 2>&1; then
  out="$(mktemp -d -t xqzero-demo-XXXXXX)"
  minutes="${XQ_DEMO_MINUTES:-3}"
  echo "== Training the quick preset for $minutes minutes into $out/xqzero.db"
  # Small iterations so that a few minutes show every stage: self-play, training, gating.
  "$BIN/xqzero" train --preset quick --db "$out/xqzero.db" --run demo --minutes "$minutes" \
    --model-dir "$out/models" --games-per-iteration 4 --games-in-flight 2 --simulations 40 --min-buffer 200 \
    --steps-per-iteration 20 --eval-games 2 --eval-simulations 40
  echo "== Results: database $out/xqzero.db, models in $out/models"
  echo "   Inspect with: $BIN/xqzero db info --db $out/xqzero.db"
else
  echo "== (training is not built yet) rules engine demonstration:"
  "$BIN/xqzero" perft 4
  "$BIN/xqzero" moves | head -5
fi
