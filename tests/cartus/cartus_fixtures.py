"""Helpers for the Rattus Cartus tests: build states, act, play whole random games."""

from __future__ import annotations

import random
from typing import Any

import msgspec

import engine.games.cartus as C
from engine.core import TABLE, Event, Intent, SeededRng
from engine.games.cartus import rules as R

# a building set with every special card: Administration (passes), Château (swords), Cabane (flutes),
# Trésor (gold)
WITH_SPECIALS: dict[str, Any] = {
    "selection": "agreed",
    "buildings": ["FER"] * 5
    + ["ADM"] * 5
    + ["MON"] * 5
    + ["CHA"] * 5
    + ["CAB"] * 5
    + ["PAL"] * 3
    + ["TRE"] * 2,
}


def new(players: int = 4, seed: int = 1, **opts: Any) -> tuple[R.State, list[Event]]:
    return C.setup({"players": players, **opts}, SeededRng(seed))


def act(state: R.State, intent: Intent) -> tuple[R.State, list[Event]]:
    events = C.apply(state, intent, SeededRng(0))
    for e in events:
        state = C.fold(state, e)
    return state, events


def with_row(state: R.State, cards: tuple[str, ...]) -> R.State:
    """The same state with another building row (scenario tests)."""
    return msgspec.structs.replace(state, row=cards)


def rats(state: R.State, seat: str) -> int:
    return R.rats_total(state.tokens[seat])


def set_rats(state: R.State, seat: str, ones: int) -> R.State:
    return msgspec.structs.replace(state, tokens={**state.tokens, seat: (ones, 0, 0)})


def set_hands(state: R.State, **sizes: int) -> R.State:
    return msgspec.structs.replace(state, hands={**state.hands, **sizes})


def support_all(state: R.State, building: int = 0) -> R.State:
    """Everybody takes 'draw 1' from ``building`` (phase B done)."""
    while state.phase == "B":
        seat = R.waiting_for(state)[0]
        state, _ = act(state, C.Support(seat=seat, building=building, draw=1))
    return state


def enter_all(state: R.State, plan: list[tuple[str, int, int]]) -> R.State:
    """Phase C: ``plan`` = (seat, building, cards) in turn order."""
    for seat, b, n in plan:
        state, _ = act(state, C.Enter(seat=seat, building=b, cards=n))
    return state


def random_game(seed: int, players: int = 4, **opts: Any) -> tuple[R.State, list[Event]]:
    """A whole game with random legal choices (random sizes kept small so hands stay reasonable)."""
    rnd = random.Random(seed)
    state, events = new(players, seed=seed, **opts)
    events = list(events)
    steps = 0
    while state.phase != "over":
        steps += 1
        assert steps < 5000, "the game does not end"
        waiting = R.waiting_for(state)
        seat = rnd.choice(waiting) if waiting else TABLE
        options = [i for i in C.legal(state, seat) if not isinstance(i, C.Convert)]
        assert options, f"nobody can act: phase {state.phase}, waiting {waiting}"
        if rnd.random() < 0.05 and seat in state.seats:
            conv = [i for i in C.legal(state, seat) if isinstance(i, C.Convert)]
            options = conv or options
        enters = [i for i in options if isinstance(i, C.Enter)]
        if enters:
            options = [i for i in enters if i.cards <= 3] + [i for i in options if isinstance(i, C.PlayPass)][
                :1
            ]
        intent = rnd.choice(options)
        new_events = C.apply(state, intent, SeededRng(0))
        for e in new_events:
            state = C.fold(state, e)
        events += new_events
    return state, events
