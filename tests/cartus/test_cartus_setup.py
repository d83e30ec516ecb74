"""Setup: building choice, deck and replacement pile, rounds, first player, phase A replacement rule."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

import engine.games.cartus as C
from engine.core import Deck, Drawn, IllegalIntent, Placed, SeededRng, Shuffled, replay
from engine.core.events import decoder
from engine.core.game import event_types
from engine.games.cartus import data as D
from engine.games.cartus import rules as R
from tests.cartus.cartus_fixtures import act, new, support_all


def types_of(cards) -> Counter:
    return Counter(D.building_type_of(c).code for c in cards)


@pytest.mark.parametrize(
    "players,removed,rounds,row", [(2, 10, 10, 2), (3, 12, 9, 2), (4, 6, 8, 3), (5, 6, 8, 3)]
)
def test_replacement_pile_and_rounds_by_player_count(players, removed, rounds, row):
    state, events = new(players)
    shuffles = {e.deck: e for e in events if isinstance(e, Shuffled)}
    assert shuffles["replacement"].size == removed
    assert shuffles["buildings"].size == 30 - removed
    assert state.rounds == rounds and (30 - removed) == rounds * row
    assert len(state.row) == row or state.replacement.cards != shuffles["replacement"].order
    assert state.seats == tuple(f"p{i}" for i in range(1, players + 1))


def test_first_game_set_is_five_of_each_recommended_building():
    state, _ = new(4)
    assert types_of(state.buildings_in_play) == Counter(
        {t: 5 for t in ("FER", "MAR", "MON", "CHA", "PAL", "TEN")}
    )


def test_random_type_takes_one_building_per_class_with_its_five_copies():
    for seed in range(5):
        state, _ = new(3, seed=seed, selection="random-type")
        t = types_of(state.buildings_in_play)
        assert sorted(t.values()) == [5] * 6
        assert sorted(D.building_types()[x].cls for x in t) == sorted(D.CLASS_CODES)


def test_random_five_takes_five_cards_per_class():
    state, _ = new(5, seed=3, selection="random-five")
    per_class = Counter(D.building_type_of(c).cls for c in state.buildings_in_play)
    assert per_class == Counter({c: 5 for c in D.CLASS_CODES})
    assert len(set(state.buildings_in_play)) == 30


def test_agreed_buildings_by_type_code_or_card_id():
    chosen = (
        ["BRA"] * 5 + ["ADM"] * 5 + ["HOP"] * 5 + ["TOU"] * 5 + ["CAB"] * 5 + ["TRE"] * 4 + ["RCC:B:PAL2"]
    )
    state, _ = new(4, selection="agreed", buildings=chosen)
    assert "RCC:B:PAL2" in state.buildings_in_play and "RCC:B:TRE5" not in state.buildings_in_play


@pytest.mark.parametrize(
    "opts,words",
    [
        ({"players": 6}, "players must be 2 to 5"),
        ({"colour": "red"}, "unknown option"),
        ({"selection": "agreed"}, "needs 'buildings'"),
        ({"selection": "agreed", "buildings": ["FER"] * 6 + ["MAR"] * 5}, "only 5 cards"),
        ({"selection": "agreed", "buildings": ["FER"] * 5}, "30 building cards"),
        (
            {
                "selection": "agreed",
                "buildings": ["FER"] * 5
                + ["BRA"] * 5
                + ["MAR"] * 5
                + ["MON"] * 5
                + ["CHA"] * 5
                + ["ADM"] * 5,
            },
            "class PAY has 10",
        ),
        ({"selection": "agreed", "buildings": ["RCC:B:XYZ1"]}, "not a Rattus Cartus building"),
        ({"selection": "shuffle"}, "selection must be"),
        ({"start_tokens": [5, 0, 0]}, "worth 10"),
        ({"first_player": "p9"}, "first_player"),
        ({"nun_row": "paper"}, "nun_row"),
    ],
)
def test_bad_options_are_refused_with_a_clear_error(opts, words):
    with pytest.raises(IllegalIntent) as exc:
        C.setup({"players": 4, **opts}, SeededRng(0))
    assert words in str(exc.value)


def test_setup_replays_from_its_events_and_is_deterministic():
    s1, e1 = C.setup({"players": 3, "selection": "random-five"}, SeededRng(42))
    s2, e2 = C.setup({"players": 3, "selection": "random-five"}, SeededRng(42))
    assert e1 == e2 and s1 == s2
    assert replay(C, e1) == s1


def test_each_player_starts_with_ten_rats_and_five_cards():
    state, _ = new(5, start_tokens=[0, 0, 2])
    assert all(R.rats_total(t) == 10 for t in state.tokens.values())
    assert state.tokens["p3"] == (0, 0, 2)
    assert set(state.hands.values()) == {5}


def test_first_player_card_goes_to_the_left_each_round():
    state, _ = new(3, first_player="p3")
    firsts = []
    for _ in range(4):
        firsts.append(state.first_player)
        state = msgspec.structs.replace(state, phase="E", queue=())
        state, _ = act(state, C.EndRound(seat="table"))
    assert firsts == ["p3", "p1", "p2", "p3"]
    assert state.queue == ("p1", "p2", "p3")  # phase B of round 5 starts with its first player, p1


def test_first_player_random_is_one_of_the_seats():
    assert new(5, seed=11, first_player="random")[0].first_player in ("p1", "p2", "p3", "p4", "p5")


def _phase_a(state, deck, replacement):
    state = msgspec.structs.replace(
        state,
        row=(),
        deck=Deck("buildings", tuple(deck)),
        replacement=Deck("replacement", tuple(replacement)),
    )
    ctx = R._Ctx(state)
    R._start_round(ctx, 2, state.first_player)
    return ctx.state, ctx.events


def test_phase_a_all_identical_replaces_the_last_card_until_a_different_one():
    state, _ = new(4)
    deck = ["RCC:B:MON1", "RCC:B:MON2", "RCC:B:MON3", "RCC:B:FER1", "RCC:B:FER2", "RCC:B:FER3"]
    state, events = _phase_a(state, deck, ["RCC:B:MON4", "RCC:B:FER4", "RCC:B:PAL1"])
    assert state.row == ("RCC:B:MON1", "RCC:B:MON2", "RCC:B:FER4")
    # each replaced card goes under the replacement pile, in the order it was replaced
    assert state.replacement.cards == ("RCC:B:PAL1", "RCC:B:MON3", "RCC:B:MON4")
    assert [type(e).__name__ for e in events if isinstance(e, Drawn | Placed)] == [
        "Drawn",
        "Drawn",
        "Drawn",
        "Drawn",
        "Placed",
        "Drawn",
        "Placed",
    ]


def test_phase_a_two_player_row_of_two_identical_cards():
    state, _ = new(2)
    state, _ = _phase_a(state, ["RCC:B:PAL1", "RCC:B:PAL2"] * 1, ["RCC:B:TEN3"])
    assert state.row == ("RCC:B:PAL1", "RCC:B:TEN3")
    assert state.replacement.cards == ("RCC:B:PAL2",)


def test_phase_a_different_cards_touch_nothing():
    state, _ = new(4)
    state, events = _phase_a(state, ["RCC:B:MON1", "RCC:B:MON2", "RCC:B:FER1"], ["RCC:B:MON4"])
    assert state.row == ("RCC:B:MON1", "RCC:B:MON2", "RCC:B:FER1")
    assert not any(isinstance(e, Placed) for e in events)


def test_phase_a_stops_when_the_replacement_pile_holds_only_the_same_building():
    state, _ = new(2)
    state, _ = _phase_a(state, ["RCC:B:PAL1", "RCC:B:PAL2"], ["RCC:B:PAL3", "RCC:B:PAL4"])
    assert len(state.row) == 2 and types_of(state.row) == Counter({"PAL": 2})


def test_the_last_round_is_when_the_building_deck_is_empty():
    state, _ = new(4)
    for _ in range(7):
        state = msgspec.structs.replace(state, phase="E", queue=())
        state, _ = act(state, C.EndRound(seat="p2"))
    assert state.round == 8 == state.rounds and not state.deck.cards
    state = support_all(state)
    assert state.phase == "C"


def test_a_saved_log_naming_an_unknown_tie_rule_is_refused_when_read():
    _, events = new(3)
    started = msgspec.json.encode(events[0])
    read = decoder(event_types(C.GAME))
    assert read.decode(started) == events[0]
    with pytest.raises(msgspec.ValidationError, match="majority_ties"):
        read.decode(started.replace(b'"majority_ties":"top"', b'"majority_ties":"coin"'))
