"""What a seat is offered and told: ``legal()`` lists every intent ``apply`` accepts (intents generated
broadly from the state, not from ``legal()``), and no choice or refusal names anything the seat's view
hides."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.games.pandemie as pan
from engine.core import HOST, IllegalIntent, SeededRng
from engine.games.pandemie import events as E
from engine.games.pandemie.rules import State, step

CARD = re.compile(r"P[A-Z]:[A-Z]+\d+")
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def card_ids(blob: Any) -> set[str]:
    return set(CARD.findall(msgspec.json.encode(blob).decode()))


def hidden_from(state: State, seat: str) -> set[str]:
    """Card ids the host sees (hands, deck orders, Divinations) that ``seat``'s view does not show."""
    return card_ids(pan.view(state, HOST)) - card_ids(pan.view(state, seat))


def candidates(state: State, seat: str, rnd: random.Random, n: int = 60) -> Iterator[Any]:
    """Intents built from the state's vocabulary (cards anywhere, cities, seats, colours), not from
    legal()."""
    static = state.static
    board = static.board
    s = static.seat_index[seat]
    pi = static.seat_prov[s]
    p = state.provs[pi]
    cards = sorted(
        {c for h in state.hands for c in h}
        | set(p.player.cards)
        | set(p.player.discard)
        | set(p.prop.cards)
        | set(p.prop.discard)
        | {x for x in state.stored if x}
        | {""}
    )
    mine = list(state.hands[s]) + [state.stored[s]] * bool(state.stored[s])
    here = state.loc[s]
    near = [board.keys[c] for c in board.adj[here]] + [board.keys[c] for c in p.forts]
    cities = near + [board.keys[c] for c in board.cities_of(pi)] + [""]
    seats = list(static.seats) + [""]
    colours = list(pan.COLOURS)
    pick = rnd.choice
    for _ in range(n):
        kind = rnd.randrange(17)
        pawn = pick(["", "", seat] + seats)
        consent = rnd.random() < 0.5
        card = pick(mine) if mine and rnd.random() < 0.6 else pick(cards)
        if kind == 0:
            yield E.Move(seat=seat, to=pick(cities), pawn=pawn, consent=consent)
        elif kind == 1:
            yield pick([E.Redeploy, E.ForcedMarch, E.ViaRomana])(
                seat=seat, to=pick(cities), pawn=pawn, consent=consent
            )
        elif kind == 2:
            yield E.ConsulMove(seat=seat, to=pick(cities), card=card)
        elif kind == 3:
            yield E.LicteurGather(seat=seat, pawn=pick(seats), to=pick(cities), consent=consent)
        elif kind == 4:
            yield E.BuildFort(seat=seat, remove_from=pick([""] + [board.keys[c] for c in p.forts]))
        elif kind == 5:
            yield E.Combat(seat=seat, colour=pick(colours), city=pick(["", "", board.keys[here]] + cities))
        elif kind == 6:
            yield E.Celebrate(seat=seat, colour=pick(colours))
        elif kind == 7:
            yield E.ShareKnowledge(seat=seat, other=pick(seats), card=card, give=rnd.random() < 0.5)
        elif kind == 8:
            yield E.ShareVictory(
                seat=seat, colour=pick(colours), to_province=pick(list(static.codes) + ["X"])
            )
        elif kind == 9:
            yield E.StoreEvent(seat=seat, card=card)
        elif kind == 10:
            yield pick([E.EndActions, E.DrawCards, E.Propagate])(seat=seat)
            yield E.Propagate(seat=seat, cards=rnd.randrange(-1, 5))
        elif kind == 11:
            yield E.Discard(seat=seat, card=card)
        elif kind == 12:
            yield E.PlayEvent(
                seat=seat,
                card=pick(mine) if mine else card,
                city=pick(cities),
                pawn=pawn,
                target=pick(list(p.prop.discard) + [""]),
                remove_from=pick([""] + cities),
            )
        elif kind == 13:
            yield E.PlayEvent(seat=seat, card=pick(mine) if mine else card)
        elif kind == 14:
            top = list(p.prop.cards[: p.divination_n])
            rnd.shuffle(top)
            yield E.ArrangeDivination(seat=seat, order=tuple(top))
        elif kind == 15:
            yield E.AskCard(seat=seat, other=pick(seats))
        else:
            yield E.AnswerAsk(seat=seat, card=pick(mine + [""]) if rnd.random() < 0.8 else card)


def s_of(state: State, intent: Any) -> int:
    return state.static.seat_index[intent.seat]


def canonical(intent: Any, state: State) -> Any:
    """The spelling legal() uses for an intent that has several: one's own pawn named or not, the free
    choices legal() lists once (Divinations' order, the Consul's card, the cards of a celebration)."""
    if getattr(intent, "pawn", None) == intent.seat and not isinstance(intent, E.LicteurGather | E.PlayEvent):
        intent = msgspec.structs.replace(intent, pawn="", consent=False)
    if isinstance(intent, E.Move | E.Redeploy | E.ForcedMarch | E.ViaRomana) and not intent.pawn:
        intent = msgspec.structs.replace(intent, consent=False)
    if isinstance(intent, E.LicteurGather) and intent.pawn in ("", intent.seat):
        intent = msgspec.structs.replace(intent, pawn=intent.seat, consent=False)
    if isinstance(intent, E.PlayEvent) and intent.city and not intent.pawn:  # Mission secrète: own pawn
        if state.static.board.event_kind.get(intent.card) == 1:
            intent = msgspec.structs.replace(intent, pawn=intent.seat)
    if (
        isinstance(intent, E.Combat)
        and intent.city == state.static.board.keys[state.loc[s_of(state, intent)]]
    ):
        intent = msgspec.structs.replace(intent, city="")
    if isinstance(intent, E.Propagate):
        pi = state.static.seat_prov[s_of(state, intent)]
        track = state.static.opts.speed_track
        left = track[min(state.provs[pi].speed, len(track) - 1)] - (state.paused[pi] if state.paused else 0)
        if intent.cards >= left:
            intent = E.Propagate(seat=intent.seat)
    if isinstance(intent, E.ArrangeDivination):
        p = state.provs[state.static.seat_prov[state.static.seat_index[intent.seat]]]
        intent = msgspec.structs.replace(intent, order=p.prop.cards[: p.divination_n])
    if isinstance(intent, E.ConsulMove):
        hand = state.hands[state.static.seat_index[intent.seat]]
        intent = msgspec.structs.replace(
            intent, card=next(c for c in dict.fromkeys(hand) if c.startswith("PC:"))
        )
    return intent


def budget(state: State, seat: str) -> int:
    """More candidates for the seat whose turn it is (most intents of the others are refused on the turn)."""
    s = state.static.seat_index[seat]
    return 60 if state.provs[state.static.seat_prov[s]].turn == s else 12


def random_states(
    seed: int,
    players: int,
    open_hands: bool,
    steps: int = 160,
    combat: str = "here",
) -> Iterator[State]:
    rnd = random.Random(seed)
    rng = SeededRng(seed)
    options = {"provinces": 1, "players": players, "open_hands": open_hands, "combat": combat}
    state, _ = pan.setup(options, rng)
    for _ in range(steps):
        if state.over is not None:
            return
        yield state
        choices = [i for seat in state.static.seats for i in pan.legal(state, seat)]
        moves = [i for i in choices if not isinstance(i, E.EndActions)] or choices
        state, _ = step(state, rnd.choice(moves), rng)


games = st.tuples(
    st.integers(0, 10_000), st.integers(2, 4), st.booleans(), st.sampled_from(["here", "anywhere"])
)


@SETTINGS
@given(games)
def test_every_intent_apply_accepts_is_listed_by_legal(g):
    seed, players, open_hands, combat = g
    rnd = random.Random(seed)
    accepted = 0
    for state in random_states(seed, players, open_hands, combat=combat):
        for seat in state.static.seats:
            listed = set(pan.legal(state, seat))
            for intent in candidates(state, seat, rnd, budget(state, seat)):
                try:
                    pan.apply(state, intent, SeededRng(1))
                except IllegalIntent:
                    continue
                accepted += 1
                assert canonical(intent, state) in listed, intent
    assert accepted


@SETTINGS
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_no_choice_or_refusal_names_what_the_seat_may_not_see(seed, players):
    """Hidden hands: a seat's choices (intents and their labels) and the refusals of any intent it may send
    never name a card of a partner's hand, of a deck, or of another's Divinations."""
    rnd = random.Random(seed)
    checked = 0
    for state in random_states(seed, players, open_hands=False, steps=120):
        for seat in state.static.seats:
            hidden = hidden_from(state, seat)
            if not hidden:
                continue
            for intent in pan.legal(state, seat):
                assert not card_ids(intent) & hidden, intent
                assert not set(CARD.findall(pan.describe(intent, "en"))) & hidden
            for intent in candidates(state, seat, rnd, budget(state, seat)):
                try:
                    pan.apply(state, intent, SeededRng(1))
                except IllegalIntent as exc:
                    checked += 1
                    assert not set(CARD.findall(str(exc))) & hidden, (intent, str(exc))
    assert checked
