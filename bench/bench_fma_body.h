/* bench_fma_body.h: the loop whose rate is the CPU's FMA peak, written once for each element
 * type and instruction set. Included by bench_cpu_ceiling.c with T, V (a 64-byte vector of T),
 * ACCS (independent accumulators: enough to cover FMA latency times FMA ports, few enough to
 * stay in registers), TARGET (a function attribute, possibly empty) and FN_FMA_LOOP. Each
 * iteration is ACCS vector FMAs, acc = acc * a + b, which converges to b / (1 - a) = 0.1:
 * no overflow, no denormals. The file is compiled with -ffp-contract=fast so the compiler
 * fuses them. Returns the sum of the accumulators, so the work cannot be dropped. */

TARGET static double FN_FMA_LOOP(int64_t iters) {
    const V a = (V){0} + (T)0.999999, b = (V){0} + (T)1e-7;
    V acc[ACCS];
    for (int j = 0; j < ACCS; j++) acc[j] = (V){0} + (T)(j + 1);
    for (int64_t i = 0; i < iters; i++)
        for (int j = 0; j < ACCS; j++) acc[j] = acc[j] * a + b;
    double sum = 0;
    for (int j = 0; j < ACCS; j++)
        for (size_t l = 0; l < sizeof(V) / sizeof(T); l++) sum += acc[j][l];
    return sum;
}

#undef T
#undef V
#undef ACCS
#undef TARGET
#undef FN_FMA_LOOP
