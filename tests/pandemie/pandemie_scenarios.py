"""Scenario helpers for the Pandémie tests: build a state, stack a deck, place pins, act.

Like pandemic_ddd's tests: start from a real setup, then arrange the board by replacing parts of the
immutable state, apply one intent and look at the events.
"""

from __future__ import annotations

from typing import Any

import msgspec

import engine.games.pandemie as pan
from engine.core import Deck, SeededRng, replay
from engine.games.pandemie.board import COLOURS
from engine.games.pandemie.rules import NC, PINS_PER_COLOUR, State, step

rep = msgspec.structs.replace


def new_game(seed: int = 1, **options: Any) -> State:
    options.setdefault("provinces", 1)
    options.setdefault("players", 2)
    state, events = pan.setup(options, SeededRng(seed))
    assert replay(pan, events) == state
    return state


def key(state: State, name: str, province: str | None = None) -> str:
    b = state.static.board
    for i, n in enumerate(b.names):
        if n == name and (province is None or b.keys[i].startswith(province)):
            return b.keys[i]
    raise KeyError(name)


def idx(state: State, name: str) -> int:
    return state.static.board.index[key(state, name)]


def seat_i(state: State, seat: str) -> int:
    return state.static.seat_index[seat]


def prov(state: State, code: str = "G"):
    return state.provs[state.static.board.prov_index[code]]


def set_prov(state: State, code: str = "G", **kw: Any) -> State:
    pi = state.static.board.prov_index[code]
    return rep(state, provs=state.provs[:pi] + (rep(state.provs[pi], **kw),) + state.provs[pi + 1 :])


def no_pins(state: State) -> State:
    provs = tuple(rep(p, pins=bytes(NC * 4), supply=(PINS_PER_COLOUR,) * 4) for p in state.provs)
    return rep(state, provs=provs)


def pins(state: State, name: str, colour: str, n: int, province: str | None = None) -> State:
    c = state.static.board.index[key(state, name, province)]
    pi, col = c // NC, COLOURS.index(colour)
    p = state.provs[pi]
    i = (c % NC) * 4 + col
    diff = n - p.pins[i]
    p2 = rep(
        p,
        pins=p.pins[:i] + bytes((n,)) + p.pins[i + 1 :],
        supply=p.supply[:col] + (p.supply[col] - diff,) + p.supply[col + 1 :],
    )
    return rep(state, provs=state.provs[:pi] + (p2,) + state.provs[pi + 1 :])


def pins_at(state: State, name: str, colour: str, province: str | None = None) -> int:
    return state.pins_at(state.static.board.index[key(state, name, province)], COLOURS.index(colour))


def at(state: State, seat: str, name: str) -> State:
    s = seat_i(state, seat)
    return rep(state, loc=state.loc[:s] + (idx(state, name),) + state.loc[s + 1 :])


def hand(state: State, seat: str, *cards: str) -> State:
    s = seat_i(state, seat)
    return rep(state, hands=state.hands[:s] + (tuple(cards),) + state.hands[s + 1 :])


def city_card(state: State, name: str) -> str:
    return "PC:" + key(state, name)


def role(state: State, seat: str, role_name: str) -> State:
    """Give ``seat`` the role card of that role (from any province's role cards)."""
    s = seat_i(state, seat)
    b = state.static.board
    card = next(c for c, r in b.role_of_card.items() if r == role_name)
    guards = tuple(g for g in state.guards if g != s)
    if role_name in ("Dictateur", "Tribun"):
        guards += (s,)
    return rep(state, roles=state.roles[:s] + (card,) + state.roles[s + 1 :], guards=guards)


def turn(state: State, seat: str, phase: str = "actions", actions: int = 4) -> State:
    s = seat_i(state, seat)
    code = state.static.codes[state.static.seat_prov[s]]
    return set_prov(state, code, turn=s, phase=phase, actions=actions, consul_used=False)


def deck(
    state: State, code: str, which: str, cards: tuple[str, ...], discard: tuple[str, ...] | None = None
) -> State:
    p = prov(state, code)
    d: Deck = getattr(p, which)
    return set_prov(
        state, code, **{which: Deck(d.name, tuple(cards), d.discard if discard is None else tuple(discard))}
    )


def act(state: State, intent: Any, seed: int = 5) -> tuple[State, list]:
    """Apply ``intent`` and check that folding its events gives the state ``step`` returned."""
    new, events = step(state, intent, SeededRng(seed))
    again = state
    for e in events:
        again = pan.fold(again, e)
    assert again == new
    return new, events


def types(events: list) -> list[str]:
    return [type(e).__name__ for e in events]
