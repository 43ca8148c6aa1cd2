#!/usr/bin/env python3
"""compare.py: two builds of gblas-bench, before and after a change, case by case.

Run the two binaries alternately, several rounds, each round writing one CSV per side (the
drift of a machine between two back-to-back runs reached 3-9% on the H200: one pair of runs
cannot show a 2% difference). This takes, per case, the fastest gblas time of each side over
its rounds and prints the cases where the after side is slower than before by more than the
threshold, with the cuBLAS/OpenBLAS time of the same runs beside them (a reference that moved as
much says the machine moved, not the change).

Usage: python3 bench/compare.py [--threshold 0.02] [--csv OUT] BEFORE.csv... -- AFTER.csv...
Example (GPU host, 3 rounds):
  for i in 1 2 3; do
    old/gblas-bench --backend cuda --csv before-$i.csv; new/gblas-bench --backend cuda --csv after-$i.csv
  done
  python3 bench/compare.py before-*.csv -- after-*.csv
Exit status 1 when a case is slower by more than the threshold.
"""
import csv
import sys

KEY = ("routine", "precision", "backend", "trans", "m", "n", "k", "inc", "batch", "threads")
DEFAULTS = {"batch": "0"}  # columns older CSVs lack


def best_times(paths):
    """Per case: the fastest gblas time and the fastest reference time over the files."""
    best = {}
    for path in paths:
        with open(path) as f:
            for row in csv.DictReader(line for line in f if not line.startswith("#")):
                key = tuple(row.get(k, DEFAULTS.get(k)) for k in KEY)
                g, r = float(row["gblas_us"]), float(row["ref_us"])
                old = best.get(key)
                best[key] = (min(g, old[0]), min(r, old[1])) if old else (g, r)
    return best


def main(argv):
    threshold, out = 0.02, None
    if "--threshold" in argv:
        i = argv.index("--threshold")
        threshold = float(argv[i + 1])
        del argv[i:i + 2]
    if "--csv" in argv:
        i = argv.index("--csv")
        out = argv[i + 1]
        del argv[i:i + 2]
    if "--" not in argv:
        print(__doc__)
        return 2
    split = argv.index("--")
    before, after = best_times(argv[:split]), best_times(argv[split + 1:])
    rows, slower = [], 0
    for key in before:
        if key not in after:
            print("missing after:", " ".join(key))
            slower += 1
            continue
        (gb, rb), (ga, ra) = before[key], after[key]
        ratio = ga / gb
        rows.append(list(key) + [gb, ga, "%.4f" % ratio, rb, ra, "%.4f" % (ra / rb)])
        if ratio > 1 + threshold:
            slower += 1
            print("%-40s gblas %10.2f -> %10.2f us (%+.1f%%), reference %10.2f -> %10.2f us (%+.1f%%)"
                  % (" ".join(key), gb, ga, 100 * (ratio - 1), rb, ra, 100 * (ra / rb - 1)))
    if out:
        with open(out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(list(KEY) + ["before_gblas_us", "after_gblas_us", "time_ratio",
                                    "before_ref_us", "after_ref_us", "ref_ratio"])
            w.writerows(rows)
    print("%d cases compared, %d slower by more than %.1f%%" % (len(rows), slower, 100 * threshold))
    return 1 if slower else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
