"""Phases B–E: turn order, support actions, entering, passes, reveals, privilege, last round."""

from __future__ import annotations

import msgspec
import pytest

import engine.games.cartus as C
from engine.core import IllegalIntent, Peeked
from engine.games.cartus import rules as R
from tests.cartus.cartus_fixtures import (
    WITH_SPECIALS,
    act,
    enter_all,
    new,
    rats,
    set_hands,
    support_all,
    with_row,
)

ROW3 = ("RCC:B:FER1", "RCC:B:MON1", "RCC:B:PAL1")


def refused(state, intent, rule):
    with pytest.raises(IllegalIntent) as exc:
        C.apply(state, intent, None)
    assert exc.value.rule == rule, exc.value
    return exc.value


def reveal_all(state, cards: dict[str, dict]):
    """Reveal, in the order the game asks, with defaults 'all matching'."""
    while state.phase == "D" and state.d_step == "reveal" and C.waiting_for(state):
        seat = C.waiting_for(state)[0]
        n = R.announced(state, seat)[1]
        state, _ = act(state, C.Reveal(seat=seat, **cards.get(seat, {"matching": n})))
    return state


# -- phase B -----------------------------------------------------------------------------------------------


def test_phase_b_goes_clockwise_from_the_first_player():
    state, _ = new(4, first_player="p3")
    assert C.waiting_for(state) == ["p3"]
    refused(state, C.Support(seat="p1", building=0, draw=1), "turn-order")
    state, _ = act(state, C.Support(seat="p3", building=0, draw=1))
    assert C.waiting_for(state) == ["p4"]
    refused(state, C.Support(seat="p3", building=1, draw=1), "support-once")


def test_phase_b_simultaneous_when_all_agree():
    state, _ = new(3, simultaneous_support=True)
    assert C.waiting_for(state) == ["p1", "p2", "p3"]
    state, _ = act(state, C.Support(seat="p3", building=1, rats=1))
    state, _ = act(state, C.Support(seat="p1", building=0, draw=2))
    assert C.waiting_for(state) == ["p2"]


def test_support_draws_discards_rats_and_peeks_privately():
    state, _ = new(4)
    order = state.nuns.cards
    state, events = act(state, C.Support(seat="p1", building=2, draw=2, rats=1, peek=(3,)))
    assert state.hands["p1"] == 7 and rats(state, "p1") == 9
    peek = next(e for e in events if isinstance(e, Peeked))
    assert peek.cards == (order[3],) and peek.positions == (3,)
    assert C.view(state, "p1")["my_peeks"]["3"]["card"] == order[3]
    assert C.view(state, "p2")["my_peeks"] == {} and order[3] not in str(C.view(state, "table"))


@pytest.mark.parametrize(
    "intent",
    [
        C.Support(seat="p1", building=3, draw=1),
        C.Support(seat="p1", building=0, draw=5),
        C.Support(seat="p1", building=0, rats=3),
        C.Support(seat="p1", building=0, peek=(5,)),
        C.Support(seat="p1", building=0, peek=(1, 2)),
        C.Support(seat="p1", building=0),
    ],
)
def test_support_bad_symbols_are_refused(intent):
    state, _ = new(4)
    with pytest.raises(IllegalIntent):
        C.apply(state, intent, None)


def test_a_support_with_physical_nun_row_records_no_peek_event():
    state, _ = new(4, nun_row="cards")
    state, events = act(state, C.Support(seat="p1", building=0, peek=(0,)))
    assert not any(isinstance(e, Peeked) for e in events) and not state.nuns.cards


# -- phase C -----------------------------------------------------------------------------------------------


def test_phase_c_enter_in_turn_with_at_most_your_hand():
    state, _ = new(4)
    state = support_all(state)
    assert state.phase == "C" and C.waiting_for(state) == ["p1"]
    refused(state, C.Enter(seat="p2", building=0, cards=1), "turn-order")
    refused(state, C.Enter(seat="p1", building=0, cards=7), "cards")
    refused(state, C.Enter(seat="p1", building=5, cards=1), "building")
    state, _ = act(state, C.Enter(seat="p1", building=0, cards=6))
    assert state.hands["p1"] == 0


def test_a_pass_sends_the_turn_on_and_comes_back_when_everybody_entered():
    state, _ = new(3, **WITH_SPECIALS)
    state = support_all(state)
    state, _ = act(state, C.PlayPass(seat="p1"))
    assert state.hands["p1"] == 5 and C.waiting_for(state) == ["p2"]
    state = enter_all(state, [("p2", 0, 1), ("p3", 0, 2)])
    assert C.waiting_for(state) == ["p1"]
    state, _ = act(state, C.PlayPass(seat="p1"))  # again: the turn comes back to p1 alone
    assert C.waiting_for(state) == ["p1"] and state.hands["p1"] == 4
    state, _ = act(state, C.Enter(seat="p1", building=0, cards=1))
    assert [s for s, _ in state.entries[0]] == ["p2", "p3", "p1"]  # p1 is on space 3


def test_a_pass_needs_a_card():
    state, _ = new(3, **WITH_SPECIALS)
    state = set_hands(support_all(state), p1=0)
    refused(state, C.PlayPass(seat="p1"), "pass")


# -- phase D -----------------------------------------------------------------------------------------------


def entered(players=4, plan=None, row=ROW3, **opts):
    state, _ = new(players, **opts)
    state = support_all(with_row(state, row))
    return enter_all(state, plan)


def test_reveal_must_list_the_cards_put_down_and_come_from_the_building_resolving():
    state = entered(plan=[("p1", 0, 2), ("p2", 1, 1), ("p3", 1, 0), ("p4", 2, 0)])
    refused(state, C.Reveal(seat="p1", matching=1), "reveal")
    refused(state, C.Reveal(seat="p2", matching=1), "reveal-turn")
    state, _ = act(state, C.Reveal(seat="p1", matching=1, other=1))
    refused(state, C.Reveal(seat="p1", matching=2), "reveal-once")


def test_population_and_jokers_score_influence_off_class_population_gives_rats():
    state = entered(plan=[("p1", 0, 5), ("p2", 1, 0), ("p3", 1, 0), ("p4", 2, 0)])
    before = rats(state, "p1")
    state, _ = act(state, C.Reveal(seat="p1", matching=1, other=2, jokers=1, swords=1))
    assert state.influence["p1"]["PAY"] == 4
    assert rats(state, "p1") == before + 2


def test_privilege_goes_to_most_population_and_jokers_then_first_entered():
    state = entered(plan=[("p1", 1, 2), ("p2", 1, 3), ("p3", 1, 3), ("p4", 1, 5)])
    state = reveal_all(state, {"p4": {"swords": 4, "matching": 1}})
    assert state.awaiting.kind == "sword"  # p1, p2, p3 tied with no sword: p4 picks who gives
    state, events = act(state, C.ChooseTarget(seat="p4", target="p3"))
    # p2 and p3 both have 3 population; p4 played 5 cards but only 1 population: p2 (space 2) wins
    began = next(e for e in events if isinstance(e, C.ActionsBegan))
    assert began.privilege == "p2" and state.phase == "E"


def test_privilege_tie_goes_to_the_first_entered_and_actions_follow_entry_order():
    state = entered(plan=[("p1", 2, 0), ("p2", 2, 1), ("p3", 2, 1), ("p4", 2, 0)])
    assert C.waiting_for(state) == ["p2", "p3"]  # p1 and p4 put no card down
    state, events = act(state, C.Reveal(seat="p2", matching=1))
    state, events = act(state, C.Reveal(seat="p3", jokers=1))
    order = [(e.seat, e.kind) for e in events if isinstance(e, C.ActionTaken)]
    assert order == [("p2", "privilege"), ("p1", "basic"), ("p3", "basic"), ("p4", "basic")]
    assert state.vp == {"p1": 1, "p2": 2, "p3": 1, "p4": 1}


def test_alone_with_no_card_still_takes_the_privilege():
    state = entered(plan=[("p1", 2, 0), ("p2", 0, 0), ("p3", 0, 0), ("p4", 0, 0)])
    state = reveal_all(state, {})
    assert state.vp["p1"] == 2


def test_two_players_only_one_privilege_across_buildings():
    state = entered(players=2, plan=[("p1", 0, 2), ("p2", 1, 3)], row=("RCC:B:PAL1", "RCC:B:PAL2"))
    assert C.waiting_for(state) == ["p1", "p2"]  # both reveal: the privilege depends on both hands
    state, _ = act(state, C.Reveal(seat="p1", matching=2))
    state, events = act(state, C.Reveal(seat="p2", matching=1, jokers=1, swords=1))
    # p1 and p2 both played 2 population/joker: p1 entered first and takes the only privilege
    assert state.vp == {"p1": 2, "p2": 1}


def test_two_players_more_population_wins_the_privilege_in_another_building():
    state = entered(players=2, plan=[("p1", 0, 1), ("p2", 1, 3)], row=("RCC:B:PAL1", "RCC:B:PAL2"))
    state, _ = act(state, C.Reveal(seat="p1", matching=1))
    state, _ = act(state, C.Reveal(seat="p2", matching=3))
    assert state.vp == {"p1": 1, "p2": 2}


def test_last_round_no_actions_privilege_holder_scores_one_influence():
    state, _ = new(4)
    state = msgspec.structs.replace(state, round=8)
    state = support_all(with_row(state, ROW3))
    state = enter_all(state, [("p1", 2, 2), ("p2", 2, 1), ("p3", 0, 0), ("p4", 2, 0)])
    state = reveal_all(state, {})
    assert state.vp == {"p1": 0, "p2": 0, "p3": 0, "p4": 0}
    assert state.influence["p1"]["NOB"] == 3 and state.influence["p2"]["NOB"] == 1
    assert state.influence["p3"]["PAY"] == 1  # alone in the farm, privilege → 1 influence
    assert state.hands["p3"] == 6  # no farm draw in the last round


def test_end_round_discards_the_row_and_draws_the_next():
    state = entered(plan=[("p1", 0, 0), ("p2", 0, 0), ("p3", 0, 0), ("p4", 0, 0)])
    state = reveal_all(state, {})
    assert state.phase == "E"
    refused(state, C.Support(seat="p2", building=0, draw=1), "phase")
    state, _ = act(state, C.EndRound(seat="table"))
    assert state.round == 2 and len(state.row) == 3 and len(state.deck.discard) == 3
    refused(state, C.EndRound(seat="table"), "phase")


def test_unknown_seat_is_refused():
    state, _ = new(3)
    refused(state, C.Support(seat="p4", building=0, draw=1), "seat")


def test_rat_conversion_is_private_and_needs_value_one_tokens():
    state, _ = new(3, start_tokens=[10, 0, 0])
    state, events = act(state, C.Convert(seat="p2", into=5))
    assert state.tokens["p2"] == (5, 0, 1) and events[0].audience() == frozenset({"p2"})
    state, _ = act(state, C.Convert(seat="p2", into=3))
    assert state.tokens["p2"] == (2, 1, 1) and rats(state, "p2") == 10
    refused(state, C.Convert(seat="p2", into=3), "rats-convert")
    refused(state, C.Convert(seat="p2", into=4), "rats-convert")


def test_discarding_a_rat_makes_change_and_never_goes_below_zero():
    assert R.discard_rats((0, 1, 0), 1) == ((2, 0, 0), 1)
    assert R.discard_rats((0, 0, 1), 2) == ((3, 0, 0), 2)
    assert R.discard_rats((1, 0, 0), 3) == ((0, 0, 0), 1)


def test_a_hand_size_can_be_corrected_by_its_player_or_the_table():
    state, _ = new(3)
    state, _ = act(state, C.CorrectHand(seat="table", player="p2", size=4))
    assert state.hands["p2"] == 4
    refused(state, C.CorrectHand(seat="p1", player="p2", size=9), "seat")


def test_support_symbols_typed_in_for_a_card_are_enforced():
    state, _ = new(4, supports={"RCC:B:MON1": {"draw": 4}, "RCC:B:TEN1": {"draw": 2, "peek": 1}})
    state = with_row(state, ("RCC:B:TEN1", "RCC:B:MON1", "RCC:B:MON2"))
    assert C.view(state, "p1")["row"][1]["support"] == {"draw": 4, "rats": 0, "peek": 0}
    err = refused(state, C.Support(seat="p1", building=1, draw=2), "support-card")
    assert "draw 4" in err.message
    moves = [i for i in C.legal(state, "p1") if isinstance(i, C.Support)]
    assert [(i.draw, i.rats, i.peek) for i in moves if i.building == 1] == [(4, 0, ())]
    assert len([i for i in moves if i.building == 0]) == 5  # draw 2 and one of the five nun cards
    assert len([i for i in moves if i.building == 2]) > 50  # not typed in: any symbols the card shows
    state, _ = act(state, C.Support(seat="p1", building=1, draw=4))
    assert state.hands["p1"] == 9


def test_badly_typed_support_symbols_are_refused():
    with pytest.raises(IllegalIntent, match="at least one symbol"):
        new(4, supports={"RCC:B:MON1": {"draw": 0}})
    with pytest.raises(IllegalIntent, match="not a Rattus Cartus building"):
        new(4, supports={"MON1": {"draw": 1}})
