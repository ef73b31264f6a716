# Shared by run.sh and test.sh: install missing Debian packages, configure and build.
# Sourced, not run. Honours XQ_BUILD_DIR (default: build) and XQ_JOBS (default: all cores).

XQ_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-tools-dev qt6-l10n-tools qt6-svg-dev libqt6sql6-sqlite libqt6svg6 libgl-dev
  libqcustomplot-dev libtorch-dev libsqlite3-dev libcli11-dev nlohmann-json3-dev
  fairy-stockfish fonts-wqy-microhei
  qt6-translations-l10n  # Qt's own strings (standard buttons, file dialogs) in Chinese
  clang libclang-rt-14-dev  # the libFuzzer targets of tests/fuzz (clang's fuzzer runtime)
  dpkg-dev help2man  # the .deb: dpkg-shlibdeps computes Depends; help2man makes the man pages
  lintian desktop-file-utils appstream  # tests/package checks the .deb, desktop entry and metainfo
  postgresql-15 libpq-dev  # the PostgreSQL store backend and the throwaway cluster of its tests
  libgloo-dev  # gloo headers for c10d's ProcessGroupGloo: data-parallel training (XQ_WITH_GLOO)
  # OpenBLAS as LibTorch's libblas.so.3 (an alternative that otherwise resolves to the reference
  # BLAS): its sgemm makes CPU inference and training faster. The pthreads build, since the
  # serial one is not safe for the several threads that call the net (core/nn/blas_info.h).
  libopenblas0-pthread
)

xq_install_packages() {
  local missing=()
  for p in "${XQ_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== Installing missing packages: ${missing[*]}"
  local SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then SUDO="sudo"; else
      echo "error: need root or sudo to install: ${missing[*]}" >&2; return 1; fi
  fi
  $SUDO apt-get update -qq || return 1
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" || return 1
}

xq_build() {
  # usage: xq_build [extra cmake args...]
  local dir="${XQ_BUILD_DIR:-build}"
  local gen=()
  command -v ninja >/dev/null && gen=(-G Ninja)
  if [ ! -f "$dir/CMakeCache.txt" ]; then
    cmake -S . -B "$dir" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release "$@" || return 1
  else
    cmake -S . -B "$dir" "$@" >/dev/null || return 1
  fi
  cmake --build "$dir" -j "${XQ_JOBS:-$(nproc)}" || return 1
}
