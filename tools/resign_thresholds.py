#!/usr/bin/env python3
"""What other resignation thresholds would have done in a run's self-play games.

Self-play resigns for a side whose root value (stored per move, from the mover's view) stays
below `resign-threshold` for `resign-moves` of its own moves in a row. A game that ran to its
end (not resigned) shows for every threshold whether a side would have resigned, at which ply,
and whether that side then failed to lose (a false resignation: the game was won or drawn by
it). Games the run resigned are counted apart: their outcome is unknown.

    tools/resign_thresholds.py h.db --run hour --last-generations 15
    tools/resign_thresholds.py h.db --thresholds -0.9 -0.8 -0.7 -0.6 --moves 8
"""
import argparse
import sqlite3


def would_resign(values, first_side, threshold, moves):
    """(side, ply) of the first side whose value stays below threshold for `moves` own moves."""
    streak = [0, 0]
    for ply, v in enumerate(values):
        side = (first_side + ply) % 2
        if v is None:
            continue
        streak[side] = streak[side] + 1 if v < threshold else 0
        if streak[side] >= moves:
            return side, ply
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("db", help="the run's SQLite database")
    ap.add_argument("--run", help="run name (default: every run)")
    ap.add_argument("--last-generations", type=int, default=0, help="only the games of the newest N generations")
    ap.add_argument("--thresholds", type=float, nargs="+", default=[-0.9, -0.8, -0.7, -0.6, -0.5])
    ap.add_argument("--moves", type=int, default=8, help="own moves in a row below the threshold")
    a = ap.parse_args()

    db = sqlite3.connect(a.db)
    where, args = ["g.kind = 'selfplay'"], []
    if a.run:
        where.append("g.run = (SELECT id FROM runs WHERE name = ?)")
        args.append(a.run)
    if a.last_generations > 0:
        top = db.execute("SELECT max(generation) FROM games g WHERE " + " AND ".join(where), args).fetchone()[0]
        where.append("g.generation > ?")
        args.append(top - a.last_generations)
    games = db.execute("SELECT g.id, g.result, g.reason, g.plies, g.start_fen FROM games g WHERE "
                       + " AND ".join(where), args).fetchall()
    resigned = [g for g in games if g[2] == "resign"]
    complete = [g for g in games if g[2] != "resign"]
    total_plies = sum(g[3] for g in games)
    print(f"{len(games)} games, {total_plies} plies; {len(resigned)} resigned by the run "
          f"(outcome unknown), {len(complete)} ran to their end")

    values = {}
    for gid, *_ in complete:
        rows = db.execute("SELECT ply, root_value FROM moves WHERE game = ? ORDER BY ply", (gid,)).fetchall()
        values[gid] = [v for _, v in rows]

    print(f"{'threshold':>9} {'would resign':>12} {'false':>6} {'rate':>6} {'drawn':>6} {'plies saved':>11}")
    for t in a.thresholds:
        n = false = drawn = saved = 0
        for gid, result, _, plies, fen in complete:
            first = 1 if fen.split()[1:2] == ["b"] else 0  # 0 = red to move first
            hit = would_resign(values[gid], first, t, a.moves)
            if hit is None:
                continue
            side, ply = hit
            n += 1
            saved += plies - ply
            winner = {"1-0": 0, "0-1": 1}.get(result)
            if winner != 1 - side:
                false += 1
                drawn += winner is None
        rate = f"{100.0 * false / n:.1f}%" if n else "-"
        print(f"{t:>9.2f} {n:>12} {false:>6} {rate:>6} {drawn:>6} {100.0 * saved / total_plies:>10.1f}%")


if __name__ == "__main__":
    main()
