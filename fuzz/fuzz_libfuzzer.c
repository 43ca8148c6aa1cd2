/* fuzz_libfuzzer.c: the libFuzzer entry point of gblas-fuzz: every input runs on the CPU
 * reference path against the CPU's default path (fuzz.h); a problem aborts, so libFuzzer keeps
 * the input. scripts/run-tests runs it briefly in CI, scripts/fuzz-long for longer. */
#include <stdlib.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static fz_side *sides;
    if (sides == NULL) {
        fz_fatal = 1;
        if ((sides = fz_open_sides("cpu")) == NULL) abort();
    }
    fz_run_input(sides, data, size);
    return 0;
}
