"""The tests' outputs of routines/gen.py (see its docstring)."""
from table import ROUTINES, TYPES, Array, Mat, Op, Result, Scalar, Size, Vec  # noqa: F401
from gen_common import BANNER, params, wrap  # noqa: F401

# ---- tests -----------------------------------------------------------------------------------
PREC = {"s": "PREC_S", "d": "PREC_D", "c": "PREC_C", "z": "PREC_Z"}


def gen_test_dispatch():
    h = [BANNER, "/* routines_gen.h: every routine for a precision chosen at run time, every\n"
         " * argument passed through as given (void pointers of that precision). Returns\n"
         " * INVALID_VALUE for a precision the routine does not have. */\n",
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
                          ["h"] + [n for _, n in ps], ");", indent=8))
        c.append("    default: return GBLAS_STATUS_INVALID_VALUE;\n    }\n}\n")
    h.append("\n#endif /* GBLAS_TEST_ROUTINES_GEN_H */\n")
    return "".join(h), "".join(c)


# The bad-argument table. Baseline arguments make every operand needed: sizes 2, ops N,
# increments 1, leading dimensions 2, alpha and friends 1, data in backend memory.
BASE_SIZE = 2
FAR = "((int64_t)1 << 62)"


def baseline(r):
    vals = {}
    for a in r.args:
        if isinstance(a, Size):
            vals[a.name] = str(BASE_SIZE)
        elif isinstance(a, Op):
            vals[a.name] = "GBLAS_OP_N"
        elif isinstance(a, Vec):
            vals[a.name] = "bad->data"
            vals[a.inc] = "1"
        elif isinstance(a, Mat):
            vals[a.name] = "bad->data"
            vals[a.ld] = str(BASE_SIZE)
        elif isinstance(a, (Scalar, Array)):
            vals[a.name] = "bad->scalar"
        elif isinstance(a, Result):
            vals[a.name] = "bad->scalar"
    return vals


def bad_cases(r, t):
    """(override dict, status, format, format args) per bad argument, in BLAS order."""
    pub = r.public(t)
    cases = []
    inv = "GBLAS_STATUS_INVALID_VALUE"
    for a in r.args:
        if isinstance(a, Size):
            cases.append(({a.name: "-1"}, inv, '"%s: %s = -1 must be >= 0"' % (pub, a.name), []))
        elif isinstance(a, Op):
            cases.append(({a.name: "(gblas_operation_t)99"}, inv,
                          '"%s: %s = 99 must be GBLAS_OP_N, GBLAS_OP_T or GBLAS_OP_C"' % (pub, a.name), []))
        elif isinstance(a, Vec):
            cases.append(({a.name: "NULL"}, inv, '"%s: %s is NULL"' % (pub, a.name), []))
            cases.append(({a.name: "bad->host"}, inv, '"%s: %s = %%p is host memory; the CUDA backend needs device memory"' % (pub, a.name), ["bad->host"], "cuda"))
            cases.append(({a.inc: "0"}, inv, '"%s: %s = 0 must be nonzero"' % (pub, a.inc), []))
            cases.append(({a.inc: FAR}, inv,
                          '"%s: %s (%d elements, %s = %%lld) reaches past the end of the address space"'
                          % (pub, a.name, BASE_SIZE, a.inc), ["(long long)" + FAR]))
        elif isinstance(a, Mat):
            cases.append(({a.name: "NULL"}, inv, '"%s: %s is NULL"' % (pub, a.name), []))
            cases.append(({a.name: "bad->host"}, inv, '"%s: %s = %%p is host memory; the CUDA backend needs device memory"' % (pub, a.name), ["bad->host"], "cuda"))
            lab = a.ld_rows[0]
            lab = lab.strip('"') if lab.count('"') == 2 else lab.split('"')[1]  # the N label
            cases.append(({a.ld: str(BASE_SIZE - 1)}, inv,
                          '"%s: %s = %d must be >= max(1, %s) = %d"' % (pub, a.ld, BASE_SIZE - 1, lab, BASE_SIZE), []))
            cases.append(({a.ld: FAR}, inv,
                          '"%s: %s (%d x %d, %s = %%lld) reaches past the end of the address space"'
                          % (pub, a.name, BASE_SIZE, BASE_SIZE, a.ld), ["(long long)" + FAR]))
        elif isinstance(a, (Scalar, Array, Result)):
            cases.append(({a.name: "NULL"}, inv, '"%s: %s is NULL"' % (pub, a.name), []))
            cases.append(({a.name: "bad->host"}, inv,
                          '"%s: %s = %%p is host memory but the pointer mode is GBLAS_POINTER_MODE_DEVICE"'
                          % (pub, a.name), ["bad->host"], "cuda-device"))
            cases.append(({a.name: "bad->data"}, inv,
                          '"%s: %s = %%p is device memory but the pointer mode is GBLAS_POINTER_MODE_HOST"'
                          % (pub, a.name), ["bad->data"], "cuda-host"))
    return cases


def gen_bad_args():
    out = [BANNER, "/* test_bad_args_gen.c: every invalid argument of every routine, one at a time\n"
           " * from a valid baseline (sizes 2, ops N, increments 1, leading dimensions 2), in both\n"
           " * pointer modes: the exact status and message, and nothing touched (bad_args.h). */\n",
           '#include "bad_args.h"\n']
    for r in ROUTINES:
        out.append("\nAPI_TEST(bad_args, %s) {\n    bad_env env;\n    bad_open(&env, hc);\n" % r.name)
        out.append("    for (int mode = 0; mode < 2; mode++) {\n")
        out.append("        const bad_ptrs *bad = bad_mode(&env, mode);\n")
        base = baseline(r)
        order = [n for _, n in params(r, None)]
        for t in r.types:
            pub = r.public(t)
            out.append('        EXPECT_ERR(NULL, %s(%s), GBLAS_STATUS_NOT_INITIALIZED, "%s: handle is NULL");\n'
                       % (pub, ", ".join(["NULL"] + [base[n] for n in order]), pub))
            for case in bad_cases(r, t):
                over, status, fmt, fargs = case[:4]
                when = case[4] if len(case) > 4 else None
                args = ", ".join(["env.h"] + [over.get(n, base[n]) for n in order])
                call = "%s(%s)" % (pub, args)
                guard = {"cuda": "env.is_cuda", "cuda-device": "env.is_cuda && mode == 1",
                         "cuda-host": "env.is_cuda && mode == 0", None: None}[when]
                line = "EXPECT_ERR(env.h, %s, %s, %s);" % (call, status, ", ".join([fmt] + fargs))
                if guard:
                    out.append("        if (%s)\n            %s\n" % (guard, line))
                else:
                    out.append("        %s\n" % line)
        out.append("    }\n    bad_close(&env);\n}\n")
    return "".join(out)


