"""The standard interfaces' outputs of routines/gen.py: the Fortran BLAS ABI (LP64) and CBLAS.

For every routine of the table that the reference BLAS has (REFERENCE), in each of its types:
  include/gblas_f77.h                    the Fortran-ABI prototypes (dgemm_ ...), for C callers
  include/gblas_cblas.h                  the CBLAS header
  src/interfaces/run_gen.h, run_gen.c    blas_run_<t><name>: the reference BLAS's checks (its
                                         parameter positions), its quick returns, then the gblas
                                         call on the engine's handle (blas_engine.c)
  src/interfaces/fortran_gen.c           <t><name>_: decode the characters, run, report through
                                         xerbla_
  src/interfaces/cblas_gen.c             cblas_<t><name>: decode the enumerations, map a
                                         row-major call onto the column-major one (swapping
                                         operands, sizes, triangles, sides and transposes; never
                                         copying), run, report through cblas_xerbla
  src/interfaces/exports_gen.map         the linker version script: the symbols libgblas_blas
                                         exports, exactly
and the same with 64-bit integers (ILP64, OpenBLAS's 64_ suffix: dgemm_64_, cblas_dgemm64_) for
libgblas_blas64.so.3: include/gblas_f77_64.h, include/gblas_cblas64.h and
src/interfaces/ilp64/{fortran64_gen.c, cblas64_gen.c, exports64_gen.map} (the Abi passed).
"""

import dataclasses

from table import (ROUTINES, TYPES, Array, Diag, Let, Mat, Op, Packed, Result, Scalar, Side,
                   Size, Uplo, Vec)
from gen_common import BANNER, wrap

ENUMS = (Op, Uplo, Diag, Side)

# The routines of the reference BLAS 3.12 that the table has (the rest are cuBLAS's and gblas's
# extensions: iamin, geam, dgmm and the batched forms).
REFERENCE = ("dot nrm2 asum iamax axpy scal copy swap rot rotm rotg rotmg "
             "gemv gbmv symv sbmv spmv trmv tbmv tpmv trsv tbsv tpsv ger syr spr syr2 spr2 "
             "gemm symm syrk syr2k trmm trsm").split()

# The reference's TRMM works in place: its Fortran form has no C, and gblas's C is its B.
IN_PLACE = {"trmm": ("C", "B")}

# Level 1's early returns in the reference BLAS 3.12 (no Level-1 routine calls XERBLA).
LEVEL1_QUICK = {"dot": "n <= 0", "nrm2": "n <= 0", "asum": "n <= 0 || incx <= 0",
                "iamax": "n <= 0 || incx <= 0", "axpy": "n <= 0", "scal": "n <= 0 || incx <= 0",
                "copy": "n <= 0", "swap": "n <= 0", "rot": "n <= 0", "rotm": "n <= 0"}

# A row-major call is the column-major call of the transposed matrices: every triangle (uplo)
# and side flips; the listed pairs of arguments trade places (a vector with its increment, a
# matrix with its leading dimension); op is flipped (N <-> T) unless the routine says False.
ROW_MAJOR = {
    "gemv": ([("m", "n")], True),
    "gbmv": ([("m", "n"), ("kl", "ku")], True),
    "ger": ([("m", "n"), ("x", "y")], True),
    "gemm": ([("transa", "transb"), ("m", "n"), ("A", "B")], False),
    "symm": ([("m", "n")], True),
    "trmm": ([("m", "n")], False),
    "trsm": ([("m", "n")], False),
}

ENUM_DECODE = {Op: "op", Uplo: "uplo", Diag: "diag", Side: "side"}
CBLAS_ENUM = {Op: "CBLAS_TRANSPOSE", Uplo: "CBLAS_UPLO", Diag: "CBLAS_DIAG", Side: "CBLAS_SIDE"}
GBLAS_ENUM = {Op: "gblas_operation_t", Uplo: "gblas_fill_mode_t", Diag: "gblas_diag_type_t",
              Side: "gblas_side_mode_t"}


@dataclasses.dataclass(frozen=True)
class Abi:
    """An integer convention of the interfaces: LP64 (libgblas_blas.so.3, the reference's names)
    or ILP64 (libgblas_blas64.so.3: 64-bit integers, OpenBLAS's 64_ suffix, dgemm_64_ and
    cblas_dgemm64_). Both share blas_run_* (run_gen.c)."""
    int_type: str        # the Fortran INTEGER's C type
    cblas_int: str       # CBLAS's integer type as the header spells it
    f77_suffix: str      # dgemm + f77_suffix
    cblas_suffix: str    # cblas_dgemm + cblas_suffix
    f77_header: str
    cblas_header: str
    report: str          # the reporting functions' suffix (blas_fortran_report<>, cblas_report<>)


LP64 = Abi("int", "CBLAS_INT", "_", "", "gblas_f77.h", "gblas_cblas.h", "")
ILP64 = Abi("int64_t", "int64_t", "_64_", "64_", "gblas_f77_64.h", "gblas_cblas64.h", "64")

# The types the interfaces carry. Complex routines are left out until the interfaces handle
# their conventions (CBLAS's void * scalars and _sub forms for complex results, the Fortran
# ABI's complex function results); SCASUM, SCNRM2, DZASUM, DZNRM2 are composed by hand
# (blas_extra.c).
ABI_TYPES = "sd"


def abi_routines():
    """The REFERENCE routines, each with its types narrowed to ABI_TYPES."""
    by_name = {r.name: r for r in ROUTINES}
    return [dataclasses.replace(by_name[n], types="".join(t for t in by_name[n].types
                                                          if t in ABI_TYPES))
            for n in REFERENCE]


def fortran_name(r, t):
    return r.names.get(t, t + r.name)


def fargs(r):
    """r's arguments in the Fortran form, each (argument, position of its first parameter)."""
    dropped, written = IN_PLACE.get(r.name, (None, None))
    out, pos = [], 1
    for a in r.args:
        if isinstance(a, (Let, Result)) or getattr(a, "name", None) == dropped:
            continue
        if getattr(a, "name", None) == written:
            a = dataclasses.replace(a, out=True)
        out.append((a, pos))
        pos += 2 if isinstance(a, (Vec, Mat)) else 1
    return out


def result_of(r):
    for a in r.args:
        if isinstance(a, Result):
            return a
    return None


def elem(t, kind="T"):
    return TYPES[t][1] if kind == "R" else TYPES[t][0]


def result_ctype(t, res):
    return "int64_t" if res.kind == "I" else elem(t, res.kind)


def is_out(a):
    return getattr(a, "out", False)


def ptr(t, a, kind="T"):
    return ("" if is_out(a) else "const ") + elem(t, kind) + " *"


# ---- the Fortran prototypes (include/gblas_f77.h, fortran_gen.c) -------------------------------
def fortran_params(r, t, abi=LP64):
    integer = "const %s *" % abi.int_type
    out = []
    for a, _ in fargs(r):
        if isinstance(a, Size):
            out.append(integer + a.name)
        elif isinstance(a, ENUMS):
            out.append("const char *" + a.name)
        elif isinstance(a, Scalar):
            out.append(ptr(t, a, a.kind) + a.name)
        elif isinstance(a, Vec):
            out += [ptr(t, a) + a.name, integer + a.inc]
        elif isinstance(a, Mat):
            out += [ptr(t, a) + a.name, integer + a.ld]
        elif isinstance(a, (Packed, Array)):
            out.append(ptr(t, a) + a.name)
    return out


def fortran_return(r, t, abi=LP64):
    res = result_of(r)
    if res is None:
        return "void"
    return abi.int_type if res.kind == "I" else elem(t, res.kind)


def fortran_decl(r, t, suffix, abi=LP64):
    return wrap("GBLAS_API %s %s%s(" % (fortran_return(r, t, abi), fortran_name(r, t),
                                       abi.f77_suffix),
                fortran_params(r, t, abi) or ["void"], suffix, indent=4)


# ---- blas_run_<t><name> (run_gen.h, run_gen.c) ---------------------------------------------------
def run_params(r, t):
    """(declaration, name) of blas_run_<t><name>'s parameters: values for sizes, increments,
    leading dimensions and decoded enumerations (an int, -1 when invalid), pointers for data and
    scalars; then a pointer for the result."""
    out = []
    for a, _ in fargs(r):
        if isinstance(a, Size):
            out.append(("int64_t " + a.name, a.name))
        elif isinstance(a, ENUMS):
            out.append(("int " + a.name, a.name))
        elif isinstance(a, Scalar):
            out.append((ptr(t, a, a.kind) + a.name, a.name))
        elif isinstance(a, Vec):
            out += [(ptr(t, a) + a.name, a.name), ("int64_t " + a.inc, a.inc)]
        elif isinstance(a, Mat):
            out += [(ptr(t, a) + a.name, a.name), ("int64_t " + a.ld, a.ld)]
        elif isinstance(a, (Packed, Array)):
            out.append((ptr(t, a) + a.name, a.name))
    res = result_of(r)
    if res is not None:
        out.append((result_ctype(t, res) + " *" + res.name, res.name))
    return out


def run_decl(r, t, suffix):
    return wrap("int blas_run_%s%s(" % (t, r.name), [d for d, _ in run_params(r, t)], suffix,
                indent=4)


def reference_checks(r):
    """The reference BLAS's argument checks of a Level-2 or Level-3 routine, in its order (that
    of the parameters): (C condition, the failing parameter's position)."""
    checks = []
    for a, pos in fargs(r):
        if isinstance(a, (Size,) + ENUMS):
            checks.append(("%s < 0" % a.name, pos))
        elif isinstance(a, Mat):
            rows = a.ld_rows[1].replace("gblas_band_rows", "blas_band_rows")
            checks.append(("%s < 1 || %s < (%s)" % (a.ld, a.ld, rows), pos + 1))
        elif isinstance(a, Vec) and r.level > 1:
            checks.append(("%s == 0" % a.inc, pos + 1))
    return checks


def gblas_call_args(r, t, at=None):
    """The arguments of the gblas_<t><name> call: enumerations cast back to their types, the
    in-place C of TRMM given as B; at maps a vector to its element expression (then n = 1 and
    every increment 1: the zero-increment path)."""
    out = []
    for a in r.args:
        if isinstance(a, (Let, Result)):
            continue
        if r.name in IN_PLACE and a.name == IN_PLACE[r.name][0]:
            b = [x for x in r.args if getattr(x, "name", None) == IN_PLACE[r.name][1]][0]
            out += [b.name, b.ld]
        elif isinstance(a, ENUMS):
            out.append("(%s)%s" % (GBLAS_ENUM[type(a)], a.name))
        elif isinstance(a, Size):
            out.append("1" if at is not None and a.name == "n" else a.name)
        elif isinstance(a, Vec):
            out += [at[a.name], "1"] if at is not None else [a.name, a.inc]
        elif isinstance(a, Mat):
            out += [a.name, a.ld]
        else:
            out.append(a.name)
    res = result_of(r)
    if res is not None:
        out.append("&part" if at is not None else res.name)
    return out


def gen_run_body(r, t):
    out = [run_decl(r, t, ") {")]
    res = result_of(r)
    public = "gblas_" + r.names.get(t, t + r.name)
    if res is not None:
        out.append("    *%s = 0;\n" % res.name)
    if r.level > 1:
        for cond, pos in reference_checks(r):
            out.append("    if (%s) return %d;\n" % (cond, pos))
    elif r.name in LEVEL1_QUICK:
        out.append("    if (%s) return 0;\n" % LEVEL1_QUICK[r.name])
    out.append("    gblas_handle_t h = blas_engine(%d);\n" % r.level)
    vecs = [a for a in r.args if isinstance(a, Vec)]
    zero_inc = r.level == 1 and vecs and "incx <= 0" not in LEVEL1_QUICK[r.name]
    if zero_inc:
        # A zero increment (which gblas's API refuses) is the reference's loop over the n
        # elements in order: n calls of one element each.
        out.append("    if (%s) {\n" % " || ".join("%s == 0" % v.inc for v in vecs))
        at = {v.name: "%s + blas_at(i, n, %s)" % (v.name, v.inc) for v in vecs}
        if r.name == "nrm2":
            # n copies of x[0]: |x[0]| sqrt(n)
            out.append(wrap("        const int info = blas_status(h, %s(h, " % public,
                            ["1", "x", "1", res.name], "));", indent=12))
            out.append("        *%s = (%s)(*%s * sqrt((double)n));\n"
                       % (res.name, result_ctype(t, res), res.name))
            out.append("        return info;\n    }\n")
        else:
            if res is not None:
                out.append("        %s sum = 0, part;\n" % result_ctype(t, res))
            out.append("        for (int64_t i = 0; i < n; i++) {\n")
            out.append(wrap("            const int info = blas_status(h, %s(h, " % public,
                            gblas_call_args(r, t, at), "));", indent=16))
            out.append("            if (info) return info;\n")
            if res is not None:
                out.append("            sum += part;\n")
            out.append("        }\n")
            if res is not None:
                out.append("        *%s = sum;\n" % res.name)
            out.append("        return 0;\n    }\n")
    out.append(wrap("    return blas_status(h, %s(h, " % public, gblas_call_args(r, t), "));",
                    indent=8))
    out.append("}\n")
    return "".join(out)


def gen_run():
    h = [BANNER, "/* run_gen.h: blas_run_<t><routine>, the body the Fortran and CBLAS entry points\n"
         " * share. Each takes the Fortran form's arguments (enumerations decoded, -1 when\n"
         " * invalid), makes the reference BLAS's checks and returns the position of the first\n"
         " * invalid parameter, or returns early where the reference does, or runs the gblas\n"
         " * routine on the engine's handle: 0 on success, BLAS_FAILED when gblas refused the\n"
         " * call (blas_status kept its message). */\n",
         "#ifndef GBLAS_INTERFACES_RUN_GEN_H\n#define GBLAS_INTERFACES_RUN_GEN_H\n\n",
         '#include "interfaces/interfaces.h"\n']
    c = [BANNER, '#include "interfaces/run_gen.h"\n\n#include <math.h>\n']
    for r in abi_routines():
        h.append("\n")
        c.append("\n/* %s */\n" % r.name)
        for t in r.types:
            h.append(run_decl(r, t, ");"))
            c.append(gen_run_body(r, t))
    h.append("\n#endif /* GBLAS_INTERFACES_RUN_GEN_H */\n")
    return "".join(h), "".join(c)


# ---- Fortran entry points (fortran_gen.c) ---------------------------------------------------------
def gen_fortran(abi=LP64):
    if abi == LP64:
        head = ("/* fortran_gen.c: the Fortran BLAS ABI (gfortran's, LP64: arguments by\n"
                " * reference, 32-bit integers, trailing string lengths left undeclared as the\n"
                " * characters read are single). Errors go to xerbla_ with the reference's routine\n"
                " * name and parameter position. */\n")
    else:
        head = ("/* fortran64_gen.c: the Fortran BLAS ABI with 64-bit integers (ILP64, a program\n"
                " * built with -fdefault-integer-8), OpenBLAS's symbol suffix: DGEMM_64 in the\n"
                " * program's source is dgemm_64_. Errors go to xerbla_64_ with the reference's\n"
                " * routine name and parameter position. */\n")
    out = [BANNER, head, '#include "%s"\n#include "interfaces/run_gen.h"\n' % abi.f77_header]
    for r in abi_routines():
        for t in r.types:
            res = result_of(r)
            srname = fortran_name(r, t).upper().ljust(6)
            out.append("\n")
            out.append(fortran_decl(r, t, ") {", abi))
            args = []
            for a, _ in fargs(r):
                if isinstance(a, Size):
                    args.append("*" + a.name)
                elif isinstance(a, ENUMS):
                    args.append("blas_%s_of_char(*%s)" % (ENUM_DECODE[type(a)], a.name))
                elif isinstance(a, Vec):
                    args += [a.name, "*" + a.inc]
                elif isinstance(a, Mat):
                    args += [a.name, "*" + a.ld]
                else:
                    args.append(a.name)
            if res is not None:
                out.append("    %s %s;\n" % (result_ctype(t, res), res.name))
                args.append("&" + res.name)
            out.append(wrap('    blas_fortran_report%s("%s", blas_run_%s%s('
                            % (abi.report, srname, t, r.name), args, "));", indent=8))
            if res is not None:
                cast = "(%s)" % abi.int_type if res.kind == "I" and abi.int_type != "int64_t" else ""
                out.append("    return %s%s;\n" % (cast, res.name))
            out.append("}\n")
    return "".join(out)


# ---- CBLAS (gblas_cblas.h, cblas_gen.c) ---------------------------------------------------------
def cblas_params(r, t, abi=LP64):
    """(declaration, name) of cblas_<t><name>'s parameters."""
    integer = abi.cblas_int + " "
    out = [("CBLAS_LAYOUT layout", "layout")] if r.level > 1 else []
    for a, _ in fargs(r):
        if isinstance(a, Size):
            out.append((integer + a.name, a.name))
        elif isinstance(a, ENUMS):
            out.append((CBLAS_ENUM[type(a)] + " " + a.name, a.name))
        elif isinstance(a, Scalar):
            if is_out(a):
                out.append((ptr(t, a, a.kind) + a.name, a.name))
            else:
                out.append((elem(t, a.kind) + " " + a.name, a.name))
        elif isinstance(a, Vec):
            out += [(ptr(t, a) + a.name, a.name), (integer + a.inc, a.inc)]
        elif isinstance(a, Mat):
            out += [(ptr(t, a) + a.name, a.name), (integer + a.ld, a.ld)]
        elif isinstance(a, (Packed, Array)):
            out.append((ptr(t, a) + a.name, a.name))
    return out


def cblas_return(r, t):
    res = result_of(r)
    if res is None:
        return "void"
    return "CBLAS_INDEX" if res.kind == "I" else elem(t, res.kind)


def cblas_decl(r, t, suffix, abi=LP64):
    return wrap("GBLAS_API %s cblas_%s%s(" % (cblas_return(r, t), fortran_name(r, t),
                                             abi.cblas_suffix),
                [d for d, _ in cblas_params(r, t, abi)], suffix, indent=4)


def cblas_position(r, name):
    """The CBLAS position of the parameter called name (the layout is 1)."""
    for i, (_, n) in enumerate(cblas_params(r, "d")):
        if n == name:
            return i + 1
    raise KeyError(name)


def pair_members(r, a):
    """The parameters an argument named a brings to a swap: itself, and a vector's increment or
    a matrix's leading dimension."""
    arg = [x for x in r.args if getattr(x, "name", None) == a][0]
    if isinstance(arg, Vec):
        return [arg.name, arg.inc]
    if isinstance(arg, Mat):
        return [arg.name, arg.ld]
    return [arg.name]


def enum_names(r):
    return {a.name for a in r.args if isinstance(a, ENUMS)}


def local_type(decl_of, n, abi=LP64):
    """The type of the local copy of the CBLAS parameter n ("int64_t " or its pointer type)."""
    d = decl_of[n]
    return "int64_t " if d.startswith(abi.cblas_int + " ") else d[:-len(n)]


def gen_cblas_body(r, t, abi=LP64):
    # the name errors report: the reference's, whatever the suffix
    name = "cblas_" + fortran_name(r, t)
    xerbla = "cblas_xerbla" + abi.cblas_suffix
    out = ["\n", cblas_decl(r, t, ") {", abi)]
    res = result_of(r)
    args = []
    if r.level == 1:
        for d, n in cblas_params(r, t, abi):
            scalar = [a for a in r.args if isinstance(a, Scalar) and a.name == n and not a.out]
            args.append("&" + n if scalar else n)
        if res is not None:
            out.append("    %s %s;\n" % (result_ctype(t, res), res.name))
            args.append("&" + res.name)
        out.append(wrap('    cblas_report%s("%s", 0, blas_run_%s%s(' % (abi.report, name, t, r.name),
                        args, "));", indent=8))
        if res is not None and res.kind == "I":
            out.append("    return %s > 0 ? (CBLAS_INDEX)(%s - 1) : 0;\n" % (res.name, res.name))
        elif res is not None:
            out.append("    return %s;\n" % res.name)
        out.append("}\n")
        return "".join(out)
    out.append('    static const char name[] = "%s";\n' % name)
    out.append("    if (layout != CblasColMajor && layout != CblasRowMajor) {\n"
               "        %s(1, name, \"Illegal layout setting, %%d\\n\", (int)layout);\n"
               "        return;\n    }\n" % xerbla)
    swaps, flip_op = ROW_MAJOR.get(r.name, ([], True))
    swapped = {m for pair in swaps for a in pair for m in pair_members(r, a)}
    decl_of = dict((n, d) for d, n in cblas_params(r, t, abi))
    local = {}
    for a, _ in fargs(r):
        if isinstance(a, ENUMS):
            kind = ENUM_DECODE[type(a)]
            out.append("    int %s_ = blas_%s_of_cblas(%s);\n" % (a.name, kind, a.name))
            out.append('    if (%s_ < 0) {\n        %s(%d, name, "Illegal %s setting, '
                       '%%d\\n", (int)%s);\n        return;\n    }\n'
                       % (a.name, xerbla, cblas_position(r, a.name), a.name, a.name))
            local[a.name] = a.name + "_"
    for n in sorted(swapped - set(local), key=lambda n: cblas_position(r, n)):
        out.append("    %s%s_ = %s;\n" % (local_type(decl_of, n, abi), n, n))
        local[n] = n + "_"
    out.append("    const int row_major = layout == CblasRowMajor;\n")
    out.append("    if (row_major) {\n")
    for a, _ in fargs(r):
        if isinstance(a, (Uplo, Side)) or (isinstance(a, Op) and flip_op):
            out.append("        %s_ = blas_flip_%s(%s_);\n" % (a.name, ENUM_DECODE[type(a)], a.name))
    for x, y in swaps:
        for mx, my in zip(pair_members(r, x), pair_members(r, y)):
            ctype = "int " if mx in enum_names(r) else local_type(decl_of, mx, abi)
            out.append("        BLAS_SWAP(%s, %s_, %s_);\n" % (ctype.rstrip(), mx, my))
    out.append("    }\n")
    for a, _ in fargs(r):
        if isinstance(a, Scalar):
            args.append("&" + a.name)
        elif isinstance(a, Vec):
            args += [local.get(a.name, a.name), local.get(a.inc, a.inc)]
        elif isinstance(a, Mat):
            args += [local.get(a.name, a.name), local.get(a.ld, a.ld)]
        else:
            args.append(local.get(a.name, a.name))
    out.append(wrap("    cblas_report%s(name, row_major, blas_run_%s%s(" % (abi.report, t, r.name),
                    args, "));", indent=8))
    out.append("}\n")
    return "".join(out)


def row_major_positions():
    """Per routine, the pairs of CBLAS positions a row-major call reports swapped: the
    reference CBLAS reports the position in the column-major call it makes, and its testers
    (and the default cblas_xerbla, for its message) swap them back."""
    rows = []
    for r in abi_routines():
        swaps, _ = ROW_MAJOR.get(r.name, ([], True))
        for x, y in swaps:
            for mx, my in zip(pair_members(r, x), pair_members(r, y)):
                arg = [a for a in r.args if getattr(a, "name", None) == mx]
                if arg and isinstance(arg[0], ENUMS + (Vec, Mat)):
                    continue  # enumerations are reported where they are; data never
                rows.append((r.name, cblas_position(r, mx), cblas_position(r, my)))
    return rows


def gen_cblas(abi=LP64):
    if abi != LP64:
        out = [BANNER, "/* cblas64_gen.c: CBLAS with 64-bit integers (ILP64), OpenBLAS's suffix:\n"
               " * cblas_dgemm64_. As cblas_gen.c's, errors going to cblas_xerbla64_ (the\n"
               " * routine named without the suffix). */\n",
               '#include "%s"\n#include "interfaces/run_gen.h"\n' % abi.cblas_header]
        for r in abi_routines():
            for t in r.types:
                out.append(gen_cblas_body(r, t, abi))
        return "".join(out)
    out = [BANNER, "/* cblas_gen.c: CBLAS. A row-major call runs as the column-major call of the\n"
           " * transposed matrices (the arguments swapped, never the data copied); errors go to\n"
           " * cblas_xerbla with the reference CBLAS's positions: the layout 1, an enumeration\n"
           " * where it stands, the rest one past the Fortran position in the column-major call\n"
           " * made (so in a row-major call, the swapped parameter's: see\n"
           " * blas_cblas_row_major_position). */\n",
           '#include "gblas_cblas.h"\n#include "interfaces/run_gen.h"\n\n#include <string.h>\n']
    for r in abi_routines():
        for t in r.types:
            out.append(gen_cblas_body(r, t))
    out.append("\nstatic const struct { const char *routine; int a, b; } row_major_swaps[] = {\n")
    for name, a, b in row_major_positions():
        out.append('    {"%s", %d, %d},\n' % (name, a, b))
    out.append("};\n\n")
    out.append("int blas_cblas_row_major_position(const char *routine, int position) {\n"
               "    const char *family = strlen(routine) > 7 ? routine + 7 : \"\"; /* past \"cblas_<t>\" */\n"
               "    for (size_t i = 0; i < sizeof row_major_swaps / sizeof *row_major_swaps; i++) {\n"
               "        if (strcmp(family, row_major_swaps[i].routine) != 0) continue;\n"
               "        if (position == row_major_swaps[i].a) return row_major_swaps[i].b;\n"
               "        if (position == row_major_swaps[i].b) return row_major_swaps[i].a;\n"
               "    }\n    return position;\n}\n")
    return "".join(out)


CBLAS_PRELUDE = """\
/* gblas_cblas.h: CBLAS for gblas's real routines (s and d, Levels 1 to 3), LP64 (CBLAS_INT is
 * int). The functions are those of the reference CBLAS, exported by libgblas_blas.so.3 together
 * with the Fortran BLAS (gblas_f77.h): a program built against any cblas.h links against it.
 * Row-major calls run as the column-major call of the transposed matrices (no copy). Errors go
 * to cblas_xerbla(position, routine, format, ...) with the reference CBLAS's positions; the
 * library's cblas_xerbla prints the reference's message to stderr and returns (it never exits);
 * define your own to replace it. A call the reference accepts but gblas cannot run (gblas's
 * CPU handle could not be made, a NULL operand) reports position 0 with gblas's message. */
#ifndef GBLAS_CBLAS_H
#define GBLAS_CBLAS_H

#include <stddef.h>

#include "gblas.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef CBLAS_INT
#define CBLAS_INT int
#endif
#define CBLAS_INDEX size_t

typedef enum CBLAS_LAYOUT { CblasRowMajor = 101, CblasColMajor = 102 } CBLAS_LAYOUT;
typedef enum CBLAS_TRANSPOSE { CblasNoTrans = 111, CblasTrans = 112, CblasConjTrans = 113 } CBLAS_TRANSPOSE;
typedef enum CBLAS_UPLO { CblasUpper = 121, CblasLower = 122 } CBLAS_UPLO;
typedef enum CBLAS_DIAG { CblasNonUnit = 131, CblasUnit = 132 } CBLAS_DIAG;
typedef enum CBLAS_SIDE { CblasLeft = 141, CblasRight = 142 } CBLAS_SIDE;
typedef CBLAS_LAYOUT CBLAS_ORDER;

/* The error handler every routine calls on an invalid argument (weak: a program's own
 * definition replaces it). */
GBLAS_API void cblas_xerbla(CBLAS_INT p, const char *rout, const char *form, ...);

/* Mixed precision and the real reductions of complex vectors (x holds n complex numbers as
 * interleaved real and imaginary parts), run on the CPU. */
GBLAS_API float cblas_sdsdot(CBLAS_INT n, float alpha, const float *x, CBLAS_INT incx,
                             const float *y, CBLAS_INT incy);
GBLAS_API double cblas_dsdot(CBLAS_INT n, const float *x, CBLAS_INT incx, const float *y,
                             CBLAS_INT incy);
GBLAS_API float cblas_scasum(CBLAS_INT n, const void *x, CBLAS_INT incx);
GBLAS_API float cblas_scnrm2(CBLAS_INT n, const void *x, CBLAS_INT incx);
GBLAS_API double cblas_dzasum(CBLAS_INT n, const void *x, CBLAS_INT incx);
GBLAS_API double cblas_dznrm2(CBLAS_INT n, const void *x, CBLAS_INT incx);
"""

F77_PRELUDE = """\
/* gblas_f77.h: the Fortran BLAS ABI of gblas's real routines (s and d, Levels 1 to 3), as C
 * prototypes: gfortran's convention (every argument by reference, 32-bit INTEGER, the hidden
 * lengths of CHARACTER arguments after the rest, which the routines do not read and C callers
 * may leave out). libgblas_blas.so.3 exports them with lsame_ and xerbla_; it can stand in for
 * libblas.so.3. Errors go to xerbla_(srname, info, len) with the reference's routine name and
 * parameter position; the library's xerbla_ prints the reference's message to stderr and
 * returns (it never stops the program); define your own to replace it. A call the reference
 * accepts but gblas cannot run (gblas's CPU handle could not be made) reports info 0. */
#ifndef GBLAS_F77_H
#define GBLAS_F77_H

#include <stddef.h>

#include "gblas.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether ca and cb are the same letter, ignoring case. */
GBLAS_API int lsame_(const char *ca, const char *cb);
/* The error handler (weak: a program's own definition replaces it). */
GBLAS_API void xerbla_(const char *srname, const int *info, size_t srname_len);

/* Mixed precision and the real reductions of complex vectors, run on the CPU. */
GBLAS_API float sdsdot_(const int *n, const float *sb, const float *x, const int *incx,
                        const float *y, const int *incy);
GBLAS_API double dsdot_(const int *n, const float *x, const int *incx, const float *y,
                        const int *incy);
GBLAS_API float scasum_(const int *n, const void *x, const int *incx);
GBLAS_API float scnrm2_(const int *n, const void *x, const int *incx);
GBLAS_API double dzasum_(const int *n, const void *x, const int *incx);
GBLAS_API double dznrm2_(const int *n, const void *x, const int *incx);
"""

CBLAS64_PRELUDE = """\
/* gblas_cblas64.h: CBLAS with 64-bit integers (ILP64) for gblas's real routines, under
 * OpenBLAS's symbol suffix: cblas_dgemm64_(..., int64_t m, ...) is cblas_dgemm with int64_t
 * in place of CBLAS_INT. Exported by libgblas_blas64.so.3 with the Fortran ILP64 ABI
 * (gblas_f77_64.h). The enumerations and behaviour are gblas_cblas.h's; errors go to
 * cblas_xerbla64_ (weak: a program's own definition replaces it), with the reference CBLAS's
 * positions and the routine's name without the suffix. */
#ifndef GBLAS_CBLAS64_H
#define GBLAS_CBLAS64_H

#include <stdint.h>

#include "gblas_cblas.h"

#ifdef __cplusplus
extern "C" {
#endif

GBLAS_API void cblas_xerbla64_(int64_t p, const char *rout, const char *form, ...);
"""

F77_64_PRELUDE = """\
/* gblas_f77_64.h: the Fortran BLAS ABI with 64-bit integers (ILP64: a program built with
 * gfortran -fdefault-integer-8) of gblas's real routines, as C prototypes, under OpenBLAS's
 * symbol suffix: DGEMM_64 in Fortran source (dgemm_64_) takes INTEGER*8 sizes. Exported by
 * libgblas_blas64.so.3 with lsame_64_ and xerbla_64_(srname, info, len) (weak: a program's
 * own XERBLA_64 replaces it). Behaviour as gblas_f77.h's. */
#ifndef GBLAS_F77_64_H
#define GBLAS_F77_64_H

#include <stddef.h>
#include <stdint.h>

#include "gblas.h"

#ifdef __cplusplus
extern "C" {
#endif

GBLAS_API int64_t lsame_64_(const char *ca, const char *cb);
GBLAS_API void xerbla_64_(const char *srname, const int64_t *info, size_t srname_len);
"""

HEADER_END = "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n"

# Exported by hand-written files (blas_engine.c, blas_extra.c).
EXTRA_F77 = ["lsame_", "xerbla_", "sdsdot_", "dsdot_", "scasum_", "scnrm2_", "dzasum_", "dznrm2_"]
EXTRA_64 = ["lsame_64_", "xerbla_64_", "cblas_xerbla64_"]  # blas_ilp64.c
EXTRA_CBLAS = ["RowMajorStrg", "CBLAS_CallFromC", "cblas_xerbla", "cblas_sdsdot", "cblas_dsdot", "cblas_scasum", "cblas_scnrm2",
               "cblas_dzasum", "cblas_dznrm2"]


def gen_headers(abi=LP64):
    lp64 = abi == LP64
    f77 = [BANNER, F77_PRELUDE if lp64 else F77_64_PRELUDE]
    cb = [BANNER, CBLAS_PRELUDE if lp64 else CBLAS64_PRELUDE]
    for r in abi_routines():
        f77.append("\n")
        cb.append("\n")
        for t in r.types:
            f77.append(fortran_decl(r, t, ");", abi))
            cb.append(cblas_decl(r, t, ");", abi))
    f77.append(HEADER_END % ("GBLAS_F77_H" if lp64 else "GBLAS_F77_64_H"))
    cb.append(HEADER_END % ("GBLAS_CBLAS_H" if lp64 else "GBLAS_CBLAS64_H"))
    return "".join(f77), "".join(cb)


def exported_symbols(abi=LP64):
    """Every BLAS symbol the library of abi exports (besides gblas_*), sorted."""
    names = list(EXTRA_F77) + list(EXTRA_CBLAS) if abi == LP64 else list(EXTRA_64)
    for r in abi_routines():
        for t in r.types:
            names += [fortran_name(r, t) + abi.f77_suffix,
                      "cblas_" + fortran_name(r, t) + abi.cblas_suffix]
    return sorted(names)


def gen_map(abi=LP64):
    lib, rel = (("libgblas_blas.so.3", "exports_gen.map") if abi == LP64 else
                ("libgblas_blas64.so.3", "exports64_gen.map"))
    out = ["# Generated by routines/gen.py from routines/table.py: do not edit.\n",
           "# %s: the linker version script of %s: gblas's API and\n" % (rel, lib),
           "# exactly these BLAS and CBLAS symbols.\n",
           "{\n  global:\n    gblas_*;\n"]
    out += ["    %s;\n" % n for n in exported_symbols(abi)]
    out.append("  local:\n    *;\n};\n")
    return "".join(out)


def gen_interfaces():
    f77, cb = gen_headers()
    f77_64, cb64 = gen_headers(ILP64)
    rh, rc = gen_run()
    return {
        "include/gblas_f77_64.h": f77_64,
        "include/gblas_cblas64.h": cb64,
        "src/interfaces/ilp64/fortran64_gen.c": gen_fortran(ILP64),
        "src/interfaces/ilp64/cblas64_gen.c": gen_cblas(ILP64),
        "src/interfaces/ilp64/exports64_gen.map": gen_map(ILP64),
        "include/gblas_f77.h": f77,
        "include/gblas_cblas.h": cb,
        "src/interfaces/run_gen.h": rh,
        "src/interfaces/run_gen.c": rc,
        "src/interfaces/fortran_gen.c": gen_fortran(),
        "src/interfaces/cblas_gen.c": gen_cblas(),
        "src/interfaces/exports_gen.map": gen_map(),
    }
