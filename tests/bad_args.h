/* bad_args.h: what the generated bad-argument tests (test_bad_args_gen.c) run on: a handle of
 * the API case, poisoned memory for the operands in each pointer mode, and BAD_ERR, which checks
 * one failing call's status and message and then that the call touched none of that memory. */
#ifndef GBLAS_TEST_BAD_ARGS_H
#define GBLAS_TEST_BAD_ARGS_H

#include "harness.h"

#define BAD_DATA_BYTES 1024 /* 64 elements of 16 bytes: every operand of the baseline fits */
#define BAD_SLOT_COUNT 8    /* elements per scalar slot: rotm's param (5) fits */

/* The pointers one pointer mode's calls are made of. */
typedef struct {
    void *data;         /* backend memory, BAD_DATA_BYTES of zeros: vectors and matrices */
    void *s, *d, *c, *z; /* BAD_SLOT_COUNT ones of float, double, complex float, complex double: */
    void *index;        /* and of int64_t (iamax's result). In host memory in host pointer mode, in
                           backend memory in device pointer mode: where scalars live in the mode */
    void *host;         /* CUDA: host memory the backend cannot read (zeros); NULL on the CPU */
} bad_ptrs;

typedef struct {
    hctx t;
    gblas_handle_t h;
    int is_cuda;
    gblas_handle_t not_handle; /* readable memory that holds no handle */
    unsigned char *host_block; /* the host-mode slots and the host pointer's memory */
    void *backend_block;       /* data and the device-mode slots */
    unsigned char *image;      /* what both blocks must hold (their poison) */
    bad_ptrs modes[2];
} bad_env;

/* Opens the case's handle (or skips) and poisons both blocks. */
void bad_open(bad_env *env, const hcase *hc);
/* Sets the handle's pointer mode (0 host, 1 device) and returns that mode's pointers. */
const bad_ptrs *bad_mode(bad_env *env, int mode);
/* Asserts that both blocks still hold their poison; line names the call that failed it. */
void bad_untouched(bad_env *env, int line);
void bad_close(bad_env *env);

/* EXPECT_ERR (harness.h) on h's message, then bad_untouched. */
#define BAD_ERR(env, h, call, want, ...)                                                           \
    do {                                                                                           \
        EXPECT_ERR(h, call, want, __VA_ARGS__);                                                    \
        bad_untouched(env, __LINE__);                                                              \
    } while (0)

#endif /* GBLAS_TEST_BAD_ARGS_H */
