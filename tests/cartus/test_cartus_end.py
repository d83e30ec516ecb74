"""Game end: hands declared, rats and nun row revealed, plague check, score sheet in outcome()."""

from __future__ import annotations

import msgspec
import pytest

import engine.games.cartus as C
from engine.core import Drawn, IllegalIntent, project
from engine.games.cartus import data as D
from tests.cartus.cartus_fixtures import act, new


def at_final(players=3, **opts):
    state, _ = new(players, **opts)
    state = msgspec.structs.replace(state, round=state.rounds, phase="E", queue=())
    state, events = act(state, C.EndRound(seat="table"))
    assert state.phase == "final" and C.outcome(state) is None
    return state


def test_hand_declaration_must_match_the_hand_size():
    state = at_final()
    with pytest.raises(IllegalIntent, match="holds 5 cards"):
        C.apply(state, C.DeclareHand(seat="p1", pop_jokers=3), None)
    with pytest.raises(IllegalIntent, match="only the player or the table"):
        C.apply(state, C.DeclareHand(seat="p2", player="p1", pop_jokers=5), None)
    state, _ = act(state, C.DeclareHand(seat="table", player="p1", pop_jokers=5))
    assert state.declared["p1"].pop_jokers == 5


def test_digital_nun_row_is_revealed_and_the_plague_checked():
    state = at_final(players=3, start_tokens=[10, 0, 0])
    nun_cards = state.nuns.cards[:5]
    nuns = sum(D.nuns_of(c) for c in nun_cards)
    state = msgspec.structs.replace(
        state,
        tokens={"p1": (nuns + 1, 0, 0), "p2": (nuns, 0, 0), "p3": (0, 0, 0)},
        influence={**state.influence, "p1": {**state.influence["p1"], "NOB": 9}},
    )
    state, _ = act(state, C.DeclareHand(seat="p1", pop_jokers=5))
    state, _ = act(state, C.DeclareHand(seat="p2", pop_jokers=4, swords=1))
    state, events = act(state, C.DeclareHand(seat="p3", pop_jokers=3, swords=2))
    revealed = [e for e in events if isinstance(e, Drawn)]
    assert tuple(e.card for e in revealed) == nun_cards
    assert all(project(e, "p2") == e for e in events)  # the final reveal is public
    out = C.outcome(state)
    assert out["nuns"] == nuns
    assert out["players"]["p1"]["alive"] is False and out["players"]["p2"]["alive"] is True
    assert state.phase == "over" and "p1" not in out["winners"]
    assert C.view(state, "table")["rats_revealed"] == {"p1": nuns + 1, "p2": nuns, "p3": 0}
    with pytest.raises(IllegalIntent, match="over"):
        C.apply(state, C.EndRound(seat="table"), None)


def test_cardboard_nun_row_waits_for_the_count():
    state = at_final(players=2, nun_row="cards")
    state, _ = act(state, C.DeclareHand(seat="p1", pop_jokers=5))
    state, _ = act(state, C.DeclareHand(seat="p2", pop_jokers=3, swords=2))
    assert state.phase == "final"
    with pytest.raises(IllegalIntent):
        C.apply(state, C.DeclareNuns(seat="table", count=21), None)
    state, _ = act(state, C.DeclareNuns(seat="table", count=10))
    out = C.outcome(state)
    assert out["nuns"] == 10 and all(p["alive"] for p in out["players"].values())
    # first-game set: no Trésor, so gold is not scored; pop/jokers: p1 has the most
    assert "gold" not in out["players"]["p2"]["breakdown"]
    assert out["players"]["p1"]["breakdown"]["pop_jokers"] == 2


def test_declaring_nuns_with_a_digital_row_is_refused():
    state = at_final()
    with pytest.raises(IllegalIntent, match="revealed, not declared"):
        C.apply(state, C.DeclareNuns(seat="table", count=3), None)


def test_engine_majority_ties_use_the_order_markers_arrived():
    state = at_final(players=2, nun_row="cards")
    inf = {c: 0 for c in D.CLASS_CODES}
    state = msgspec.structs.replace(
        state,
        influence={"p1": {**inf, "MAG": 4}, "p2": {**inf, "MAG": 4}},
        stamps={"p1": {**inf, "MAG": 7}, "p2": {**inf, "MAG": 3}},  # p1 arrived last: on top
    )
    for seat in ("p1", "p2"):
        state, _ = act(state, C.DeclareHand(seat=seat, pop_jokers=5))
    state, _ = act(state, C.DeclareNuns(seat="p2", count=20))
    out = C.outcome(state)
    assert out["players"]["p1"]["breakdown"]["MAG"] == 10 and out["players"]["p2"]["breakdown"]["MAG"] == 5
