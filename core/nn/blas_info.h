#pragma once
// Which BLAS the network's CPU kernels call. Debian's LibTorch links libblas.so.3, a name that
// update-alternatives resolves: to the netlib reference BLAS (package libblas3) on a system
// with nothing better, to OpenBLAS once libopenblas0-serial (or -pthread, -openmp) is
// installed. The reference sgemm is plain loops, not tuned kernels; LibTorch sends the nets'
// dense layers (value head, policy head, their gradients) through it, so it costs CPU
// inference and training a measured share of their time (docs/experiments/2026-12-05-openblas.md).
// The scripts install OpenBLAS; the CLI names the BLAS in bench output and warns when it is
// the reference one, so that a figure from a machine without it is not mistaken for ours, and
// the studio's Train page shows the same warning.
//
// Thread-safety: all functions may be called from any thread; loadedBlas() reads
// /proc/self/maps, the others are pure.

#include <string>
#include <string_view>

namespace xq::nn {

enum class BlasKind {
    None,       // no BLAS library mapped (a build without LibTorch), or no /proc to read
    Reference,  // netlib's reference BLAS (Debian: .../blas/libblas.so.3)
    OpenBlas,
    Blis,
    Other,  // a libblas.so* of another origin (ATLAS, MKL, a vendor's)
};

struct BlasLibrary {
    BlasKind kind = BlasKind::None;
    std::string path;  // the mapped file, symlinks resolved as the kernel lists it
};

// The kind a BLAS library's path names: by the directory Debian's alternatives install it in
// (".../blas/libblas.so*" is the reference one) or by the library's own name.
BlasKind classifyBlasPath(std::string_view path);

// The BLAS that a process's dynamic linker binds sgemm_ to, read from the text of its
// /proc/PID/maps: the first mapped libblas.so* (LibTorch's DT_NEEDED name, searched before any
// other), else the first libopenblas / libblis / libmkl_rt mapping; None when there is neither.
BlasLibrary blasFromMaps(std::string_view maps);

// blasFromMaps() of this process.
BlasLibrary loadedBlas();

// "none", "reference", "openblas", "blis", "other": the value of the bench JSON's "blas".
const char* blasKindName(BlasKind kind);

// One line for a user when `blas` is the reference BLAS (what it costs, what to install);
// empty otherwise.
std::string referenceBlasWarning(const BlasLibrary& blas);

}  // namespace xq::nn
