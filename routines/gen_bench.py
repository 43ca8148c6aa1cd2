"""The bench's outputs of routines/gen.py (see its docstring)."""
from table import ROUTINES, TYPES, Array, Mat, Op, Result, Scalar, Size, Vec  # noqa: F401
from gen_common import BANNER, params, wrap  # noqa: F401

# ---- bench -----------------------------------------------------------------------------------
def gen_bench():
    h = [BANNER, "/* bench_routines_gen.h: the bench registry: every routine of the table with\n"
         " * its level and the work of one call (FLOP and bytes moved, for element size E). */\n",
         "#ifndef GBLAS_BENCH_ROUTINES_GEN_H\n#define GBLAS_BENCH_ROUTINES_GEN_H\n\n",
         "#include <stddef.h>\n#include <stdint.h>\n\n",
         "typedef struct {\n    const char *name; /* the family name: \"dot\", \"gemm\" */\n"
         "    const char *types; /* the types it exists for: \"sd\" */\n    int level;\n"
         "    double (*flops)(int64_t m, int64_t n, int64_t k);\n"
         "    double (*bytes)(int64_t m, int64_t n, int64_t k, size_t E);\n"
         "} bench_routine_info;\n\n",
         "extern const bench_routine_info bench_routine_table[];\n"
         "extern const int bench_routine_table_count;\n"
         "/* The entry of a family name, or NULL. */\n"
         "const bench_routine_info *bench_routine_find(const char *name);\n\n"
         "#endif /* GBLAS_BENCH_ROUTINES_GEN_H */\n"]
    c = [BANNER, '#include <string.h>\n\n#include "bench_routines_gen.h"\n\n']
    for r in ROUTINES:
        c.append("static double flops_%s(int64_t m, int64_t n, int64_t k) {\n"
                 "    (void)m, (void)n, (void)k;\n    return (double)(%s);\n}\n"
                 % (r.name, r.flops))
        c.append("static double bytes_%s(int64_t m, int64_t n, int64_t k, size_t E) {\n"
                 "    (void)m, (void)n, (void)k, (void)E;\n    return (double)(%s);\n}\n"
                 % (r.name, r.bytes.replace("E", "(double)E")))
    c.append("\nconst bench_routine_info bench_routine_table[] = {\n")
    for r in ROUTINES:
        c.append('    {"%s", "%s", %d, flops_%s, bytes_%s},\n' % (r.name, r.types, r.level, r.name, r.name))
    c.append("};\nconst int bench_routine_table_count = %d;\n\n" % len(ROUTINES))
    c.append("const bench_routine_info *bench_routine_find(const char *name) {\n"
             "    for (int i = 0; i < bench_routine_table_count; i++)\n"
             "        if (strcmp(bench_routine_table[i].name, name) == 0) return &bench_routine_table[i];\n"
             "    return NULL;\n}\n")
    return "".join(h), "".join(c)


