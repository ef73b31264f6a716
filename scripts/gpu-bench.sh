#!/usr/bin/env bash
# Builds core + xqzero against the LibTorch of a Python PyTorch with CUDA (no Qt) and records
# the GPU benchmarks as JSON lines. For a machine with an NVIDIA GPU and PyTorch but none of
# the project's Debian packages: DEPS may name a prefix holding CLI11, nlohmann_json (headers
# and share/cmake configs), sqlite3.h and libsqlite3.so (docs/design.md).
#
#   scripts/gpu-bench.sh OUTDIR [DEPS]
# STEPS (default "nn train mcts selfplay loop") picks the measurements; "loop" runs the quick
# preset's training loop on the GPU for LOOP_MINUTES (default 2.5) into a scratch database.
set -u
out=${1:?usage: scripts/gpu-bench.sh OUTDIR [DEPS]}
deps=${2:-}
mkdir -p "$out"
build=${BUILD_DIR:-/tmp/xq-gpu-build}
log() { echo "== $*"; }

log "machine"
nvidia-smi -L 2>&1 | head -2
g++ --version | head -1
cmake --version | head -1
torch_dir=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')/Torch
python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.is_available())'

args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DXQ_BUILD_GUI=OFF -DXQ_BUILD_TESTS=OFF
      -DTorch_DIR="$torch_dir" -DCMAKE_EXE_LINKER_FLAGS=-Wl,--no-as-needed)
if [ -n "$deps" ]; then
    args+=(-DCLI11_DIR="$deps/share/cmake/CLI11" -Dnlohmann_json_DIR="$deps/share/cmake/nlohmann_json"
           -DSQLite3_INCLUDE_DIR="$deps/include" -DSQLite3_LIBRARY="$deps/lib/libsqlite3.so")
    export LD_LIBRARY_PATH="$deps/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
log "configure"
if ! cmake -S . -B "$build" "${args[@]}" >"$out/cmake.log" 2>&1; then
    tail -40 "$out/cmake.log"
    exit 1
fi
log "build"
start=$(date +%s)
if ! cmake --build "$build" --target xqzero -j "$(nproc)" >"$out/build.log" 2>&1; then
    grep -B2 -A12 -m5 'error' "$out/build.log" | head -80
    exit 1
fi
echo "built in $(($(date +%s) - start)) s"
x="$build/app/xqzero"

run() {  # name, then the bench arguments
    local name=$1
    shift
    log "bench $*"
    timeout 150 "$x" bench "$@" --json | tee -a "$out/$name.jsonl"
}
steps=" ${STEPS:-nn train mcts selfplay loop} "
want() { [[ $steps == *" $1 "* ]]; }
want nn && run nn nn --device cuda --seconds 0.5
want train && run train train --device cuda --seconds 3
want mcts && run mcts mcts --device cuda
# Self-play: the quick preset as on a 2-core CPU (2 threads x 16 games), then more search
# threads and games in flight to fill the GPU's batches; the standard preset; and the CPU
# path of the same machine for the ratio.
if want selfplay; then
    run selfplay selfplay --device cuda --threads 2 --seconds 20
    run selfplay selfplay --device cuda --threads 16 --games-in-flight 32 --seconds 20
    run selfplay selfplay --device cuda --preset standard --threads 16 --games-in-flight 32 --seconds 20
    run selfplay selfplay --device cpu --threads 2 --seconds 20
fi
if want loop; then
    # The whole loop (self-play, training, gating) on the GPU: 16 search threads feed it.
    log "train --preset quick --device cuda"
    rm -f /tmp/xq-gpu.db*
    timeout 600 "$x" train --preset quick --device cuda --threads 16 --games-in-flight 16 \
        --games-per-iteration 256 --db /tmp/xq-gpu.db --run gpu --minutes "${LOOP_MINUTES:-2.5}" \
        >"$out/loop.log" 2>&1
    echo "exit $?"
    tr '\r' '\n' <"$out/loop.log" | grep -v '^\[' | grep -v '^ *$'
    tr '\r' '\n' <"$out/loop.log" | grep '^\[' | tail -1
fi
log "done"
