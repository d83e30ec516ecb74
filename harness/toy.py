"""The toy game: a tiny game on the core primitives, for tests and benchmarks only, so that the core (table,
undo, store, audit, projection), the LAN sync's hidden information and the app can be tested without a
real game.

A hidden deck of cards ``HID00..`` (option ``cards``, default 12) is shuffled at setup; each seat draws
private cards (only that seat sees which), plays them face up, or bumps (a public action that reveals
nothing, so it can be undone). The game is over when the deck is empty. Seats: ``p1..pN`` (option
``seats``, default 3). Known to the engine as ``toy`` once :func:`register` is called (``python -m
harness.cli --toy``; the tests' ``toy_game`` fixture).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from engine.core import (
    DECK_EVENTS,
    Deck,
    Discarded,
    Drawn,
    Event,
    GameSpec,
    IllegalIntent,
    Intent,
    Rng,
    fold_deck,
    make_shuffle,
)

NAME = "toy"
MAX_SEATS = 200


class Started(Event, frozen=True):
    seats: tuple[str, ...]
    cards: int


class Bumped(Event, frozen=True):
    seat: str


class Draw(Intent, frozen=True):
    pass


class Play(Intent, frozen=True):
    card: str


class Bump(Intent, frozen=True):
    pass


class State(msgspec.Struct, frozen=True):
    seats: tuple[str, ...]
    deck: Deck
    hands: dict[str, tuple[str, ...]]
    bumps: int = 0


_EVENTS = (Started, Bumped, *DECK_EVENTS)
_INTENTS = (Draw, Play, Bump)


def setup(options: dict[str, Any], rng: Rng) -> tuple[State, list[Event]]:
    n = options.get("seats", 3)
    if not isinstance(n, int) or not 1 <= n <= MAX_SEATS:
        raise ValueError(f"option seats: a whole number from 1 to {MAX_SEATS}")
    cards = int(options.get("cards", 12))
    seats = tuple(f"p{i}" for i in range(1, n + 1))
    events: list[Event] = [
        Started(seats=seats, cards=cards),
        make_shuffle(rng, "main", [f"HID{i:02d}" for i in range(cards)], "new", "main#1"),
    ]
    state = None
    for e in events:
        state = fold(state, e)
    return state, events  # type: ignore[return-value]


def fold(state: State | None, event: Event) -> State:
    if isinstance(event, Started):
        return State(event.seats, Deck("main"), {s: () for s in event.seats})
    assert state is not None
    if isinstance(event, Bumped):
        return msgspec.structs.replace(state, bumps=state.bumps + 1)
    if isinstance(event, Drawn):
        hands = {**state.hands, event.to: state.hands[event.to] + (event.card,)}
        return msgspec.structs.replace(state, deck=fold_deck(state.deck, event), hands=hands)
    if isinstance(event, Discarded):
        hands = {s: tuple(c for c in h if c != event.card) for s, h in state.hands.items()}
        return msgspec.structs.replace(state, deck=fold_deck(state.deck, event), hands=hands)
    return msgspec.structs.replace(state, deck=fold_deck(state.deck, event))


def legal(state: State, seat: str) -> list[Intent]:
    if seat not in state.seats:
        return []
    out: list[Intent] = [Bump(seat=seat)]
    if state.deck.cards:
        out.append(Draw(seat=seat))
    out += [Play(seat=seat, card=c) for c in state.hands[seat]]
    return out


def apply(state: State, intent: Intent, rng: Rng) -> list[Event]:
    if intent.seat not in state.seats:
        raise IllegalIntent("seat", f"{intent.seat!r} does not play")
    if isinstance(intent, Draw):
        if not state.deck.cards:
            raise IllegalIntent("empty-deck", "the deck is empty")
        return [Drawn(deck="main", card=state.deck.cards[0], to=intent.seat, private_to=(intent.seat,))]
    if isinstance(intent, Play):
        if intent.card not in state.hands[intent.seat]:
            raise IllegalIntent("not-in-hand", f"{intent.card} is not in your hand")
        return [Discarded(deck="main", card=intent.card)]
    if isinstance(intent, Bump):
        return [Bumped(seat=intent.seat)]
    raise IllegalIntent("intent", type(intent).__name__)


def view(state: State, seat: str) -> dict[str, Any]:
    return {
        "seats": list(state.seats),
        "deck": len(state.deck.cards),
        "discard": list(state.deck.discard),
        "hand": list(state.hands.get(seat, ())),  # a seat's own cards; none for the table or the host
        "hand_sizes": {s: len(h) for s, h in state.hands.items()},
        "bumps": state.bumps,
    }


def outcome(state: State) -> dict[str, Any] | None:
    return None if state.deck.cards else {"over": True, "discard": list(state.deck.discard)}


def describe(item: Event | Intent, lang: str = "fr", names: Mapping[str, str] | None = None) -> str:
    name = type(item).__name__
    if isinstance(item, Drawn):
        card = item.card or ("une carte" if lang == "fr" else "a card")
        return f"{item.to} pioche {card}" if lang == "fr" else f"{item.to} draws {card}"
    return name


def seats(state: State) -> list[str]:
    return list(state.seats)


def register() -> str:
    """Make the toy game known to the engine (in this process); its name."""
    from engine.core import game

    game.GAMES.setdefault(NAME, __name__)
    return NAME


GAME = GameSpec(
    name=NAME,
    events=_EVENTS,
    intents=_INTENTS,
    setup=setup,
    legal=legal,
    apply=apply,
    fold=fold,
    seats=seats,
    view=view,
    outcome=outcome,
    describe=describe,
)
