"""Plague and Pestilence: deck data, options, box profile, setup (deal, Death ship redeal, first player)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.core import Drawn, Placed, SeededRng, Shuffled, get_game, replay
from engine.core.events import HOST, InconsistentLog
from engine.games import plague as game
from engine.games.plague import profile as prof
from engine.games.plague import profile_cli
from engine.games.plague.cards import CardError, default_counts, key_of, resolve_counts
from engine.games.plague.events import DeathShipReturned, DiceRolled, FirstPlayer, GameStarted, TurnStarted
from tests.plague.plague_helpers import TEST_PROFILE, new, of, options

RULES_COUNTS = {
    "bumper_harvest": 6,
    "crusade": 2,
    "death_ship": 1,
    "drought": 3,
    "earthquake": 3,
    "famine": 3,
    "fire": 3,
    "flood": 3,
    "major_war": 3,
    "mass_migration": 2,
    "minor_war": 4,
    "mongol_raid": 2,
    "pestilence": 6,
    "pied_piper": 2,
    "trade_center": 6,
    "viking_raid": 2,
    "buy_indulgence": 3,
    "tactical_advantage": 4,
    "aqueduct": 4,
    "city_walls": 5,
    "sewer": 3,
}


# -- the deck ------------------------------------------------------------------------------------------------


def test_the_action_deck_has_the_70_cards_the_rules_list() -> None:
    assert default_counts() == RULES_COUNTS
    assert sum(RULES_COUNTS.values()) == 70
    state, _ = new()
    cards = game.all_cards(state)
    assert len(cards) == len(set(cards)) == 70
    assert Counter(key_of(c) for c in cards) == Counter(RULES_COUNTS)


def test_a_count_the_text_omits_is_worked_out_from_the_total_when_it_is_the_only_one() -> None:
    listed = {"a": 3, "b": None, "c": 2}
    assert resolve_counts(listed, 10) == {"a": 3, "b": 5, "c": 2}


def test_two_omitted_counts_are_refused_naming_each_card() -> None:
    with pytest.raises(CardError) as e:
        resolve_counts({"a": 3, "b": None, "c": None}, 10)
    assert "'b'" in str(e.value) and "'c'" in str(e.value) and "card_counts" in str(e.value)
    assert resolve_counts({"a": 3, "b": None, "c": None}, 10, {"b": 4, "c": 1}) == {"a": 3, "b": 4, "c": 1}


def test_an_omitted_count_with_no_room_left_in_the_total_is_refused() -> None:
    with pytest.raises(CardError, match="'b'"):
        resolve_counts({"a": 10, "b": None}, 10)


def test_card_counts_option_errors_name_the_card() -> None:
    with pytest.raises(game.OptionsError, match="'plague_rats'"):
        game.setup(options(card_counts={"plague_rats": 2}), SeededRng(0))
    with pytest.raises(game.OptionsError, match="exactly one Death ship"):
        game.setup(options(card_counts={"death_ship": 2}), SeededRng(0))
    with pytest.raises(game.OptionsError, match=r"card_counts\['famine'\]"):
        game.setup(options(card_counts={"famine": -1}), SeededRng(0))


def test_a_group_whose_box_differs_may_set_a_count() -> None:
    state, _ = game.setup(options(card_counts={"famine": 5}), SeededRng(0))
    assert len(game.all_cards(state)) == 72


# -- options -------------------------------------------------------------------------------------------------


def test_options_errors_name_every_problem() -> None:
    with pytest.raises(game.OptionsError) as e:
        game.setup({"players": 7, "colour": "red", "doubles": "yes"}, SeededRng(0))
    msg = str(e.value)
    for part in ("players", "'colour'", "doubles", "profile: missing"):
        assert part in msg


def test_there_is_no_default_table_presented_as_official() -> None:
    with pytest.raises(game.OptionsError, match="reference cards"):
        game.setup({"players": 3}, SeededRng(0))


def test_a_bad_profile_in_the_options_is_refused_with_its_problems() -> None:
    bad = dict(TEST_PROFILE, plague=[1] * 10)
    with pytest.raises(game.OptionsError, match="plague: 10 values given, 11 needed"):
        game.setup(options(profile=bad), SeededRng(0))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_two_to_six_players(n: int) -> None:
    state, _ = new(players=n)
    assert state.seats == tuple(f"p{i}" for i in range(1, n + 1))
    assert all(p.population == 50 for p in state.players)


# -- profile -------------------------------------------------------------------------------------------------


def test_profile_accepts_lists_or_totals_and_normalises() -> None:
    by_total = {"prosperity": {str(t): t for t in range(2, 13)}, "plague": {t: 2 * t for t in range(2, 13)}}
    a = prof.validate(by_total)
    b = prof.validate(TEST_PROFILE)
    assert a["prosperity"] == b["prosperity"] == list(range(2, 13))
    assert a["plague"] == b["plague"]


def test_profile_errors_name_each_problem() -> None:
    raw = {
        "prosperity": {str(t): 1 for t in range(2, 12)} | {"13": 4},
        "plague": [1, 2, -3, "x", 5, 6, 7, 8, 9, 10, 11],
        "colour": 1,
    }
    with pytest.raises(prof.ProfileError) as e:
        prof.validate(raw)
    problems = e.value.problems
    assert any("total 13 is impossible" in p for p in problems)
    assert any("no value for total 12" in p for p in problems)
    assert any("plague[4]: -3 is negative" in p for p in problems)
    assert any("plague[5]: 'x' is not a whole number" in p for p in problems)
    assert any("unknown field 'colour'" in p for p in problems)
    with pytest.raises(prof.ProfileError, match="prosperity: missing"):
        prof.validate({"plague": [0] * 11})


def test_profile_save_and_load_round_trip(tmp_path: Path) -> None:
    p = prof.make("our box", range(2, 13), [0] * 11)
    path = prof.save(p, tmp_path / "box.json")
    assert prof.load(path) == p
    doc = json.loads(path.read_text())
    assert doc["prosperity"]["7"] == 7 and doc["format"] == prof.FORMAT


def test_profile_load_names_the_file_and_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{nope")
    with pytest.raises(prof.ProfileError, match="bad.json.*not JSON"):
        prof.load(path)
    with pytest.raises(prof.ProfileError, match="cannot read"):
        prof.load(tmp_path / "missing.json")


def test_profile_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "box.json"
    assert (
        profile_cli.main(
            ["new", str(path), "--prosperity", "0,1,2,3,4,5,6,7,8,9,10", "--plague", ",".join("5" * 11)]
        )
        == 0
    )
    assert profile_cli.main(["check", str(path)]) == 0
    assert "OK" in capsys.readouterr().out
    assert profile_cli.main(["new", str(tmp_path / "x.json"), "--prosperity", "1,2", "--plague", "1"]) == 1
    assert "2 values given" in capsys.readouterr().err


# -- setup ---------------------------------------------------------------------------------------------------


def test_registered_in_the_core_game_registry() -> None:
    assert get_game("plague") is game.GAME


def test_setup_deals_five_private_cards_each_and_replays() -> None:
    state, events = new(seed=3, players=4)
    assert isinstance(events[0], GameStarted) and isinstance(events[1], Shuffled)
    assert all(len(p.hand) == 5 for p in state.players)
    for e in of(events, Drawn):
        if key_of(e.card) != "death_ship":
            assert e.private_to == (e.to,)
    assert replay(game, events) == state
    assert state.stage == "roll" and state.phase == "prosperity"


def test_the_death_ship_dealt_is_put_back_and_replaced() -> None:
    seen = 0
    for seed in range(60):
        state, events = new(seed=seed, players=6)
        assert not any(key_of(c) == "death_ship" for p in state.players for c in p.hand)
        assert all(len(p.hand) == 5 for p in state.players)
        for i, e in enumerate(events):
            if isinstance(e, DeathShipReturned):
                seen += 1
                assert isinstance(events[i + 1], Placed)
                assert isinstance(events[i + 2], Shuffled) and events[i + 2].source == "pile"
                assert isinstance(events[i - 1], Drawn) and events[i - 1].private_to == ()
    assert seen > 0


def test_first_player_is_the_highest_die_and_ties_roll_again() -> None:
    ties = 0
    for seed in range(40):
        _, events = new(seed=seed, players=6)
        rolls = [e for e in events if isinstance(e, DiceRolled) and e.purpose == "first_player"]
        first = of(events, FirstPlayer)[0].seat
        contenders = set(f"p{i}" for i in range(1, 7))
        i = 0
        while True:
            rnd = rolls[i : i + len(contenders)]
            assert {r.seat for r in rnd} == contenders and all(len(r.dice) == 1 for r in rnd)
            i += len(contenders)
            best = max(r.total for r in rnd)
            contenders = {r.seat for r in rnd if r.total == best}
            if len(contenders) == 1:
                break
            ties += 1
        assert i == len(rolls) and contenders == {first}
        assert of(events, TurnStarted)[0].seat == first
    assert ties > 0


def test_fold_refuses_a_redacted_or_foreign_log() -> None:
    state, events = new()
    with pytest.raises(InconsistentLog):
        game.fold(None, events[1])
    with pytest.raises(InconsistentLog):
        replay(game, [events[0], events[1].redacted()])
    assert game.view(state, HOST)["pile"]
