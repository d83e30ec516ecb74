"""End of the game: the trigger, the final round in reverse order with its special uses, the Baker's
cubes, the final plague on every region, scoring with the castle and the tie-break."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from engine.core import TABLE, SeededRng
from engine.core.deck import Drawn
from engine.games import rattus
from engine.games.rattus.profile import Face
from tests.rattus.rattus_fixtures import arrange, box_profile, new_game, play, rep


def last_turn(
    characters: Any, faces: dict[str, Face] | None = None, mode: str = "digital", **kw: Any
) -> rattus.State:
    """p2 is about to play the last regular turn: the bag holds a single rat."""
    s, _ = new_game(
        1,
        players=4,
        mode=mode,
        characters=list(characters),
        profile=box_profile(**{k.replace(":", "_"): v for k, v in (faces or {}).items()}),
    )
    s = arrange(s, active="p2", **kw)
    if s.digital:
        s = rep(s, bag=msgspec.structs.replace(s.bag, cards=s.bag.cards[:1]))
    else:
        s = rep(s, supply_count=1)
    return s


def end_regular_turn(s: rattus.State) -> tuple[rattus.State, list]:
    s, ev = play(s, rattus.MovePlague(seat="p2", path=("Gallia",)))
    if s.phase == "spread":
        s, ev2 = play(s, rattus.SpreadRat(seat="p2", region="Hispania"))
        ev += ev2
    return s, ev


BASE = ("paysan", "marchand", "moine", "chevalier", "sorciere", "roi")


def test_empty_supply_starts_the_final_round_in_reverse_order_without_the_last_player() -> None:
    s = last_turn(BASE, slots={"Gallia": ("RAT:20",)}, plague="Germania")
    s, ev = end_regular_turn(s)
    trig = [e for e in ev if isinstance(e, rattus.EndTriggered)]
    assert trig and trig[0].reason == "rats" and trig[0].last == "p2"
    order = []
    while s.phase == "final":
        order.append(s.active)
        with pytest.raises(rattus.IllegalIntent):
            rattus.apply(s, rattus.TakeCard(seat=s.active, card="roi"), SeededRng(0))
        with pytest.raises(rattus.IllegalIntent):
            rattus.apply(s, rattus.PlaceCubes(seat=s.active, region="Hispania"), SeededRng(0))
        s, _ = play(s, rattus.EndTurn(seat=s.active))
    assert order == ["p1", "p4", "p3"]  # starting to the right of p2, counter-clockwise
    assert s.phase == "over" and s.result is not None


def test_a_player_with_no_cube_left_ends_the_game() -> None:
    s, _ = new_game(1, players=2, characters=list(BASE))
    s = arrange(
        s, active="p1", slots={"Gallia": ("RAT:20",)}, cubes={"Italia": {"p1": 19}}, plague="Germania"
    )
    s, ev = play(s, rattus.PlaceCubes(seat="p1", region="Gallia"))
    assert s.reserve["p1"] == 0
    s, ev = play(s, rattus.MovePlague(seat="p1", path=("Italia",)))
    trig = [e for e in ev if isinstance(e, rattus.EndTriggered)]
    assert trig and trig[0].reason == "cubes"
    assert s.phase == "final" and s.active == "p2"


def test_final_round_peasant_queen_burgomaster_and_knight() -> None:
    chars = ("paysan", "bourgmestre", "moine", "chevalier", "sorciere", "reine")
    cubes = {"Anglia": {"p1": 1}, "Gallia": {"p1": 1}, "Italia": {"p3": 2, "p1": 1}}
    s = last_turn(
        chars,
        {"RAT:20": Face(9, ("A",))},
        slots={"Gallia": ("RAT:20",)},
        cubes=cubes,
        plague="Germania",
        holders={"paysan": "p1", "reine": "p1", "bourgmestre": "p3", "chevalier": "p4"},
    )
    s, _ = end_regular_turn(s)
    assert s.active == "p1"
    s, _ = play(s, rattus.FinalCubes(seat="p1", card="paysan", region="Polonia"))
    s, _ = play(s, rattus.FinalCubes(seat="p1", card="reine", region="Anglia"))
    assert s.cubes["Polonia"] == {"p1": 1} and s.cubes["Anglia"] == {"p1": 3}
    with pytest.raises(rattus.IllegalIntent, match="card-used"):
        rattus.apply(s, rattus.FinalCubes(seat="p1", card="paysan", region="Polonia"), SeededRng(0))
    s, _ = play(s, rattus.EndTurn(seat="p1"))
    assert s.active == "p4"
    plague = s.plague
    s, ev = play(s, rattus.MovePlague(seat="p4", path=("Italia", "Hispania"), neutral=True))
    assert (
        s.plague == "Hispania"
        and s.neutral_permanent
        and not any(isinstance(e, rattus.TokenRevealed) for e in ev)
    )  # the Knight alone does not ravage
    assert plague == "Gallia"
    s, _ = play(s, rattus.EndTurn(seat="p4"))
    assert s.active == "p3"
    with pytest.raises(rattus.IllegalIntent, match="burgomaster"):
        rattus.apply(s, rattus.FinalCubes(seat="p3", card="bourgmestre", region="Gallia"), SeededRng(0))
    s, _ = play(s, rattus.FinalCubes(seat="p3", card="bourgmestre", region="Italia"))
    assert s.cubes["Italia"]["p3"] == 3


def test_final_round_crusader_serf_and_soldier() -> None:
    chars = ("serf", "croise", "soldat", "moine", "sorciere", "roi")
    faces = {"RAT:20": Face(1, ("A",)), "RAT:21": Face(1, ("A",))}
    s = last_turn(
        chars,
        faces,
        slots={"Gallia": (), "Polonia": ("RAT:20", "RAT:21")},
        cubes={"Polonia": {"p3": 1, "p4": 2}},
        plague="Germania",
        holders={"serf": "p1", "croise": "p4", "soldat": "p3"},
    )
    s = rep(s, slots={**s.slots, "Gallia": ("RAT:22",)})
    s, _ = end_regular_turn(s)
    assert s.active == "p1" and s.supply_left() == 0
    # the Serf: the plague one region, then the Serf's ravage there
    with pytest.raises(rattus.IllegalIntent, match="plague-steps"):
        rattus.apply(s, rattus.MovePlague(seat="p1", path=("Germania", "Polonia"), serf=True), SeededRng(0))
    s, ev = play(s, rattus.MovePlague(seat="p1", path=("Germania",), serf=True))
    assert s.phase == "final"  # Germania held no rat: nothing to reveal
    s, _ = play(s, rattus.EndTurn(seat="p1"))
    # the Crusader: 1 or 2 regions, reveal all, choose the order, effects at once
    assert s.active == "p4"
    s, _ = play(s, rattus.MovePlague(seat="p4", path=("Polonia",), crusader=True))
    assert s.phase == "crusader"
    s, ev = play(s, rattus.OrderTokens(seat="p4", order=("RAT:21", "RAT:20")))
    assert [e.token for e in ev if isinstance(e, rattus.TokenRevealed)] == ["RAT:21", "RAT:20"]
    assert s.cubes["Polonia"] == {} and s.phase == "final"
    s, _ = play(s, rattus.EndTurn(seat="p4"))
    # the Soldier: a rat next to the plague; the supply is empty so it comes from the tokens out of play
    assert s.active == "p3"
    s, ev = play(s, rattus.SoldierRat(seat="p3", region="Germania"))
    assert s.rats("Germania") == 1 and any(isinstance(e, Drawn) and e.deck == "retired" for e in ev)
    with pytest.raises(rattus.IllegalIntent, match="card-used"):
        rattus.apply(s, rattus.SoldierRat(seat="p3", region="Germania"), SeededRng(0))


def test_baker_cubes_then_final_plague_then_scores_with_castle_and_tiebreak() -> None:
    chars = ("boulanger", "marchand", "moine", "chevalier", "sorciere", "roi")
    faces = {"RAT:20": Face(1, ("A",)), "RAT:21": Face(1, ("A",))}
    s = last_turn(
        chars,
        faces,
        slots={"Gallia": ("RAT:22",), "Italia": ("RAT:20", "RAT:21")},
        cubes={"Italia": {"p1": 3, "p3": 2}, "Anglia": {"p4": 2}, "Polonia": {"p3": 1}},
        plague="Germania",
        holders={"boulanger": "p4", "roi": "p1"},
    )
    s = rep(
        s,
        baker=2,
        baker_owner="p4",
        reserve={**s.reserve, "p4": s.reserve["p4"] - 2},
        castle={**s.castle, "p1": 1},
    )
    s, _ = end_regular_turn(s)
    for _ in range(3):
        s, _ = play(s, rattus.EndTurn(seat=s.active))
    assert s.phase == "baker" and s.active == "p1"  # left of the Baker's holder p4
    s, ev = play(s, rattus.BakerPlace(seat="p1", region="Polonia"))
    assert s.phase == "over"
    # Italia ravaged by both A tokens: p1 3 -> 1, p3 2 -> 0 ; Gallia has no cube: its token stays
    assert s.cubes["Italia"] == {"p1": 1}
    sc = s.result["scores"]
    assert sc == {"p1": 2, "p2": 0, "p3": 1, "p4": 4}  # p1: 1 on the board + 1 in the castle
    assert s.result["winner"] == "p4"


def test_tie_goes_to_who_would_have_played_first() -> None:
    s = last_turn(
        BASE, slots={"Gallia": ("RAT:20",)}, cubes={"Anglia": {"p1": 2, "p3": 2}}, plague="Germania"
    )
    s, _ = end_regular_turn(s)
    while s.phase == "final":
        s, _ = play(s, rattus.EndTurn(seat=s.active))
    # p2 played last: p3 would have played next, then p4, then p1
    assert s.result["ranking"][:2] == ["p3", "p1"] and s.result["winner"] == "p3"


def test_final_plague_with_physical_tokens_is_turned_over_by_the_table() -> None:
    faces = {"RAT:20": Face(1, ("A",))}
    s = last_turn(
        BASE,
        faces,
        mode="physical",
        slots={"Gallia": ("",), "Italia": ("",)},
        cubes={"Italia": {"p1": 2}},
        plague="Germania",
    )
    s, _ = end_regular_turn(s)
    while s.phase == "final":
        s, _ = play(s, rattus.EndTurn(seat=s.active))
    assert s.phase == "final_plague"
    with pytest.raises(rattus.IllegalIntent, match="ravage-region"):
        rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Hispania", token="RAT:20"), SeededRng(0))
    s, _ = play(s, rattus.FlipToken(seat=TABLE, region="Italia", token="RAT:20"))
    assert s.phase == "over" and s.result["scores"]["p1"] == 1
