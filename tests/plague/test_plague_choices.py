"""What a seat is offered and told: ``legal()`` lists every intent ``apply`` accepts (intents generated
broadly from the state, not from ``legal()``), and no choice or refusal names, or depends on, what the seat's
view hides (the other hands, the pile's order, hidden populations)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import IllegalIntent, SeededRng
from engine.games import plague as game
from engine.games.plague.events import DestroyImprovement, Discard, EndTurn, Pass, PlayCard, PlayParry, Roll
from engine.games.plague.rules import State
from tests.plague.plague_helpers import TEST_PROFILE

CARD = re.compile(r"\b[a-z_]+-\d+\b")
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def card_ids(blob: Any) -> set[str]:
    return set(CARD.findall(msgspec.json.encode(blob).decode()))


def hidden_from(state: State, seat: str) -> set[str]:
    return set(game.all_cards(state)) - card_ids(game.view(state, seat))


def candidates(state: State, seat: str, rnd: random.Random, n: int) -> Iterator[Any]:
    cards = sorted(game.all_cards(state)) + ["", "nothing-1"]
    mine = list(state.player(seat).hand)
    seats = [*state.seats, "", "p9"]
    imps = [c for p in state.players for c in p.improvements] + cards[:3]
    pick = rnd.choice
    for _ in range(n):
        card = pick(mine) if mine and rnd.random() < 0.7 else pick(cards)
        k = rnd.randrange(7)
        if k == 0:
            yield Roll(seat=seat)
        elif k == 1:
            yield PlayCard(seat=seat, card=card, target=pick(seats), opponent=pick(seats))
        elif k == 2:
            yield PlayCard(seat=seat, card=card, target=pick(seats))
        elif k == 3:
            yield Discard(seat=seat, card=card)
        elif k == 4:
            yield PlayParry(seat=seat, card=card, on=pick(seats))
        elif k == 5:
            yield pick([Pass(seat=seat), EndTurn(seat=seat), PlayCard(seat=seat, card=card)])
        else:
            yield DestroyImprovement(seat=seat, victim=pick(seats), card=pick(imps))


def random_states(seed: int, players: int, opts: dict[str, Any], steps: int = 250) -> Iterator[State]:
    rnd = random.Random(seed)
    rng = SeededRng(seed)
    state, _ = game.setup({"players": players, "profile": TEST_PROFILE, **opts}, rng)
    for _ in range(steps):
        if state.stage == "over":
            return
        yield state
        choices = [i for s in state.seats for i in game.legal(state, s)]
        acts = [i for i in choices if not isinstance(i, Discard)] if rnd.random() < 0.7 else choices
        intent = rnd.choice(acts or choices)
        for e in game.apply(state, intent, rng):
            state = game.fold(state, e)


games = st.tuples(
    st.integers(0, 10_000),
    st.integers(2, 5),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["one", "one_of_each"]),
)


def opts_of(hidden: bool, last: bool, mode: str) -> dict[str, Any]:
    return {"hidden_population": hidden, "last_chance": last, "improvements": mode}


def answer(state: State, intent: Any) -> str:
    try:
        game.apply(state, intent, SeededRng(1))
    except IllegalIntent as exc:
        return f"refused: {exc}"
    return "accepted"


@SETTINGS
@given(games)
def test_every_intent_apply_accepts_is_listed_by_legal(g):
    seed, players, hidden, last, mode = g
    rnd = random.Random(seed)
    accepted = 0
    for state in random_states(seed, players, opts_of(hidden, last, mode)):
        for seat in state.seats:
            listed = set(game.legal(state, seat))
            for intent in candidates(state, seat, rnd, 25 if seat in game.waiting_for(state) else 6):
                if answer(state, intent) == "accepted":
                    accepted += 1
                    assert intent in listed, intent
    assert accepted


def blur(state: State, seat: str, rnd: random.Random) -> State:
    """The same game as ``seat`` sees it, with what it may not see changed: the other players' hands dealt
    again from their cards and the pile (sizes kept), the pile reordered, hidden populations changed."""
    others = [p for p in state.players if p.seat != seat and not p.out]
    pool = [c for p in others for c in p.hand] + list(state.deck.cards)
    rnd.shuffle(pool)
    players = []
    for p in state.players:
        if p in others:
            hand, pool = tuple(pool[: len(p.hand)]), pool[len(p.hand) :]
            pop = (
                p.population
                if not state.options["hidden_population"] or p.population <= 0
                else (rnd.randrange(1, 90))
            )
            p = msgspec.structs.replace(p, hand=hand, population=pop)
        players.append(p)
    deck = msgspec.structs.replace(state.deck, cards=tuple(pool))
    return msgspec.structs.replace(state, players=tuple(players), deck=deck)


@SETTINGS
@given(games)
def test_choices_and_refusals_depend_only_on_what_the_seat_may_see(g):
    """Over seeded games, for every seat: its choices and their labels name no card of another hand or of the
    pile, no refusal does, and changing what it cannot see changes none of them (no probe of a hand)."""
    seed, players, hidden, last, mode = g
    rnd = random.Random(seed)
    compared = 0
    for i, state in enumerate(random_states(seed, players, opts_of(hidden, last, mode))):
        if i % 3:
            continue
        for seat in state.seats:
            secret = hidden_from(state, seat)
            other = blur(state, seat, rnd)
            assert game.view(other, seat) == game.view(state, seat)
            mine = game.legal(state, seat)
            assert game.legal(other, seat) == mine
            for intent in mine:
                assert not card_ids(intent) & secret, intent
                assert not set(CARD.findall(game.describe(intent, "en"))) & secret, intent
            for intent in candidates(state, seat, rnd, 15):
                said = answer(state, intent)
                assert answer(other, intent) == said, intent
                assert not set(CARD.findall(said)) & secret, (intent, said)
                compared += 1
    assert compared
