/* test_faults.c: failures of allocations and CUDA runtime calls. With the GBLAS_FAULT_INJECTION
 * build (the sanitizer build of scripts/run-tests, so LeakSanitizer watches every failure
 * path) each scenario runs with the n-th fallible step made to fail, for n = 1, 2, ... until a
 * run reaches no armed step: every failure must return the documented status with a message
 * naming the call, leave no output half written, leak nothing, and leave the handle (or the
 * library, for create) usable. In every build: a real impossible allocation's message is
 * written once, not formatted into itself. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* gblas_malloc of more than any host or device has: "gblas_malloc: could not allocate N bytes:
 * <the backend's reason>", the reason itself not repeating the prefix. */
API_TEST(faults, out_of_memory_message) {
    hctx t;
    harness_open(&t, hc);
    const size_t huge = (size_t)1 << 62;
    void *p = &t;
    cr_assert(gblas_malloc(t.h, &p, huge) == GBLAS_STATUS_ALLOC_FAILED && p == NULL,
              "[%s] gblas_malloc(2^62) must fail with *p = NULL", t.name);
    char prefix[96];
    snprintf(prefix, sizeof prefix, "gblas_malloc: could not allocate %zu bytes: ", huge);
    const char *msg = gblas_last_error(t.h);
    cr_assert(strncmp(msg, prefix, strlen(prefix)) == 0 && strlen(msg) > strlen(prefix),
              "[%s] message \"%s\" must be \"%s<reason>\"", t.name, msg, prefix);
    cr_assert(strstr(msg + strlen(prefix), "gblas_malloc") == NULL,
              "[%s] the reason repeats the prefix: \"%s\"", t.name, msg);
    harness_close(&t);
}

#ifdef GBLAS_FAULT_INJECTION
/* The library's test hook (src/fault.h). */
void gblas_fault_arm(long long n);
int gblas_fault_fired(void);

enum { MAX_STEPS = 1000 }; /* no scenario has this many fallible steps */

typedef struct {
    gblas_backend_t backend;
    const char *name;
} fcase;

/* A failure's status: ALLOC_FAILED for an allocation; on CUDA also EXECUTION_FAILED (a runtime
 * call) and, for create, NOT_SUPPORTED (the device query). */
static void check_failure(const fcase *c, const char *call, gblas_status_t st, const char *msg,
                          int is_create, long long n) {
    const int ok = st == GBLAS_STATUS_ALLOC_FAILED ||
                   (c->backend == GBLAS_BACKEND_CUDA &&
                    (st == GBLAS_STATUS_EXECUTION_FAILED ||
                     (is_create && st == GBLAS_STATUS_NOT_SUPPORTED)));
    cr_assert(ok, "[%s] step %lld failed in %s: %s (%s)", c->name, n, call,
              gblas_status_name(st), msg);
    cr_assert(strncmp(msg, call, strlen(call)) == 0 && msg[strlen(call)] == ':',
              "[%s] step %lld: %s's message \"%s\" does not name it", c->name, n, call, msg);
}

/* sdot of {1, 2, 3} with itself: the handle still computes (nothing armed). */
static void assert_usable(const fcase *c, gblas_handle_t h, long long n) {
    const float x[3] = {1, 2, 3};
    void *d = NULL;
    float r = 0;
    cr_assert(gblas_malloc(h, &d, sizeof x) == GBLAS_STATUS_SUCCESS &&
                  gblas_set_vector(h, 3, sizeof(float), x, 1, d, 1) == GBLAS_STATUS_SUCCESS &&
                  gblas_sdot(h, 3, d, 1, d, 1, &r) == GBLAS_STATUS_SUCCESS &&
                  gblas_free(h, d) == GBLAS_STATUS_SUCCESS && r == 14.0f,
              "[%s] after the failure of step %lld the handle no longer computes: %s", c->name,
              n, gblas_last_error(h));
}

/* Whether the armed step was reached in this run of a scenario. A scenario arms step n where
 * its armed region starts and disarms where it ends (set-up and checks run unarmed). */
static int fired_in_run;
static void disarm(void) {
    fired_in_run |= gblas_fault_fired();
    gblas_fault_arm(0);
}

/* One scenario run with step n of its armed region failing: returns after the first failure
 * (checked) or the end. */
typedef void scenario_fn(const fcase *c, long long n);

/* Walks n = 1, 2, ... until a run passes no armed step. */
static void walk(const fcase *c, scenario_fn *run) {
    long long n = 1;
    for (;; n++) {
        cr_assert(n < MAX_STEPS, "[%s] more than %d fallible steps", c->name, MAX_STEPS);
        fired_in_run = 0;
        run(c, n);
        disarm();
        if (!fired_in_run) break;
    }
    cr_log_info("[%s] %lld fallible steps", c->name, n - 1);
}

static gblas_handle_t open_unarmed(const fcase *c) {
    gblas_handle_t h = NULL;
    disarm();
    cr_assert(gblas_create(&h, c->backend) == GBLAS_STATUS_SUCCESS, "[%s] gblas_create: %s",
              c->name, gblas_last_error(NULL));
    return h;
}

/* gblas_create: the handle, the backend's set-up, the workspace. */
static void create_scenario(const fcase *c, long long n) {
    gblas_handle_t h = (gblas_handle_t)(uintptr_t)1;
    gblas_fault_arm(n);
    const gblas_status_t st = gblas_create(&h, c->backend);
    disarm();
    if (st == GBLAS_STATUS_SUCCESS) {
        assert_usable(c, h, n);
        cr_assert(gblas_destroy(h) == GBLAS_STATUS_SUCCESS);
        return;
    }
    check_failure(c, "gblas_create", st, gblas_last_error(NULL), 1, n);
    cr_assert(h == NULL, "[%s] a failed gblas_create left *h set", c->name);
    gblas_handle_t again = open_unarmed(c); /* the library is still usable */
    assert_usable(c, again, n);
    cr_assert(gblas_destroy(again) == GBLAS_STATUS_SUCCESS);
}

/* gblas_malloc, many blocks (so the allocation registry grows), each freed again. */
static void malloc_scenario(const fcase *c, long long n) {
    gblas_handle_t h = open_unarmed(c);
    gblas_fault_arm(n);
    enum { BLOCKS = 100 };
    void *blocks[BLOCKS] = {0};
    for (int i = 0; i < BLOCKS; i++) {
        void *p = (void *)&blocks;
        const gblas_status_t st = gblas_malloc(h, &p, 64 + (size_t)i);
        if (st != GBLAS_STATUS_SUCCESS) {
            check_failure(c, "gblas_malloc", st, gblas_last_error(h), 0, n);
            cr_assert(p == NULL, "[%s] a failed gblas_malloc left *p set", c->name);
            break;
        }
        blocks[i] = p;
    }
    disarm();
    for (int i = 0; i < BLOCKS; i++)
        cr_assert(gblas_free(h, blocks[i]) == GBLAS_STATUS_SUCCESS, "[%s] gblas_free: %s",
                  c->name, gblas_last_error(h));
    assert_usable(c, h, n);
    cr_assert(gblas_destroy(h) == GBLAS_STATUS_SUCCESS);
}

/* A user workspace: allocated, set, used by a routine, released; then copies and routines on
 * the handle's own workspace. Every step armed in turn. */
static void workspace_and_calls_scenario(const fcase *c, long long n) {
    gblas_handle_t h = open_unarmed(c);
    size_t bytes = 0;
    cr_assert(gblas_workspace_size(h, &bytes) == GBLAS_STATUS_SUCCESS);
    enum { N = 64 };
    float host[N * N], back[N * N];
    float want_dot = 0; /* small integers: exact in any order */
    for (int i = 0; i < N * N; i++) {
        host[i] = (float)(i % 7) - 3;
        want_dot += host[i] * host[i];
    }
    const float one = 1, zero = 0;
    void *ws = NULL, *A = NULL, *C = NULL;
    float r = 0;
    gblas_fault_arm(n);
    gblas_status_t st = GBLAS_STATUS_SUCCESS;
    const char *call = "";
#define STEP(name, expr)                                                                          \
    do {                                                                                          \
        if (st == GBLAS_STATUS_SUCCESS) {                                                         \
            call = name;                                                                          \
            st = (expr);                                                                          \
        }                                                                                         \
    } while (0)
    STEP("gblas_malloc", gblas_malloc(h, &ws, bytes));
    STEP("gblas_set_workspace", gblas_set_workspace(h, ws, bytes));
    STEP("gblas_malloc", gblas_malloc(h, &A, sizeof host));
    STEP("gblas_malloc", gblas_malloc(h, &C, sizeof host));
    STEP("gblas_set_matrix", gblas_set_matrix(h, N, N, sizeof(float), host, N, A, N));
    STEP("gblas_sdot", gblas_sdot(h, N * N, A, 1, A, 1, &r));
    STEP("gblas_sgemv", gblas_sgemv(h, GBLAS_OP_T, N, N, &one, A, N, A, 1, &zero, C, 1));
    STEP("gblas_set_workspace", gblas_set_workspace(h, NULL, 0));
    STEP("gblas_sgemm",
         gblas_sgemm(h, GBLAS_OP_N, GBLAS_OP_N, N, N, N, &one, A, N, A, N, &zero, C, N));
    STEP("gblas_set_matrix_async",
         gblas_set_matrix_async(h, N, N, sizeof(float), host, N, A, N));
    STEP("gblas_synchronize", gblas_synchronize(h));
    STEP("gblas_get_matrix", gblas_get_matrix(h, N, N, sizeof(float), A, N, back, N));
#undef STEP
    disarm();
    if (st != GBLAS_STATUS_SUCCESS) {
        check_failure(c, call, st, gblas_last_error(h), 0, n);
    } else {
        cr_assert(memcmp(host, back, sizeof host) == 0, "[%s] the round trip changed A", c->name);
        cr_assert(r == want_dot, "[%s] sdot gave %g, want %g", c->name, (double)r,
                  (double)want_dot);
    }
    cr_assert(gblas_set_workspace(h, NULL, 0) == GBLAS_STATUS_SUCCESS);
    assert_usable(c, h, n);
    cr_assert(gblas_free(h, ws) == GBLAS_STATUS_SUCCESS && gblas_free(h, A) == GBLAS_STATUS_SUCCESS &&
                  gblas_free(h, C) == GBLAS_STATUS_SUCCESS,
              "[%s] gblas_free: %s", c->name, gblas_last_error(h));
    cr_assert(gblas_destroy(h) == GBLAS_STATUS_SUCCESS);
}

static const fcase *fault_case(gblas_backend_t backend) {
    static const fcase cases[] = {{GBLAS_BACKEND_CPU, "cpu"}, {GBLAS_BACKEND_CUDA, "cuda"}};
    const fcase *c = &cases[backend == GBLAS_BACKEND_CUDA];
    gblas_handle_t h = NULL;
    disarm();
    const gblas_status_t st = gblas_create(&h, backend);
    if (st == GBLAS_STATUS_NOT_SUPPORTED) cr_skip_test("%s: %s", c->name, gblas_last_error(NULL));
    cr_assert(st == GBLAS_STATUS_SUCCESS, "[%s] gblas_create: %s", c->name, gblas_last_error(NULL));
    gblas_destroy(h);
    return c;
}

Test(faults, create_cpu) { walk(fault_case(GBLAS_BACKEND_CPU), create_scenario); }
Test(faults, malloc_cpu) { walk(fault_case(GBLAS_BACKEND_CPU), malloc_scenario); }
Test(faults, calls_cpu) { walk(fault_case(GBLAS_BACKEND_CPU), workspace_and_calls_scenario); }
Test(faults, create_cuda) { walk(fault_case(GBLAS_BACKEND_CUDA), create_scenario); }
Test(faults, malloc_cuda) { walk(fault_case(GBLAS_BACKEND_CUDA), malloc_scenario); }
Test(faults, calls_cuda) { walk(fault_case(GBLAS_BACKEND_CUDA), workspace_and_calls_scenario); }

#else
Test(faults, injection) {
    cr_skip_test("built without GBLAS_FAULT_INJECTION (scripts/run-tests runs it in the "
                 "sanitizer build)");
}
#endif
