"""The worked example of the rules (phases C and D, four players), step by step.

Rouge = p1 (first player), Jaune = p2, Vert = p3, Bleu = p4. Row: Tente de la cartomancienne,
Monastère, Monastère."""

from __future__ import annotations

import msgspec

import engine.games.cartus as C
from engine.core import Peeked
from tests.cartus.cartus_fixtures import act, enter_all, new, rats, set_hands, support_all, with_row


def example_state():
    state, _ = new(4, seed=7)
    state = with_row(state, ("RCC:B:TEN1", "RCC:B:MON1", "RCC:B:MON2"))
    state = support_all(state)  # everybody drew one card: hands of 6
    state = set_hands(state, p1=6, p2=6, p3=7, p4=6)
    return enter_all(state, [("p1", 1, 4), ("p2", 0, 3), ("p3", 2, 0), ("p4", 2, 1)])


def test_phase_c_markers_take_the_leftmost_free_space():
    state = example_state()
    assert state.entries == ((("p2", 3),), (("p1", 4),), (("p3", 0), ("p4", 1)))
    assert state.phase == "D" and C.waiting_for(state) == ["p2"]  # the tent resolves first
    assert state.hands == {"p1": 2, "p2": 3, "p3": 7, "p4": 5}


def test_the_fortune_teller_tent_jaune_two_witches_and_a_monk():
    state = example_state()
    before = rats(state, "p2")
    state, events = act(state, C.Reveal(seat="p2", matching=2, other=1))
    assert state.influence["p2"]["MAG"] == 3
    assert rats(state, "p2") == before + 1
    # privilege: look at two nun cards — the game asks p2 which ones
    assert state.awaiting.seat == "p2" and state.awaiting.kind == "peek" and state.awaiting.limit == 2
    order = state.nuns.cards
    state, events = act(state, C.Peek(seat="p2", positions=(0, 4)))
    peek = next(e for e in events if isinstance(e, Peeked))
    assert peek.cards == (order[0], order[4]) and peek.audience() == frozenset({"p2"})
    assert state.nuns.cards == order  # the order of the nun row never changes


def test_first_monastery_rouge_a_monk_a_king_two_witches():
    state = example_state()
    state, _ = act(state, C.Reveal(seat="p2", matching=2, other=1))
    state, _ = act(state, C.Peek(seat="p2", positions=(1, 2)))
    before = rats(state, "p1")
    state, _ = act(state, C.Reveal(seat="p1", matching=1, other=3))
    assert state.influence["p1"]["CLE"] == 4
    # takes three rats, then the privilege discards two
    assert rats(state, "p1") == before + 3 - 2


def test_second_monastery_vert_nothing_bleu_a_sword():
    state = example_state()
    state, _ = act(state, C.Reveal(seat="p2", matching=2, other=1))
    state, _ = act(state, C.Peek(seat="p2", positions=(1, 2)))
    state, _ = act(state, C.Reveal(seat="p1", matching=1, other=3))
    v, b = rats(state, "p3"), rats(state, "p4")
    assert C.waiting_for(state) == ["p4"]  # Vert put no card down: nothing to reveal
    state, events = act(state, C.Reveal(seat="p4", swords=1))
    assert state.influence["p3"]["CLE"] == 0 and state.influence["p4"]["CLE"] == 0
    sword = next(e for e in events if isinstance(e, C.SwordResolved))
    assert (sword.winner, sword.loser, sword.cards) == ("p4", "p3", 3)  # half of 7, rounded down
    assert state.hands["p3"] == 4 and state.hands["p4"] == 8
    taken = [e for e in events if isinstance(e, C.ActionTaken)]
    assert [(e.seat, e.kind) for e in taken] == [("p3", "privilege"), ("p4", "basic")]
    assert rats(state, "p3") == v - 2 and rats(state, "p4") == b - 1
    assert state.phase == "E"


def test_the_example_state_survives_a_json_round_trip():
    state = example_state()
    again = msgspec.json.decode(msgspec.json.encode(state), type=type(state))
    assert again == state
