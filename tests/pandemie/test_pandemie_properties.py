"""Properties over random games: every card in exactly one place, pins never beyond the supply, and the
log replays to the same state."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.games.pandemie as pan
from engine.core import IllegalIntent, SeededRng, replay
from engine.games.pandemie.rules import NC, PINS_PER_COLOUR, State, step


def all_cards(state: State) -> Counter:
    b = state.static.board
    found: Counter = Counter()
    for p in state.provs:
        for d in (p.player, p.prop, p.roles):
            found.update(d.cards)
            found.update(d.discard)
    for h in state.hands:
        found.update(h)
    found.update(c for c in state.stored if c)
    found.update(c for c in state.roles if c)
    found.update(state.removed)
    expected: Counter = Counter()
    for pi in range(len(state.provs)):
        expected.update(b.player_card[c] for c in b.cities_of(pi))
        expected.update(b.prop_card[c] for c in b.cities_of(pi))
        expected.update(b.event_cards[pi])
        expected.update(b.rupture_cards[pi][: state.static.ruptures])
        expected.update(b.role_cards[pi])
    return found, expected


def check_invariants(state: State) -> None:
    found, expected = all_cards(state)
    assert found == expected, (found - expected, expected - found)
    for p in state.provs:
        for col in range(4):
            on_board = sum(p.pins[li * 4 + col] for li in range(NC))
            assert 0 <= p.supply[col] <= PINS_PER_COLOUR
            assert on_board + p.supply[col] == PINS_PER_COLOUR
        assert all(0 <= n <= 3 for n in p.pins)
        assert len(p.forts) <= 6


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    provinces=st.integers(1, 2),
    players=st.integers(1, 6),
    difficulty=st.sampled_from(["novice", "normal", "expert"]),
    open_hands=st.booleans(),
    rnd=st.randoms(use_true_random=False),
)
def test_chaque_carte_a_une_seule_place_les_punaises_ne_depassent_pas_la_reserve_le_journal_rejoue_la_partie(
    seed, provinces, players, difficulty, open_hands, rnd
):
    options = {"provinces": provinces, "players": players, "difficulty": difficulty, "open_hands": open_hands}
    rng = SeededRng(seed)
    state, log = pan.setup(options, rng)
    check_invariants(state)
    for _ in range(250):
        if state.over is not None:
            break
        pi = rnd.randrange(len(state.provs))
        seats = [state.static.seats[s] for s in state.static.prov_seats[pi]]
        choices = [i for s in seats for i in pan.legal(state, s)]
        if not choices:
            continue
        moves = [i for i in choices if type(i).__name__ != "EndActions"] or choices
        intent = rnd.choice(moves)
        try:
            state, events = step(state, intent, rng)
        except IllegalIntent as exc:  # legal() offered it: it must apply
            raise AssertionError(f"legal intent refused: {intent} ({exc})") from exc
        log += events
        check_invariants(state)
    assert replay(pan, log) == state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), rnd=st.randoms(use_true_random=False))
def test_une_intention_refusee_ne_change_rien(seed, rnd):
    state, _ = pan.setup({"provinces": 1, "players": 3}, SeededRng(seed))
    b = state.static.board
    before = state
    for _ in range(20):
        seat = rnd.choice(state.static.seats)
        city = b.keys[rnd.randrange(len(b.keys))]
        intent = rnd.choice(
            [
                pan.Move(seat=seat, to=city),
                pan.Redeploy(seat=seat, to=city),
                pan.ForcedMarch(seat=seat, to=city),
                pan.ViaRomana(seat=seat, to=city),
                pan.Combat(seat=seat, colour="red"),
                pan.Propagate(seat=seat),
                pan.DrawCards(seat=seat),
                pan.Discard(seat=seat, card="PC:G01"),
            ]
        )
        try:
            pan.apply(state, intent, SeededRng(0))
        except IllegalIntent as exc:
            assert exc.rule
        assert state == before
