/* fault.h: fault injection for the test build (GBLAS_FAULT_INJECTION); compiled out otherwise.
 * Every fallible step on the create, workspace, memory and launch paths (an allocation, a CUDA
 * runtime call) asks gblas_fault() first and, when it answers 1, takes its failure path as if
 * the step itself had failed. A test arms the hook with n: the n-th step counted from then on
 * fails, once (tests/test_faults.c walks n = 1, 2, ... until a run passes no armed step). */
#ifndef GBLAS_FAULT_H
#define GBLAS_FAULT_H

#ifdef __cplusplus
extern "C" {
#endif

#ifdef GBLAS_FAULT_INJECTION
int gblas_fault(void);
/* Test side (declared again in the tests, which see only the public header): arm with n >= 1,
 * or 0 to disarm; whether the armed step was reached. */
void gblas_fault_arm(long long n);
int gblas_fault_fired(void);
#else
static inline int gblas_fault(void) { return 0; }
#endif

#ifdef __cplusplus
}
#endif
#endif /* GBLAS_FAULT_H */
