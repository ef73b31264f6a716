#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/clang) with clang and runs them from the seed
# corpora in tests/fuzz/corpus, one after another. Exits non-zero when clang or libFuzzer is
# missing, the build fails, or any target finds a crash, a sanitizer report, a failed
# property (FUZZ_CHECK), a timeout or a memory blow-up.
#
#   run_fuzzers.sh [--build-dir DIR] [--time SECONDS | --runs N] [TARGET...] [-- LIBFUZZER-ARGS]
#
# Defaults: --build-dir build/fuzz, --time 10, every target (fen notation pgn uci model_file
# visit_blob). Found inputs go to DIR/corpus/<target> (the seed folders are only read); a
# failing input is saved as DIR/artifacts/<target>-crash-<sha1> and reproduces with
# DIR/fuzz_<target> FILE. CXX_FUZZ names the compiler (default clang++-14, else clang++).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$root/build/fuzz"
limit=(-max_total_time=10)
targets=()
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build="$2"; shift 2 ;;
    --time) limit=(-max_total_time="$2"); shift 2 ;;
    --runs) limit=(-runs="$2"); shift 2 ;;
    --help|-h) sed -n '2,14p' "$0"; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -eq 0 ] && targets=(fen notation pgn uci model_file visit_blob)

cxx="${CXX_FUZZ:-}"
if [ -z "$cxx" ]; then
  for c in clang++-14 clang++; do command -v "$c" >/dev/null && { cxx="$c"; break; }; done
fi
if [ -z "$cxx" ] || ! command -v "$cxx" >/dev/null; then
  echo "error: the fuzz targets need clang++ (libFuzzer) and none was found;" \
       "install the Debian packages clang and libclang-rt-14-dev (./test.sh does)" >&2
  exit 1
fi
# libFuzzer's runtime lives in libclang-rt-<version>-dev: check before a long build.
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' \
  >"$probe/p.cpp"
if ! "$cxx" -fsanitize=fuzzer,address,undefined "$probe/p.cpp" -o "$probe/p" 2>"$probe/err"; then
  echo "error: $cxx cannot link a libFuzzer target (is libclang-rt-14-dev installed?):" >&2
  head -5 "$probe/err" >&2
  exit 1
fi

gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$here/clang" -B "$build" "${gen[@]}" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null || exit 1
fi
echo "== building the fuzz targets in $build"
build_targets=()
for t in "${targets[@]}"; do build_targets+=("fuzz_$t"); done
if ! cmake --build "$build" -j "${XQ_FUZZ_JOBS:-2}" --target "${build_targets[@]}" >"$build/build.log" 2>&1; then
  tail -40 "$build/build.log" >&2
  echo "error: the fuzz build failed (log: $build/build.log)" >&2
  exit 1
fi

failed=()
mkdir -p "$build/artifacts"
for t in "${targets[@]}"; do
  exe="$build/fuzz_$t"
  [ -x "$exe" ] || { echo "error: no fuzz target '$t'" >&2; failed+=("$t"); continue; }
  mkdir -p "$build/corpus/$t"
  dict=()
  [ -f "$here/dict/$t.dict" ] && dict=(-dict="$here/dict/$t.dict")
  log="$build/fuzz_$t.log"
  "$exe" "$build/corpus/$t" "$here/corpus/$t" "${dict[@]}" "${limit[@]}" -timeout=10 \
    -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" \
    "${extra[@]}" >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ $rc -eq 0 ]; then
    echo "fuzz_$t: ok, ${runs:-?} inputs, ${rate:-?} exec/s"
  else
    echo "fuzz_$t: FAILED (exit $rc) after ${runs:-?} inputs; log $log:"
    grep -E -A25 'FUZZ_CHECK failed|ERROR: (AddressSanitizer|libFuzzer)|runtime error|==ERROR|Test unit written' "$log" | head -60
    failed+=("$t")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz targets with findings: ${failed[*]}" >&2
  exit 1
fi
