"""Pandémie: simulated four-province games per minute on one core, against the goal of 10,000.

    .venv/bin/python -m benchmarks.pandemie [--seconds 10]

Plays whole games (setup, the heuristic policy of ``engine.games.pandemie.policy``, every rule, every
event folded once) on one process, one after the other, for about ``--seconds`` seconds, and prints
games per minute with the ratio to the goal. Also times the same games through ``apply`` + ``fold``
(the way ``engine.core.Table`` plays: each event folded twice) for comparison, and — in a child process
with ``TABLEKEEPER_PURE=1`` — the same engine as pure Python (``--no-pure`` skips it).

The engine runs compiled by mypyc when ``make setup`` could build it (``python -m engine.native status``);
the first line says which.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from engine import native
from engine.core.rng import SeededRng
from engine.games.pandemie.simulate import by_apply, by_step, play_state

GOAL = 10_000  # four-province games per minute on one core
OPTIONS = {"provinces": 4, "players": 4, "difficulty": "normal"}


def measure(seconds: float, runner: str) -> tuple[int, float, int, int]:
    games = intents = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed = f"bench:{games}"
        _, n, t = play_state(OPTIONS, SeededRng(seed), advance=by_step if runner == "step" else by_apply)
        turns += t
        games += 1
        intents += n
    return games, time.perf_counter() - start, intents, turns


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.pandemie", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--no-pure", action="store_true", help="do not also time the pure-Python engine")
    ap.add_argument("--step-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    play_state(OPTIONS, SeededRng("warm-up"))
    mode = native.STATUS.get("engine.games.pandemie", "pure")
    if not args.step_only:
        print("Pandémie — simulated games, 4 provinces x 4 players, difficulty normal, one core")
        print(f"  engine: {'compiled by mypyc' if mode == 'compiled' else mode}")
    runs = (("step", "simulate (step: fold once)"), ("apply", "Table-style (apply + fold)"))
    if args.step_only:
        runs = (("step", "pure Python (step)"),)
    for runner, label in runs:
        games, elapsed, intents, turns = measure(args.seconds / 2, runner)
        if runner == "step" and not args.step_only:
            print(f"  a game lasts {intents / games:.0f} intents, {turns / games:.0f} player turns over the four provinces "
                  "(as long as the policy survives; longer games mean proportionally fewer games/min)")
        per_min = games / elapsed * 60
        print(f"  {label:<30} {per_min:>9.0f} games/min  {games / elapsed:>7.1f} games/s  "
              f"{intents / elapsed:>8.0f} intents/s  ratio to goal {GOAL}: {per_min / GOAL:.2f}")
    if mode == "compiled" and not args.no_pure and not args.step_only:
        env = {**os.environ, native.PURE_ENV: "1"}
        sys.stdout.flush()
        subprocess.run([sys.executable, "-m", "benchmarks.pandemie", "--step-only", "--seconds", str(args.seconds / 2)],
                       env=env, check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
