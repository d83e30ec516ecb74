"""Departures from the rules found by an audit of the rules against the code, each as a rules scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.games.plague import profile as prof
from engine.games.plague import profile_cli
from engine.games.plague.events import Roll
from tests.plague.plague_helpers import DiceRng, new, play, pop, stack

# a made-up card (not the real values) that shows the other sign on two cells
ODD_CARD_PROSPERITY = ["-2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]
ODD_CARD_PLAGUE = ["-20", "-15", "10", "8", "6", "4", "6", "8", "10", "15", "+1"]


def test_a_table_value_is_typed_as_the_reference_card_prints_it_sign_included():
    """The 2d6 tables of the PROSPERITE/PESTE reference card: a box whose card shows a loss on the
    Prosperity side or a gain on the Plague side can be typed in as printed."""
    p = prof.make("odd box", ODD_CARD_PROSPERITY, ODD_CARD_PLAGUE)
    assert p["prosperity"][0] == -2 and p["prosperity"][1] == 3  # PPs gained (negative: lost)
    assert p["plague"][:3] == [20, 15, 10] and p["plague"][10] == -1  # PPs lost (negative: gained)
    assert prof.printed("prosperity", -2) == "-2" and prof.printed("plague", -1) == "+1"
    assert prof.printed("plague", 20) == "20"
    # the normalised profile is valid again as it is (the engine validates what it is given)
    assert prof.validate(p) == p
    state, _ = new(profile=p)
    s = stack(state, stage="roll", phase="prosperity")
    s, _ = play(s, Roll(seat="p1"), DiceRng([1, 1]))
    assert pop(s, "p1") == 48  # a Prosperity roll of 2 loses 2 on this card
    s = stack(state, stage="roll", phase="plague")
    s, _ = play(s, Roll(seat="p1"), DiceRng([6, 6]))
    assert pop(s, "p1") == 51  # a Plague roll of 12 gains 1 on this card


def test_a_saved_profile_with_signed_values_loads_back_and_the_check_explains(tmp_path: Path, capsys):
    path = prof.save(prof.make("odd box", ODD_CARD_PROSPERITY, ODD_CARD_PLAGUE), tmp_path / "odd.json")
    assert prof.load(path)["plague"][10] == -1
    assert profile_cli.main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "2:-2" in out and "12:+1" in out
    # a bare negative number in an old-style profile is ambiguous: refused, with both ways to write it
    with pytest.raises(prof.ProfileError) as exc:
        prof.validate({"prosperity": [1] * 11, "plague": [5] * 10 + [-1]})
    assert "plague[12]: -1 is negative" in str(exc.value) and '"+1"' in str(exc.value)
    # a list starting with a minus sign is given as --prosperity=-2,3,… (argparse would take it for an option)
    assert (
        profile_cli.main(
            [
                "new",
                str(tmp_path / "x.json"),
                "--prosperity=" + ",".join(ODD_CARD_PROSPERITY),
                "--plague=" + ",".join(ODD_CARD_PLAGUE[:10] + ["1x"]),
            ]
        )
        == 1
    )
    assert "plague[12]: '1x' is not a whole number" in capsys.readouterr().err
    assert (
        profile_cli.main(
            [
                "new",
                str(tmp_path / "y.json"),
                "--prosperity=" + ",".join(ODD_CARD_PROSPERITY),
                "--plague=" + ",".join(ODD_CARD_PLAGUE),
            ]
        )
        == 0
    )
    assert prof.load(tmp_path / "y.json")["prosperity"][0] == -2


def test_an_older_profile_file_still_loads(tmp_path: Path):
    old = tmp_path / "old.json"
    old.write_text(
        '{"format": "tablekeeper-plague-profile/1", "name": "v1", "prosperity": '
        '[0,5,5,10,10,15,10,10,5,5,0], "plague": [20,15,10,10,5,0,5,10,10,15,20]}',
        encoding="utf-8",
    )
    p = prof.load(old)
    assert p["format"] == prof.FORMAT and p["plague"][0] == 20 and p["prosperity"][1] == 5


@pytest.mark.parametrize(("refill", "cards"), [(False, 2), (True, 6)])
def test_derniere_chance_after_losing_the_last_pps_on_ones_own_roll(refill: bool, cards: int):
    """« Cette variante laisse au joueur qui vient de perdre ses derniers PPs l'opportunité de jouer une
    dernière carte Acte »: by default the last card comes from the hand held when the PPs were lost (the
    turn's refill never comes); option last_chance_refill: the hand is refilled to 6 first."""
    state, _ = new(last_chance=True, last_chance_refill=refill)
    s = stack(state, hands={"p1": ["famine", "flood"]}, populations={"p1": 3}, stage="roll", phase="plague")
    s, _ = play(s, Roll(seat="p1"), DiceRng([1, 1]))  # a Plague roll of 2 loses 4 on the test profile
    assert s.stage == "last_chance" and s.last_chance == "p1" and pop(s, "p1") == 0
    assert len(s.player("p1").hand) == cards
