/* bad_args.c: the environment of the generated bad-argument tests (see bad_args.h). Both blocks
 * share one layout and one image: data (zeros), then one slot per scalar type (ones).
 * Checking a block after each failing call costs a memcmp (and one download on CUDA). */
#include <stdlib.h>
#include <string.h>

#include "bad_args.h"

/* Block layout: byte offsets, each a multiple of 16. */
enum {
    OFF_DATA = 0,
    OFF_S = OFF_DATA + BAD_DATA_BYTES,
    OFF_D = OFF_S + BAD_SLOT_COUNT * 4,
    OFF_C = OFF_D + BAD_SLOT_COUNT * 8,
    OFF_Z = OFF_C + BAD_SLOT_COUNT * 8,
    OFF_INDEX = OFF_Z + BAD_SLOT_COUNT * 16,
    BLOCK_BYTES = OFF_INDEX + BAD_SLOT_COUNT * 8
};

/* Zeros for data, ones of each slot's type (complex ones: 1 + 0i). */
static void fill_image(unsigned char *img) {
    memset(img, 0, BLOCK_BYTES);
    for (int i = 0; i < BAD_SLOT_COUNT; i++) {
        const float f = 1.0f;
        const double d = 1.0;
        const int64_t one = 1;
        memcpy(img + OFF_S + 4 * i, &f, 4);
        memcpy(img + OFF_D + 8 * i, &d, 8);
        memcpy(img + OFF_C + 8 * i, &f, 4);
        memcpy(img + OFF_Z + 16 * i, &d, 8);
        memcpy(img + OFF_INDEX + 8 * i, &one, 8);
    }
}

static bad_ptrs slots_of(unsigned char *block) {
    bad_ptrs p = {block + OFF_DATA, block + OFF_S,     block + OFF_D, block + OFF_C,
                  block + OFF_Z,    block + OFF_INDEX, NULL};
    return p;
}

void bad_open(bad_env *env, const hcase *hc) {
    static uint64_t not_a_handle[64]; /* zeros: no handle's magic */
    memset(env, 0, sizeof *env);
    harness_open(&env->t, hc);
    env->h = env->t.h;
    env->is_cuda = env->t.is_cuda;
    env->not_handle = (gblas_handle_t)(void *)not_a_handle;
    env->image = malloc(BLOCK_BYTES);
    env->host_block = malloc(BLOCK_BYTES); /* plain malloc: never registered with CUDA */
    cr_assert(env->image && env->host_block, "host malloc failed");
    fill_image(env->image);
    memcpy(env->host_block, env->image, BLOCK_BYTES);
    gblas_status_t st = gblas_malloc(env->h, &env->backend_block, BLOCK_BYTES);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_malloc: %s", env->t.name,
              gblas_last_error(env->h));
    st = gblas_set_vector(env->h, BLOCK_BYTES, 1, env->image, 1, env->backend_block, 1);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_set_vector: %s", env->t.name,
              gblas_last_error(env->h));

    /* host mode: scalars in the host block; device mode: in the backend block */
    const bad_ptrs host = slots_of(env->host_block), dev = slots_of(env->backend_block);
    for (int mode = 0; mode < 2; mode++) {
        bad_ptrs *p = &env->modes[mode];
        *p = mode == 0 ? host : dev;
        p->data = dev.data;
        p->host = env->is_cuda ? host.data : NULL;
    }
}

const bad_ptrs *bad_mode(bad_env *env, int mode) {
    gblas_status_t st = gblas_set_pointer_mode(
        env->h, mode == 0 ? GBLAS_POINTER_MODE_HOST : GBLAS_POINTER_MODE_DEVICE);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_set_pointer_mode: %s", env->t.name,
              gblas_last_error(env->h));
    return &env->modes[mode];
}

/* The first byte where block differs from the image, or -1. */
static long first_change(const unsigned char *block, const unsigned char *image) {
    for (long i = 0; i < BLOCK_BYTES; i++)
        if (block[i] != image[i]) return i;
    return -1;
}

void bad_untouched(bad_env *env, int line) {
    long at = first_change(env->host_block, env->image);
    cr_assert(at < 0, "[%s] test_bad_args_gen.c:%d: the failing call wrote host byte %ld",
              env->t.name, line, at);
    unsigned char now[BLOCK_BYTES];
    gblas_status_t st = gblas_get_vector(env->h, BLOCK_BYTES, 1, env->backend_block, 1, now, 1);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_get_vector: %s", env->t.name,
              gblas_last_error(env->h));
    at = first_change(now, env->image);
    cr_assert(at < 0, "[%s] test_bad_args_gen.c:%d: the failing call wrote backend byte %ld",
              env->t.name, line, at);
}

void bad_close(bad_env *env) {
    gblas_status_t st = gblas_free(env->h, env->backend_block);
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_free: %s", env->t.name,
              gblas_last_error(env->h));
    free(env->host_block);
    free(env->image);
    harness_close(&env->t);
}
