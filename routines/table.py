"""The routine table: every public BLAS routine of gblas, written once.

gen.py turns this list into the routine section of include/gblas.h, the backend contract's ops
table (src/routines_gen.h), the checked public entry points (src/api/routines_gen.c), each
backend's fill list, the tests' typed dispatch and bad-argument tables, and the bench registry.
Kernels and numeric bodies are never generated.

An entry: the routine's family name, the types it exists for (s d c z), its arguments in BLAS
order (each with its role), its quick-return rule (a C expression over the arguments and the
Lets before it), its flop and byte counts (C expressions; E is the element size), the public
names where they are not <t><name>, and its documentation (behaviour, never tuning).
"""

from dataclasses import dataclass, field
from typing import Optional

TYPES = {
    #     C type                   real type  C++ type (CUDA)         GBLAS_TYPE_*
    "s": ("float",                "float",   "float",                "GBLAS_TYPE_S"),
    "d": ("double",               "double",  "double",               "GBLAS_TYPE_D"),
    "c": ("gblas_complex_float",  "float",   "gblas_complex_float",  "GBLAS_TYPE_C"),
    "z": ("gblas_complex_double", "double",  "gblas_complex_double", "GBLAS_TYPE_Z"),
}


# ---- argument roles --------------------------------------------------------------------------
@dataclass
class Size:
    """int64_t, >= 0."""
    name: str


@dataclass
class Op:
    """gblas_operation_t: N, T or C (C stays distinct from T all the way to the kernels)."""
    name: str


@dataclass
class Uplo:
    """gblas_fill_mode_t: which triangle is stored and referenced, of the matrix named `of`
    (None: the routine's only matrix)."""
    name: str
    of: Optional[str] = None


@dataclass
class Diag:
    """gblas_diag_type_t: unit or non-unit diagonal."""
    name: str


@dataclass
class Side:
    """gblas_side_mode_t: left or right."""
    name: str


@dataclass
class Scalar:
    """A scalar in host or backend memory per the pointer mode. kind: 'T' the element type,
    'R' its real type. out: written by the routine (rotg). need: when it must be valid."""
    name: str
    need: str = "1"
    kind: str = "T"
    out: bool = False


@dataclass
class Vec:
    """A strided vector in backend memory: n elements, increment inc (nonzero)."""
    name: str
    n: str
    inc: str
    need: str = "1"
    out: bool = False


@dataclass
class Mat:
    """A column-major matrix in backend memory: rows x cols elements, leading dimension ld >=
    max(1, ld_rows) (ld_rows is a (label for the message, C expression) pair)."""
    name: str
    rows: str
    cols: str
    ld: str
    ld_rows: tuple
    need: str = "1"
    out: bool = False
    # rows x cols and ld in the bad-argument tests' baseline call (sizes 2): a band matrix's
    # storage has more rows than the matrix
    base_shape: tuple = (2, 2)
    base_ld: int = 2
    # A batch of `count` such matrices (count names a Size): strided, the i-th at the pointer
    # plus i times the int64_t parameter named `stride` (after ld; >= 0, and for an output at
    # least one matrix's extent when count > 1, so that no two outputs overlap); or, with
    # array, an array of count pointers in backend memory, one per matrix.
    count: Optional[str] = None
    stride: Optional[str] = None
    array: bool = False


@dataclass
class Packed:
    """A packed triangle of an n x n matrix in backend memory, n (n + 1) / 2 elements, the
    columns of the referenced triangle one after another (the reference BLAS's AP)."""
    name: str
    n: str
    need: str = "1"
    out: bool = False


@dataclass
class Result:
    """The routine's result, in host or backend memory per the pointer mode: kind 'T', 'R' or
    'I' (an int64_t index)."""
    name: str
    kind: str = "T"


@dataclass
class Array:
    """A small fixed-length array of scalars (rotm's param), in host or backend memory per the
    pointer mode."""
    name: str
    length: int
    out: bool = False


@dataclass
class Let:
    """A named C expression the checks after it (and the quick-return rule) can use."""
    name: str
    expr: str


@dataclass
class Routine:
    name: str
    types: str
    args: list
    doc: str
    quick: str = "0"
    flops: str = "0"
    bytes: str = "0"
    names: dict = field(default_factory=dict)  # type -> public name without the gblas_ prefix
    level: int = 1
    # Whether gblas-bench has cases for it (its calls generated for gblas, CBLAS and cuBLAS;
    # routines/gen_bench.py's CBLAS_BY_HAND lists those whose OpenBLAS side is composed by
    # hand); False where the bench cannot express it yet
    bench: bool = True
    # Whether the fuzz harness calls it: True needs the routine's public names appended to
    # routines/gen_fuzz.py's PICKS (the fuzzer's stable ids, so that the corpus keeps its
    # meaning); False until the harness can decode its arguments
    fuzz: bool = True

    def public(self, t):
        return "gblas_" + self.names.get(t, t + self.name)


def triangular(name, storage, flops, bytes_, doc):
    """trmv, tbmv, tpmv and trsv, tbsv, tpsv: uplo, trans, diag, n, then
    the full (lda >= n), band (k, lda >= k + 1) or packed A, then x in place."""
    extra = [Size("k")] if storage == "band" else []
    if storage == "full":
        a = Mat("A", "n", "n", "lda", ("\"n\"", "n"), need="n > 0")
    elif storage == "band":
        a = Mat("A", "gblas_band_rows(k, 0)", "n", "lda", ("\"k + 1\"", "gblas_band_rows(k, 0)"),
                need="n > 0", base_shape=(3, 2), base_ld=3)
    else:
        a = Packed("AP", "n", need="n > 0")
    return Routine(name, "sd",
                   [Uplo("uplo"), Op("trans"), Diag("diag"), Size("n")] + extra +
                   [a, Vec("x", "n", "incx", need="n > 0", out=True)],
                   quick="n == 0", flops=flops, bytes=bytes_, level=2, doc=doc)


# ---- the routines ----------------------------------------------------------------------------
ROUTINES = [
    Routine(
        "dot", "sd",
        [Size("n"), Vec("x", "n", "incx", need="n > 0"), Vec("y", "n", "incy", need="n > 0"),
         Result("result")],
        quick="n == 0", flops="2 * n", bytes="2 * n * E",
        doc="result = sum_i x[i] * y[i]. n == 0 gives result = 0."),
    Routine(
        "dotu", "cz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0"), Vec("y", "n", "incy", need="n > 0"),
         Result("result")],
        quick="n == 0", flops="8 * n", bytes="2 * n * E", names={"c": "cdotu", "z": "zdotu"},
        fuzz=False,
        doc="result = sum_i x[i] * y[i] (complex, unconjugated). n == 0 gives result = 0."),
    Routine(
        "dotc", "cz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0"), Vec("y", "n", "incy", need="n > 0"),
         Result("result")],
        quick="n == 0", flops="8 * n", bytes="2 * n * E", names={"c": "cdotc", "z": "zdotc"},
        fuzz=False,
        doc="result = sum_i conj(x[i]) * y[i] (x conjugated). n == 0 gives result = 0."),
    Routine(
        "nrm2", "sdcz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0"), Result("result", "R")],
        quick="n == 0", flops="2 * n", bytes="n * E", names={"c": "scnrm2", "z": "dznrm2"},
        doc="result = sqrt(sum_i |x[i]|^2) (complex: the sum of re^2 + im^2, a real result),\n"
            "free of overflow and underflow for any finite input.\n"
            "n == 0 gives result = 0. A negative incx walks x backwards (the same norm), as the\n"
            "reference BLAS 3.10 and later do."),
    Routine(
        "asum", "sdcz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0 && incx > 0"), Result("result", "R")],
        quick="n == 0 || incx < 0", flops="n", bytes="n * E",
        names={"c": "scasum", "z": "dzasum"},
        doc="result = sum_i |x[i]| (complex: sum_i |re x[i]| + |im x[i]|, a real result, as the\n"
            "reference BLAS defines it). n == 0 or incx < 0 gives result = 0, as in the reference\n"
            "BLAS."),
    Routine(
        "iamax", "sdcz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0 && incx > 0"), Result("result", "I")],
        quick="n == 0 || incx < 0", flops="n", bytes="n * E",
        names={"s": "isamax", "d": "idamax", "c": "icamax", "z": "izamax"},
        doc="result = the 1-based index of the first element of largest |x[i]|, as the reference\n"
            "BLAS's I_AMAX: a NaN in x[0] gives 1, any other NaN is passed over. Complex: by\n"
            "|re x[i]| + |im x[i]| (computed in the element's precision, as the reference), a NaN\n"
            "in either part making it NaN. n == 0 or incx < 0 gives result = 0."),
    Routine(
        "iamin", "sdcz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0 && incx > 0"), Result("result", "I")],
        quick="n == 0 || incx < 0", flops="n", bytes="n * E",
        names={"s": "isamin", "d": "idamin", "c": "icamin", "z": "izamin"},
        doc="result = the 1-based index of the first element of smallest |x[i]| (cuBLAS's\n"
            "I_AMIN, with I_AMAX's rules: a NaN in x[0] gives 1, any other NaN is passed over;\n"
            "complex by |re x[i]| + |im x[i]|). n == 0 or incx < 0 gives result = 0."),
    Routine(
        "axpy", "sdcz",
        [Size("n"), Scalar("alpha", need="n > 0"), Let("alpha_zero", "n > 0 && gblas_scalar_is(h, t, alpha, 0.0)"),
         Vec("x", "n", "incx", need="n > 0 && !alpha_zero"), Vec("y", "n", "incy", need="n > 0", out=True)],
        quick="n == 0 || alpha_zero", flops="2 * n", bytes="3 * n * E",
        doc="y = alpha * x + y. n == 0, or alpha == 0 in host pointer mode, returns at once."),
    Routine(
        "scal", "sdcz",
        [Size("n"), Scalar("alpha", need="n > 0 && incx > 0"),
         Vec("x", "n", "incx", need="n > 0 && incx > 0", out=True)],
        quick="n == 0 || incx < 0", flops="n", bytes="2 * n * E",
        doc="x = alpha * x (alpha == 0 writes zeros, as cuBLAS does). n == 0 or incx < 0\n"
            "returns at once without touching x, as in the reference BLAS."),
    Routine(
        "scal_real", "cz",
        [Size("n"), Scalar("alpha", need="n > 0 && incx > 0", kind="R"),
         Vec("x", "n", "incx", need="n > 0 && incx > 0", out=True)],
        quick="n == 0 || incx < 0", flops="2 * n", bytes="2 * n * E",
        names={"c": "csscal", "z": "zdscal"}, fuzz=False,
        doc="x = alpha * x with a real alpha, both parts of each element scaled (alpha == 0\n"
            "writes zeros, as cuBLAS does). n == 0 or incx < 0 returns at once without touching\n"
            "x, as in the reference BLAS."),
    Routine(
        "copy", "sdcz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0"),
         Vec("y", "n", "incy", need="n > 0", out=True)],
        quick="n == 0", flops="0", bytes="2 * n * E",
        doc="y = x. n == 0 returns at once."),
    Routine(
        "swap", "sdcz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0", out=True),
         Vec("y", "n", "incy", need="n > 0", out=True)],
        quick="n == 0", flops="0", bytes="4 * n * E",
        doc="Exchanges x and y. n == 0 returns at once."),
    Routine(
        "rot", "sdcz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0", out=True),
         Vec("y", "n", "incy", need="n > 0", out=True),
         Scalar("c", need="n > 0", kind="R"), Scalar("s", need="n > 0")],
        quick="n == 0", flops="6 * n", bytes="4 * n * E",
        doc="Applies the plane rotation (c, s): x[i] = c x[i] + s y[i], y[i] = c y[i] - s x[i].\n"
            "Complex (crot, zrot: c real, s complex, as cuBLAS and LAPACK's CROT): y[i] = c y[i]\n"
            "- conj(s) x[i]. n == 0 returns at once."),
    Routine(
        "rot_real", "cz",
        [Size("n"), Vec("x", "n", "incx", need="n > 0", out=True),
         Vec("y", "n", "incy", need="n > 0", out=True),
         Scalar("c", need="n > 0", kind="R"), Scalar("s", need="n > 0", kind="R")],
        quick="n == 0", flops="12 * n", bytes="4 * n * E",
        names={"c": "csrot", "z": "zdrot"}, fuzz=False,
        doc="Applies the plane rotation (c, s), both real, to complex x and y: x[i] = c x[i] +\n"
            "s y[i], y[i] = c y[i] - s x[i]. n == 0 returns at once."),
    Routine(
        "rotm", "sd",
        [Size("n"), Vec("x", "n", "incx", need="n > 0", out=True),
         Vec("y", "n", "incy", need="n > 0", out=True), Array("param", 5)],
        quick="n == 0", flops="4 * n", bytes="4 * n * E",
        doc="Applies the modified Givens transformation H that param encodes (param[0] = flag\n"
            "-1: H = [h11 h12; h21 h22], 0: [1 h12; h21 1], 1: [h11 1; -1 h22], -2: identity,\n"
            "with h11, h21, h12, h22 in param[1..4]) to the pairs (x[i], y[i]), as the reference\n"
            "BLAS. n == 0 returns at once; a flag of -2 leaves x and y untouched."),
    Routine(
        "rotg", "sdcz",
        [Scalar("a", out=True), Scalar("b", out=True), Scalar("c", kind="R", out=True),
         Scalar("s", out=True)],
        flops="6", bytes="0",
        doc="Constructs the plane rotation [c s; -s c] that zeroes b of (a, b): on return a = r,\n"
            "b = z (the reconstruction value) and c, s the rotation, by the reference BLAS 3.10\n"
            "algorithm (scaled, free of overflow). All four in host or backend memory per the\n"
            "pointer mode. Complex (crotg, zrotg, as the reference's): c real, s complex, the\n"
            "rotation [c s; -conj(s) c]; a = r, the reference BLAS 3.10+ algorithm (scaled)\n"
            "with r = sgn(a) sqrt(|a|^2 + |b|^2), sgn(a) = a / |a| (1 for a = 0); b is left as\n"
            "it was."),
    Routine(
        "rotmg", "sd",
        [Scalar("d1", out=True), Scalar("d2", out=True), Scalar("x1", out=True),
         Scalar("y1"), Array("param", 5, out=True)],
        flops="10", bytes="0",
        doc="Constructs the modified Givens transformation that zeroes the second component of\n"
            "(sqrt(d1) x1, sqrt(d2) y1), as the reference BLAS: updates d1, d2, x1 and writes\n"
            "the flag and H to param. All in host or backend memory per the pointer mode."),
    Routine(
        "gemv", "sd",
        [Op("trans"), Size("m"), Size("n"), Let("work", "m > 0 && n > 0"),
         Scalar("alpha", need="work"), Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "m", "n", "lda", ("\"m\"", "m"), need="work && !alpha_zero"),
         Vec("x", "trans == GBLAS_OP_N ? n : m", "incx", need="work && !alpha_zero"),
         Scalar("beta", need="work"),
         Vec("y", "trans == GBLAS_OP_N ? m : n", "incy", need="work", out=True)],
        quick="!work || (alpha_zero && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * m * n", bytes="(m * n + m + n) * E", level=2,
        doc="y = alpha * op(A) * x + beta * y, A m x n with leading dimension lda >= max(1, m).\n"
            "op = N: x has n elements, y has m; op = T or C: x has m, y has n."),
    Routine(
        "gbmv", "sd",
        [Op("trans"), Size("m"), Size("n"), Size("kl"), Size("ku"), Let("work", "m > 0 && n > 0"),
         Scalar("alpha", need="work"), Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "gblas_band_rows(kl, ku)", "n", "lda",
             ("\"kl + ku + 1\"", "gblas_band_rows(kl, ku)"), need="work && !alpha_zero",
             base_shape=(5, 2), base_ld=5),
         Vec("x", "trans == GBLAS_OP_N ? n : m", "incx", need="work && !alpha_zero"),
         Scalar("beta", need="work"),
         Vec("y", "trans == GBLAS_OP_N ? m : n", "incy", need="work", out=True)],
        quick="!work || (alpha_zero && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * (kl + ku + 1) * n", bytes="((kl + ku + 1) * n + m + n) * E", level=2,
        doc="y = alpha * op(A) * x + beta * y, A m x n with kl subdiagonals and ku superdiagonals\n"
            "in band storage: A(i, j) at A[ku + i - j + j * lda] for max(0, j - ku) <= i <=\n"
            "min(m - 1, j + kl), lda >= kl + ku + 1. op = N: x has n elements, y has m; op = T or\n"
            "C: x has m, y has n. Elements of the storage outside the band are never read."),
    Routine(
        "symv", "sd",
        [Uplo("uplo"), Size("n"), Let("work", "n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "n", "n", "lda", ("\"n\"", "n"), need="work && !alpha_zero"),
         Vec("x", "n", "incx", need="work && !alpha_zero"), Scalar("beta", need="work"),
         Vec("y", "n", "incy", need="work", out=True)],
        quick="!work || (alpha_zero && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * n * n", bytes="(n * (n + 1) / 2 + 2 * n) * E", level=2,
        doc="y = alpha * A * x + beta * y, A n x n symmetric, only its uplo triangle (diagonal\n"
            "included) read, lda >= max(1, n)."),
    Routine(
        "sbmv", "sd",
        [Uplo("uplo"), Size("n"), Size("k"), Let("work", "n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "gblas_band_rows(k, 0)", "n", "lda", ("\"k + 1\"", "gblas_band_rows(k, 0)"),
             need="work && !alpha_zero", base_shape=(3, 2), base_ld=3),
         Vec("x", "n", "incx", need="work && !alpha_zero"), Scalar("beta", need="work"),
         Vec("y", "n", "incy", need="work", out=True)],
        quick="!work || (alpha_zero && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * (2 * k + 1) * n", bytes="((k + 1) * n + 2 * n) * E", level=2,
        doc="y = alpha * A * x + beta * y, A n x n symmetric with k sub- and superdiagonals, its\n"
            "uplo triangle in band storage, lda >= k + 1: upper, A(i, j) at A[k + i - j + j * lda]\n"
            "for max(0, j - k) <= i <= j; lower, at A[i - j + j * lda] for j <= i <= min(n - 1,\n"
            "j + k)."),
    Routine(
        "spmv", "sd",
        [Uplo("uplo"), Size("n"), Let("work", "n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Packed("AP", "n", need="work && !alpha_zero"),
         Vec("x", "n", "incx", need="work && !alpha_zero"), Scalar("beta", need="work"),
         Vec("y", "n", "incy", need="work", out=True)],
        quick="!work || (alpha_zero && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * n * n", bytes="(n * (n + 1) / 2 + 2 * n) * E", level=2,
        doc="y = alpha * A * x + beta * y, A n x n symmetric, its uplo triangle packed by\n"
            "columns: upper, A(i, j) at AP[i + j (j + 1) / 2] for i <= j; lower, at\n"
            "AP[i + (2 n - j - 1) j / 2] for i >= j."),
    triangular("trmv", "full", "n * n", "(n * (n + 1) / 2 + 2 * n) * E",
               "x = op(A) * x, A n x n upper or lower triangular (uplo), its diagonal read or taken\n"
               "as ones (diag), only its uplo triangle read, lda >= max(1, n)."),
    triangular("tbmv", "band", "(2 * k + 1) * n", "((k + 1) * n + 2 * n) * E",
               "x = op(A) * x, A n x n triangular with k off-diagonals, its uplo triangle in band\n"
               "storage as sbmv's, lda >= k + 1, the diagonal read or taken as ones (diag)."),
    triangular("tpmv", "packed", "n * n", "(n * (n + 1) / 2 + 2 * n) * E",
               "x = op(A) * x, A n x n triangular, packed by columns as spmv's AP, the diagonal\n"
               "read or taken as ones (diag)."),
    triangular("trsv", "full", "n * n", "(n * (n + 1) / 2 + 2 * n) * E",
               "Solves op(A) * x = b for x, b given in x and overwritten, A as trmv's. There is\n"
               "no test for singularity: a zero on the diagonal gives Inf or NaN, as in the\n"
               "reference BLAS."),
    triangular("tbsv", "band", "(2 * k + 1) * n", "((k + 1) * n + 2 * n) * E",
               "Solves op(A) * x = b for x, b given in x, A banded as tbmv's. No test for\n"
               "singularity."),
    triangular("tpsv", "packed", "n * n", "(n * (n + 1) / 2 + 2 * n) * E",
               "Solves op(A) * x = b for x, b given in x, A packed as tpmv's. No test for\n"
               "singularity."),
    Routine(
        "ger", "sd",
        [Size("m"), Size("n"), Let("work", "m > 0 && n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Vec("x", "m", "incx", need="work && !alpha_zero"),
         Vec("y", "n", "incy", need="work && !alpha_zero"),
         Mat("A", "m", "n", "lda", ("\"m\"", "m"), need="work && !alpha_zero", out=True)],
        quick="!work || alpha_zero", flops="2 * m * n", bytes="(2 * m * n + m + n) * E", level=2,
        doc="A = alpha * x * y^T + A, A m x n, x m elements, y n, lda >= max(1, m). alpha == 0\n"
            "returns at once."),
    Routine(
        "syr", "sd",
        [Uplo("uplo"), Size("n"), Let("work", "n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Vec("x", "n", "incx", need="work && !alpha_zero"),
         Mat("A", "n", "n", "lda", ("\"n\"", "n"), need="work && !alpha_zero", out=True)],
        quick="!work || alpha_zero", flops="n * n", bytes="(n * (n + 1) + n) * E", level=2,
        doc="A = alpha * x * x^T + A, A n x n symmetric, only its uplo triangle read and written,\n"
            "lda >= max(1, n). alpha == 0 returns at once."),
    Routine(
        "spr", "sd",
        [Uplo("uplo"), Size("n"), Let("work", "n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Vec("x", "n", "incx", need="work && !alpha_zero"),
         Packed("AP", "n", need="work && !alpha_zero", out=True)],
        quick="!work || alpha_zero", flops="n * n", bytes="(n * (n + 1) + n) * E", level=2,
        doc="A = alpha * x * x^T + A, A's uplo triangle packed as spmv's. alpha == 0 returns at\n"
            "once."),
    Routine(
        "syr2", "sd",
        [Uplo("uplo"), Size("n"), Let("work", "n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Vec("x", "n", "incx", need="work && !alpha_zero"),
         Vec("y", "n", "incy", need="work && !alpha_zero"),
         Mat("A", "n", "n", "lda", ("\"n\"", "n"), need="work && !alpha_zero", out=True)],
        quick="!work || alpha_zero", flops="2 * n * n", bytes="(n * (n + 1) + 2 * n) * E", level=2,
        doc="A = alpha * x * y^T + alpha * y * x^T + A, A n x n symmetric, only its uplo triangle\n"
            "read and written, lda >= max(1, n). alpha == 0 returns at once."),
    Routine(
        "spr2", "sd",
        [Uplo("uplo"), Size("n"), Let("work", "n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Vec("x", "n", "incx", need="work && !alpha_zero"),
         Vec("y", "n", "incy", need="work && !alpha_zero"),
         Packed("AP", "n", need="work && !alpha_zero", out=True)],
        quick="!work || alpha_zero", flops="2 * n * n", bytes="(n * (n + 1) + 2 * n) * E", level=2,
        doc="A = alpha * x * y^T + alpha * y * x^T + A, A's uplo triangle packed as spmv's.\n"
            "alpha == 0 returns at once."),
    Routine(
        "gemm", "sdcz",
        [Op("transa"), Op("transb"), Size("m"), Size("n"), Size("k"),
         Let("work", "m > 0 && n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Let("reads_ab", "work && k > 0 && !alpha_zero"),
         Mat("A", "transa == GBLAS_OP_N ? m : k", "transa == GBLAS_OP_N ? k : m", "lda",
             ("transa == GBLAS_OP_N ? \"m\" : \"k\"", "transa == GBLAS_OP_N ? m : k"), need="reads_ab"),
         Mat("B", "transb == GBLAS_OP_N ? k : n", "transb == GBLAS_OP_N ? n : k", "ldb",
             ("transb == GBLAS_OP_N ? \"k\" : \"n\"", "transb == GBLAS_OP_N ? k : n"), need="reads_ab"),
         Scalar("beta", need="work"),
         Mat("C", "m", "n", "ldc", ("\"m\"", "m"), need="work", out=True)],
        quick="!work || ((alpha_zero || k == 0) && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * m * n * k", bytes="(m * k + k * n + m * n) * E", level=3,
        doc="C = alpha * op(A) * op(B) + beta * C, C m x n, op(A) m x k, op(B) k x n.\n"
            "lda >= max(1, transa == N ? m : k), ldb >= max(1, transb == N ? k : n),\n"
            "ldc >= max(1, m). k == 0 gives C = beta * C, whatever alpha holds (an empty sum).\n"
            "The order of the k-sum on each backend is in docs/kernels.md."),
    Routine(
        "gemm_strided_batched", "sd",
        [Op("transa"), Op("transb"), Size("m"), Size("n"), Size("k"),
         Let("work", "m > 0 && n > 0 && batch_count > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Let("reads_ab", "work && k > 0 && !alpha_zero"),
         Mat("A", "transa == GBLAS_OP_N ? m : k", "transa == GBLAS_OP_N ? k : m", "lda",
             ("transa == GBLAS_OP_N ? \"m\" : \"k\"", "transa == GBLAS_OP_N ? m : k"), need="reads_ab",
             count="batch_count", stride="strideA"),
         Mat("B", "transb == GBLAS_OP_N ? k : n", "transb == GBLAS_OP_N ? n : k", "ldb",
             ("transb == GBLAS_OP_N ? \"k\" : \"n\"", "transb == GBLAS_OP_N ? k : n"), need="reads_ab",
             count="batch_count", stride="strideB"),
         Scalar("beta", need="work"),
         Mat("C", "m", "n", "ldc", ("\"m\"", "m"), need="work", out=True, count="batch_count",
             stride="strideC"),
         Size("batch_count")],
        quick="!work || ((alpha_zero || k == 0) && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * m * n * k * batch_count", bytes="(m * k + k * n + m * n) * batch_count * E",
        level=3,
        doc="C_i = alpha * op(A_i) * op(B_i) + beta * C_i for i < batch_count, A_i = A + i strideA,\n"
            "B_i = B + i strideB, C_i = C + i strideC, each as gemm's. Strides are >= 0: A and B\n"
            "may be shared (stride 0) or overlap across products; strideC >= ldc (n - 1) + m when\n"
            "batch_count > 1, so no two C_i overlap. batch_count == 0 returns at once."),
    Routine(
        "gemm_batched", "sd",
        [Op("transa"), Op("transb"), Size("m"), Size("n"), Size("k"),
         Let("work", "m > 0 && n > 0 && batch_count > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Let("reads_ab", "work && k > 0 && !alpha_zero"),
         Mat("Aarray", "transa == GBLAS_OP_N ? m : k", "transa == GBLAS_OP_N ? k : m", "lda",
             ("transa == GBLAS_OP_N ? \"m\" : \"k\"", "transa == GBLAS_OP_N ? m : k"), need="reads_ab",
             count="batch_count", array=True),
         Mat("Barray", "transb == GBLAS_OP_N ? k : n", "transb == GBLAS_OP_N ? n : k", "ldb",
             ("transb == GBLAS_OP_N ? \"k\" : \"n\"", "transb == GBLAS_OP_N ? k : n"), need="reads_ab",
             count="batch_count", array=True),
         Scalar("beta", need="work"),
         Mat("Carray", "m", "n", "ldc", ("\"m\"", "m"), need="work", out=True, count="batch_count",
             array=True),
         Size("batch_count")],
        quick="!work || ((alpha_zero || k == 0) && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * m * n * k * batch_count", bytes="(m * k + k * n + m * n) * batch_count * E",
        level=3,
        doc="C_i = alpha * op(A_i) * op(B_i) + beta * C_i for i < batch_count, the matrices given\n"
            "by arrays of batch_count pointers in backend memory (device memory on the CUDA\n"
            "backend), each matrix as gemm's. The arrays are checked; the pointers they hold are\n"
            "not (the library cannot read device memory without waiting): each must point to a\n"
            "matrix of its extent, and no C_i may overlap another or any A_j, B_j (A_i and B_j may\n"
            "be shared). batch_count == 0 returns at once."),
    Routine(
        "geam", "sd",
        [Op("transa"), Op("transb"), Size("m"), Size("n"), Let("work", "m > 0 && n > 0"),
         Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "transa == GBLAS_OP_N ? m : n", "transa == GBLAS_OP_N ? n : m", "lda",
             ("transa == GBLAS_OP_N ? \"m\" : \"n\"", "transa == GBLAS_OP_N ? m : n"),
             need="work && !alpha_zero"),
         Scalar("beta", need="work"),
         Let("beta_zero", "work && gblas_scalar_is(h, t, beta, 0.0)"),
         Mat("B", "transb == GBLAS_OP_N ? m : n", "transb == GBLAS_OP_N ? n : m", "ldb",
             ("transb == GBLAS_OP_N ? \"m\" : \"n\"", "transb == GBLAS_OP_N ? m : n"),
             need="work && !beta_zero"),
         Mat("C", "m", "n", "ldc", ("\"m\"", "m"), need="work", out=True)],
        quick="!work", flops="3 * m * n", bytes="3 * m * n * E", level=3,
        doc="C = alpha * op(A) + beta * op(B), C m x n (cuBLAS's geam, a BLAS extension). alpha\n"
            "== 0 never reads A, beta == 0 never reads B (in host pointer mode A or B may then be\n"
            "NULL). C may be A itself (in place) where transa == N and ldc == lda, or B where\n"
            "transb == N and ldc == ldb; any other overlap of C with A or B is undefined."),
    Routine(
        "dgmm", "sd",
        [Side("side"), Size("m"), Size("n"), Let("work", "m > 0 && n > 0"),
         Mat("A", "m", "n", "lda", ("\"m\"", "m"), need="work"),
         Vec("x", "side == GBLAS_SIDE_LEFT ? m : n", "incx", need="work"),
         Mat("C", "m", "n", "ldc", ("\"m\"", "m"), need="work", out=True)],
        quick="!work", flops="m * n", bytes="2 * m * n * E", level=3,
        doc="C = diag(x) * A (side LEFT, x m elements) or A * diag(x) (RIGHT, x n elements), A\n"
            "and C m x n (cuBLAS's dgmm, a BLAS extension). A negative incx walks x backwards,\n"
            "as the reference BLAS's vectors. C may be A itself where ldc == lda; any other\n"
            "overlap is undefined."),
    Routine(
        "symm", "sd",
        [Side("side"), Uplo("uplo", of="A"), Size("m"), Size("n"), Let("work", "m > 0 && n > 0"),
         Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "side == GBLAS_SIDE_LEFT ? m : n", "side == GBLAS_SIDE_LEFT ? m : n", "lda",
             ("side == GBLAS_SIDE_LEFT ? \"m\" : \"n\"", "side == GBLAS_SIDE_LEFT ? m : n"),
             need="work && !alpha_zero"),
         Mat("B", "m", "n", "ldb", ("\"m\"", "m"), need="work && !alpha_zero"),
         Scalar("beta", need="work"),
         Mat("C", "m", "n", "ldc", ("\"m\"", "m"), need="work", out=True)],
        quick="!work || (alpha_zero && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * m * n * (side == GBLAS_SIDE_LEFT ? m : n)",
        bytes="((side == GBLAS_SIDE_LEFT ? m * m : n * n) / 2 + 3 * m * n) * E",
        level=3,
        doc="C = alpha * A * B + beta * C (side LEFT, A m x m) or alpha * B * A + beta * C (RIGHT,\n"
            "A n x n), A symmetric with only its uplo triangle read, B and C m x n."),
    Routine(
        "syrk", "sd",
        [Uplo("uplo", of="C"), Op("trans"), Size("n"), Size("k"), Let("work", "n > 0"),
         Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "trans == GBLAS_OP_N ? n : k", "trans == GBLAS_OP_N ? k : n", "lda",
             ("trans == GBLAS_OP_N ? \"n\" : \"k\"", "trans == GBLAS_OP_N ? n : k"),
             need="work && k > 0 && !alpha_zero"),
         Scalar("beta", need="work"),
         Mat("C", "n", "n", "ldc", ("\"n\"", "n"), need="work", out=True)],
        quick="!work || ((alpha_zero || k == 0) && gblas_scalar_is(h, t, beta, 1.0))",
        flops="n * (n + 1) * k", bytes="(n * k + n * (n + 1) / 2) * E",
        level=3,
        doc="C = alpha * op(A) * op(A)^T + beta * C, only C's uplo triangle read and written,\n"
            "op(A) n x k (trans N: A n x k; T or C: A k x n). k == 0 gives C = beta * C."),
    Routine(
        "syr2k", "sd",
        [Uplo("uplo", of="C"), Op("trans"), Size("n"), Size("k"), Let("work", "n > 0"),
         Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "trans == GBLAS_OP_N ? n : k", "trans == GBLAS_OP_N ? k : n", "lda",
             ("trans == GBLAS_OP_N ? \"n\" : \"k\"", "trans == GBLAS_OP_N ? n : k"),
             need="work && k > 0 && !alpha_zero"),
         Mat("B", "trans == GBLAS_OP_N ? n : k", "trans == GBLAS_OP_N ? k : n", "ldb",
             ("trans == GBLAS_OP_N ? \"n\" : \"k\"", "trans == GBLAS_OP_N ? n : k"),
             need="work && k > 0 && !alpha_zero"),
         Scalar("beta", need="work"),
         Mat("C", "n", "n", "ldc", ("\"n\"", "n"), need="work", out=True)],
        quick="!work || ((alpha_zero || k == 0) && gblas_scalar_is(h, t, beta, 1.0))",
        flops="2 * n * (n + 1) * k", bytes="(2 * n * k + n * (n + 1) / 2) * E",
        level=3,
        doc="C = alpha * (op(A) * op(B)^T + op(B) * op(A)^T) + beta * C, only C's uplo triangle\n"
            "read and written, op(A), op(B) n x k. k == 0 gives C = beta * C."),
    Routine(
        "trmm", "sd",
        [Side("side"), Uplo("uplo", of="A"), Op("trans"), Diag("diag"), Size("m"), Size("n"),
         Let("work", "m > 0 && n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "side == GBLAS_SIDE_LEFT ? m : n", "side == GBLAS_SIDE_LEFT ? m : n", "lda",
             ("side == GBLAS_SIDE_LEFT ? \"m\" : \"n\"", "side == GBLAS_SIDE_LEFT ? m : n"),
             need="work && !alpha_zero"),
         Mat("B", "m", "n", "ldb", ("\"m\"", "m"), need="work && !alpha_zero"),
         Mat("C", "m", "n", "ldc", ("\"m\"", "m"), need="work", out=True)],
        quick="!work",
        flops="m * n * (side == GBLAS_SIDE_LEFT ? m : n)",
        bytes="((side == GBLAS_SIDE_LEFT ? m * m : n * n) / 2 + 2 * m * n) * E",
        level=3,
        doc="C = alpha * op(A) * B (side LEFT, A m x m) or alpha * B * op(A) (RIGHT, A n x n), A\n"
            "triangular (uplo, diag as trmv's), B and C m x n: cuBLAS's out-of-place form; C may\n"
            "be B itself (ldc == ldb), the reference BLAS's in-place TRMM. alpha == 0 sets C to\n"
            "zero without reading A or B."),
    Routine(
        "trsm", "sd",
        [Side("side"), Uplo("uplo", of="A"), Op("trans"), Diag("diag"), Size("m"), Size("n"),
         Let("work", "m > 0 && n > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("A", "side == GBLAS_SIDE_LEFT ? m : n", "side == GBLAS_SIDE_LEFT ? m : n", "lda",
             ("side == GBLAS_SIDE_LEFT ? \"m\" : \"n\"", "side == GBLAS_SIDE_LEFT ? m : n"),
             need="work && !alpha_zero"),
         Mat("B", "m", "n", "ldb", ("\"m\"", "m"), need="work", out=True)],
        quick="!work",
        flops="m * n * (side == GBLAS_SIDE_LEFT ? m : n)",
        bytes="((side == GBLAS_SIDE_LEFT ? m * m : n * n) / 2 + 2 * m * n) * E",
        level=3,
        doc="Solves op(A) * X = alpha * B (side LEFT, A m x m) or X * op(A) = alpha * B (RIGHT,\n"
            "A n x n) for X, which overwrites B (m x n); A triangular as trmv's. alpha == 0 sets\n"
            "B to zero without reading A. No test for singularity."),
    Routine(
        "trsm_batched", "sd",
        [Side("side"), Uplo("uplo", of="Aarray"), Op("trans"), Diag("diag"), Size("m"), Size("n"),
         Let("work", "m > 0 && n > 0 && batch_count > 0"), Scalar("alpha", need="work"),
         Let("alpha_zero", "work && gblas_scalar_is(h, t, alpha, 0.0)"),
         Mat("Aarray", "side == GBLAS_SIDE_LEFT ? m : n", "side == GBLAS_SIDE_LEFT ? m : n",
             "lda", ("side == GBLAS_SIDE_LEFT ? \"m\" : \"n\"", "side == GBLAS_SIDE_LEFT ? m : n"),
             need="work && !alpha_zero", count="batch_count", array=True),
         Mat("Barray", "m", "n", "ldb", ("\"m\"", "m"), need="work", out=True,
             count="batch_count", array=True),
         Size("batch_count")],
        quick="!work",
        flops="m * n * (side == GBLAS_SIDE_LEFT ? m : n) * batch_count",
        bytes="((side == GBLAS_SIDE_LEFT ? m * m : n * n) / 2 + 2 * m * n) * batch_count * E",
        level=3,
        doc="trsm on each of batch_count (A_i, B_i) given by arrays of pointers in backend memory,\n"
            "as gemm_batched's (the pointers themselves are the caller's to get right; no B_i may\n"
            "overlap another or any A_j). batch_count == 0 returns at once."),
]
