#!/usr/bin/env python3
"""Generates gblas's routine glue from the routine table (table.py). Standard library only.

    python3 routines/gen.py           write every output
    python3 routines/gen.py --check   exit 1, naming the stale files, when an output differs

Outputs (checked in; CI runs --check):
  include/gblas.h                    the routine section, between its BEGIN/END markers
  src/routines_gen.h                 the backend signatures and the ops table of routines
  src/api/routines_gen.c             the public entry points: checks in BLAS order, quick
                                     return, dispatch through the ops table
  src/cpu_fallback/ref_fill_gen.h    the CPU reference fill list (one type per includer)
  src/kernels/cuda_fill_gen.h        the CUDA fill list
  tests/routines_gen.h, .c           typed dispatch of every routine for the tests, and the
                                     public symbols the exported-symbol test expects
  tests/test_bad_args_gen.c          the bad-argument table, one test per routine
  bench/bench_routines_gen.h, .c     the bench registry (names, flops, bytes, and each call
                                     through gblas, CBLAS and cuBLAS)
  fuzz/fuzz_calls_gen.c              the fuzzer's call table
  include/gblas_f77.h, gblas_cblas.h the Fortran BLAS ABI and CBLAS (gen_interfaces.py lists
  src/interfaces/*_gen.*             its outputs: headers, entry points, export map)
  fortran/gblas.f90                  the Fortran module gblas and its test
  tests/fortran/test_module_gen.f90  (gen_fortran.py)
The emitters for tests, bench, fuzzer, the standard interfaces and the Fortran module live in
gen_tests.py, gen_bench.py, gen_fuzz.py, gen_interfaces.py and gen_fortran.py.
Why a generator and not X-macros: the generated code spells every routine's literal name, so
grep, ctags and debuggers find it, and its signatures are read as plain C.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from table import (ROUTINES, TYPES, Array, Diag, Let, Mat, Op, Packed, Result, Scalar, Side,  # noqa: E402
                   Size, Uplo, Vec)
from gen_common import (BANNER, HEADER_BEGIN, HEADER_END, ROOT, call_args, label, params,  # noqa: E402
                        result_of, wrap)
from gen_tests import gen_test_dispatch, gen_bad_args  # noqa: E402
from gen_bench import gen_bench  # noqa: E402
from gen_fuzz import gen_fuzz  # noqa: E402
from gen_interfaces import gen_interfaces  # noqa: E402
from gen_fortran import gen_fortran as gen_fortran_module  # noqa: E402

# ---- include/gblas.h -------------------------------------------------------------------------
def gen_header():
    out = []
    for r in ROUTINES:
        out.append("\n/* " + r.doc.replace("\n", "\n * ") + " */\n")
        for t in r.types:
            decls = [d for d, _ in params(r, t)]
            out.append(wrap("GBLAS_API gblas_status_t %s(" % r.public(t),
                            ["gblas_handle_t h"] + decls, ");", indent=4))
    return "".join(out)


def splice_header(text, body):
    b, e = text.index(HEADER_BEGIN), text.index(HEADER_END)
    return text[:b + len(HEADER_BEGIN)] + body + "\n" + text[e:]


# ---- src/routines_gen.h ----------------------------------------------------------------------
def gen_ops():
    out = [BANNER, "/* routines_gen.h: what a backend implements for each routine: one signature\n"
           " * per routine, type-erased (data and scalars as void pointers of the type the tag\n"
           " * names), and the ops table of routines, one entry per routine and type tag.\n"
           " * Included by backend.h. */\n",
           "#ifndef GBLAS_ROUTINES_GEN_H\n#define GBLAS_ROUTINES_GEN_H\n\n"]
    for r in ROUTINES:
        decls = [d for d, _ in params(r, None)]
        out.append(wrap("typedef gblas_status_t gblas_%s_fn(" % r.name, ["gblas_ctx *ctx"] + decls,
                        ");", indent=4))
    out.append("\n/* Entry [GBLAS_TYPE_x] of each routine, NULL where the routine has no such type. */\n")
    out.append("typedef struct gblas_routine_ops {\n")
    for r in ROUTINES:
        out.append("    gblas_%s_fn *%s[GBLAS_TYPE_COUNT];\n" % (r.name, r.name))
    out.append("} gblas_routine_ops;\n\n#endif /* GBLAS_ROUTINES_GEN_H */\n")
    return "".join(out)


# ---- src/api/routines_gen.c ------------------------------------------------------------------
def check_lines(r):
    """The checks of r's arguments in BLAS order: (C function, its arguments) or a C line."""
    lines = []
    for a in r.args:
        if isinstance(a, Size):
            lines.append(("gblas_check_size", ["h", "routine", '"%s"' % a.name, a.name]))
        elif isinstance(a, (Op, Uplo, Diag, Side)):
            fn = {Op: "op", Uplo: "uplo", Diag: "diag", Side: "side"}[type(a)]
            lines.append(("gblas_check_" + fn, ["h", "routine", '"%s"' % a.name, a.name]))
        elif isinstance(a, Let):
            lines.append("const int %s = %s;" % (a.name, a.expr))
        elif isinstance(a, (Scalar, Array, Result)):
            need = a.need if isinstance(a, Scalar) else "1"
            lines.append(("gblas_check_scalar", ["h", "routine", '"%s"' % a.name, a.name, need]))
        elif isinstance(a, Vec):
            lines.append(("gblas_check_vec", ["h", "routine", "t", '"%s"' % a.name, a.name, a.n,
                                              '"%s"' % a.inc, a.inc, a.need]))
        elif isinstance(a, Mat) and a.array:
            lab, rows = a.ld_rows
            lines.append(("gblas_check_mat_array", ["h", "routine", '"%s"' % a.name, a.name,
                                                    '"%s"' % a.ld, a.ld, label(lab), rows, a.count,
                                                    a.need]))
        elif isinstance(a, Mat) and a.stride:
            lab, rows = a.ld_rows
            lines.append(("gblas_check_mat_strided",
                          ["h", "routine", "t", '"%s"' % a.name, a.name, a.rows, a.cols,
                           '"%s"' % a.ld, a.ld, label(lab), rows, '"%s"' % a.stride, a.stride,
                           a.count, str(int(a.out)), a.need]))
        elif isinstance(a, Mat):
            lab, rows = a.ld_rows
            lines.append(("gblas_check_mat", ["h", "routine", "t", '"%s"' % a.name, a.name, a.rows,
                                              a.cols, '"%s"' % a.ld, a.ld, label(lab), rows, a.need]))
        elif isinstance(a, Packed):
            lines.append(("gblas_check_packed", ["h", "routine", "t", '"%s"' % a.name, a.name,
                                                 '"%s"' % a.n, a.n, a.need]))
    return lines


def render(line, indent="    "):
    if isinstance(line, str):
        return wrap(indent, line.split(" ", 0), "", indent=len(indent) + 4)
    fn, args = line
    return wrap("%sGBLAS_TRY(%s(" % (indent, fn), args, "));", indent=len(indent) + 4)


def gen_api():
    out = [BANNER, "/* routines_gen.c: the public entry points of every routine. Each checks its\n"
           " * arguments in BLAS order (check.h), returns early when the reference BLAS would,\n"
           " * and calls the backend through the ops table, holding the handle's lock. */\n",
           '#include "api/check.h"\n']
    for r in ROUTINES:
        ps = params(r, None)
        res = result_of(r)
        out.append("\n/* %s: %s */\n" % (r.name, ", ".join(n for _, n in ps)))
        out.append(wrap("static gblas_status_t run_%s(" % r.name,
                        ["gblas_handle_t h", "const char *routine", "gblas_type t"] +
                        [d for d, _ in ps], ") {"))
        body = check_lines(r)
        if r.quick != "0":
            if res is not None:
                size = {"T": "gblas_type_size(t)", "R": "gblas_real_size(t)",
                        "I": "sizeof(int64_t)"}[res.kind]
                body.append("if (%s) return gblas_quick_result(h, routine, %s, %s);"
                            % (r.quick, res.name, size))
            else:
                body.append("if (%s) return GBLAS_STATUS_SUCCESS;" % r.quick)
        body.append(("return gblas_finish", ["h", "routine", "h->ops.routine.%s[t](&h->ctx" % r.name]
                     + [n for _, n in ps]))
        for line in body[:-1]:
            out.append(render(line))
        fn, args = body[-1]
        out.append(wrap("    %s(%s, %s, " % (fn, args[0], args[1]), args[2:], "));", indent=8))
        out.append("}\n")
        for t in r.types:
            pub = r.public(t)
            out.append("\n")
            out.append(wrap("gblas_status_t %s(" % pub,
                            ["gblas_handle_t h"] + [d for d, _ in params(r, t)], ") {"))
            out.append('    GBLAS_TRY(gblas_check_handle(h, "%s"));\n' % pub)
            out.append("    gblas_handle_lock(h);\n")
            out.append(wrap("    const gblas_status_t status = run_%s(" % r.name,
                            ["h", '"%s"' % pub, TYPES[t][3]] + call_args(r, None), ");"))
            out.append("    gblas_handle_unlock(h);\n    return status;\n}\n")
    return "".join(out)


# ---- backend fill lists ----------------------------------------------------------------------
def gen_ref_fill():
    out = [BANNER, "/* ref_fill_gen.h: the CPU reference fill list, for ref_<t>.c, which defines\n"
           " * GBLAS_TYPE_TAG (a GBLAS_TYPE_x), REF_TYPE_<t> and a static ref_<routine> for every\n"
           " * routine the table gives that type. */\n",
           "static void ref_fill(gblas_ops *ops) {\n"]
    for r in ROUTINES:
        cond = " || ".join("defined(REF_TYPE_%s)" % t.upper() for t in r.types)
        if r.types == "sdcz":
            out.append("    ops->routine.%s[GBLAS_TYPE_TAG] = ref_%s;\n" % (r.name, r.name))
        else:
            out.append("#if %s\n    ops->routine.%s[GBLAS_TYPE_TAG] = ref_%s;\n#endif\n"
                       % (cond, r.name, r.name))
    out.append("}\n")
    return "".join(out)


def gen_cuda_fill():
    out = [BANNER, "/* cuda_fill_gen.h: the CUDA fill list, for cuda_backend.cu, where the\n"
           " * adapter template cuda_<routine><T> of every routine is declared. */\n",
           "static void cuda_fill_routines(gblas_ops *ops) {\n"]
    for r in ROUTINES:
        for t in r.types:
            cxx = TYPES[t][2]
            if cxx is None:
                continue
            out.append("    ops->routine.%s[%s] = cuda_%s<%s>;\n" % (r.name, TYPES[t][3], r.name, cxx))
    out.append("}\n")
    return "".join(out)


# ---- driver ----------------------------------------------------------------------------------
def outputs():
    hdr_path = os.path.join(ROOT, "include/gblas.h")
    with open(hdr_path) as f:
        header = splice_header(f.read(), gen_header())
    th, tc = gen_test_dispatch()
    bh, bc = gen_bench()
    out = {
        "include/gblas.h": header,
        "src/routines_gen.h": gen_ops(),
        "src/api/routines_gen.c": gen_api(),
        "src/cpu_fallback/ref_fill_gen.h": gen_ref_fill(),
        "src/kernels/cuda_fill_gen.h": gen_cuda_fill(),
        "tests/routines_gen.h": th,
        "tests/routines_gen.c": tc,
        "tests/test_bad_args_gen.c": gen_bad_args(),
        "bench/bench_routines_gen.h": bh,
        "bench/bench_routines_gen.c": bc,
        "fuzz/fuzz_calls_gen.c": gen_fuzz(),
    }
    out.update(gen_interfaces())
    out.update(gen_fortran_module())
    return out


def main(argv):
    check = "--check" in argv
    stale = []
    for rel, text in outputs().items():
        path = os.path.join(ROOT, rel)
        old = open(path).read() if os.path.exists(path) else None
        if old == text:
            continue
        if check:
            stale.append(rel)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            print("wrote", rel)
    if stale:
        print("gen.py --check: out of date (run python3 routines/gen.py):", " ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
