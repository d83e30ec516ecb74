"""Pandémie: simulated four-province games per minute on one core, against the goal of 10,000.

    .venv/bin/python -m benchmarks.pandemie [--seconds 20] [--no-pure]

Plays whole games (setup, the heuristic policy of ``engine.games.pandemie.policy``, every rule, every
event folded once) in one process, one after the other, the same seeded games on every run. The time is
cut into rounds of about two seconds; it prints the median round (the figure compared with the goal) and
the best one (a shared machine's other tenants only ever slow a round down). Also times the same games
through ``apply`` + ``fold`` (the way ``engine.core.Table`` plays: each event folded twice) for comparison,
and — in a child process with ``TABLEKEEPER_PURE=1`` — the same engine as pure Python.

The engine runs compiled by mypyc when ``make setup`` could build it (``python -m engine.native status``);
the second line says which.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from engine import native
from engine.core.rng import SeededRng
from engine.games.pandemie.simulate import by_apply, by_step, play_state

GOAL = 10_000  # four-province games per minute on one core
OPTIONS = {"provinces": 4, "players": 4, "difficulty": "normal"}
ROUND = 2.0  # seconds


def measure(seconds: float, runner: str) -> tuple[list[float], int, int, int]:
    """Games per minute of each round, and the games, intents and player turns played in all."""
    advance = by_step if runner == "step" else by_apply
    rates: list[float] = []
    games = intents = turns = 0
    rounds = max(1, round(seconds / ROUND))
    for _ in range(rounds):
        start = time.perf_counter()
        n_games = 0
        while time.perf_counter() - start < seconds / rounds:
            _, n, t = play_state(OPTIONS, SeededRng(f"bench:{games}"), advance=advance)
            games += 1
            n_games += 1
            intents += n
            turns += t
        rates.append(n_games / (time.perf_counter() - start) * 60)
    return rates, games, intents, turns


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.pandemie", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="time for the compiled engine (default 20)")
    ap.add_argument("--no-pure", action="store_true", help="do not also time the pure-Python engine")
    ap.add_argument("--pure-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    play_state(OPTIONS, SeededRng("warm-up"))
    mode = native.STATUS.get("engine.games.pandemie", "pure")
    runs = [
        ("step", "simulate (step: fold once)", args.seconds * 0.7),
        ("apply", "Table-style (apply + fold)", args.seconds * 0.3),
    ]
    if args.pure_child:
        runs = [("step", "pure Python (step)", args.seconds)]
    else:
        print("Pandémie — simulated games, 4 provinces x 4 players, difficulty normal, one core")
        print(f"  engine: {'compiled by mypyc' if mode == 'compiled' else mode}")
    for i, (runner, label, seconds) in enumerate(runs):
        rates, games, intents, turns = measure(seconds, runner)
        if i == 0 and not args.pure_child:
            print(
                f"  a game lasts {intents / games:.0f} intents, {turns / games:.0f} player turns "
                "over the four "
                "provinces (as long as the policy survives; longer games mean fewer games/min)"
            )
        median, best = statistics.median(rates), max(rates)
        print(
            f"  {label:<28} median {median:>7.0f} games/min  (best {best:>6.0f}, {len(rates)} rounds)  "
            f"{intents / games:>4.0f} intents/game  ratio to goal {GOAL}: {median / GOAL:.2f}",
            flush=True,
        )
    if mode == "compiled" and not args.no_pure and not args.pure_child:
        env = {**os.environ, native.PURE_ENV: "1"}
        subprocess.run(
            [
                sys.executable,
                "-m",
                "benchmarks.pandemie",
                "--pure-child",
                "--seconds",
                str(max(ROUND, args.seconds * 0.3)),
            ],
            env=env,
            check=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
