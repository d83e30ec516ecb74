"""``tablekeeper simulate pandemie``: play many games with the heuristic policy and print the win rate and
the causes of the losses — a scout leader's difficulty check before the campfire game.

    tablekeeper simulate pandemie --provinces 4 --difficulty normal --games 1000 --seed 7
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.core.events import IllegalIntent, Intent
from engine.core.rng import Rng, SeededRng
from engine.core.stats import wilson

from . import policy as default_policy
from .events import Propagate
from .rules import DIFFICULTY, OptionError, Result, State, apply, fold, setup, step

Policy = Callable[[State, int], Intent | None]
Advance = Callable[[State, Intent, Rng], State]
Check = Callable[[State, Intent], None]


def by_step(state: State, intent: Intent, rng: Rng) -> State:
    """The simulator's way: each event folded once, as the rules decide it."""
    return step(state, intent, rng)[0]


def by_apply(state: State, intent: Intent, rng: Rng) -> State:
    """The way ``engine.core.Table`` plays: ``apply`` returns the events, then each is folded."""
    for e in apply(state, intent, rng):
        state = fold(state, e)
    return state


MAX_INTENTS = 200_000


def play(options: dict[str, Any], rng: Rng, choose: Policy = default_policy.choose) -> tuple[Result, int]:
    """One whole game; the provinces take one intent each in turn (they play at the same time).

    Returns the result and the number of intents applied (see :func:`play_state` for the final state). The
    state is folded once per event (:func:`~.rules.step` returns it), exactly as ``fold`` over the log would
    rebuild it.
    """
    state, n, _ = play_state(options, rng, choose)
    return result_of(state), n


def play_state(
    options: dict[str, Any],
    rng: Rng,
    choose: Policy = default_policy.choose,
    advance: Advance = by_step,
    check: Check | None = None,
) -> tuple[State, int, int]:
    """One whole game: the final state, the number of intents and the number of player turns played.
    ``check(state, intent)`` (tests) sees each intent before it is played."""
    state, _ = setup(options, rng)
    n = turns = 0
    provinces = range(len(state.provs))
    while state.over is None:
        for pi in provinces:
            intent = choose(state, pi)
            if intent is None:
                continue
            if check is not None:
                check(state, intent)
            state = advance(state, intent, rng)
            n += 1
            if type(intent) is Propagate:
                turns += 1
            if state.over is not None:
                break
        if n > MAX_INTENTS:  # pragma: no cover - a policy that never ends its turn
            raise RuntimeError("the policy does not finish the game")
    return state, n, turns


def win_count(options: dict[str, Any], first: int, count: int, seed: str) -> tuple[int, int]:
    """Games ``first`` … ``first + count - 1`` of ``options``, game ``i`` seeded ``f"{seed}:{i}"``: (won,
    played). The set-up's win rate is measured in chunks of these (the new-table screen, in a worker
    process): the same seed and numbers give the same games whatever the chunks."""
    if count < 0 or first < 0:
        raise ValueError("first and count are game numbers, 0 or more")
    won = 0
    for i in range(first, first + count):
        state, _, _ = play_state(options, SeededRng(f"{seed}:{i}"))
        won += bool(state.over is not None and state.over.won)
    return won, count


def result_of(state: State) -> Result:
    """The result of a game :func:`play_state` returned (it returns once the game is over)."""
    if state.over is None:
        raise RuntimeError("the game is not over")
    return state.over


def cause_text(r: Result) -> str:
    if r.won:
        return "won"
    return {
        "surges": "too many barbarian surges",
        "pins": "no pins left to place",
        "player-deck": "player deck exhausted",
        "propagation-deck": "propagation deck exhausted",
    }.get(r.cause, r.cause)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="tablekeeper simulate", description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="the game to simulate (only 'pandemie')")
    ap.add_argument("--provinces", type=int, default=4, help="number of provinces in play, 1-4 (default 4)")
    ap.add_argument("--difficulty", choices=tuple(DIFFICULTY), default="normal")
    ap.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    ap.add_argument("--seed", type=int, default=None, help="seed for reproducible runs (default: random)")
    ap.add_argument("--players", type=int, default=4, help="players per province, 1-6 (default 4)")
    ap.add_argument("--victories", choices=("exchange", "shared", "per_province"), default="exchange")
    ap.add_argument("--surge-counter", choices=("province", "shared"), default="province")
    ap.add_argument("--max-surges", type=int, default=8)
    ap.add_argument(
        "--start", choices=("fixed", "drawn"), default="fixed", help="the start city (default fixed)"
    )
    ap.add_argument("--no-progress", action="store_true", help="no progress bar")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.game != "pandemie":
        print(f"tablekeeper simulate: only 'pandemie' can be simulated, not {args.game!r}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("tablekeeper simulate: --games must be at least 1", file=sys.stderr)
        return 2
    options = {
        "provinces": args.provinces,
        "players": args.players,
        "difficulty": args.difficulty,
        "victories": args.victories,
        "surge_counter": args.surge_counter,
        "max_surges": args.max_surges,
        "start": args.start,
    }
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        setup(options, SeededRng(0))
    except OptionError as exc:
        print(f"tablekeeper simulate: {exc}", file=sys.stderr)
        return 2
    from tqdm import tqdm

    results: Counter[str] = Counter()
    intents = victories = turns = 0
    for i in tqdm(range(args.games), desc="games", unit="game", disable=args.no_progress, file=sys.stderr):
        try:
            state, n, t = play_state(options, SeededRng(f"{seed}:{i}"))
            r = result_of(state)
        except IllegalIntent as exc:  # pragma: no cover - a policy bug, reported plainly
            print(f"game {i}: the policy asked for an illegal move: {exc}", file=sys.stderr)
            return 1
        intents += n
        victories += sum(bin(p.victories).count("1") for p in state.provs)
        turns += t
        results[cause_text(r)] += 1
    won = results.pop("won", 0)
    low, high = wilson(won, args.games)
    print(
        f"Pandémie — {args.provinces} province(s), {args.players} players each, difficulty "
        f"{args.difficulty}, victories {args.victories}, seed {seed}"
    )
    print(
        f"games: {args.games}   won: {won}   win rate: {100 * won / args.games:.1f}% "
        f"(95% interval {100 * low:.1f}-{100 * high:.1f}%)"
    )
    print(
        f"per game: {turns / args.games:.1f} player turns, {victories / args.games:.2f} victories celebrated "
        f"or carried (of {4 * args.provinces}), {intents / args.games:.0f} intents"
    )
    if results:
        print("losses by cause:")
        for cause, k in results.most_common():
            print(f"  {cause:<30} {k:>6}  ({100 * k / args.games:.1f}%)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
