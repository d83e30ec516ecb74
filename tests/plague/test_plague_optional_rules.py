"""Plague and Pestilence: the four optional rules, each an option; hidden populations never leak."""

from __future__ import annotations

import json

import pytest

from engine.core import SeededRng
from engine.core.events import HOST, IllegalIntent, project
from engine.games import plague as game
from engine.games.plague.events import (
    ActPlayed,
    Eliminated,
    GameOver,
    LastChance,
    Pass,
    PlayCard,
    PopulationChanged,
    Roll,
)
from tests.plague.plague_helpers import DiceRng, card, new, of, play, pop, stack


def act(state, seat, key, target="", opponent=""):  # type: ignore[no-untyped-def]
    return play(state, PlayCard(seat=seat, card=card(state, seat, key), target=target, opponent=opponent))


# -- 1. hidden population ------------------------------------------------------------------------------------


def test_hidden_population_only_the_owner_sees_it() -> None:
    s, _ = new(hidden_population=True)
    s = stack(s, hands={"p1": ["pied_piper"]})
    s, ev = act(s, "p1", "pied_piper", "p2")
    for seat in ("p1", "p2", "p3", "table"):
        v = game.view(s, seat)
        for p in v["players"]:
            assert (p["population"] is not None) == (p["seat"] == seat), (seat, p)
    assert [p["population"] for p in game.view(s, HOST)["players"]] == [65, 35, 50]
    for e in of(ev, PopulationChanged):
        for seat in ("p1", "p2", "p3", "table"):
            seen = project(e, seat)
            assert seen is not None
            if seat == e.seat:
                assert seen.population is not None
            else:
                assert seen.delta is None and seen.population is None


def test_public_population_by_default() -> None:
    s, _ = new()
    s = stack(s, hands={"p1": ["famine"]})
    s, ev = act(s, "p1", "famine", "p2")
    assert [p["population"] for p in game.view(s, "p3")["players"]] == [50, 40, 50]
    assert project(of(ev, PopulationChanged)[0], "table").population == 40


# -- 2. starting population ----------------------------------------------------------------------------------


def test_starting_population_is_an_option() -> None:
    s, _ = new(starting_population=30)
    assert [p.population for p in s.players] == [30, 30, 30]
    with pytest.raises(game.OptionsError, match="starting_population"):
        new(starting_population=0)


# -- 3. doubles ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "doubles,phase,expected",
    [
        (False, "prosperity", 56),
        (True, "prosperity", 62),
        (False, "plague", 38),
        (True, "plague", 26),
    ],
)
def test_doubles_double_the_prosperity_or_plague_result(doubles: bool, phase: str, expected: int) -> None:
    s, _ = new(doubles=doubles)
    s = stack(s, stage="roll", phase=phase)
    s, _ = play(s, Roll(seat="p1"), DiceRng([3, 3]))
    assert pop(s, "p1") == expected


def test_doubles_do_not_change_a_plain_roll() -> None:
    s, _ = new(doubles=True)
    s = stack(s, stage="roll")
    s, _ = play(s, Roll(seat="p1"), DiceRng([3, 4]))
    assert pop(s, "p1") == 57


# -- 4. last chance ------------------------------------------------------------------------------------------


def test_without_last_chance_elimination_is_immediate() -> None:
    s, _ = new()
    s = stack(s, hands={"p1": ["famine"], "p2": ["pestilence"]}, populations={"p2": 10})
    s, ev = act(s, "p1", "famine", "p2")
    assert of(ev, Eliminated) and not of(ev, LastChance)


def test_last_chance_lets_the_player_play_one_last_act() -> None:
    s, _ = new(last_chance=True)
    s = stack(
        s,
        hands={"p1": ["famine", "flood"], "p2": ["pestilence", "sewer", "buy_indulgence"]},
        populations={"p2": 10},
    )
    s, ev = act(s, "p1", "famine", "p2")
    assert of(ev, LastChance)[0].seat == "p2" and s.stage == "last_chance" and not s.player("p2").out
    kinds = {type(i).__name__ for i in game.legal(s, "p2")}
    assert kinds == {"PlayCard", "Pass"}
    assert all(card(s, "p2", "pestilence") == i.card for i in game.legal(s, "p2") if isinstance(i, PlayCard))
    with pytest.raises(IllegalIntent, match="p2 plays now"):
        act(s, "p1", "flood", "p3")
    s, ev = act(s, "p2", "pestilence", "p1")
    assert of(ev, ActPlayed)[0].last_chance
    assert pop(s, "p1") == 45 and s.player("p2").out and s.current == "p3"


def test_a_last_chance_gains_nothing_for_the_eliminated_player() -> None:
    s, _ = new(last_chance=True)
    s = stack(s, hands={"p1": ["famine"], "p2": ["mass_migration"]}, populations={"p2": 10})
    s, _ = act(s, "p1", "famine", "p2")
    s, _ = act(s, "p2", "mass_migration")
    assert pop(s, "p1") == 45 and pop(s, "p3") == 45 and s.player("p2").out


def test_a_last_chance_may_be_declined() -> None:
    s, _ = new(last_chance=True)
    s = stack(s, hands={"p1": ["famine"], "p2": ["pestilence"]}, populations={"p2": 10})
    s, _ = act(s, "p1", "famine", "p2")
    s, _ = play(s, Pass(seat="p2"))
    assert s.player("p2").out and s.current == "p3" and s.stage == "roll"


def test_a_last_chance_that_takes_the_last_rival_down_ends_in_a_draw() -> None:
    s, _ = new(players=2, last_chance=True)
    s = stack(s, hands={"p1": ["famine"], "p2": ["pestilence"]}, populations={"p1": 5, "p2": 10})
    s, _ = act(s, "p1", "famine", "p2")
    s, _ = act(s, "p2", "pestilence", "p1")
    assert s.stage == "last_chance" and s.last_chance == "p1"
    s, ev = play(s, Pass(seat="p1"))
    assert of(ev, GameOver)[0].tied == ("p1", "p2")
    assert game.outcome(s)["winner"] is None


def test_no_secret_in_another_seats_view_json() -> None:
    s, _ = new(seed=5, players=4, hidden_population=True)
    for seat in s.seats:
        text = json.dumps(game.view(s, seat))
        for other in s.players:
            if other.seat == seat:
                continue
            for c in other.hand:
                assert f'"{c}"' not in text
        assert "hands" not in game.view(s, seat) and "pile" not in game.view(s, seat)


def test_options_for_rules_are_checked() -> None:
    with pytest.raises(game.OptionsError, match="last_chance"):
        game.setup(
            {"players": 3, "profile": {"prosperity": [0] * 11, "plague": [0] * 11}, "last_chance": 1},
            SeededRng(0),
        )
    with pytest.raises(game.OptionsError, match="improvements"):
        new(improvements="many")
