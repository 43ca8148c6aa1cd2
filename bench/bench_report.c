/* bench_report.c: gblas-bench's output: a readable table on stdout and, with --csv, one CSV row
 * per case after '#' comment lines that record how the numbers were produced. */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "bench.h"

static const char *const csv_header =
    "routine,precision,backend,trans,m,n,k,inc,batch,threads,gblas_us,ref_name,ref_us,speedup,"
    "rate,unit,ceiling_frac,checked\n";

int bench_report_open(bench_report *r, const char *csv_path) {
    memset(r, 0, sizeof *r);
    if (!csv_path) return 0;
    r->csv = fopen(csv_path, "w");
    if (!r->csv) {
        fprintf(stderr, "gblas-bench: cannot write %s\n", csv_path);
        return -1;
    }
    return 0;
}

void bench_report_meta(bench_report *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("# ", stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    va_end(ap);
    if (r->csv) {
        va_start(ap, fmt);
        fputs("# ", r->csv);
        vfprintf(r->csv, fmt, ap);
        fputc('\n', r->csv);
        va_end(ap);
    }
    fflush(stdout);
}

void bench_report_begin(bench_report *r, const char *backend) {
    if (r->csv && !r->header_written) {
        fputs(csv_header, r->csv);
        r->header_written = 1;
    }
    printf("\n== %s ==\n", backend);
    printf("%-20s %-2s %-4s %-4s %8s %9s %8s %3s %6s %3s %11s %-12s %11s %8s %9s %-7s %6s %-5s "
           "%4s\n",
           "routine", "p", "back", "tr", "m", "n", "k", "inc", "batch", "thr", "gblas_us", "ref",
           "ref_us", "speedup", "rate", "unit", "ceil", "check", "reps");
    fflush(stdout);
}

/* Writes v with the given precision, or nothing (an empty CSV field) when it is not a
 * measured, finite value. */
static void csv_number(FILE *f, const char *fmt, double v, int measured) {
    if (measured && isfinite(v)) fprintf(f, fmt, v);
}

void bench_report_row(bench_report *r, const bench_row *w) {
    const bench_case *c = &w->c;
    const char *unit;
    const double work = bench_case_work(c, &unit);
    const int have_g = w->gblas_us > 0, have_r = w->ref_us > 0;
    const double rate = have_g ? work / (w->gblas_us * 1e3) : 0;
    const double frac = w->ceiling > 0 ? rate / w->ceiling : 0;
    const char *trans = c->trans[0] ? c->trans : "-";
    const char *name = bench_routine_name(c->routine);

    printf("%-20s %-2c %-4s %-4s %8lld %9lld %8lld %3lld %6lld %3d ", name, c->prec, w->backend,
           trans, (long long)c->m, (long long)c->n, (long long)c->k, (long long)c->inc,
           (long long)c->batch, w->threads);
    if (have_g)
        printf("%11.3f ", w->gblas_us);
    else
        printf("%11s ", "-");
    printf("%-12s ", w->ref_name);
    if (have_r)
        printf("%11.3f ", w->ref_us);
    else
        printf("%11s ", "-");
    if (have_g && have_r)
        printf("%8.3f ", w->ref_us / w->gblas_us);
    else
        printf("%8s ", "-");
    if (have_g)
        printf("%9.2f %-7s ", rate, unit);
    else
        printf("%9s %-7s ", "-", unit);
    if (have_g && w->ceiling > 0)
        printf("%6.3f ", frac);
    else
        printf("%6s ", "-");
    printf("%-5s %4d\n", w->checked ? "ok" : "FAIL", w->reps);
    fflush(stdout);

    r->rows++;
    if (!w->checked) r->failures++;
    if (!r->csv) return;
    fprintf(r->csv, "%s,%c,%s,%s,%lld,%lld,%lld,%lld,%lld,%d,", name, c->prec, w->backend, trans,
            (long long)c->m, (long long)c->n, (long long)c->k, (long long)c->inc,
            (long long)c->batch, w->threads);
    csv_number(r->csv, "%.3f", w->gblas_us, have_g);
    fprintf(r->csv, ",%s,", w->ref_name);
    csv_number(r->csv, "%.3f", w->ref_us, have_r);
    fputc(',', r->csv);
    csv_number(r->csv, "%.4f", have_r ? w->ref_us / w->gblas_us : 0, have_g && have_r);
    fputc(',', r->csv);
    csv_number(r->csv, "%.3f", rate, have_g);
    fprintf(r->csv, ",%s,", unit);
    csv_number(r->csv, "%.4f", frac, have_g && w->ceiling > 0);
    fprintf(r->csv, ",%d\n", w->checked ? 1 : 0);
    fflush(r->csv);
}

void bench_report_close(bench_report *r) {
    printf("\n%d cases, %d failed\n", r->rows, r->failures);
    if (r->csv) fclose(r->csv);
    r->csv = NULL;
}
