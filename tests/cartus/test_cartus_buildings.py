"""Every building's privilege and basic action, and the sword and flute cards with their ties."""

from __future__ import annotations

import msgspec
import pytest

import engine.games.cartus as C
from engine.core import IllegalIntent, Peeked
from tests.cartus.cartus_fixtures import (
    WITH_SPECIALS,
    act,
    enter_all,
    new,
    rats,
    set_hands,
    set_rats,
    support_all,
    with_row,
)


def at(
    card: str,
    plan,
    players: int = 3,
    hands: dict | None = None,
    filler: str = "RCC:B:PAL5",
    rats_of: dict | None = None,
    **opts,
):
    """Phase D of a game whose row is ``card`` and a filler building, after ``plan`` (seat, building, cards).
    ``hands``: hand sizes once the cards are put down; ``rats_of``: value-1 rats before entering."""
    state, _ = new(players, **opts)
    state = support_all(with_row(state, (card, filler) + (("RCC:B:PAL4",) if players > 3 else ())))
    if hands:
        put = {seat: n for seat, _, n in plan}
        state = set_hands(state, **{s: n + put.get(s, 0) for s, n in hands.items()})
    for seat, n in (rats_of or {}).items():
        state = set_rats(state, seat, n)
    return enter_all(state, plan)


def reveal(state, **cards: dict):
    for seat in list(C.waiting_for(state)):
        state, _ = act(state, C.Reveal(seat=seat, **cards.get(seat, {})))
    return state


ALL_IN = [("p1", 0, 0), ("p2", 0, 0), ("p3", 0, 0)]


def test_palace_two_victory_tokens_for_the_privilege_one_for_the_rest():
    state = reveal(at("RCC:B:PAL1", ALL_IN))
    assert state.vp == {"p1": 2, "p2": 1, "p3": 1} and state.vp_left == 16


def test_palace_tokens_run_out():
    state, _ = new(3)
    state = support_all(with_row(msgspec.structs.replace(state, vp_left=2), ("RCC:B:PAL1", "RCC:B:PAL5")))
    state = enter_all(state, ALL_IN)
    assert state.vp == {"p1": 2, "p2": 0, "p3": 0} and state.vp_left == 0


@pytest.mark.parametrize("card", ["RCC:B:TRE1", "RCC:B:CHA1", "RCC:B:MAR1", "RCC:B:ADM1", "RCC:B:CAB1"])
def test_special_card_buildings_give_two_cards_to_the_privilege_one_to_the_others(card):
    state = reveal(at(card, ALL_IN, hands={"p1": 5, "p2": 5, "p3": 5}))
    assert state.hands == {"p1": 7, "p2": 6, "p3": 6}


def test_farm_draws_four_for_the_privilege_two_for_the_others():
    state = at("RCC:B:FER1", [("p1", 0, 1), ("p2", 0, 2), ("p3", 0, 0)])
    before = dict(state.hands)
    state = reveal(state, p1={"matching": 1}, p2={"matching": 2})
    assert {s: state.hands[s] - before[s] for s in before} == {"p1": 2, "p2": 4, "p3": 2}


def test_brewery_one_card_per_influence_or_per_pair():
    state = at("RCC:B:BRA1", [("p1", 0, 5), ("p2", 0, 3), ("p3", 0, 0)])
    before = dict(state.hands)
    state = reveal(state, p1={"matching": 2, "other": 2, "jokers": 1}, p2={"matching": 3})
    # p1 scored 5 influence (privilege: 5 cards), p2 scored 3 (basic: one pair → 1 card), p3 nothing
    assert {s: state.hands[s] - before[s] for s in before} == {"p1": 5, "p2": 1, "p3": 0}


def test_monastery_discards_two_rats_for_the_privilege_one_for_the_others():
    state = reveal(at("RCC:B:MON1", ALL_IN, rats_of={"p1": 5, "p2": 5, "p3": 5}))
    assert {s: rats(state, s) for s in state.seats} == {"p1": 3, "p2": 4, "p3": 4}


def test_monastery_with_no_rats_left_stays_at_zero():
    state = reveal(at("RCC:B:MON1", ALL_IN, rats_of={"p1": 1}))
    assert rats(state, "p1") == 0


def test_hospital_privilege_one_rat_plus_up_to_three_cards():
    state = at("RCC:B:HOP1", [("p1", 0, 1), ("p2", 0, 0), ("p3", 1, 0)], hands={"p1": 5, "p2": 1})
    state = reveal(state, p1={"matching": 1})
    assert state.awaiting.seat == "p1" and state.awaiting.limit == 3
    with pytest.raises(IllegalIntent):
        C.apply(state, C.Hospital(seat="p1", cards=4), None)
    with pytest.raises(IllegalIntent):
        C.apply(state, C.Hospital(seat="p2", cards=1), None)
    r1 = rats(state, "p1")
    state, _ = act(state, C.Hospital(seat="p1", cards=3))
    assert rats(state, "p1") == r1 - 1 - 3 and state.hands["p1"] == 2
    # basic: up to two cards, but p2 holds only one
    assert state.awaiting.seat == "p2" and state.awaiting.limit == 1
    r2 = rats(state, "p2")
    state, _ = act(state, C.Hospital(seat="p2", cards=1))
    assert rats(state, "p2") == r2 - 1 and state.hands["p2"] == 0


def test_hospital_basic_allows_two_cards():
    state = at("RCC:B:HOP2", [("p1", 0, 1), ("p2", 0, 0), ("p3", 1, 0)])
    state = reveal(state, p1={"matching": 1})
    state, _ = act(state, C.Hospital(seat="p1", cards=0))
    assert state.awaiting.limit == 2


def test_watchtower_takes_three_cards_from_those_outside_with_as_many_cards():
    state = at(
        "RCC:B:TOU1",
        [("p1", 0, 0), ("p2", 1, 0), ("p3", 1, 0), ("p4", 2, 0)],
        players=4,
        hands={"p1": 4, "p2": 4, "p3": 2, "p4": 9},
    )
    state = reveal(state)
    # p2 (4 ≥ 4) gives 3; p3 (2 < 4) gives nothing; p4 (9) gives 3
    assert state.hands == {"p1": 10, "p2": 1, "p3": 2, "p4": 6}


def test_watchtower_fewer_than_three_cards_gives_them_all_and_the_basic_action_protects():
    state = at(
        "RCC:B:TOU1",
        [("p1", 0, 0), ("p2", 0, 0), ("p3", 1, 0), ("p4", 1, 0)],
        players=4,
        hands={"p1": 0, "p2": 8, "p3": 2, "p4": 0},
    )
    state = reveal(state)
    assert state.hands == {"p1": 2, "p2": 8, "p3": 0, "p4": 0}


def test_fortune_teller_tent_peeks_two_or_one_nun_cards_without_moving_them():
    state = at("RCC:B:TEN1", [("p1", 0, 1), ("p2", 0, 0), ("p3", 1, 0)])
    order = state.nuns.cards
    state = reveal(state, p1={"matching": 1})
    with pytest.raises(IllegalIntent):
        C.apply(state, C.Peek(seat="p1", positions=(2, 2)), None)
    state, ev = act(state, C.Peek(seat="p1", positions=(4, 0)))
    assert next(e for e in ev if isinstance(e, Peeked)).cards == (order[4], order[0])
    assert state.awaiting.limit == 1
    state, ev = act(state, C.Peek(seat="p2", positions=(2,)))
    assert state.peeks["p2"] == {2: order[2]} and state.nuns.cards == order


def test_fortune_teller_tent_with_a_cardboard_nun_row_needs_no_choice():
    state = at("RCC:B:TEN1", ALL_IN, nun_row="cards")
    state = reveal(state)
    assert state.phase == "E"


# -- special cards -----------------------------------------------------------------------------------------


def test_sword_fewest_gives_half_the_hand_rounded_down_to_the_most():
    state = at("RCC:B:PAL1", [("p1", 0, 1), ("p2", 0, 2), ("p3", 0, 0)], hands={"p3": 7, "p2": 1})
    state = reveal(state, p1={"swords": 1}, p2={"swords": 2})
    assert state.hands["p3"] == 4 and state.hands["p2"] == 4


def test_sword_tie_for_most_goes_to_the_first_entered():
    state = at("RCC:B:PAL1", [("p1", 0, 0), ("p2", 0, 1), ("p3", 0, 1)], hands={"p1": 6, "p2": 0, "p3": 0})
    state = reveal(state, p2={"swords": 1}, p3={"swords": 1})
    assert state.hands["p2"] == 3 and state.hands["p3"] == 0


def test_sword_tie_for_fewest_the_most_chooses_who_gives():
    state = at("RCC:B:PAL1", [("p1", 0, 0), ("p2", 0, 0), ("p3", 0, 1)], hands={"p1": 6, "p2": 4, "p3": 0})
    state = reveal(state, p3={"swords": 1})
    assert state.awaiting.seat == "p3" and set(state.awaiting.options) == {"p1", "p2"}
    with pytest.raises(IllegalIntent):
        C.apply(state, C.ChooseTarget(seat="p3", target="p3"), None)
    with pytest.raises(IllegalIntent):
        C.apply(state, C.ChooseTarget(seat="p1", target="p2"), None)
    state, _ = act(state, C.ChooseTarget(seat="p3", target="p2"))
    assert state.hands["p2"] == 2 and state.hands["p3"] == 2  # half of 4 changes hands
    assert state.hands["p1"] == 6


def test_sword_all_equal_nothing_happens():
    state = at("RCC:B:PAL1", [("p1", 0, 1), ("p2", 0, 1), ("p3", 1, 0)], hands={"p1": 6, "p2": 6})
    state, events = act(state, C.Reveal(seat="p1", swords=1))
    state, events = act(state, C.Reveal(seat="p2", swords=1))
    sword = next(e for e in events if isinstance(e, C.SwordResolved))
    assert sword.winner == "" and state.hands["p1"] == 6


def test_flute_fewest_receives_a_rat_from_the_most():
    state = at("RCC:B:PAL1", [("p1", 0, 2), ("p2", 0, 1), ("p3", 0, 0)], **WITH_SPECIALS)
    r = {s: rats(state, s) for s in state.seats}
    state = reveal(state, p1={"flutes": 2}, p2={"flutes": 1})
    assert {s: rats(state, s) - r[s] for s in r} == {"p1": -1, "p2": 0, "p3": 1}


def test_flute_tie_for_most_first_entered_and_tie_for_fewest_chosen():
    state = at(
        "RCC:B:PAL1",
        [("p1", 0, 0), ("p2", 0, 1), ("p3", 0, 1)],
        players=4,
        filler="RCC:B:PAL5",
        **WITH_SPECIALS,
    )
    state = enter_all(state, [("p4", 0, 0)])
    r = {s: rats(state, s) for s in state.seats}
    state = reveal(state, p2={"flutes": 1}, p3={"flutes": 1})
    assert state.awaiting.seat == "p2" and set(state.awaiting.options) == {"p1", "p4"}
    state, _ = act(state, C.ChooseTarget(seat="p2", target="p4"))
    assert {s: rats(state, s) - r[s] for s in r} == {"p1": 0, "p2": -1, "p3": 0, "p4": 1}


def test_hospital_with_an_empty_hand_asks_nothing():
    state = at("RCC:B:HOP1", [("p1", 0, 0), ("p2", 1, 0), ("p3", 1, 0)], hands={"p1": 0}, rats_of={"p1": 4})
    assert state.awaiting is None and state.phase == "E"
    assert rats(state, "p1") == 3
