"""The tests' outputs of routines/gen.py (see its docstring)."""
import os
import re

from table import (ROUTINES, TYPES, Array, Diag, Mat, Op, Packed, Result, Scalar, Side,  # noqa: F401
                   Size, Uplo, Vec)
from gen_common import BANNER, HEADER_BEGIN, HEADER_END, ROOT, call_args, params, wrap  # noqa: F401

# ---- tests -----------------------------------------------------------------------------------
PREC = {"s": "PREC_S", "d": "PREC_D", "c": "PREC_C", "z": "PREC_Z"}


def public_symbols():
    """Every function include/gblas.h declares: the routines of the table, then the rest of the
    API (the GBLAS_API declarations outside the generated section), in header order."""
    with open(os.path.join(ROOT, "include/gblas.h")) as f:
        text = f.read()
    b, e = text.index(HEADER_BEGIN), text.index(HEADER_END)
    rest = text[:b] + text[e:]
    api = re.findall(r"\bGBLAS_API\b[^;{]*?\b(gblas_\w+)\s*\(", rest)
    routines = [r.public(t) for r in ROUTINES for t in r.types]
    return routines + api


def gen_test_dispatch():
    h = [BANNER, "/* routines_gen.h: every routine for a precision chosen at run time, every\n"
         " * argument passed through as given (void pointers of that precision). Returns\n"
         " * INVALID_VALUE for a precision the routine does not have. Also the list of public\n"
         " * symbols the shared library must export (test_symbols.c). */\n",
         "#ifndef GBLAS_TEST_ROUTINES_GEN_H\n#define GBLAS_TEST_ROUTINES_GEN_H\n\n",
         '#include "harness.h"\n\n']
    c = [BANNER, '#include "routines_gen.h"\n']
    for r in ROUTINES:
        ps = params(r, None)
        sig = wrap("gblas_status_t hr_%s(" % r.name, ["gblas_handle_t h", "prec_t p"] +
                   [d for d, _ in ps], ")")
        h.append(sig[:-1] + ";\n")
        c.append("\n" + sig[:-1] + " {\n    switch (p) {\n")
        for t in r.types:
            c.append(wrap("    case %s: return %s(" % (PREC[t], r.public(t)),
                          ["h"] + call_args(r, t), ");", indent=8))
        c.append("    default: return GBLAS_STATUS_INVALID_VALUE;\n    }\n}\n")
    names = public_symbols()
    h.append("\n/* Every function of gblas.h: the routines of the table, then the rest of the API. */\n"
             "extern const char *const hr_public_symbols[];\n"
             "extern const int hr_public_symbol_count;\n")
    h.append("\n#endif /* GBLAS_TEST_ROUTINES_GEN_H */\n")
    c.append("\nconst char *const hr_public_symbols[] = {\n")
    c.extend('    "%s",\n' % n for n in names)
    c.append("};\nconst int hr_public_symbol_count = %d;\n" % len(names))
    return "".join(h), "".join(c)


# The bad-argument table. Baseline arguments make every operand needed: sizes 2, ops N, lower
# triangles, non-unit diagonals, left sides, increments 1, leading dimensions 2 (a band matrix's:
# its storage rows), scalars 1 (of the routine's type: bad->s, bad->d, ...), data in backend
# memory.
ENUM_BASE = {Op: "GBLAS_OP_N", Uplo: "GBLAS_FILL_MODE_LOWER", Diag: "GBLAS_DIAG_NON_UNIT",
             Side: "GBLAS_SIDE_LEFT"}
ENUM_BAD = {Op: ("gblas_operation_t", "GBLAS_OP_N, GBLAS_OP_T or GBLAS_OP_C"),
            Uplo: ("gblas_fill_mode_t", "GBLAS_FILL_MODE_LOWER or GBLAS_FILL_MODE_UPPER"),
            Diag: ("gblas_diag_type_t", "GBLAS_DIAG_NON_UNIT or GBLAS_DIAG_UNIT"),
            Side: ("gblas_side_mode_t", "GBLAS_SIDE_LEFT or GBLAS_SIDE_RIGHT")}
BASE_SIZE = 2
FAR = "((int64_t)1 << 62)"
REAL = {"s": "s", "d": "d", "c": "s", "z": "d"}


def baseline(r, t):
    vals = {}
    for a in r.args:
        if isinstance(a, Size):
            vals[a.name] = str(BASE_SIZE)
        elif type(a) in ENUM_BASE:
            vals[a.name] = ENUM_BASE[type(a)]
        elif isinstance(a, Packed):
            vals[a.name] = "bad->data"
        elif isinstance(a, Vec):
            vals[a.name] = "bad->data"
            vals[a.inc] = "1"
        elif isinstance(a, Mat):
            vals[a.name] = "bad->data"
            vals[a.ld] = str(a.base_ld)
            if a.stride:  # the batch's matrices one after another
                vals[a.stride] = str(a.base_ld * a.base_shape[1])
        elif isinstance(a, (Scalar, Result)):
            kind = a.kind
            vals[a.name] = "bad->index" if kind == "I" else "bad->" + (REAL[t] if kind == "R" else t)
        elif isinstance(a, Array):
            vals[a.name] = "bad->" + t
    return vals


def bad_cases(r, t):
    """(override dict, status, format, format args, when) per bad argument, in BLAS order; when
    is None (always), "cuda", "cuda-device" or "cuda-host" (the backend and pointer mode)."""
    pub = r.public(t)
    cases = []
    inv = "GBLAS_STATUS_INVALID_VALUE"
    for a in r.args:
        if isinstance(a, Size):
            cases.append(({a.name: "-1"}, inv, '"%s: %s = -1 must be >= 0"' % (pub, a.name), [], None))
        elif type(a) in ENUM_BAD:
            ctyp, allowed = ENUM_BAD[type(a)]
            cases.append(({a.name: "(%s)99" % ctyp}, inv,
                          '"%s: %s = 99 must be %s"' % (pub, a.name, allowed), [], None))
        elif isinstance(a, Packed):
            cases.append(({a.name: "NULL"}, inv, '"%s: %s is NULL"' % (pub, a.name), [], None))
            cases.append(({a.name: "bad->host"}, inv,
                          '"%s: %s = %%p is host memory; the CUDA backend needs device memory"'
                          % (pub, a.name), ["bad->host"], "cuda"))
            # n so large the triangle passes the end of the address space, where no operand
            # checked before this one would fail on that n first
            if not any(isinstance(b, (Vec, Mat)) for b in r.args[:r.args.index(a)]):
                cases.append(({a.n: FAR}, inv,
                              '"%s: %s (packed, %s = %%lld) reaches past the end of the address '
                              'space"' % (pub, a.name, a.n), ["(long long)" + FAR], None))
        elif isinstance(a, Vec):
            cases.append(({a.name: "NULL"}, inv, '"%s: %s is NULL"' % (pub, a.name), [], None))
            cases.append(({a.name: "bad->host"}, inv,
                          '"%s: %s = %%p is host memory; the CUDA backend needs device memory"'
                          % (pub, a.name), ["bad->host"], "cuda"))
            cases.append(({a.inc: "0"}, inv, '"%s: %s = 0 must be nonzero"' % (pub, a.inc), [], None))
            # the extent counts |inc| either way (where a negative inc still needs the vector)
            for sign in ("", "-") if "%s > 0" % a.inc not in a.need else ("",):
                cases.append(({a.inc: sign + FAR}, inv,
                              '"%s: %s (%d elements, %s = %%lld) reaches past the end of the '
                              'address space"' % (pub, a.name, BASE_SIZE, a.inc),
                              ["(long long)" + sign + FAR], None))
        elif isinstance(a, Mat):
            cases.append(({a.name: "NULL"}, inv, '"%s: %s is NULL"' % (pub, a.name), [], None))
            cases.append(({a.name: "bad->host"}, inv,
                          '"%s: %s = %%p is host memory; the CUDA backend needs device memory"'
                          % (pub, a.name), ["bad->host"], "cuda"))
            lab = a.ld_rows[0]
            lab = lab.strip('"') if lab.count('"') == 2 else lab.split('"')[1]  # the N label
            cases.append(({a.ld: str(a.base_ld - 1)}, inv,
                          '"%s: %s = %d must be >= max(1, %s) = %d"'
                          % (pub, a.ld, a.base_ld - 1, lab, a.base_ld), [], None))
            if a.array:
                # a batch_count so large the array passes the end of the address space, where
                # no array checked before this one would fail on it first
                if not any(isinstance(b, Mat) and b.array for b in r.args[:r.args.index(a)]):
                    cases.append(({a.count: FAR}, inv,
                                  '"%s: %s (%%lld pointers) reaches past the end of the address '
                                  'space"' % (pub, a.name), ["(long long)" + FAR], None))
                continue
            shape = (BASE_SIZE, a.base_shape[0], a.base_shape[1])
            if a.stride:
                stride = a.base_ld * a.base_shape[1]
                cases.append(({a.ld: FAR}, inv,
                              '"%s: %s (%d matrices of %d x %d, %s = %%lld, %s = %d) reaches past '
                              'the end of the address space"' % ((pub, a.name) + shape +
                                                                 (a.ld, a.stride, stride)),
                              ["(long long)" + FAR], None))
                cases.append(({a.stride: "-1"}, inv, '"%s: %s = -1 must be >= 0"' % (pub, a.stride),
                              [], None))
                cases.append(({a.stride: FAR}, inv,
                              '"%s: %s (%d matrices of %d x %d, %s = %d, %s = %%lld) reaches past '
                              'the end of the address space"' % ((pub, a.name) + shape +
                                                                 (a.ld, a.base_ld, a.stride)),
                              ["(long long)" + FAR], None))
                if a.out:
                    cases.append(({a.stride: str(stride - 1)}, inv,
                                  '"%s: %s = %d must be >= %d, the elements one %s spans, when '
                                  'batch_count > 1 (outputs may not overlap)"'
                                  % (pub, a.stride, stride - 1, stride - a.base_ld + a.base_shape[0],
                                     a.name), [], None))
                continue
            cases.append(({a.ld: FAR}, inv,
                          '"%s: %s (%d x %d, %s = %%lld) reaches past the end of the address space"'
                          % (pub, a.name, a.base_shape[0], a.base_shape[1], a.ld),
                          ["(long long)" + FAR], None))
        elif isinstance(a, (Scalar, Array, Result)):
            cases.append(({a.name: "NULL"}, inv, '"%s: %s is NULL"' % (pub, a.name), [], None))
            cases.append(({a.name: "bad->host"}, inv,
                          '"%s: %s = %%p is host memory but the pointer mode is '
                          'GBLAS_POINTER_MODE_DEVICE"' % (pub, a.name), ["bad->host"], "cuda-device"))
            cases.append(({a.name: "bad->data"}, inv,
                          '"%s: %s = %%p is device memory but the pointer mode is '
                          'GBLAS_POINTER_MODE_HOST"' % (pub, a.name), ["bad->data"], "cuda-host"))
    return cases


GUARD = {"cuda": "env.is_cuda", "cuda-device": "env.is_cuda && mode == 1",
         "cuda-host": "env.is_cuda && mode == 0", None: None}


def bad_call(indent, handle, pub, args, status, fmt, fargs):
    """A BAD_ERR(&env, handle, <call>, status, fmt, ...) statement, wrapped at 100 columns."""
    head = wrap("%sBAD_ERR(&env, %s, %s(" % (indent, handle, pub), args, "),",
                indent=len(indent) + 8)
    tail = wrap(indent + " " * 8, [status, fmt] + fargs, ");", indent=len(indent) + 8)
    return head + tail


def gen_bad_args():
    out = [BANNER, "/* test_bad_args_gen.c: every invalid argument of every routine, one at a time\n"
           " * from a valid baseline (sizes 2, ops N, increments 1, leading dimensions 2, scalars\n"
           " * 1), in both pointer modes: the exact status and message, and nothing touched\n"
           " * (BAD_ERR, bad_args.h). */\n",
           '#include "bad_args.h"\n']
    for r in ROUTINES:
        out.append("\nAPI_TEST(bad_args, %s) {\n    bad_env env;\n    bad_open(&env, hc);\n" % r.name)
        out.append("    for (int mode = 0; mode < 2; mode++) {\n")
        out.append("        const bad_ptrs *bad = bad_mode(&env, mode);\n")
        order = [n for _, n in params(r, None)]
        ind = " " * 8
        for t in r.types:
            pub = r.public(t)
            base = baseline(r, t)
            base_args = [base[n] for n in order]
            out.append(bad_call(ind, "NULL", pub, ["NULL"] + base_args,
                                "GBLAS_STATUS_NOT_INITIALIZED", '"%s: handle is NULL"' % pub, []))
            out.append(bad_call(ind, "NULL", pub, ["env.not_handle"] + base_args,
                                "GBLAS_STATUS_NOT_INITIALIZED",
                                '"%s: handle = %%p is not a live gblas handle"' % pub,
                                ["(void *)env.not_handle"]))
            for over, status, fmt, fargs, when in bad_cases(r, t):
                args = ["env.h"] + [over.get(n, base[n]) for n in order]
                guard = GUARD[when]
                if guard:
                    out.append("%sif (%s)\n" % (ind, guard))
                    out.append(bad_call(ind + "    ", "env.h", pub, args, status, fmt, fargs))
                else:
                    out.append(bad_call(ind, "env.h", pub, args, status, fmt, fargs))
        out.append("    }\n    bad_close(&env);\n}\n")
    return "".join(out)
