"""A player's rat total reaches only that player's device until the final reveal."""

from __future__ import annotations

import json

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.games.cartus as C
from engine.core import HOST, TABLE, Peeked, Shuffled, project
from engine.games.cartus import rules as R
from tests.cartus.cartus_fixtures import act, new, random_game


def views_without(state: R.State, seat: str) -> dict[str, str]:
    """Every other seat's view, as JSON text."""
    return {s: json.dumps(C.view(state, s), sort_keys=True) for s in (*state.seats, TABLE) if s != seat}


def test_another_seat_view_is_the_same_whatever_my_rats():
    state, _ = new(4)
    other = msgspec.structs.replace(state, tokens={**state.tokens, "p1": (7, 4, 3)})
    assert views_without(state, "p1") == views_without(other, "p1")
    assert C.view(other, "p1")["my_rats"] == {"tokens": [7, 4, 3], "total": 34}
    assert "my_rats" not in C.view(other, TABLE) and "rats" not in C.view(other, "p2")
    assert C.view(other, HOST)["rats"]["p1"]["total"] == 34


def test_rat_events_are_redacted_for_everybody_else():
    state, _ = new(3)
    state, events = act(state, C.Support(seat="p1", building=0, rats=2))
    rat = next(e for e in events if isinstance(e, C.RatsChanged))
    assert project(rat, "p1") == rat
    for seat in ("p2", "p3", TABLE):
        seen = project(rat, seat)
        assert seen.tokens is None and seen.delta is None
        assert "8" not in C.describe(seen, "fr") and "secret" in C.describe(seen, "en")


def test_peeks_and_shuffle_orders_stay_hidden():
    state, events = new(3)
    shuffles = [e for e in events if isinstance(e, Shuffled)]
    assert all(project(e, "p1").order == () for e in shuffles)
    state, events = act(state, C.Support(seat="p1", building=0, peek=(2,)))
    peek = next(e for e in events if isinstance(e, Peeked))
    assert project(peek, "p2").cards == ("",) and project(peek, "p1") == peek
    assert state.nuns.cards[2] not in json.dumps(C.view(state, "p2"))
    assert state.nuns.cards[2] not in json.dumps(C.view(state, TABLE))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4, 5]))
def test_no_projection_or_view_ever_holds_another_players_rats(seed, players):
    final, events = random_game(seed, players)
    seats = final.seats
    state = None
    for i, e in enumerate(events):
        state = C.fold(state, e)
        for seat in (*seats, TABLE):
            seen = project(e, seat)
            if isinstance(e, C.RatsChanged) and e.seat != seat:
                assert seen.tokens is None and seen.delta is None
        if state.phase != "over" and i % 7 == 0:
            for owner in seats:
                twisted = msgspec.structs.replace(state, tokens={**state.tokens, owner: (13, 0, 9)})
                assert views_without(state, owner) == views_without(twisted, owner)
    # after the final reveal, everybody sees the totals
    assert C.view(final, TABLE)["rats_revealed"] == {s: R.rats_total(final.tokens[s]) for s in seats}
