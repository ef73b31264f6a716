#pragma once
// Which BLAS the network's CPU kernels call. Debian's LibTorch links libblas.so.3, a name that
// update-alternatives resolves: to the netlib reference BLAS (package libblas3) on a system
// with nothing better, to OpenBLAS once libopenblas0-serial (or -pthread, -openmp) is
// installed. The reference sgemm is plain loops, not tuned kernels; LibTorch sends the nets'
// dense layers (value head, policy head, their gradients) through it, so it costs CPU
// inference and training a measured share of their time (docs/experiments/2026-12-05-openblas.md).
// Debian's single-threaded OpenBLAS (libopenblas0-serial, 0.3.21 in bookworm) is built
// without locking: two threads in sgemm at once share its packing buffers, and about one call
// in ten then returns wrong numbers (off by tens, not by rounding). Self-play, matches and
// training call the network from several threads, so with that build every forward pass takes
// a process-wide lock (BlasCallGuard); the pthreads and OpenMP builds lock inside themselves.
// The scripts install the pthreads OpenBLAS; the CLI names the BLAS in bench output and warns
// when it is the reference one (slow) or the serial one (serialised), so that a figure from a
// machine without it is not mistaken for ours, and the studio's Train page shows the same
// warning (docs/experiments/2026-12-05-openblas.md).
//
// Thread-safety: all functions may be called from any thread; loadedBlas() reads
// /proc/self/maps, blasAllowsConcurrentCalls() caches it once, the others are pure.

#include <mutex>
#include <string>
#include <string_view>

namespace xq::nn {

enum class BlasKind {
    None,            // no BLAS library mapped (a build without LibTorch), or no /proc to read
    Reference,       // netlib's reference BLAS (Debian: .../blas/libblas.so.3)
    OpenBlas,        // a build that several threads may call at once (pthreads, OpenMP)
    OpenBlasSerial,  // a single-threaded build: no two calls at once (see above)
    Blis,
    Other,  // a libblas.so* of another origin (ATLAS, MKL, a vendor's)
};

struct BlasLibrary {
    BlasKind kind = BlasKind::None;
    std::string path;  // the mapped file, symlinks resolved as the kernel lists it
};

// The kind a BLAS library's path names: by the directory Debian's alternatives install it in
// (".../blas/libblas.so*" is the reference one, ".../openblas-serial/..." the serial OpenBLAS)
// or by the library's own name.
BlasKind classifyBlasPath(std::string_view path);

// The BLAS that a process's dynamic linker binds sgemm_ to, read from the text of its
// /proc/PID/maps: the first mapped libblas.so* (LibTorch's DT_NEEDED name, searched before any
// other), else the first libopenblas / libblis / libmkl_rt mapping; None when there is neither.
BlasLibrary blasFromMaps(std::string_view maps);

// blasFromMaps() of this process, its OpenBLAS kind then taken from the library itself
// (openblas_get_parallel(): 0 for a single-threaded build), which holds also where
// libblas.so.3 and libopenblas.so.0 resolve to different builds.
BlasLibrary loadedBlas();

// "none", "reference", "openblas", "openblas-serial", "blis", "other": the value of the bench
// JSON's "blas".
const char* blasKindName(BlasKind kind);

// One line for a user when `blas` is the reference BLAS (slow) or the serial OpenBLAS (calls
// taken one at a time): what it costs, what to install; empty otherwise.
std::string blasWarning(const BlasLibrary& blas);

// Asks a threaded OpenBLAS (openblas_set_num_threads) to run every call on the calling thread,
// once per process; nothing for another BLAS. The threads that call the net are ours (one
// inference worker a core, the trainer); a pool of OpenBLAS's own beside them woke for the
// trainer's larger products and then spun against them on two cores, where one thread a call
// trained as fast (docs/experiments/2026-12-05-openblas.md). Net's constructor calls it.
void useCallingThreadForBlas();

// False where this process's BLAS must not be called by two threads at once (the serial
// OpenBLAS). Computed once.
bool blasAllowsConcurrentCalls();

// Holds a process-wide lock for its lifetime where blasAllowsConcurrentCalls() is false, and
// nothing otherwise. Every CPU forward or backward pass of a net holds one; a collective
// (TrainingGroup) must never run under it, since ranks in one process would wait on each
// other's lock. Re-entrant on one thread.
class BlasCallGuard {
  public:
    explicit BlasCallGuard(bool onCpu = true);
    BlasCallGuard(const BlasCallGuard&) = delete;
    BlasCallGuard& operator=(const BlasCallGuard&) = delete;

  private:
    std::unique_lock<std::recursive_mutex> lock_;
};

}  // namespace xq::nn
