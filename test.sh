#!/usr/bin/env bash
# The README's test command: installs what is missing, builds (Release, tests on) and runs every
# test through CTest. Exits non-zero on any failure. Extra arguments go to ctest (e.g. -L slow).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/common.sh
xq_install_packages
xq_build -DXQ_BUILD_TESTS=ON
ctest --test-dir "${XQ_BUILD_DIR:-build}" --output-on-failure -j "${XQ_TEST_JOBS:-2}" "$@"
