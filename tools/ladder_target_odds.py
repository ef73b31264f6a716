#!/usr/bin/env python3
"""Chance that a run meets the ladder target of issue 30 given its true ratings.

The target: the ratings at 15, 30, 45 and 60 minutes rise at every mark and the 60-minute
one is at least 100 above the 30-minute one. Each rating is read with a normal error whose
95% half-width is --half-width (about 128 Elo for the 50 games of the background ladder at
10 games a rung, as `xqzero ladder` reports near alpha-beta depth 1).

    tools/ladder_target_odds.py 35 90 109 164
    tools/ladder_target_odds.py 0 100 200 300 --half-width 64
"""
import argparse
import random


def odds(true_ratings, half_width, gain, trials, seed):
    rng = random.Random(seed)
    se = half_width / 1.96
    met = 0
    for _ in range(trials):
        r = [x + rng.gauss(0.0, se) for x in true_ratings]
        rising = all(b > a for a, b in zip(r, r[1:]))
        if rising and r[-1] - r[len(r) // 2 - 1] >= gain:
            met += 1
    return met / trials


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ratings", type=float, nargs=4, help="true ratings at 15, 30, 45, 60 minutes")
    ap.add_argument("--half-width", type=float, default=128.0, help="95%% half-width of one reading")
    ap.add_argument("--gain", type=float, default=100.0, help="60-minute minus 30-minute rating asked for")
    ap.add_argument("--trials", type=int, default=200000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    p = odds(a.ratings, a.half_width, a.gain, a.trials, a.seed)
    print(f"target met in {100.0 * p:.1f}% of {a.trials} simulated runs")


if __name__ == "__main__":
    main()
