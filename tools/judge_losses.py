#!/usr/bin/env python3
"""Where a player's lost games were lost, judged by Fairy-Stockfish.

Reads a PGN written by `xqzero match --pgn` (ICCS moves, standard start), takes the games that
PLAYER (a substring of the Red/Black tag) lost, and has Fairy-Stockfish evaluate every position
where PLAYER is to move at a fixed depth. Prints, per game, the ply where PLAYER's evaluation
first fell below each threshold and the largest drop from one of its moves to its next while
the game was still playable (above the middle threshold), then the medians.

    tools/judge_losses.py ab3.pgn --player net: [--depth 10] [--engine /usr/games/fairy-stockfish]
"""
import argparse
import re
import statistics
import subprocess
import sys

MATE_CP = 10000


def read_games(path):
    games, tags, text = [], {}, []
    for line in open(path, encoding="utf-8"):
        m = re.match(r'\[(\w+) "(.*)"\]', line.strip())
        if m:
            if text:
                games.append((tags, " ".join(text)))
                tags, text = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            text.append(line.strip())
    if text:
        games.append((tags, " ".join(text)))
    out = []
    for tags, body in games:
        moves = re.findall(r"\b([A-I])(\d)-([A-I])(\d)\b", body)
        # ICCS ranks are 0-9; Fairy-Stockfish's are 1-10.
        uci = [f"{a.lower()}{int(b) + 1}{c.lower()}{int(d) + 1}" for a, b, c, d in moves]
        out.append((tags, uci))
    return out


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("isready")
        self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, token):
        lines = []
        for line in self.p.stdout:
            lines.append(line)
            if line.startswith(token):
                return lines
        raise RuntimeError("engine ended")

    def score(self, moves, depth):
        """Centipawns for the side to move (mates as +-MATE_CP)."""
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send(f"go depth {depth}")
        cp = None
        for line in self.wait("bestmove"):
            m = re.search(r"score (cp|mate) (-?\d+)", line)
            if m:
                v = int(m.group(2))
                cp = v if m.group(1) == "cp" else (MATE_CP if v > 0 else -MATE_CP)
        return cp if cp is not None else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn")
    ap.add_argument("--player", required=True, help="substring of the Red/Black tag")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--thresholds", type=int, nargs="+", default=[-150, -300, -600])
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    a = ap.parse_args()
    try:
        games = read_games(a.pgn)
        eng = Engine(a.engine)
    except OSError as e:
        sys.exit(f"judge_losses: {e}")
    firsts = {t: [] for t in a.thresholds}
    drops, ends = [], []
    print("game side plies " + " ".join(f"<{t}" for t in a.thresholds) + "  largest drop from a playable position (ply: before -> after)")
    for n, (tags, moves) in enumerate(games, 1):
        red = a.player in tags.get("Red", "")
        black = a.player in tags.get("Black", "")
        res = tags.get("Result", "*")
        if not ((red and res == "0-1") or (black and res == "1-0")):
            continue
        first_ply = 0 if red else 1
        evals = [(ply, eng.score(moves[:ply], a.depth)) for ply in range(first_ply, len(moves), 2)]
        row = []
        for t in a.thresholds:
            ply = next((p for p, v in evals if v < t), None)
            row.append("-" if ply is None else str(ply))
            if ply is not None:
                firsts[t].append(ply)
        # The costliest move while the game was still playable (before it: above the middle
        # threshold), measured to PLAYER's next turn, the opponent's reply included.
        playable = [e for e in zip(evals, evals[1:]) if e[0][1] > a.thresholds[len(a.thresholds) // 2]]
        worst = max(playable, key=lambda e: e[0][1] - e[1][1], default=None)
        if worst:
            (p0, v0), (_, v1) = worst
            drops.append(p0)
            drop = f"{p0}: {v0} -> {v1}"
        else:
            drop = "-"
        ends.append(len(moves))
        print(f"{n:4} {'red' if red else 'black':5} {len(moves):5} " + " ".join(f"{x:>5}" for x in row) + f"  {drop}")
    if ends:
        print("medians: plies", statistics.median(ends), " ".join(
            f"<{t}: {statistics.median(v) if v else '-'} ({len(v)} games)" for t, v in firsts.items()),
            "largest drop at", statistics.median(drops) if drops else "-")
    eng.send("quit")


if __name__ == "__main__":
    sys.exit(main())
