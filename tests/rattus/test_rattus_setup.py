"""Setup for 2, 3 and 4 players: regions, start tokens, removed tokens, plague, the 2+2 snake."""

from __future__ import annotations

import pytest

from engine.core import HOST, TABLE, SeededRng, Table, project
from engine.core.audit import reveal, verify
from engine.core.deck import Drawn, Shuffled
from engine.core.game import replay
from engine.games import rattus
from engine.games.rattus.profile import default_profile, to_dict
from tests.rattus.rattus_fixtures import box_profile, new_game, options, play


@pytest.mark.parametrize("players,regions,removed", [(2, 8, 12), (3, 10, 6), (4, 12, 0)])
def test_setup_places_one_start_token_per_region_and_removes_tokens(
    players: int, regions: int, removed: int
) -> None:
    s, events = new_game(7, players=players)
    assert len(s.regions) == regions and s.seats == tuple(f"p{i}" for i in range(1, players + 1))
    starts = set(s.profile.start_ids())
    assert all(len(v) == 1 and v[0] in starts for v in s.slots.values())
    assert len(s.out_down) == removed
    assert len(s.bag.cards) == 49 - regions - removed
    unused_starts = starts - {v[0] for v in s.slots.values()}
    assert unused_starts <= set(s.bag.cards) | set(s.out_down), "unused start tokens join the others"
    assert s.plague in s.regions
    assert s.phase == "setup" and s.active == "p1"
    assert replay(rattus, events) == s
    # every hidden draw is a core deck event, hidden from every seat
    draws = [e for e in events if isinstance(e, Drawn)]
    assert draws and all(project(e, "p1").card == "" and project(e, TABLE).card == "" for e in draws)
    assert all(project(e, HOST).card for e in draws)


def test_snake_placement_two_cubes_each_then_reverse() -> None:
    s, _ = new_game(2, players=3)
    order = []
    while s.phase == "setup":
        order.append(s.active)
        s, ev = play(s, rattus.SetupCubes(seat=s.active, region="Gallia"))
        assert ev[0].count == 2
    assert order == ["p1", "p2", "p3", "p3", "p2", "p1"]
    assert s.phase == "actions" and s.active == "p1"
    assert s.cubes["Gallia"] == {"p1": 4, "p2": 4, "p3": 4} and s.reserve["p1"] == 16


def test_setup_refuses_other_seats_and_regions_not_in_play() -> None:
    s, _ = new_game(2, players=2)
    with pytest.raises(rattus.IllegalIntent, match="not-your-turn"):
        rattus.apply(s, rattus.SetupCubes(seat="p2", region="Gallia"), SeededRng(0))
    with pytest.raises(rattus.IllegalIntent, match="region"):
        rattus.apply(s, rattus.SetupCubes(seat="p1", region="Tartaria"), SeededRng(0))  # dark: 4 players


def test_physical_setup_tells_the_table_what_to_do() -> None:
    s, events = new_game(3, players=2, mode="physical", profile=default_profile())
    assert all(v == ("",) for v in s.slots.values())
    assert s.supply_count == 49 - 8 - 12 and len(s.out_down) == 12
    text = rattus.describe(events[1], "fr")
    assert "cerclé de violet" in text and "12" in text
    assert "purple" in rattus.describe(events[1], "en")


def test_options_are_validated_with_clear_errors() -> None:
    rng = SeededRng(0)
    with pytest.raises(rattus.OptionsError, match="players must be 2, 3 or 4"):
        rattus.setup({"players": 5, "profile": to_dict(box_profile())}, rng)
    with pytest.raises(rattus.OptionsError, match="census"):
        rattus.setup({"players": 3}, rng)  # default profile has no faces: digital bag impossible
    with pytest.raises(rattus.OptionsError, match="unknown character"):
        rattus.setup(options(characters=["Paysan", "Dragon", "Roi", "Moine", "Sorcière", "Chevalier"]), rng)
    with pytest.raises(rattus.OptionsError, match="6 characters"):
        rattus.setup(options(characters=["Paysan"]), rng)
    with pytest.raises(rattus.OptionsError, match="unknown option"):
        rattus.setup({**options(), "colour": "red"}, rng)
    bad = to_dict(box_profile())
    bad["tokens"] = bad["tokens"][:10]
    with pytest.raises(rattus.OptionsError, match="49 rat tokens"):
        rattus.setup({"profile": bad}, rng)


def test_character_choices() -> None:
    s, _ = new_game(1, characters="europe-en-guerre")
    assert s.characters == ("chevalier", "croise", "soldat", "messager", "marchand", "piedpiper")
    s, _ = new_game(1, characters="one-per-class")
    assert sorted(rattus.CHARACTERS[c].cls for c in s.characters) == sorted(
        ["paysannerie", "bourgeoisie", "clerge", "chevalerie", "magie", "noblesse"]
    )
    s, _ = new_game(1, characters=["Croisé", "Evêque", "boulangier", "Pied Piper", "Reine", "messager"])
    assert s.characters == ("croise", "eveque", "boulanger", "piedpiper", "reine", "messager")
    s, events = new_game(4, characters="random")
    assert len(set(s.characters)) == 6 and replay(rattus, events) == s  # the choice is in the first event


def test_bag_shuffles_verify_at_the_end_of_the_game() -> None:
    s, events = new_game(9, players=2)
    public = [project(e, "p2") for e in events]
    assert all(isinstance(e, Shuffled) and not e.order for e in public if isinstance(e, Shuffled))
    report = verify([e for e in public if e is not None], reveal(events))
    assert report.ok and report.shuffles_checked == 2


def test_table_runs_rattus_and_refuses_undo_across_a_hidden_draw() -> None:
    t = Table.new(rattus.GAME, options(players=2), SeededRng(3))
    t.act(rattus.SetupCubes(seat="p1", region="Gallia"))
    t.undo()  # a public placement can be taken back
    assert t.state.cubes["Gallia"] == {}
    assert t.view(TABLE)["regions"]["Gallia"]["rats"] == 1
