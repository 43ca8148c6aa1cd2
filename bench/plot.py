#!/usr/bin/env python3
"""plot.py: turns a gblas-bench CSV into PNG charts.

For each backend, routine and precision: the rate against the size (log2 axis) for the square
or vector cases (band routines: against the bandwidth k at their one order n), gblas as solid
lines and the reference (cuBLAS or OpenBLAS) dashed in the same colour, one colour per
(transpose/uplo letters, increment, threads) variant, and the measured ceiling as a dotted line. The cases that are not part of a size sweep (odd GEMM shapes, skinny GEMV, chained
calls, host staging, batches) go into one bar chart of speedups per backend.

Usage: python3 bench/plot.py results.csv [output-folder]   (default: the CSV's folder)
Needs matplotlib (Debian: apt-get install python3-matplotlib).
"""
import collections
import csv
import math
import os
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit("plot.py needs matplotlib (Debian: apt-get install python3-matplotlib)")


def read_rows(path):
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines))


def number(text):
    return float(text) if text not in ("", None) else math.nan


BAND_ROUTINES = ("gbmv", "sbmv", "tbmv", "tbsv")  # k is the bandwidth: swept at one n


def sweep_size(row):
    """The size a row is plotted at (a band routine's: its bandwidth), or None when it is not
    part of a size sweep."""
    m, n, k = int(row["m"]), int(row["n"]), int(row["k"])
    routine = row["routine"]
    if m == 0 and k == 0:  # a Level-1 vector case
        return n
    if routine in BAND_ROUTINES:
        return k if row["inc"] == "1" else None
    if routine == "gemm":
        return n if m == n == k else None
    if routine in ("syrk", "syr2k"):  # n x k, m unused
        return n if n == k else None
    if row.get("batch", "0") != "0":  # batches: one bar each
        return None
    if m == n and k == 0 and row["inc"] == "1":  # GEMV and the other square Level-2 cases
        return n
    return None


def x_label(routine, items):
    if routine in BAND_ROUTINES:
        orders = sorted({int(row["n"]) for _, row in items})
        return "bandwidth k (n = %s)" % ", ".join(str(n) for n in orders)
    if all(int(row["m"]) == 0 for _, row in items):
        return "n"
    return "order of the square matrix"


def variant(row):
    parts = []
    if row["trans"] != "-":
        parts.append(row["trans"])
    if row["inc"] != "1":
        parts.append("inc " + row["inc"])
    if row["threads"] != "0":
        parts.append(row["threads"] + " thr")
    return ", ".join(parts) or "all"


def plot_sweeps(rows, outdir):
    groups = collections.defaultdict(list)
    for row in rows:
        size = sweep_size(row)
        if size is not None and not math.isnan(number(row["rate"])):
            groups[(row["backend"], row["routine"], row["precision"])].append((size, row))
    written = []
    for (backend, routine, prec), items in sorted(groups.items()):
        fig, ax = plt.subplots(figsize=(8, 5))
        series = collections.defaultdict(list)
        for size, row in items:
            series[variant(row)].append((size, row))
        ceilings = {}
        colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
        for i, (name, points) in enumerate(sorted(series.items())):
            points.sort(key=lambda p: p[0])
            sizes = [p[0] for p in points]
            rate = [number(p[1]["rate"]) for p in points]
            speed = [number(p[1]["speedup"]) for p in points]
            ref_rate = [r / s if s and not math.isnan(s) else math.nan for r, s in zip(rate, speed)]
            colour = colours[i % len(colours)]
            ax.plot(sizes, rate, "o-", color=colour, label=f"gblas ({name})")
            ax.plot(sizes, ref_rate, "s--", color=colour, alpha=0.7,
                    label=f"{points[0][1]['ref_name']} ({name})")
            for p in points:
                frac = number(p[1]["ceiling_frac"])
                if frac > 0:
                    ceilings[p[1]["threads"]] = number(p[1]["rate"]) / frac
        for threads, value in sorted(ceilings.items()):
            label = "ceiling" + ("" if threads == "0" else f" ({threads} thr)")
            ax.axhline(value, color="grey", linestyle=":", label=f"{label} {value:.0f}")
        ax.set_xscale("log", base=2)
        ax.set_xlabel(x_label(routine, items))
        ax.set_ylabel(items[0][1]["unit"])
        ax.set_title(f"{prec}{routine} on {backend}: gblas against the reference")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="best")
        path = os.path.join(outdir, f"{backend}_{routine}_{prec}.png")
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written


def case_label(row):
    dims = "x".join(row[d] for d in ("m", "n", "k") if row[d] != "0")
    trans = "" if row["trans"] == "-" else row["trans"]
    label = f"{row['precision']}{row['routine']} {trans} {dims}"
    if row["inc"] != "1":
        label += f" inc {row['inc']}"
    if row.get("batch", "0") != "0":
        label += f" x {row['batch']}"
    if row["threads"] != "0":
        label += f" {row['threads']} thr"
    return label


def plot_others(rows, outdir):
    by_backend = collections.defaultdict(list)
    for row in rows:
        if sweep_size(row) is None and not math.isnan(number(row["speedup"])):
            by_backend[row["backend"]].append(row)
    written = []
    for backend, items in sorted(by_backend.items()):
        labels = [case_label(r) for r in items]
        values = [number(r["speedup"]) for r in items]
        fig, ax = plt.subplots(figsize=(9, 0.28 * len(items) + 1.5))
        colours = ["tab:green" if v >= 1 else "tab:red" for v in values]
        ax.barh(range(len(items)), values, color=colours)
        ax.axvline(1.0, color="black", linewidth=0.8)
        ax.set_xscale("log")
        ax.set_yticks(range(len(items)), labels, fontsize=7)
        ax.invert_yaxis()
        ax.set_xlabel("speedup = ref_us / gblas_us (staged rows: what staying resident is worth)")
        ax.set_title(f"{backend}: cases outside the size sweeps")
        fig.tight_layout()
        path = os.path.join(outdir, f"{backend}_other_cases.png")
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    csv_path = sys.argv[1]
    outdir = sys.argv[2] if len(sys.argv) == 3 else os.path.dirname(os.path.abspath(csv_path))
    os.makedirs(outdir, exist_ok=True)
    rows = read_rows(csv_path)
    for path in plot_sweeps(rows, outdir) + plot_others(rows, outdir):
        print(path)


if __name__ == "__main__":
    main()
