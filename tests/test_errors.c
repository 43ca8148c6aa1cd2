/* test_errors.c: the API layer's argument checks outside the BLAS routines: a NULL handle on
 * every public function, gblas_create's own checks, status names and strings, the version,
 * handle settings (pointer mode, threads, stream, workspace, getters) and the memory API. Each
 * case checks the exact status and the exact message of messages.md, and that a failing call
 * leaves its outputs alone. The BLAS routines' checks (a NULL handle included) are in
 * test_bad_args_gen.c and test_errors_blas.c. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define NOT_INIT GBLAS_STATUS_NOT_INITIALIZED
#define INVALID GBLAS_STATUS_INVALID_VALUE

/* ---- NULL handle -------------------------------------------------------------------------- */
Test(errors, null_handle) {
    float f[4] = {0}, fr = 0;
    double dd[4] = {0}, dr = 0;
    void *p = NULL;
    size_t bytes = 0;
    int threads = 0;
    gblas_backend_t backend;
    gblas_stream_t stream;
    gblas_pointer_mode_t mode;
#define NULLH(call, routine) EXPECT_ERR(NULL, call, NOT_INIT, routine ": handle is NULL")
    cr_assert(gblas_destroy(NULL) == GBLAS_STATUS_SUCCESS, "gblas_destroy(NULL) must succeed");
    cr_assert_str_eq(gblas_backend_detail(NULL), "invalid handle");
    NULLH(gblas_get_backend(NULL, &backend), "gblas_get_backend");
    NULLH(gblas_set_stream(NULL, NULL), "gblas_set_stream");
    NULLH(gblas_get_stream(NULL, &stream), "gblas_get_stream");
    NULLH(gblas_set_pointer_mode(NULL, GBLAS_POINTER_MODE_HOST), "gblas_set_pointer_mode");
    NULLH(gblas_get_pointer_mode(NULL, &mode), "gblas_get_pointer_mode");
    NULLH(gblas_set_workspace(NULL, NULL, 0), "gblas_set_workspace");
    NULLH(gblas_workspace_size(NULL, &bytes), "gblas_workspace_size");
    NULLH(gblas_set_num_threads(NULL, 1), "gblas_set_num_threads");
    NULLH(gblas_get_num_threads(NULL, &threads), "gblas_get_num_threads");
    NULLH(gblas_synchronize(NULL), "gblas_synchronize");
    NULLH(gblas_malloc(NULL, &p, 16), "gblas_malloc");
    NULLH(gblas_free(NULL, f), "gblas_free");
    NULLH(gblas_set_matrix(NULL, 2, 2, 4, f, 2, f, 2), "gblas_set_matrix");
    NULLH(gblas_get_matrix(NULL, 2, 2, 4, f, 2, f, 2), "gblas_get_matrix");
    NULLH(gblas_set_matrix_async(NULL, 2, 2, 4, f, 2, f, 2), "gblas_set_matrix_async");
    NULLH(gblas_get_matrix_async(NULL, 2, 2, 4, f, 2, f, 2), "gblas_get_matrix_async");
    NULLH(gblas_set_vector(NULL, 4, 4, f, 1, f, 1), "gblas_set_vector");
    NULLH(gblas_get_vector(NULL, 4, 4, f, 1, f, 1), "gblas_get_vector");
    NULLH(gblas_set_vector_async(NULL, 4, 4, f, 1, f, 1), "gblas_set_vector_async");
    NULLH(gblas_get_vector_async(NULL, 4, 4, f, 1, f, 1), "gblas_get_vector_async");
    /* the handle check comes before every other check */
    NULLH(gblas_sdot(NULL, -1, NULL, 0, NULL, 0, NULL), "gblas_sdot");
    NULLH(gblas_sgemm(NULL, 9, 9, -1, -1, -1, NULL, NULL, 0, NULL, 0, NULL, NULL, 0),
          "gblas_sgemm");
    NULLH(gblas_set_matrix(NULL, -1, -1, 0, NULL, 0, NULL, 0), "gblas_set_matrix");
    NULLH(gblas_malloc(NULL, NULL, 16), "gblas_malloc");
    cr_assert(fr == 0 && dr == 0 && f[0] == 0 && dd[0] == 0, "a failed call wrote an output");
#undef NULLH
}

/* ---- gblas_create ------------------------------------------------------------------------- */
Test(errors, create) {
    gblas_handle_t h = (gblas_handle_t)(uintptr_t)1;
    EXPECT_ERR(NULL, gblas_create(NULL, GBLAS_BACKEND_CPU), INVALID, "gblas_create: h is NULL");
    EXPECT_ERR(NULL, gblas_create(&h, (gblas_backend_t)3), INVALID,
               "gblas_create: backend = 3 must be GBLAS_BACKEND_AUTO, GBLAS_BACKEND_CUDA or "
               "GBLAS_BACKEND_CPU");
    cr_assert(h == NULL, "failed gblas_create must set *h = NULL");
    h = (gblas_handle_t)(uintptr_t)1;
    EXPECT_ERR(NULL, gblas_create(&h, (gblas_backend_t)-1), INVALID,
               "gblas_create: backend = -1 must be GBLAS_BACKEND_AUTO, GBLAS_BACKEND_CUDA or "
               "GBLAS_BACKEND_CPU");
    cr_assert(h == NULL, "failed gblas_create must set *h = NULL");

    /* a successful create leaves the NULL-handle message alone; a new handle has none */
    EXPECT_OK(NULL, gblas_create(&h, GBLAS_BACKEND_CPU));
    cr_assert_str_eq(gblas_last_error(NULL),
                     "gblas_create: backend = -1 must be "
                     "GBLAS_BACKEND_AUTO, GBLAS_BACKEND_CUDA or GBLAS_BACKEND_CPU");
    cr_assert_str_eq(gblas_last_error(h), "");
    gblas_backend_t b = GBLAS_BACKEND_AUTO;
    EXPECT_OK(h, gblas_get_backend(h, &b));
    cr_assert(b == GBLAS_BACKEND_CPU);
    EXPECT_OK(h, gblas_destroy(h));

    h = (gblas_handle_t)(uintptr_t)1;
    gblas_status_t st = gblas_create(&h, GBLAS_BACKEND_CUDA);
#ifdef GBLAS_HAVE_CUDA
    int cuda_ok = st == GBLAS_STATUS_SUCCESS;
    if (cuda_ok) {
        EXPECT_OK(h, gblas_destroy(h));
    } else {
        const char *want = "gblas_create: no usable CUDA device: ";
        cr_assert(st == GBLAS_STATUS_NOT_SUPPORTED, "CUDA create: %s", gblas_status_name(st));
        cr_assert(strncmp(gblas_last_error(NULL), want, strlen(want)) == 0 &&
                      strlen(gblas_last_error(NULL)) > strlen(want),
                  "message \"%s\", want \"%s<cuda error text>\"", gblas_last_error(NULL), want);
        cr_assert(h == NULL);
    }
#else
    const int cuda_ok = 0;
    EXPECT_ERR(NULL, st, GBLAS_STATUS_NOT_SUPPORTED,
               "gblas_create: this library was built without the CUDA backend");
    cr_assert(h == NULL);
#endif
    /* AUTO: CUDA when the library has it and a device is usable, else CPU; never AUTO itself */
    EXPECT_OK(NULL, gblas_create(&h, GBLAS_BACKEND_AUTO));
    EXPECT_OK(h, gblas_get_backend(h, &b));
    cr_assert(b == (cuda_ok ? GBLAS_BACKEND_CUDA : GBLAS_BACKEND_CPU), "AUTO gave backend %d",
              (int)b);
    EXPECT_OK(h, gblas_destroy(h));
}

/* ---- status names and strings, version ---------------------------------------------------- */
Test(errors, status_strings) {
#define CHECK_STATUS(name, value, text)                                                            \
    cr_assert_str_eq(gblas_status_name((gblas_status_t)value), "GBLAS_STATUS_" #name);             \
    cr_assert_str_eq(gblas_status_string((gblas_status_t)value), text);                            \
    cr_assert(GBLAS_STATUS_##name == value);
    GBLAS_STATUS_LIST(CHECK_STATUS)
#undef CHECK_STATUS
    cr_assert(GBLAS_STATUS_SUCCESS == 0);
    static const int unknown[] = {-1, 8, 99, 1 << 20};
    for (int i = 0; i < 4; i++) {
        cr_assert_str_eq(gblas_status_name((gblas_status_t)unknown[i]), "GBLAS_STATUS_UNKNOWN");
        cr_assert_str_eq(gblas_status_string((gblas_status_t)unknown[i]), "unknown status");
    }
    cr_assert(gblas_version_number() == GBLAS_VERSION_NUMBER, "library %d, header %d",
              gblas_version_number(), GBLAS_VERSION_NUMBER);
    cr_assert(GBLAS_VERSION_NUMBER ==
              GBLAS_VERSION_MAJOR * 10000 + GBLAS_VERSION_MINOR * 100 + GBLAS_VERSION_PATCH);
}

/* ---- handle settings ---------------------------------------------------------------------- */
API_TEST(errors, handle_settings) {
    hctx t;
    harness_open(&t, hc);
    gblas_handle_t h = t.h;
    EXPECT_ERR(h, gblas_set_pointer_mode(h, (gblas_pointer_mode_t)2), INVALID,
               "gblas_set_pointer_mode: mode = 2 must be GBLAS_POINTER_MODE_HOST or "
               "GBLAS_POINTER_MODE_DEVICE");
    EXPECT_ERR(h, gblas_set_pointer_mode(h, (gblas_pointer_mode_t)-1), INVALID,
               "gblas_set_pointer_mode: mode = -1 must be GBLAS_POINTER_MODE_HOST or "
               "GBLAS_POINTER_MODE_DEVICE");
    gblas_pointer_mode_t mode = GBLAS_POINTER_MODE_DEVICE;
    EXPECT_OK(h, gblas_get_pointer_mode(h, &mode));
    cr_assert(mode == GBLAS_POINTER_MODE_HOST, "a failed set_pointer_mode changed the mode");
    EXPECT_ERR(h, gblas_set_num_threads(h, 0), INVALID,
               "gblas_set_num_threads: threads = 0 must be >= 1");
    EXPECT_ERR(h, gblas_set_num_threads(h, -3), INVALID,
               "gblas_set_num_threads: threads = -3 must be >= 1");
    if (!t.is_cuda)
        EXPECT_ERR(h, gblas_set_stream(h, (gblas_stream_t)(uintptr_t)0x1000), INVALID,
                   "gblas_set_stream: the CPU backend has no streams; stream must be NULL");
    EXPECT_ERR(h, gblas_get_backend(h, NULL), INVALID, "gblas_get_backend: backend is NULL");
    EXPECT_ERR(h, gblas_get_stream(h, NULL), INVALID, "gblas_get_stream: s is NULL");
    EXPECT_ERR(h, gblas_get_pointer_mode(h, NULL), INVALID, "gblas_get_pointer_mode: mode is NULL");
    EXPECT_ERR(h, gblas_get_num_threads(h, NULL), INVALID,
               "gblas_get_num_threads: threads is NULL");
    EXPECT_ERR(h, gblas_workspace_size(h, NULL), INVALID, "gblas_workspace_size: bytes is NULL");
    EXPECT_ERR(h, gblas_malloc(h, NULL, 64), INVALID, "gblas_malloc: p is NULL");

    /* workspace: NULL with bytes, misaligned, too small */
    size_t min = 0;
    EXPECT_OK(h, gblas_workspace_size(h, &min));
    EXPECT_ERR(h, gblas_set_workspace(h, NULL, 5), INVALID,
               "gblas_set_workspace: ws is NULL but bytes = 5");
    void *raw = NULL;
    EXPECT_OK(h, gblas_malloc(h, &raw, min + 1024));
    char *ws = (char *)raw + (256 - (uintptr_t)raw % 256) % 256; /* 256-aligned inside raw */
    EXPECT_ERR(h, gblas_set_workspace(h, ws + 64, min + 256), INVALID,
               "gblas_set_workspace: ws = %p must be aligned to 256 bytes", (void *)(ws + 64));
    if (min > 0)
        EXPECT_ERR(h, gblas_set_workspace(h, ws, min - 1), INVALID,
                   "gblas_set_workspace: bytes = %zu must be >= %zu (gblas_workspace_size)",
                   min - 1, min);

    /* a successful call keeps the last message; the next failure replaces it */
    char prev[512];
    snprintf(prev, sizeof prev, "%s", gblas_last_error(h));
    EXPECT_OK(h, gblas_set_workspace(h, ws, min + 256));
    EXPECT_OK(h, gblas_set_workspace(h, NULL, 0));
    EXPECT_OK(h, gblas_synchronize(h));
    cr_assert_str_eq(gblas_last_error(h), prev, "a successful call changed the message");
    EXPECT_ERR(h, gblas_set_num_threads(h, 0), INVALID,
               "gblas_set_num_threads: threads = 0 must be >= 1");
    EXPECT_OK(h, gblas_free(h, raw));
    harness_close(&t);
}

/* ---- memory API --------------------------------------------------------------------------- */
API_TEST(errors, memory_api) {
    hctx t;
    harness_open(&t, hc);
    gblas_handle_t h = t.h;
    float host[16], keep[16];
    for (int i = 0; i < 16; i++) host[i] = keep[i] = (float)i + 0.5f;
    void *dev = NULL;
    EXPECT_OK(h, gblas_malloc(h, &dev, 64 * sizeof(float)));
    typedef gblas_status_t (*set_fn)(gblas_handle_t, int64_t, int64_t, size_t, const void *,
                                     int64_t, void *, int64_t);
    typedef gblas_status_t (*get_fn)(gblas_handle_t, int64_t, int64_t, size_t, const void *,
                                     int64_t, void *, int64_t);
    typedef gblas_status_t (*setv_fn)(gblas_handle_t, int64_t, size_t, const void *, int64_t,
                                      void *, int64_t);
    typedef gblas_status_t (*getv_fn)(gblas_handle_t, int64_t, size_t, const void *, int64_t,
                                      void *, int64_t);
    const struct {
        const char *name;
        set_fn f;
    } sets[] = {{"gblas_set_matrix", gblas_set_matrix},
                {"gblas_set_matrix_async", gblas_set_matrix_async}};
    const struct {
        const char *name;
        get_fn f;
    } gets[] = {{"gblas_get_matrix", gblas_get_matrix},
                {"gblas_get_matrix_async", gblas_get_matrix_async}};
    const struct {
        const char *name;
        setv_fn f;
    } setvs[] = {{"gblas_set_vector", gblas_set_vector},
                 {"gblas_set_vector_async", gblas_set_vector_async}};
    const struct {
        const char *name;
        getv_fn f;
    } getvs[] = {{"gblas_get_vector", gblas_get_vector},
                 {"gblas_get_vector_async", gblas_get_vector_async}};
    for (int a = 0; a < 2; a++) {
        const char *s = sets[a].name, *g = gets[a].name, *sv = setvs[a].name, *gv = getvs[a].name;
        set_fn set = sets[a].f;
        get_fn get = gets[a].f;
        setv_fn setv = setvs[a].f;
        getv_fn getv = getvs[a].f;
        EXPECT_ERR(h, set(h, -1, 2, 4, host, 3, dev, 3), INVALID, "%s: rows = -1 must be >= 0", s);
        EXPECT_ERR(h, set(h, 3, -2, 4, host, 3, dev, 3), INVALID, "%s: cols = -2 must be >= 0", s);
        EXPECT_ERR(h, set(h, 3, 2, 0, host, 3, dev, 3), INVALID, "%s: elem = 0 must be > 0", s);
        EXPECT_ERR(h, set(h, 3, 2, 4, NULL, 3, dev, 3), INVALID, "%s: host is NULL", s);
        EXPECT_ERR(h, set(h, 3, 2, 4, host, 2, dev, 3), INVALID,
                   "%s: ldh = 2 must be >= max(1, rows) = 3", s);
        EXPECT_ERR(h, set(h, 0, 2, 4, host, 0, dev, 3), INVALID,
                   "%s: ldh = 0 must be >= max(1, rows) = 1", s);
        EXPECT_ERR(h, set(h, 3, 2, 4, host, 3, NULL, 3), INVALID, "%s: dev is NULL", s);
        EXPECT_ERR(h, set(h, 3, 2, 4, host, 3, dev, 1), INVALID,
                   "%s: ldd = 1 must be >= max(1, rows) = 3", s);
        EXPECT_ERR(h, set(h, -1, -1, 0, NULL, 0, NULL, 0), INVALID, "%s: rows = -1 must be >= 0",
                   s); /* the first failure wins */
        EXPECT_ERR(h, set(h, 3, 2, 4, host, 1, NULL, 1), INVALID,
                   "%s: ldh = 1 must be >= max(1, rows) = 3", s);
        EXPECT_OK(h, set(h, 0, 5, 4, NULL, 1, NULL, 1));
        EXPECT_OK(h, set(h, 5, 0, 4, NULL, 5, NULL, 5));

        EXPECT_ERR(h, get(h, -1, 2, 4, dev, 3, host, 3), INVALID, "%s: rows = -1 must be >= 0", g);
        EXPECT_ERR(h, get(h, 3, -1, 4, dev, 3, host, 3), INVALID, "%s: cols = -1 must be >= 0", g);
        EXPECT_ERR(h, get(h, 3, 2, 0, dev, 3, host, 3), INVALID, "%s: elem = 0 must be > 0", g);
        EXPECT_ERR(h, get(h, 3, 2, 4, NULL, 3, host, 3), INVALID, "%s: dev is NULL", g);
        EXPECT_ERR(h, get(h, 3, 2, 4, dev, 2, host, 3), INVALID,
                   "%s: ldd = 2 must be >= max(1, rows) = 3", g);
        EXPECT_ERR(h, get(h, 3, 2, 4, dev, 3, NULL, 3), INVALID, "%s: host is NULL", g);
        EXPECT_ERR(h, get(h, 3, 2, 4, dev, 3, host, 2), INVALID,
                   "%s: ldh = 2 must be >= max(1, rows) = 3", g);
        EXPECT_ERR(h, get(h, 3, 2, 4, dev, 1, NULL, 1), INVALID,
                   "%s: ldd = 1 must be >= max(1, rows) = 3", g);
        EXPECT_OK(h, get(h, 0, 3, 4, NULL, 1, NULL, 1));

        EXPECT_ERR(h, setv(h, -1, 4, host, 1, dev, 1), INVALID, "%s: n = -1 must be >= 0", sv);
        EXPECT_ERR(h, setv(h, 4, 0, host, 1, dev, 1), INVALID, "%s: elem = 0 must be > 0", sv);
        EXPECT_ERR(h, setv(h, 4, 4, NULL, 1, dev, 1), INVALID, "%s: host is NULL", sv);
        EXPECT_ERR(h, setv(h, 4, 4, host, 0, dev, 1), INVALID, "%s: inch = 0 must be > 0", sv);
        EXPECT_ERR(h, setv(h, 4, 4, host, -1, dev, 1), INVALID, "%s: inch = -1 must be > 0", sv);
        EXPECT_ERR(h, setv(h, 4, 4, host, 1, NULL, 1), INVALID, "%s: dev is NULL", sv);
        EXPECT_ERR(h, setv(h, 4, 4, host, 1, dev, 0), INVALID, "%s: incd = 0 must be > 0", sv);
        EXPECT_ERR(h, setv(h, 4, 4, host, 1, dev, -2), INVALID, "%s: incd = -2 must be > 0", sv);
        EXPECT_OK(h, setv(h, 0, 4, NULL, 1, NULL, 1));

        EXPECT_ERR(h, getv(h, -1, 4, dev, 1, host, 1), INVALID, "%s: n = -1 must be >= 0", gv);
        EXPECT_ERR(h, getv(h, 4, 0, dev, 1, host, 1), INVALID, "%s: elem = 0 must be > 0", gv);
        EXPECT_ERR(h, getv(h, 4, 4, NULL, 1, host, 1), INVALID, "%s: dev is NULL", gv);
        EXPECT_ERR(h, getv(h, 4, 4, dev, 0, host, 1), INVALID, "%s: incd = 0 must be > 0", gv);
        EXPECT_ERR(h, getv(h, 4, 4, dev, 1, NULL, 1), INVALID, "%s: host is NULL", gv);
        EXPECT_ERR(h, getv(h, 4, 4, dev, 1, host, 0), INVALID, "%s: inch = 0 must be > 0", gv);
        EXPECT_ERR(h, getv(h, 4, 4, dev, 1, host, -3), INVALID, "%s: inch = -3 must be > 0", gv);
        EXPECT_OK(h, getv(h, 0, 4, NULL, 1, NULL, 1));
    }
    EXPECT_OK(h, gblas_synchronize(h));
    cr_assert(memcmp(host, keep, sizeof host) == 0, "a failed get wrote into the host buffer");
    EXPECT_OK(h, gblas_free(h, NULL));
    EXPECT_OK(h, gblas_free(h, dev));
    harness_close(&t);
}
