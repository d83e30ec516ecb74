"""Shared helpers for the Plague and Pestilence tests: a test box profile, scripted dice, stacked tables."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from engine.core import Deck, SeededRng
from engine.core.events import Event, Intent
from engine.games import plague as game
from engine.games.plague.cards import key_of
from engine.games.plague.rules import State

# A profile made up for the tests (NOT the values of the real reference cards, which this project does
# not know): prosperity gains 1*total, plague losses 2*total, so every value is easy to recognise.
TEST_PROFILE: dict[str, Any] = {
    "name": "test profile (made up in the tests)",
    "prosperity": [t for t in range(2, 13)],
    "plague": [2 * t for t in range(2, 13)],
}


def options(**kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"players": 3, "profile": TEST_PROFILE}
    out.update(kw)
    return out


class DiceRng:
    """Seeded for shuffles and salts; the next ``randbelow(6)`` calls return the scripted dice."""

    def __init__(self, dice: Iterable[int] = (), seed: int = 1) -> None:
        self.dice = list(dice)
        self._r = SeededRng(seed)

    def randbelow(self, n: int) -> int:
        if n == 6 and self.dice:
            return self.dice.pop(0) - 1
        return self._r.randbelow(n)

    def token_hex(self, nbytes: int) -> str:
        return self._r.token_hex(nbytes)


def new(seed: int = 0, **kw: Any) -> tuple[State, list[Event]]:
    return game.setup(options(**kw), SeededRng(seed))


def stack(
    state: State,
    *,
    hands: Mapping[str, Iterable[str]] | None = None,
    improvements: Mapping[str, Iterable[str]] | None = None,
    populations: Mapping[str, int] | None = None,
    pile_top: Iterable[str] = (),
    current: str = "p1",
    stage: str = "act",
    phase: str | None = None,
) -> State:
    """The same game with the cards rearranged: the named cards (by key) in hands, in front of players and
    on top of the pile; every other card in the pile; empty discard. Populations as given."""
    hands = {k: list(v) for k, v in (hands or {}).items()}
    improvements = {k: list(v) for k, v in (improvements or {}).items()}
    pool = [c for c in game.all_cards(state) if c not in state.removed]

    def take(key: str) -> str:
        for c in pool:
            if key_of(c) == key:
                pool.remove(c)
                return c
        raise AssertionError(f"no {key} card left to stack")

    players = []
    for p in state.players:
        hand = tuple(take(k) for k in hands.get(p.seat, ()))
        imps = tuple(take(k) for k in improvements.get(p.seat, ()))
        pop = (populations or {}).get(p.seat, p.population)
        players.append(msgspec.structs.replace(p, hand=hand, improvements=imps, population=pop))
    top = [take(k) for k in pile_top]
    deck = Deck(state.deck.name, tuple(top + pool), ())
    return msgspec.structs.replace(
        state,
        players=tuple(players),
        deck=deck,
        in_play=(),
        current=current,
        stage=stage,
        act=None,
        phase=phase or state.phase,
        last_chance="",
        resume_with="",
        alive_at_turn_start=tuple(x.seat for x in players if x.population > 0),
    )


def card(state: State, seat: str, key: str) -> str:
    """The id of a ``key`` card in ``seat``'s hand (or improvements)."""
    p = state.player(seat)
    for c in p.hand + p.improvements:
        if key_of(c) == key:
            return c
    raise AssertionError(f"{seat} holds no {key}")


def play(state: State, intent: Intent, rng: Any = None) -> tuple[State, list[Event]]:
    events = game.apply(state, intent, rng or SeededRng(99))
    for e in events:
        state = game.fold(state, e)
    return state, events


def pop(state: State, seat: str) -> int:
    return state.player(seat).population


def of(events: Iterable[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
