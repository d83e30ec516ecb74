"""What a seat is offered and told: ``legal()`` lists every intent ``apply`` accepts (intents generated
broadly from the state, not from ``legal()``), and a seat's choices and refusals depend only on what its view
shows (other players' rats, the nun row, the building deck order may change: nothing a seat is offered or told
does)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import comb
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.games.cartus as C
from engine.core import HOST, TABLE, IllegalIntent, SeededRng
from engine.games.cartus import rules as R
from tests.cartus.cartus_fixtures import WITH_SPECIALS, new

SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def candidates(state: R.State, seat: str, rnd: random.Random, n: int) -> Iterator[Any]:
    """Intents built from the state's vocabulary: buildings of the row (and beyond), hand sizes around the
    real ones, seats, positions of the nun row, counts around the cards put down."""
    seats = [*state.seats, TABLE, "p9", ""]
    row = len(state.row)
    hand = state.hands.get(seat, 5)
    pick = rnd.choice

    def count(around: int) -> int:
        return max(-1, around + rnd.randrange(-2, 3)) if rnd.random() < 0.8 else rnd.randrange(0, 3)

    for _ in range(n):
        k = rnd.randrange(12)
        if k == 0:
            peek = tuple(rnd.sample(range(-1, 6), rnd.randrange(0, 3)))
            yield C.Support(
                seat=seat,
                building=rnd.randrange(-1, row + 1),
                draw=rnd.randrange(-1, 6),
                rats=rnd.randrange(-1, 4),
                peek=peek,
            )
        elif k == 1:
            yield C.Enter(seat=seat, building=rnd.randrange(-1, row + 1), cards=count(hand // 2))
        elif k == 2:
            yield C.PlayPass(seat=seat)
        elif k == 3:
            where = R.announced(state, seat) if seat in state.seats and state.entries else None
            total = where[1] if where else 0
            parts = [0] * 5
            for _ in range(max(0, count(total))):
                parts[rnd.randrange(5)] += 1
            yield C.Reveal(
                seat=seat,
                matching=parts[0],
                other=parts[1],
                jokers=parts[2],
                swords=parts[3],
                flutes=parts[4],
            )
        elif k == 4:
            yield C.ChooseTarget(seat=seat, target=pick(seats))
        elif k == 5:
            yield C.Hospital(seat=seat, cards=rnd.randrange(-1, 5))
        elif k == 6:
            yield C.Peek(seat=seat, positions=tuple(rnd.sample(range(-1, 6), rnd.randrange(0, 4))))
        elif k == 7:
            yield C.EndRound(seat=seat)
        elif k == 8:
            yield C.Convert(seat=seat, into=rnd.randrange(1, 6))
        elif k == 9:
            player = pick(seats)
            size = state.hands.get(player or seat, 5)
            parts = [0] * 5
            for _ in range(max(0, count(size))):
                parts[rnd.randrange(5)] += 1
            yield C.DeclareHand(
                seat=seat,
                player=player,
                pop_jokers=parts[0],
                swords=parts[1],
                flutes=parts[2],
                passes=parts[3],
                gold=parts[4],
            )
        elif k == 10:
            yield C.DeclareNuns(seat=seat, count=rnd.randrange(-1, 22))
        else:
            yield pick([C.EndRound, C.PlayPass])(seat=seat)


def canonical(intent: Any, state: R.State) -> Any:
    """The spelling legal() uses: a hand declared for oneself names no player."""
    if isinstance(intent, C.DeclareHand) and intent.player == intent.seat:
        return msgspec.structs.replace(intent, player="")
    return intent


def listed_in_full(intent: Any, state: R.State) -> bool:
    """legal() lists every split of a reveal or a declaration only up to R.MAX_LISTED (documented)."""
    if isinstance(intent, C.Reveal | C.DeclareHand):
        if isinstance(intent, C.Reveal):
            n = intent.matching + intent.other + intent.jokers + intent.swords + intent.flutes
        else:
            n = intent.pop_jokers + intent.swords + intent.flutes + intent.passes + intent.gold
        return comb(n + 4, 4) <= R.MAX_LISTED
    return True


def random_states(seed: int, players: int, opts: dict[str, Any]) -> Iterator[R.State]:
    rnd = random.Random(seed)
    state, _ = new(players, seed=seed, **opts)
    steps = 0
    while state.phase != "over" and steps < 400:
        steps += 1
        yield state
        waiting = R.waiting_for(state)
        seat = rnd.choice(waiting) if waiting else TABLE
        options = [i for i in C.legal(state, seat) if not isinstance(i, C.Convert)]
        enters = [i for i in options if isinstance(i, C.Enter)]
        if enters:
            options = [i for i in enters if i.cards <= 3] + [i for i in options if isinstance(i, C.PlayPass)]
        for e in C.apply(state, rnd.choice(options), SeededRng(0)):
            state = C.fold(state, e)


games = st.tuples(
    st.integers(0, 10_000),
    st.sampled_from([2, 3, 4, 5]),
    st.booleans(),
    st.sampled_from(["digital", "cards"]),
)


def opts_of(specials: bool, nun_row: str) -> dict[str, Any]:
    return {**(WITH_SPECIALS if specials else {}), "nun_row": nun_row}


@SETTINGS
@given(games)
def test_every_intent_apply_accepts_is_listed_by_legal(g):
    seed, players, specials, nun_row = g
    rnd = random.Random(seed)
    accepted = 0
    for i, state in enumerate(random_states(seed, players, opts_of(specials, nun_row))):
        if i % 3:
            continue
        for seat in (*state.seats, TABLE):
            listed = set(C.legal(state, seat))
            for intent in candidates(state, seat, rnd, 30 if seat in R.waiting_for(state) else 8):
                try:
                    C.apply(state, intent, SeededRng(1))
                except IllegalIntent:
                    continue
                accepted += 1
                if listed_in_full(intent, state):
                    assert canonical(intent, state) in listed, intent
    assert accepted


def blur(state: R.State, seat: str, rnd: random.Random) -> R.State:
    """The same game as ``seat`` sees it, with what it may not see changed: the other players' rat tokens,
    the nun cards it has not looked at, the building deck and replacement pile orders."""
    tokens = {
        s: (t if s == seat else (rnd.randrange(9), rnd.randrange(3), rnd.randrange(3)))
        for s, t in state.tokens.items()
    }
    seen = set(state.peeks.get(seat, {})) if seat in state.seats else set()
    nuns = list(state.nuns.cards)
    free = [i for i in range(len(nuns)) if i not in seen]
    moved = [nuns[i] for i in free]
    rnd.shuffle(moved)
    for i, c in zip(free, moved, strict=True):
        nuns[i] = c
    peeks = {s: ({} if s != seat else p) for s, p in state.peeks.items()}
    deck = msgspec.structs.replace(
        state.deck, cards=tuple(rnd.sample(state.deck.cards, len(state.deck.cards)))
    )
    rep = msgspec.structs.replace(
        state.replacement, cards=tuple(rnd.sample(state.replacement.cards, len(state.replacement.cards)))
    )
    return msgspec.structs.replace(
        state,
        tokens=tokens,
        nuns=msgspec.structs.replace(state.nuns, cards=tuple(nuns)),
        peeks=peeks,
        deck=deck,
        replacement=rep,
    )


def answer(state: R.State, intent: Any) -> str:
    try:
        C.apply(state, intent, SeededRng(1))
    except IllegalIntent as exc:
        return f"refused: {exc}"
    return "accepted"


@SETTINGS
@given(games)
def test_choices_and_refusals_depend_only_on_what_the_seat_may_see(g):
    seed, players, specials, nun_row = g
    rnd = random.Random(seed)
    compared = 0
    for i, state in enumerate(random_states(seed, players, opts_of(specials, nun_row))):
        if i % 4 or state.phase in ("final", "over"):  # the final reveal shows everything
            continue
        for seat in (*state.seats, TABLE):
            other = blur(state, seat, rnd)
            assert C.view(other, seat) == C.view(
                state, seat
            )  # the blur changes only what the seat cannot see
            assert C.legal(other, seat) == C.legal(state, seat)
            for intent in candidates(state, seat, rnd, 20):
                assert answer(other, intent) == answer(state, intent), intent
                compared += 1
            hidden = {c for c in C.view(state, HOST)["nun_row_cards"]} - set(
                str(C.view(state, seat)).split("'")
            )
            for intent in C.legal(state, seat):
                assert not any(c in C.describe(intent, "en") for c in hidden)
    assert compared
