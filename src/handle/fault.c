/* fault.c: the counter behind fault.h's gblas_fault(), in GBLAS_FAULT_INJECTION builds only.
 * Steps may run on several threads, so the countdown is atomic. */
#include "fault.h"

#ifdef GBLAS_FAULT_INJECTION
#include <stdatomic.h>

static atomic_llong steps_left; /* the armed step is the one that takes this from 1 to 0 */
static atomic_int fired;

int gblas_fault(void) {
    if (atomic_load(&steps_left) <= 0) return 0;
    if (atomic_fetch_sub(&steps_left, 1) != 1) return 0;
    atomic_store(&fired, 1);
    return 1;
}

void gblas_fault_arm(long long n) {
    atomic_store(&fired, 0);
    atomic_store(&steps_left, n > 0 ? n : 0);
}

int gblas_fault_fired(void) { return atomic_load(&fired); }
#endif
