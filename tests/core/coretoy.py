"""A tiny test-only game on the core primitives: a hidden deck, private draws, public plays.

It exists to test engine/core (Table, undo, store, audit, projection) without depending on a real game.
"""

from __future__ import annotations

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


class Started(Event, frozen=True):
    seats: tuple[str, ...]


class Scored(Event, frozen=True):
    seat: str
    points: int


class Draw(Intent, frozen=True):
    pass


class Play(Intent, frozen=True):
    card: str


class Bump(Intent, frozen=True):
    """A public action that reveals nothing (undoable)."""


class State(msgspec.Struct, frozen=True):
    seats: tuple[str, ...]
    deck: Deck
    hands: dict[str, tuple[str, ...]]
    score: dict[str, int]


_EVENTS = (Started, Scored, *DECK_EVENTS)
_INTENTS = (Draw, Play, Bump)


def setup(options: dict[str, Any], rng: Rng) -> tuple[State, list[Event]]:
    seats = tuple(options.get("seats", ("p1", "p2")))
    cards = [f"C{i:02d}" for i in range(int(options.get("cards", 10)))]
    events: list[Event] = [Started(seats=seats), make_shuffle(rng, "main", cards, "new", "main#1")]
    state = None
    for e in events:
        state = fold(state, e)
    return state, events  # type: ignore[return-value]


def fold(state: State | None, event: Event) -> State:
    if isinstance(event, Started):
        return State(event.seats, Deck("main"), {s: () for s in event.seats}, {s: 0 for s in event.seats})
    assert state is not None
    if isinstance(event, Drawn):
        return msgspec.structs.replace(
            state,
            deck=fold_deck(state.deck, event),
            hands={**state.hands, event.to: state.hands[event.to] + (event.card,)},
        )
    if isinstance(event, Discarded):
        hand = list(state.hands[_owner(state, event.card)])
        owner = _owner(state, event.card)
        hand.remove(event.card)
        return msgspec.structs.replace(
            state, deck=fold_deck(state.deck, event), hands={**state.hands, owner: tuple(hand)}
        )
    if isinstance(event, Scored):
        return msgspec.structs.replace(
            state, score={**state.score, event.seat: state.score[event.seat] + event.points}
        )
    return msgspec.structs.replace(state, deck=fold_deck(state.deck, event))


def _owner(state: State, card: str) -> str:
    for seat, hand in state.hands.items():
        if card in hand:
            return seat
    raise KeyError(card)


def legal(state: State, seat: str) -> list[Intent]:
    out: list[Intent] = [Bump(seat=seat)]
    if state.deck.cards:
        out.append(Draw(seat=seat))
    out += [Play(seat=seat, card=c) for c in state.hands.get(seat, ())]
    return out


def apply(state: State, intent: Intent, rng: Rng) -> list[Event]:
    if intent.seat not in state.seats:
        raise IllegalIntent("seat", f"no seat {intent.seat!r}")
    if isinstance(intent, Draw):
        if not state.deck.cards:
            raise IllegalIntent("empty-deck", "the deck is empty")
        return [Drawn(deck="main", card=state.deck.cards[0], to=intent.seat, private_to=(intent.seat,))]
    if isinstance(intent, Play):
        if intent.card not in state.hands[intent.seat]:
            raise IllegalIntent("not-in-hand", f"{intent.card} is not in your hand")
        return [Discarded(deck="main", card=intent.card), Scored(seat=intent.seat, points=1)]
    if isinstance(intent, Bump):
        return [Scored(seat=intent.seat, points=0)]
    raise IllegalIntent("intent", f"unknown intent {type(intent).__name__}")


def view(state: State, seat: str) -> dict[str, Any]:
    return {
        "deck": len(state.deck.cards),
        "hand": list(state.hands.get(seat, ())),
        "hand_sizes": {s: len(h) for s, h in state.hands.items()},
        "score": dict(state.score),
    }


def outcome(state: State) -> dict[str, Any] | None:
    return None if state.deck.cards else {"score": dict(state.score)}


def seats(state: State) -> list[str]:
    return list(state.seats)


GAME = GameSpec(
    name="coretoy",
    events=_EVENTS,
    intents=_INTENTS,
    setup=setup,
    legal=legal,
    apply=apply,
    fold=fold,
    seats=seats,
    view=view,
    outcome=outcome,
)
