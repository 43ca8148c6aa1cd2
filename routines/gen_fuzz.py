"""The fuzz harness's output of routines/gen.py (see its docstring): fuzz/fuzz_calls_gen.c, one
decoder per routine the table marks fuzz=True (see Routine.fuzz in table.py).

A decoder reads the routine's arguments from the fuzz input in BLAS order, by role (fuzz.h):
  Size      fz_size           a small size, or an edge value (0, 1, negative, near INT64_MAX)
  Op        fz_op             N, T, C, or a value outside the enum
  Uplo      fz_uplo           LOWER, UPPER, or a value outside the enum (Diag fz_diag and Side
                              fz_side_mode alike; fz_side is the harness's type of a side)
  Scalar    fz_scalar         a value (0, 1, NaN, Inf, ...), needed per the table's rule
  Vec       fz_inc, fz_vec    an increment (incl. 0, negative, huge), then the operand
  Mat       fz_ld, fz_mat     a leading dimension near max(1, rows) or an edge value; a band
                              matrix's rows gblas_band_rows(kl, ku) are the harness's own
                              fz_band_rows (the same saturating rule, fuzz.h)
  Packed    fz_packed         n (n + 1) / 2 elements (check.h's gblas_check_packed rules)
  Mat with count and stride   fz_stride (after the ld), then fz_mat and fz_strided: a strided
                              batch (its count, a Size, decoded by fz_count: small or an edge)
  Mat named in IN_PLACE       then fz_in_place: now and then the input's buffer for the output,
                              where the routine's documentation allows it
  Mat with count and array    fz_mat_array: an array of pointers to matrices each allocated to
                              its extent; an input's entries may share matrices (with its
                              earlier entries and with the input array before it), an output's
                              never (the aliasing a valid call may have)
  Result    fz_result         always needed
  Array     fz_array          `length` values
  Let       a local, the table's expression with gblas_scalar_is(h, t, ...) read as
            fz_scalar_is(fzc, ...) (the harness knows the pointer mode and the value)
A structured operand (a band, a triangle of a full matrix, a packed triangle: a Mat whose rows
are gblas_band_rows(...), a full Mat of a routine with a Uplo, a Packed) is then described to the
harness (fz_band, fz_triangle): the elements the routine references (not the diagonal of a unit
Diag), the rest being filled with NaN and owned by no one (fuzz_core.c); a triangular solve's
(SOLVES) referenced elements are made diagonally dominant. Each size, op, enumeration,
increment and leading-dimension rule that fails marks the call invalid (fzc->bad); fz_prepare (fuzz_core.c) adds the pointer and extent rules, allocates each operand to
exactly its extent, and decides whether the call can run. Then the routine is called once per
side and fz_check compares the sides.

Each call of an input starts with a pick: an id of the append-only list PICKS below (the public
names of routines and the harness's handle and memory calls), read as one byte (ids 0-127) or
two (128 + ((b - 128) << 8 | next byte), ids up to 32895); a value past the last id folds modulo
the count (fuzz_session.c). An id never changes meaning, so a routine added to the table (appended
to PICKS when it is fuzzed) leaves every canonical pick of the corpus as it was. Only a folded
pick moves when the count grows: the committed corpus holds canonical picks only (the replay
counts a folded pick as a problem; fuzz/canonical-picks rewrites new inputs before they are
packed into it). Why a list and not a hash of the name: ids stay dense (every byte value picks
something useful, which the fuzzer's mutations need) and collision-free, and the list spells the
order the corpus depends on. The list was made in the commit that remapped the corpus to it: the
60 Level-1/2 and GEMM entries and the 5 handle calls kept their old indices, so each old pick
byte b became b % 65.
"""
import re

from table import (ROUTINES, TYPES, Array, Diag, Let, Mat, Op, Packed, Result, Scalar, Side,
                   Size, Uplo, Vec)
from gen_common import BANNER, ENUM_TYPES, params, wrap

FZ_TYPE = {"s": "FZ_S", "d": "FZ_D", "c": "FZ_C", "z": "FZ_Z"}
# The types the harness fuzzes: it fills and compares real data only, so a routine's complex
# types (and the complex-only routines, fuzz=False in the table) are not fuzzed yet.
FUZZ_TYPES = "sd"
# The harness's own calls (fuzz_session.c) among the picks.
HANDLE_CALLS = {"(pointer mode)": "FZ_CALL_MODE", "(threads)": "FZ_CALL_THREADS",
                "(workspace)": "FZ_CALL_WORKSPACE", "(copy)": "FZ_CALL_COPY",
                "(memory)": "FZ_CALL_MEMORY"}
# The pick ids, append-only: never remove, reorder or rename an entry (a routine keeps its
# place in the fuzzer once it has an id); append each newly fuzzed routine's public names.
PICKS = [
    "gblas_sdot", "gblas_ddot", "gblas_snrm2", "gblas_dnrm2", "gblas_sasum", "gblas_dasum",
    "gblas_isamax", "gblas_idamax", "gblas_isamin", "gblas_idamin", "gblas_saxpy", "gblas_daxpy",
    "gblas_sscal", "gblas_dscal", "gblas_scopy", "gblas_dcopy", "gblas_sswap", "gblas_dswap",
    "gblas_srot", "gblas_drot", "gblas_srotm", "gblas_drotm", "gblas_srotg", "gblas_drotg",
    "gblas_srotmg", "gblas_drotmg", "gblas_sgemv", "gblas_dgemv", "gblas_sgbmv", "gblas_dgbmv",
    "gblas_ssymv", "gblas_dsymv", "gblas_ssbmv", "gblas_dsbmv", "gblas_sspmv", "gblas_dspmv",
    "gblas_strmv", "gblas_dtrmv", "gblas_stbmv", "gblas_dtbmv", "gblas_stpmv", "gblas_dtpmv",
    "gblas_strsv", "gblas_dtrsv", "gblas_stbsv", "gblas_dtbsv", "gblas_stpsv", "gblas_dtpsv",
    "gblas_sger", "gblas_dger", "gblas_ssyr", "gblas_dsyr", "gblas_sspr", "gblas_dspr",
    "gblas_ssyr2", "gblas_dsyr2", "gblas_sspr2", "gblas_dspr2", "gblas_sgemm", "gblas_dgemm",
    "(pointer mode)", "(threads)", "(workspace)", "(copy)", "(memory)",
    "gblas_sgemm_strided_batched", "gblas_dgemm_strided_batched", "gblas_sgemm_batched",
    "gblas_dgemm_batched", "gblas_sgeam", "gblas_dgeam", "gblas_sdgmm", "gblas_ddgmm",
    "gblas_ssymm", "gblas_dsymm", "gblas_ssyrk", "gblas_dsyrk", "gblas_ssyr2k", "gblas_dsyr2k",
    "gblas_strmm", "gblas_dtrmm", "gblas_strsm", "gblas_dtrsm", "gblas_strsm_batched",
    "gblas_dtrsm_batched",
]
ENUM_DECODERS = {Op: "fz_op", Uplo: "fz_uplo", Diag: "fz_diag", Side: "fz_side_mode"}
# Triangular solves: their matrices are filled diagonally dominant (a solve of random data
# amplifies rounding past any tolerance).
SOLVES = {"trsv", "tbsv", "tpsv", "trsm", "trsm_batched"}
# Outputs that may be an input, where the table's documentation says so: routine -> (output,
# input, the C condition under which the call may pass one buffer for both).
IN_PLACE = {
    "trmm": [("C", "B", "ldc == ldb")],
    "geam": [("C", "A", "transa == GBLAS_OP_N && ldc == lda"),
             ("C", "B", "transb == GBLAS_OP_N && ldc == ldb")],
    "dgmm": [("C", "A", "ldc == lda")],
}
BAND = re.compile(r"^gblas_band_rows\((\w+), (\w+)\)$")


def c_expr(expr):
    """A size expression of the table for the harness: the library's band-rows helper becomes
    the harness's own."""
    out = expr.replace("gblas_band_rows(", "fz_band_rows(")
    if "gblas_" in out.replace("GBLAS_", ""):
        raise SystemExit("gen_fuzz: expression %r uses something the harness cannot evaluate; "
                         "teach gen_fuzz.py about it" % expr)
    return out


def role(r, cls):
    """The routine's argument of role cls, or None."""
    return next((a for a in r.args if isinstance(a, cls)), None)


def structure(r, a):
    """The call describing a structured operand a of routine r to the harness, or None."""
    uplo, diag = role(r, Uplo), role(r, Diag)
    unit = "%s == GBLAS_DIAG_UNIT" % diag.name if diag else "0"
    solve = "1" if r.name in SOLVES else "0"
    if isinstance(a, Packed):
        if uplo is None:
            raise SystemExit("gen_fuzz: %s's packed %s has no uplo" % (r.name, a.name))
        return wrap("    fz_triangle(", ["fzc", a.name, uplo.name, unit, solve], ");", indent=8)
    band = BAND.match(a.rows)
    if band is None:
        if uplo is None or (uplo.of is not None and uplo.of != a.name):
            return None  # a general matrix
        if a.rows != a.cols:
            raise SystemExit("gen_fuzz: %s's triangle %s is not square" % (r.name, a.name))
        return wrap("    fz_triangle(", ["fzc", a.name, uplo.name, unit, solve], ");", indent=8)
    kl, ku = band.groups()
    if uplo is not None:  # a symmetric or triangular band: k = kl, ku = 0 in the table
        if ku != "0":
            raise SystemExit("gen_fuzz: %s's band %s: expected gblas_band_rows(k, 0)"
                             % (r.name, a.name))
        k = kl
        m = a.cols
        kl = "%s == GBLAS_FILL_MODE_LOWER ? %s : 0" % (uplo.name, k)
        ku = "%s == GBLAS_FILL_MODE_UPPER ? %s : 0" % (uplo.name, k)
    else:  # a general band: the routine's m rows
        if not any(isinstance(x, Size) and x.name == "m" for x in r.args):
            raise SystemExit("gen_fuzz: %s's general band %s: no size m gives its rows"
                             % (r.name, a.name))
        m = "m"
    return wrap("    fz_band(", ["fzc", a.name, m, kl, ku, unit, solve], ");", indent=8)


def let_expr(expr):
    """A Let's C expression with the API's scalar test replaced by the harness's."""
    out = expr.replace("gblas_scalar_is(h, t, ", "fz_scalar_is(fzc, ")
    left = re.sub(r"GBLAS_OP_[NTC]\b", "", out.replace("fz_scalar_is(fzc, ", ""))
    if "gblas_" in left or re.search(r"\b(h|t|fzc|fzs|fzh)\b", left):
        raise SystemExit("gen_fuzz: Let expression %r uses something the harness cannot "
                         "evaluate; teach gen_fuzz.py about it" % expr)
    return out


def decoder(r):
    """Integers first (sizes, ops, increments, leading dimensions: the need rules of scalars
    may read an increment that comes later in BLAS order), then scalars, Lets and operands."""
    out = ["\n/* %s: %s */\n" % (r.name, ", ".join(n for _, n in params(r, None))),
           "static void fz_%s(fz_call *fzc) {\n" % r.name]
    counts = {a.count for a in r.args if isinstance(a, Mat) and a.count}
    for a in r.args:
        if isinstance(a, Size):
            out.append('    const int64_t %s = %s(fzc, "%s");\n'
                       % (a.name, "fz_count" if a.name in counts else "fz_size", a.name))
        elif type(a) in ENUM_DECODERS:
            out.append("    const %s %s = %s(fzc);\n"
                       % (ENUM_TYPES[type(a)], a.name, ENUM_DECODERS[type(a)]))
        elif isinstance(a, Vec):
            out.append("    const int64_t %s = fz_inc(fzc);\n" % a.inc)
        elif isinstance(a, Mat):
            out.append("    const int64_t %s = fz_ld(fzc, %s);\n" % (a.ld, c_expr(a.ld_rows[1])))
            if a.stride:
                out.append(wrap("    const int64_t %s = fz_stride(" % a.stride,
                                ["fzc", '"%s"' % a.stride, c_expr(a.rows), c_expr(a.cols), a.ld],
                                ");", indent=8))
    for a in r.args:
        if isinstance(a, Let):
            out.append("    const int %s = %s;\n" % (a.name, let_expr(a.expr)))
        elif isinstance(a, Scalar):
            out.append(wrap("    fz_arg *%s = fz_scalar(" % a.name,
                            ["fzc", '"%s"' % a.name, "'%s'" % a.kind, a.need, str(int(a.out))],
                            ");", indent=8))
        elif isinstance(a, Result):
            out.append('    fz_arg *%s = fz_result(fzc, "%s", \'%s\');\n' % (a.name, a.name, a.kind))
        elif isinstance(a, Array):
            out.append('    fz_arg *%s = fz_array(fzc, "%s", %d, %d);\n'
                       % (a.name, a.name, a.length, int(a.out)))
        elif isinstance(a, Vec):
            out.append(wrap("    fz_arg *%s = fz_vec(" % a.name,
                            ["fzc", '"%s"' % a.name, a.n, a.inc, a.need, str(int(a.out))], ");",
                            indent=8))
        elif isinstance(a, Mat) and a.array:
            # an input array may share members with the input array before it
            share = next((b.name for b in reversed(r.args[:r.args.index(a)])
                          if isinstance(b, Mat) and b.array and not b.out), "NULL")
            out.append(wrap("    fz_arg *%s = fz_mat_array(" % a.name,
                            ["fzc", '"%s"' % a.name, c_expr(a.rows), c_expr(a.cols), a.ld,
                             c_expr(a.ld_rows[1]), a.count, a.need, str(int(a.out)),
                             "NULL" if a.out else share], ");", indent=8))
            shape = structure(r, a)
            if shape:
                out.append(shape)
        elif isinstance(a, Mat):
            out.append(wrap("    fz_arg *%s = fz_mat(" % a.name,
                            ["fzc", '"%s"' % a.name, c_expr(a.rows), c_expr(a.cols), a.ld,
                             c_expr(a.ld_rows[1]), a.need, str(int(a.out))], ");", indent=8))
            if a.stride:
                out.append("    fz_strided(fzc, %s, %s, %s);\n" % (a.name, a.count, a.stride))
            for o, i, cond in IN_PLACE.get(r.name, []):
                if o == a.name:
                    out.append("    fz_in_place(fzc, %s, %s, %s);\n" % (o, i, cond))
            shape = structure(r, a)
            if shape:
                out.append(shape)
        elif isinstance(a, Packed):
            out.append(wrap("    fz_arg *%s = fz_packed(" % a.name,
                            ["fzc", '"%s"' % a.name, a.n, a.need, str(int(a.out))], ");",
                            indent=8))
            out.append(structure(r, a))
    out.append("    if (!fz_prepare(fzc)) return;\n")
    out.append("    for (int fzs = 0; fzs < FZ_SIDES; fzs++) {\n")
    out.append("        gblas_handle_t fzh = fzc->side[fzs]->h;\n")
    out.append("        switch (fzc->type) {\n")
    for t in fuzz_types(r):
        args = ["fzh"]
        for _, n in params(r, None):
            is_ptr = any(getattr(a, "name", None) == n and not isinstance(a, (Size, Let))
                         and type(a) not in ENUM_TYPES for a in r.args)
            args.append("%s->p[fzs]" % n if is_ptr else n)
        out.append(wrap("        case %s: fzc->status[fzs] = %s(" % (FZ_TYPE[t], r.public(t)), args,
                        "); break;", indent=12))
    out.append("        default: fzc->status[fzs] = GBLAS_STATUS_NOT_SUPPORTED; break;\n")
    out.append("        }\n    }\n    fz_check(fzc);\n}\n")
    return "".join(out)


def fuzz_types(r):
    return [t for t in r.types if t in FUZZ_TYPES]


def picks(fuzzed):
    """PICKS with each routine name as its (routine, type); every fuzzed (routine, type) must be
    in the list, and everything in the list must be fuzzed or a handle call."""
    by_name = {r.public(t): (r, t) for r in fuzzed for t in fuzz_types(r)}
    missing = [n for n in by_name if n not in PICKS]
    if missing:
        raise SystemExit("gen_fuzz: %s fuzzed but not in PICKS: append them at its end"
                         % ", ".join(missing))
    unknown = [p for p in PICKS if p not in by_name and p not in HANDLE_CALLS]
    if unknown or len(set(PICKS)) != len(PICKS):
        raise SystemExit("gen_fuzz: PICKS names %s, not fuzzed routines or handle calls (an id "
                         "stays with its routine: keep it fuzzed), or holds a name twice"
                         % ", ".join(unknown))
    return [p if p in HANDLE_CALLS else by_name[p] for p in PICKS]


def gen_fuzz():
    out = [BANNER, "/* fuzz_calls_gen.c: the fuzz harness's decoder of every routine (see\n"
           " * routines/gen_fuzz.py) and the table of (routine, type) entries an input picks\n"
           " * from. */\n",
           '#include "fuzz.h"\n']
    fuzzed = [r for r in ROUTINES if r.fuzz]
    for r in fuzzed:
        out.append(decoder(r))
    out.append("\n/* Indexed by pick id (routines/gen_fuzz.py's PICKS, append-only). */\n")
    out.append("const fz_entry fz_entries[] = {\n")
    for p in picks(fuzzed):
        if isinstance(p, str):
            out.append('    {"%s", FZ_S, NULL, %s},\n' % (p, HANDLE_CALLS[p]))
        else:
            r, t = p
            out.append('    {"%s", %s, fz_%s, FZ_CALL_ROUTINE},\n' % (r.public(t), FZ_TYPE[t], r.name))
    out.append("};\nconst int fz_entry_count = (int)(sizeof fz_entries / sizeof fz_entries[0]);\n")
    return "".join(out)
