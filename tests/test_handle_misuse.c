/* test_handle_misuse.c: what gblas.h promises about misuse ("Misuse the library detects"): a
 * second gblas_destroy and calls on a recently destroyed handle are refused with
 * NOT_INITIALIZED, gblas_free refuses pointers gblas_malloc did not return (foreign, interior,
 * freed already, other backend) and frees nothing, and gblas_set_num_threads refuses counts the
 * OpenMP runtime cannot start. Each refused call leaves the handle (or library) usable. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define NOT_INIT GBLAS_STATUS_NOT_INITIALIZED
#define INVALID GBLAS_STATUS_INVALID_VALUE

/* sdot of {1, 2, 3} with itself through h: the handle still computes. */
static void assert_usable(gblas_handle_t h, const char *name) {
    const float x[3] = {1, 2, 3};
    void *d = NULL;
    float r = 0;
    EXPECT_OK(h, gblas_malloc(h, &d, sizeof x));
    EXPECT_OK(h, gblas_set_vector(h, 3, sizeof(float), x, 1, d, 1));
    EXPECT_OK(h, gblas_sdot(h, 3, d, 1, d, 1, &r));
    EXPECT_OK(h, gblas_free(h, d));
    cr_assert(r == 14.0f, "[%s] sdot after a refused call gave %g", name, (double)r);
}

/* Every kind of call on a destroyed handle, each refused with the destroyed-handle message. */
static void assert_refused(gblas_handle_t dead) {
    float f[2] = {1, 2}, r = -1;
    void *p = f;
    int threads = -1;
#define DEAD(call, routine)                                                                        \
    EXPECT_ERR(NULL, call, NOT_INIT, routine ": handle = %p was destroyed", (void *)dead)
    DEAD(gblas_destroy(dead), "gblas_destroy");
    DEAD(gblas_sdot(dead, 2, f, 1, f, 1, &r), "gblas_sdot");
    DEAD(gblas_set_pointer_mode(dead, GBLAS_POINTER_MODE_HOST), "gblas_set_pointer_mode");
    DEAD(gblas_set_num_threads(dead, 1), "gblas_set_num_threads");
    DEAD(gblas_get_num_threads(dead, &threads), "gblas_get_num_threads");
    DEAD(gblas_malloc(dead, &p, 16), "gblas_malloc");
    DEAD(gblas_free(dead, f), "gblas_free");
    DEAD(gblas_set_vector(dead, 2, sizeof(float), f, 1, f, 1), "gblas_set_vector");
    DEAD(gblas_synchronize(dead), "gblas_synchronize");
#undef DEAD
    cr_assert_str_eq(gblas_last_error(dead), "invalid handle");
    cr_assert_str_eq(gblas_backend_detail(dead), "invalid handle");
    cr_assert(r == -1 && threads == -1 && p == f, "a refused call wrote an output");
}

/* A second destroy, and calls on a destroyed handle, while it is among the last 16 destroyed
 * (gblas.h): 15 more handles created and destroyed in between. */
API_TEST(misuse, destroyed_handle) {
    hctx t;
    harness_open(&t, hc);
    gblas_backend_t backend;
    EXPECT_OK(t.h, gblas_get_backend(t.h, &backend));
    gblas_handle_t dead = t.h;
    EXPECT_OK(dead, gblas_destroy(dead));
    assert_refused(dead);
    for (int i = 0; i < 15; i++) {
        gblas_handle_t other = NULL;
        EXPECT_OK(NULL, gblas_create(&other, backend));
        cr_assert(other != dead, "a new handle reused a quarantined one");
        assert_usable(other, t.name);
        EXPECT_OK(other, gblas_destroy(other));
    }
    assert_refused(dead);
}

/* Readable memory that is not a handle: refused by the magic number. */
Test(misuse, not_a_handle) {
    uint64_t fake[512];
    memset(fake, 0x5a, sizeof fake);
    gblas_handle_t h = (gblas_handle_t)(void *)fake;
    EXPECT_ERR(NULL, gblas_destroy(h), NOT_INIT,
               "gblas_destroy: handle = %p is not a live gblas handle", (void *)h);
    EXPECT_ERR(NULL, gblas_free(h, fake), NOT_INIT,
               "gblas_free: handle = %p is not a live gblas handle", (void *)h);
    cr_assert_str_eq(gblas_last_error(h), "invalid handle");
}

/* gblas_free of pointers gblas_malloc did not return: refused, nothing freed (the real block
 * stays usable and is freed afterwards), the handle usable. */
API_TEST(misuse, free_foreign_pointer) {
    hctx t;
    harness_open(&t, hc);
    float on_stack[4];
    void *from_malloc = malloc(64);
    cr_assert(from_malloc != NULL);
    void *block = NULL;
    EXPECT_OK(t.h, gblas_malloc(t.h, &block, 256));
    void *interior = (char *)block + 64;
    void *foreign[] = {on_stack, from_malloc, interior};
    for (size_t i = 0; i < sizeof foreign / sizeof foreign[0]; i++)
        EXPECT_ERR(t.h, gblas_free(t.h, foreign[i]), INVALID,
                   "gblas_free: p = %p is not memory from gblas_malloc, or was freed already",
                   foreign[i]);
    free(from_malloc);
    /* the block is still live: writable through the handle, then freed exactly once */
    const float ones[4] = {1, 1, 1, 1};
    EXPECT_OK(t.h, gblas_set_vector(t.h, 4, sizeof(float), ones, 1, block, 1));
    EXPECT_OK(t.h, gblas_free(t.h, block));
    EXPECT_ERR(t.h, gblas_free(t.h, block), INVALID,
               "gblas_free: p = %p is not memory from gblas_malloc, or was freed already", block);
    assert_usable(t.h, t.name);
    harness_close(&t);
}

/* Memory outlives the handle that allocated it and is freed through another handle of the same
 * backend; many live blocks (the registry grows and shrinks) are each freed exactly once. */
API_TEST(misuse, memory_outlives_handle) {
    hctx t;
    harness_open(&t, hc);
    gblas_backend_t backend;
    EXPECT_OK(t.h, gblas_get_backend(t.h, &backend));
    enum { BLOCKS = 300 };
    void *blocks[BLOCKS];
    for (int i = 0; i < BLOCKS; i++) EXPECT_OK(t.h, gblas_malloc(t.h, &blocks[i], 32 + i));
    gblas_handle_t other = NULL;
    EXPECT_OK(NULL, gblas_create(&other, backend));
    harness_close(&t);
    for (int i = 0; i < BLOCKS; i += 2) EXPECT_OK(other, gblas_free(other, blocks[i]));
    for (int i = 0; i < BLOCKS; i += 2)
        EXPECT_ERR(other, gblas_free(other, blocks[i]), INVALID,
                   "gblas_free: p = %p is not memory from gblas_malloc, or was freed already",
                   blocks[i]);
    for (int i = 1; i < BLOCKS; i += 2) EXPECT_OK(other, gblas_free(other, blocks[i]));
    assert_usable(other, "other");
    EXPECT_OK(other, gblas_destroy(other));
}

/* A block from a CUDA handle is refused by a CPU handle and the reverse (needs a GPU). */
Test(misuse, free_other_backend) {
    gblas_handle_t cpu = NULL, cuda = NULL;
    EXPECT_OK(NULL, gblas_create(&cpu, GBLAS_BACKEND_CPU));
    gblas_status_t st = gblas_create(&cuda, GBLAS_BACKEND_CUDA);
    if (st == GBLAS_STATUS_NOT_SUPPORTED) {
        gblas_destroy(cpu);
        cr_skip_test("no CUDA backend: %s", gblas_last_error(NULL));
    }
    EXPECT_OK(NULL, st);
    void *on_cpu = NULL, *on_cuda = NULL;
    EXPECT_OK(cpu, gblas_malloc(cpu, &on_cpu, 64));
    EXPECT_OK(cuda, gblas_malloc(cuda, &on_cuda, 64));
    EXPECT_ERR(cpu, gblas_free(cpu, on_cuda), INVALID,
               "gblas_free: p = %p was allocated on the other backend's handle", on_cuda);
    EXPECT_ERR(cuda, gblas_free(cuda, on_cpu), INVALID,
               "gblas_free: p = %p was allocated on the other backend's handle", on_cpu);
    EXPECT_OK(cpu, gblas_free(cpu, on_cpu));
    EXPECT_OK(cuda, gblas_free(cuda, on_cuda));
    EXPECT_OK(cpu, gblas_destroy(cpu));
    EXPECT_OK(cuda, gblas_destroy(cuda));
}

/* Thread counts past GBLAS_MAX_THREADS are refused and leave the count alone (100000 threads
 * overflowed a stack in libgomp, INT_MAX made it print and exit); GBLAS_MAX_THREADS itself
 * runs. */
API_TEST(misuse, thread_count_bound) {
    hctx t;
    harness_open(&t, hc);
    int before = -1, after = -1;
    EXPECT_OK(t.h, gblas_get_num_threads(t.h, &before));
    const int bad[] = {GBLAS_MAX_THREADS + 1, 100000, INT_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        EXPECT_ERR(t.h, gblas_set_num_threads(t.h, bad[i]), INVALID,
                   "gblas_set_num_threads: threads = %d must be <= GBLAS_MAX_THREADS = %d", bad[i],
                   GBLAS_MAX_THREADS);
    EXPECT_OK(t.h, gblas_get_num_threads(t.h, &after));
    cr_assert(after == before, "[%s] a refused count changed the handle's: %d -> %d", t.name,
              before, after);
    EXPECT_OK(t.h, gblas_set_num_threads(t.h, GBLAS_MAX_THREADS));
    assert_usable(t.h, t.name);
    harness_close(&t);
}
