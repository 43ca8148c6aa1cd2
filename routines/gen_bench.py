"""The bench's outputs of routines/gen.py (see its docstring): the registry and, per routine, the
buffers of a case, its work, and one call through gblas, OpenBLAS's CBLAS and cuBLAS.

A case (bench.h's bench_case) gives every argument of a call, by role:
  Size m, n, k            the case's m, n, k (a table routine with another size name is an error
                          here until the case has a field for it)
  Op (i-th)               the case's trans[i]: 'N' or 'T'
  Vec                     increment = the case's inc; an input reads in0, then in1; an output
                          lives in the side's out buffer
  Mat                     leading dimension = its rows; input or output as a Vec. A batch
                          (count): its matrices one after another in the buffer, the stride
                          one matrix (ld * cols), the count the case's batch; with array, the
                          runner's pointer arrays arr_in0, arr_in1, arr_out[side] (bench.h)
  Scalar, Array           the bench constant BENCH_<ROUTINE>_<NAME> (bench.h), in host memory;
                          a complex scalar BENCH_<ROUTINE>_<NAME>_C, an initializer {re, im}
  Result                  the start of the side's out buffer (an int64_t for an index)
What a routine writes (its output vectors and matrices, or its result) lies in out[side], one
operand after another, so the check compares one buffer per side. The reference calls map
mechanically: CBLAS takes sizes as blasint, real scalars by value, a layout first from Level 2
on, and returns a result (I_AMAX 0-based, stored here 1-based as int64_t); cuBLAS takes our order
with int sizes and an int index result (converted by the CUDA check). A routine with only scalar
arguments (rotg, rotmg) has no bench call. The CUDA runner calls a routine with a result in
device pointer mode (bench_cuda.c), so such a routine may not take scalars (an error here).
cuBLAS names are the camel-case form of ours (gemm_strided_batched: cublasSgemmStridedBatched);
its side declares complex operands as cuComplex / cuDoubleComplex, CBLAS takes them as void *
(complex scalars by address, dotu/dotc through the _sub forms that store the result).
The routines of CBLAS_BY_HAND have no CBLAS call of their form: their OpenBLAS side is written
by hand (bench_cblas_<name> in bench_cpu_compose.c).
"""
import re

from table import ROUTINES, TYPES, Array, Diag, Mat, Op, Packed, Result, Scalar, Side, Size, Uplo, Vec
from gen_common import BANNER, result_of, wrap

BENCH_TYPES = "sdcz"


def bench_types(r):
    """The types r is benched in: s and d, and c and z for Level 1, the only complex routines
    with cases (complex GEMM gets its cases, and its 8 m n k flop count, with its bench)."""
    return "".join(t for t in r.types if t in BENCH_TYPES and (t in "sd" or r.level == 1))
# cuBLAS's element type of each complex type (layout-compatible with ours, gblas.h says).
CUBLAS_TYPES = {"c": "cuComplex", "z": "cuDoubleComplex"}
# case field of each size name: a band matrix's kl and ku are both the case's k
CASE_SIZES = {"m": "m", "n": "n", "k": "k", "kl": "k", "ku": "k", "batch_count": "batch"}
# Routines whose OpenBLAS side is composed by hand, and why.
CBLAS_BY_HAND = {
    "trmm": "CBLAS's TRMM is in place: B copied into C, then TRMM on C",
    "geam": "no CBLAS form: OpenBLAS's omatcopy and axpy (axpby in place)",
    "dgmm": "no CBLAS form: per column, copy and a diagonal TBMV (left) or axpby (right)",
    "gemm_strided_batched": "a loop of GEMM calls",
    "gemm_batched": "a loop of GEMM calls on the arrays' matrices",
    "trsm_batched": "a loop of TRSM calls on the arrays' matrices",
}
# Routines whose OpenBLAS side is by hand for some types only (bench_cblas_<name>_<types>).
CBLAS_BY_HAND_TYPES = {
    "rot": ("cz", "CBLAS has no crot/zrot (complex s): LAPACK's CROT/ZROT in OpenBLAS"),
}
# Routines whose first input may be their output (the table's doc says when): the case kind
# that calls them so (bench.h) sets in_place and the call reads that input from out[side].
IN_PLACE = ("geam",)
# Level-3 routines that do O(1) FLOP per element they move: rated against the copy ceiling.
BANDWIDTH_LEVEL3 = ("geam", "dgmm")
# the case's letter of each enumeration role -> the C enumerator of each side
ENUMS = {Op: "op", Uplo: "uplo", Diag: "diag", Side: "side"}
SIDE = {"gblas": "BENCH_SIDE_GBLAS", "cblas": "BENCH_SIDE_REF", "cublas": "BENCH_SIDE_REF"}


def enum_name(r):
    return "BENCH_" + r.name.upper()


def constant(r, a):
    return "BENCH_%s_%s" % (r.name.upper(), a.name.upper())


def callable_(r):
    return r.bench and any(isinstance(a, (Vec, Mat, Packed)) for a in r.args)


def result_kind(r):
    res = result_of(r)
    return res.kind if res else None


def ceiling(r):
    """What the rate is compared with: FLOP/s from Level 3 on; the copy bandwidth when the
    routine writes a matrix, or a vector at Level 1; else the read bandwidth."""
    if r.level >= 3 and r.name not in BANDWIDTH_LEVEL3:
        return "BENCH_CEILING_FLOPS"
    writes = [a for a in r.args if isinstance(a, (Vec, Mat, Packed)) and a.out]
    if any(isinstance(a, (Mat, Packed)) for a in writes) or (r.level == 1 and writes):
        return "BENCH_CEILING_COPY"
    return "BENCH_CEILING_READ"


def bindings(r):
    """(name, C type, expression over bc) of every case-bound value of r, in BLAS order."""
    out, ops = [], 0
    for a in r.args:
        if isinstance(a, Size):
            if a.name not in CASE_SIZES:
                raise SystemExit("gen_bench: %s's size %s has no field in bench_case"
                                 % (r.name, a.name))
            out.append((a.name, "int64_t", "bc->" + CASE_SIZES[a.name]))
        elif type(a) in ENUMS:
            ctyp = {Op: "gblas_operation_t", Uplo: "gblas_fill_mode_t", Diag: "gblas_diag_type_t",
                    Side: "gblas_side_mode_t"}[type(a)]
            out.append((a.name, ctyp, "bench_gblas_%s(bc->trans[%d])" % (ENUMS[type(a)], ops)))
            ops += 1
        elif isinstance(a, Vec):
            out.append((a.inc, "int64_t", "bc->inc"))
        elif isinstance(a, Mat):
            out.append((a.ld, "int64_t", re.sub(r"gblas_band_rows\((\w+), (\w+)\)",
                                                r"(\1 + \2 + 1)", a.ld_rows[1])))
            if a.stride:
                out.append((a.stride, "int64_t", "%s * (%s)" % (a.ld, a.cols)))
    return out


def bind(r, body):
    """The declarations of the case-bound values body uses (and those they use), in BLAS order."""
    binds = bindings(r)
    need, grew = set(), True
    text = body
    while grew:
        grew = False
        for name, _, expr in binds:
            if name not in need and re.search(r"\b%s\b" % re.escape(name), text):
                need.add(name)
                text += " " + re.sub(r"bc->\w+", "", expr)
                grew = True
    lines = []
    for name, ctyp, expr in binds:
        if name in need:
            lines.append("    const %s %s = %s;\n" % (ctyp, name, expr))
    return "".join(lines)


def elems_expr(a):
    if isinstance(a, Vec):
        return "bench_vec_elems(%s, %s)" % (a.n, a.inc)
    if isinstance(a, Packed):
        return "%s * (%s + 1) / 2" % (a.n, a.n)
    if a.count:
        return "%s * (%s) * %s" % (a.ld, a.cols, a.count)
    return "%s * (%s)" % (a.ld, a.cols)


def operands(r, t, side):
    """Declarations of r's operands for type t on a side: pointers into the buffers, scalars
    and arrays from the bench constants, one C statement each."""
    T = CUBLAS_TYPES.get(t, TYPES[t][0]) if side == "cublas" else TYPES[t][0]
    R = TYPES[t][1]
    lines = []
    inputs = ["bb->in0", "bb->in1"]
    prev_out = None
    for a in r.args:
        array = isinstance(a, Mat) and a.array
        if isinstance(a, (Vec, Mat, Packed)) and not a.out:
            if not inputs:
                raise SystemExit("gen_bench: %s has more than two input operands" % r.name)
            buf = inputs.pop(0)
            if array:
                lines.append("const %s *const *const %s = (const %s *const *)%s;"
                             % (T, a.name, T, buf.replace("->", "->arr_")))
            elif r.name in IN_PLACE and buf == "bb->in0":
                lines.append("const %s *const %s = bb->in_place ? bb->out[%s] : bb->in0;"
                             % (T, a.name, SIDE[side]))
            else:
                lines.append("const %s *const %s = %s;" % (T, a.name, buf))
        elif array:
            if prev_out is not None:
                raise SystemExit("gen_bench: %s has more than one output array" % r.name)
            lines.append("%s *const *const %s = (%s *const *)bb->arr_out[%s];"
                         % (T, a.name, T, SIDE[side]))
            prev_out = a
        elif isinstance(a, (Vec, Mat, Packed)):
            if prev_out is None:
                lines.append("%s *const %s = bb->out[%s];" % (T, a.name, SIDE[side]))
            else:
                lines.append("%s *const %s = %s + %s;" % (T, a.name, prev_out.name,
                                                           elems_expr(prev_out)))
            prev_out = a
        elif isinstance(a, Scalar):
            if a.kind == "T" and t in CUBLAS_TYPES:
                lines.append("const %s %s = %s_C;" % (T, a.name, constant(r, a)))
            else:
                st = R if a.kind == "R" else T
                lines.append("const %s %s = (%s)%s;" % (st, a.name, st, constant(r, a)))
        elif isinstance(a, Array):
            lines.append("const %s %s[%d] = %s;" % (T, a.name, a.length, constant(r, a)))
        elif isinstance(a, Result):
            if side == "cblas":
                continue
            rt = {"T": T, "R": R, "I": "int64_t" if side == "gblas" else "int"}[a.kind]
            lines.append("%s *const %s = bb->out[%s];" % (rt, a.name, SIDE[side]))
    return lines


def call_args(r, t, side):
    """The call's arguments after the handle (gblas, cuBLAS) or as CBLAS takes them."""
    out = []
    for a in r.args:
        if isinstance(a, Size):
            out.append({"gblas": a.name, "cblas": "(blasint)" + a.name,
                        "cublas": "(int)" + a.name}[side])
        elif type(a) in ENUMS:
            e = ENUMS[type(a)]
            out.append({"gblas": a.name, "cblas": "bench_cblas_%s(%s)" % (e, a.name),
                        "cublas": "bench_cublas_%s(%s)" % (e, a.name)}[side])
        elif isinstance(a, Packed):
            out.append(a.name)
        elif isinstance(a, (Vec, Mat)):
            inc = a.inc if isinstance(a, Vec) else a.ld
            out.append(a.name)
            out.append({"gblas": inc, "cblas": "(blasint)" + inc, "cublas": "(int)" + inc}[side])
            if isinstance(a, Mat) and a.stride:
                out.append({"gblas": a.stride, "cblas": "(blasint)" + a.stride,
                            "cublas": "(long long)" + a.stride}[side])
        elif isinstance(a, Scalar):
            by_value = side == "cblas" and (a.kind == "R" or t not in CUBLAS_TYPES)
            out.append(a.name if by_value else "&" + a.name)
        elif isinstance(a, Array):
            out.append(a.name)
        elif isinstance(a, Result):
            if side != "cblas":
                out.append(a.name)
            elif a.kind == "T" and t in CUBLAS_TYPES:  # the _sub form stores it
                out.append("bb->out[BENCH_SIDE_REF]")
    if side == "cblas" and r.level >= 2:
        out.insert(0, "CblasColMajor")
    return out


def ref_name(r, t, side):
    pub = r.public(t)[len("gblas_"):]
    if side == "cblas":
        complex_result = result_kind(r) == "T" and t in CUBLAS_TYPES
        return "cblas_" + pub + ("_sub" if complex_result else "")
    return "cublas" + "".join(w[0].upper() + w[1:] for w in pub.split("_"))


def side_function(r, side):
    """One call of r on a side, for each bench type."""
    ret = {"gblas": "gblas_status_t", "cblas": "void", "cublas": "cublasStatus_t"}[side]
    head = {"gblas": ["gblas_handle_t h"], "cblas": [], "cublas": ["cublasHandle_t cb"]}[side]
    fail = {"gblas": "return GBLAS_STATUS_INVALID_VALUE;",
            "cblas": "", "cublas": "return CUBLAS_STATUS_NOT_SUPPORTED;"}[side]
    res = result_kind(r)
    body = []
    for t in bench_types(r):
        body.append("    if (bc->prec == '%s') {\n" % t)
        if side == "cblas" and t in CBLAS_BY_HAND_TYPES.get(r.name, ("",))[0]:
            body.append("        bench_cblas_%s_%s(bc, bb);\n        return;\n    }\n"
                        % (r.name, CBLAS_BY_HAND_TYPES[r.name][0]))
            continue
        for line in operands(r, t, side):
            body.append("        " + line + "\n")
        args = call_args(r, t, side)
        if side == "gblas":
            body.append(wrap("        return %s(" % r.public(t), ["h"] + args, ");", indent=12))
        elif side == "cublas":
            body.append(wrap("        return %s(" % ref_name(r, t, side), ["cb"] + args, ");",
                             indent=12))
        else:
            fn = ref_name(r, t, side)
            if res is None or (res == "T" and t in CUBLAS_TYPES):
                body.append(wrap("        %s(" % fn, args, ");", indent=12))
            elif res == "I":
                body.append(wrap("        *(int64_t *)bb->out[BENCH_SIDE_REF] = 1 + (int64_t)%s("
                                 % fn, args, ");", indent=12))
            else:
                rt = TYPES[t][1] if res == "R" else TYPES[t][0]
                body.append(wrap("        *(%s *)bb->out[BENCH_SIDE_REF] = %s(" % (rt, fn), args,
                                 ");", indent=12))
            body.append("        return;\n")
        body.append("    }\n")
    text = "".join(body)
    out = [wrap("static %s call_%s_%s(" % (ret, side, r.name),
                head + ["const bench_case *bc", "bench_buffers *bb"], ") {")]
    out.append(bind(r, text))
    out.append(text)
    if fail:
        out.append("    " + fail + "\n")
    out.append("}\n")
    return "".join(out)


def elems_function(r):
    ins = [a for a in r.args if isinstance(a, (Vec, Mat, Packed)) and not a.out]
    outs = [a for a in r.args if isinstance(a, (Vec, Mat, Packed)) and a.out]
    body = []
    for i, a in enumerate(ins):
        body.append("    bb->in%d_elems = %s; /* %s */\n" % (i, elems_expr(a), a.name))
    if outs:
        body.append("    bb->out_elems = %s; /* %s */\n"
                    % (" + ".join(elems_expr(a) for a in outs), ", ".join(a.name for a in outs)))
    else:
        body.append("    bb->out_elems = 1; /* result */\n")
    text = "".join(body)
    return ("static void elems_%s(const bench_case *bc, bench_buffers *bb) {\n" % r.name +
            bind(r, text) + text + "}\n")


def work_function(r, what):
    expr = r.flops if what == "flops" else r.bytes
    text = "    return (double)(%s);\n" % expr
    e = "    const double E = (double)bench_elem_size(bc);\n" if re.search(r"\bE\b", expr) else ""
    unused = "" if (e or bind(r, text)) else "    (void)bc;\n"
    return ("static double %s_%s(const bench_case *bc) {\n" % (what, r.name) +
            bind(r, text) + e + unused + text + "}\n")


def dispatch(ret, name, params, args, fn, default, rs, comment):
    out = ["\n/* %s */\n" % comment, "%s %s(%s) {\n" % (ret, name, params),
           "    switch (bench_case_table_routine(bc)) {\n"]
    for r in rs:
        call = "%s_%s(%s);" % (fn, r.name, args)
        if fn == "call_cblas" and r.name in CBLAS_BY_HAND:
            call = "bench_cblas_%s(%s);" % (r.name, args)
        out.append("    case %s: %s\n" % (enum_name(r), call + " break;" if ret == "void"
                                          else "return " + call))
    out.append("    default: %s\n    }\n}\n" % default)
    return "".join(out)


# ---- bench -----------------------------------------------------------------------------------
def gen_bench():
    h = [BANNER, "/* bench_routines_gen.h: the bench registry: every routine of the table, in\n"
         " * table order (its bench_table_routine value indexes bench_routine_table), with what\n"
         " * the bench derives from its argument roles. The per-routine functions (buffers, work,\n"
         " * the gblas, CBLAS and cuBLAS calls) are declared in bench.h, bench_cpu.h and\n"
         " * bench_cuda.h and defined in bench_routines_gen.c. */\n",
         "#ifndef GBLAS_BENCH_ROUTINES_GEN_H\n#define GBLAS_BENCH_ROUTINES_GEN_H\n\n",
         "typedef enum {\n"]
    for r in ROUTINES:
        h.append("    %s,\n" % enum_name(r))
    h.append("    BENCH_TABLE_ROUTINES\n} bench_table_routine;\n\n")
    h.append("/* What a rate is compared with (bench_ceilings): read or copy bandwidth, or the\n"
             " * FLOP peak of the case's precision. */\n"
             "typedef enum { BENCH_CEILING_READ, BENCH_CEILING_COPY, BENCH_CEILING_FLOPS } "
             "bench_ceiling_kind;\n\n")
    h.append("typedef struct {\n"
             "    const char *name;  /* the family name: \"dot\", \"gemm\" */\n"
             "    const char *types; /* the types it exists for: \"sd\" */\n"
             "    int level;\n"
             "    char result; /* what it returns through its result pointer: 'T' the element\n"
             "                    type, 'R' its real type, 'I' an int64_t index; 0 nothing */\n"
             "    int calls;   /* 1 when the bench can call it (it has a vector or matrix) */\n"
             "    int arrays;  /* 1 when its matrices are given by arrays of pointers */\n"
             "    bench_ceiling_kind ceiling;\n"
             "} bench_routine_info;\n\n"
             "extern const bench_routine_info bench_routine_table[BENCH_TABLE_ROUTINES];\n\n"
             "#endif /* GBLAS_BENCH_ROUTINES_GEN_H */\n")

    rs = [r for r in ROUTINES if callable_(r)]
    for r in rs:
        # The CUDA runner calls a routine with a result in device pointer mode, where its
        # scalars would have to be in device memory too: the bench has none there.
        if result_kind(r) and any(isinstance(a, (Scalar, Array)) for a in r.args):
            raise SystemExit("gen_bench: %s has a result and scalar arguments" % r.name)
    c = [BANNER, "/* bench_routines_gen.c: per routine of the table, the buffers of a case, its\n"
         " * work, and one call through gblas, OpenBLAS's CBLAS and (with CUDA) cuBLAS, bound\n"
         " * from the case by the argument roles (routines/gen_bench.py says how). */\n",
         "#include <cblas.h>\n\n#include \"bench.h\"\n#include \"bench_cpu.h\"\n",
         "#ifdef GBLAS_BENCH_CUDA\n#include \"bench_cuda.h\"\n#endif\n\n",
         "const bench_routine_info bench_routine_table[BENCH_TABLE_ROUTINES] = {\n"]
    for r in ROUTINES:
        res = result_kind(r)
        arrays = any(isinstance(a, Mat) and a.array for a in r.args)
        c.append("    [%s] = {\"%s\", \"%s\", %d, %s, %d, %d, %s},\n"
                 % (enum_name(r), r.name, bench_types(r),
                    r.level, "'%s'" % res if res else "0",
                    1 if callable_(r) else 0, 1 if arrays else 0, ceiling(r)))
    c.append("};\n")
    for r in rs:
        c.append("\n/* ---- %s ---- */\n" % r.name)
        c.append(elems_function(r))
        c.append(work_function(r, "flops"))
        c.append(work_function(r, "bytes"))
        c.append(side_function(r, "gblas"))
        if r.name not in CBLAS_BY_HAND:
            c.append(side_function(r, "cblas"))
    c.append(dispatch("void", "bench_table_elems", "const bench_case *bc, bench_buffers *bb",
                      "bc, bb", "elems", "break;", rs,
                      "Element counts of the case's buffers (out_es is set by the caller)."))
    c.append(dispatch("double", "bench_table_flops", "const bench_case *bc", "bc", "flops",
                      "return 0;", rs, "FLOP of one call of the case's routine."))
    c.append(dispatch("double", "bench_table_bytes", "const bench_case *bc", "bc", "bytes",
                      "return 0;", rs, "Bytes one call of the case's routine moves (table model)."))
    c.append(dispatch("gblas_status_t", "bench_gblas_call",
                      "gblas_handle_t h, const bench_case *bc, bench_buffers *bb", "h, bc, bb",
                      "call_gblas", "return GBLAS_STATUS_INVALID_VALUE;", rs,
                      "One gblas call of the case on out[BENCH_SIDE_GBLAS]."))
    c.append(dispatch("void", "bench_cblas_call", "const bench_case *bc, bench_buffers *bb",
                      "bc, bb", "call_cblas", "break;", rs,
                      "One OpenBLAS (CBLAS) call of the case on out[BENCH_SIDE_REF] (composed\n"
                      " * by hand in bench_cpu_compose.c where CBLAS has no call of the form)."))
    c.append("\n#ifdef GBLAS_BENCH_CUDA\n")
    for r in rs:
        c.append("\n" + side_function(r, "cublas"))
    c.append(dispatch("cublasStatus_t", "bench_cublas_call",
                      "cublasHandle_t cb, const bench_case *bc, bench_buffers *bb", "cb, bc, bb",
                      "call_cublas", "return CUBLAS_STATUS_NOT_SUPPORTED;", rs,
                      "One cuBLAS call of the case on out[BENCH_SIDE_REF]."))
    c.append("#endif /* GBLAS_BENCH_CUDA */\n")
    return "".join(h), "".join(c)
