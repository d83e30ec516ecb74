"""Every class card of the base game and every Pied Piper character, and their combinations.

Token faces used here are test fixtures (see rattus_fixtures), not the publisher's.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import TABLE, SeededRng, project
from engine.games import rattus
from engine.games.rattus.profile import Face
from engine.games.rattus.state import rampart
from tests.rattus.rattus_fixtures import arrange, box_profile, new_game, play, rep

ALL = ("paysan", "marchand", "moine", "chevalier", "sorciere", "roi")


def scenario(
    characters: Any = ALL,
    faces: dict[str, Face] | None = None,
    mode: str = "digital",
    players: int = 4,
    **kw: Any,
) -> rattus.State:
    s, _ = new_game(
        1,
        players=players,
        mode=mode,
        characters=list(characters),
        profile=box_profile(**{k.replace(":", "_"): v for k, v in (faces or {}).items()}),
    )
    kw.setdefault("plague", "Germania")
    return arrange(s, **kw)


def refused(s: rattus.State, intent: Any, rule: str) -> str:
    with pytest.raises(rattus.IllegalIntent) as exc:
        rattus.apply(s, intent, SeededRng(0))
    assert exc.value.rule == rule, exc.value
    return str(exc.value)


def revealed(events: list) -> list[tuple[str, bool]]:
    return [(e.token, e.effective) for e in events if isinstance(e, rattus.TokenRevealed)]


# -- taking cards -------------------------------------------------------------------------------------
def test_take_a_free_card_or_one_from_another_player_once_per_turn() -> None:
    s = scenario(holders={"roi": "p2"})
    s2, ev = play(s, rattus.TakeCard(seat="p1", card="roi"))
    assert s2.holders["roi"] == "p1" and ev[0].from_seat == "p2"
    refused(s2, rattus.TakeCard(seat="p1", card="moine"), "one-card-per-turn")
    refused(s2, rattus.TakeCard(seat="p1", card="roi"), "one-card-per-turn")
    refused(s, rattus.TakeCard(seat="p1", card="croise"), "card-not-in-play")
    s3 = arrange(s2, holders={"roi": "p1"})
    refused(s3, rattus.TakeCard(seat="p1", card="roi"), "card-already-held")


# -- Peasant ------------------------------------------------------------------------------------------
def test_cubes_as_many_as_rats_and_the_peasant_adds_one() -> None:
    s = scenario(
        slots={"Gallia": ("RAT:20", "RAT:21", "RAT:22"), "Germania": ("RAT:23",)}, holders={"paysan": "p1"}
    )
    s2, _ = play(s, rattus.PlaceCubes(seat="p1", region="Gallia"))
    assert s2.cubes["Gallia"] == {"p1": 3}
    refused(s2, rattus.PlaceCubes(seat="p1", region="Germania"), "one-placement")
    s3, _ = play(s, rattus.PlaceCubes(seat="p1", region="Gallia", peasant=True))
    assert s3.cubes["Gallia"] == {"p1": 4}
    refused(s, rattus.PlaceCubes(seat="p1", region="Italia"), "no-rats")
    s4, _ = play(s, rattus.PlaceCubes(seat="p1", region="Italia", peasant=True))
    assert s4.cubes["Italia"] == {"p1": 1}
    s5 = arrange(s, holders={})
    refused(s5, rattus.PlaceCubes(seat="p1", region="Italia", peasant=True), "card-not-held")


# -- Merchant -----------------------------------------------------------------------------------------
def test_merchant_moves_up_to_three_cubes_to_a_neighbour() -> None:
    s = scenario(cubes={"Gallia": {"p1": 4}}, holders={"marchand": "p1"})
    s2, _ = play(s, rattus.MoveCubes(seat="p1", src="Gallia", dst="Hispania", count=3))
    assert s2.cubes["Gallia"] == {"p1": 1} and s2.cubes["Hispania"] == {"p1": 3}
    refused(s2, rattus.MoveCubes(seat="p1", src="Gallia", dst="Hispania", count=1), "card-used")
    refused(s, rattus.MoveCubes(seat="p1", src="Gallia", dst="Hispania", count=4), "merchant-count")
    refused(s, rattus.MoveCubes(seat="p1", src="Gallia", dst="Polonia", count=1), "neighbours")


# -- Monk ---------------------------------------------------------------------------------------------
def test_monk_moves_a_rat_to_a_neighbour_never_a_fourth() -> None:
    s = scenario(
        slots={"Gallia": ("RAT:20", "RAT:21"), "Hispania": ("RAT:22", "RAT:23", "RAT:24")},
        holders={"moine": "p1"},
    )
    refused(s, rattus.MoveRat(seat="p1", src="Gallia", dst="Hispania"), "rat-room")
    s2, _ = play(s, rattus.PlaceCubes(seat="p1", region="Gallia"))  # before or after placing cubes
    s2, _ = play(s2, rattus.MoveRat(seat="p1", src="Gallia", dst="Germania", index=1))
    assert s2.slots["Gallia"] == ("RAT:20",) and s2.slots["Germania"] == ("RAT:21",)
    assert s2.cubes["Gallia"] == {"p1": 2}
    refused(s2, rattus.MoveRat(seat="p1", src="Gallia", dst="Germania"), "card-used")


# -- Knight -------------------------------------------------------------------------------------------
def test_knight_moves_two_regions_and_adds_two_neutral_cubes() -> None:
    # the rules' example: from Italia to Scandia; 2 cubes there + 2 neutral: a limit of 3 or 4 strikes
    faces = {"RAT:20": Face(4, ("A",))}
    s = scenario(
        faces=faces,
        slots={"Scandia": ("RAT:20",)},
        cubes={"Scandia": {"p2": 2}},
        holders={"chevalier": "p1"},
        plague="Italia",
    )
    refused(s, rattus.MovePlague(seat="p1", path=("Germania", "Scandia", "Anglia")), "plague-steps")
    refused(s, rattus.MovePlague(seat="p1", path=("Germania", "Italia")), "plague-stays")
    s2, ev = play(s, rattus.MovePlague(seat="p1", path=("Germania", "Scandia"), neutral=True))
    s2, ev2 = play(s2, rattus.SpreadRat(seat="p1", region="Anglia"))
    r = [e for e in ev2 if isinstance(e, rattus.TokenRevealed)][0]
    assert r.population == 4 and r.effective
    assert s2.cubes["Scandia"] == {"p2": 1}
    # without the neutral cubes the same token does nothing
    s3, _ = play(s, rattus.MovePlague(seat="p1", path=("Germania", "Scandia")))
    s3, ev3 = play(s3, rattus.SpreadRat(seat="p1", region="Anglia"))
    assert revealed(ev3) == [("RAT:20", False)]
    # without a chivalry card: one step only, and no neutral cubes
    s4 = arrange(s, holders={})
    refused(s4, rattus.MovePlague(seat="p1", path=("Germania", "Scandia")), "plague-steps")
    refused(s4, rattus.MovePlague(seat="p1", path=("Germania",), neutral=True), "card-not-held")


def test_erratum_cards_are_used_before_action_three_except_the_knight() -> None:
    # Errata: "(Exception : le Chevalier)" replaces "(Exception : le Roi)": the King is not usable once
    # the plague has moved.
    s = scenario(
        slots={"Gallia": ("RAT:20",)},
        cubes={"Italia": {"p1": 2}},
        plague="Germania",
        holders={"roi": "p1", "chevalier": "p1"},
    )
    s2, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",), neutral=True))
    assert s2.phase == "spread"
    refused(s2, rattus.ToCastle(seat="p1", region="Italia"), "card-timing")


# -- Witch --------------------------------------------------------------------------------------------
def test_witch_looks_at_two_tokens_privately_and_may_swap_them() -> None:
    faces = {"RAT:20": Face(1, ("A",)), "RAT:30": Face(5, ("magie",))}
    s = scenario(
        faces=faces, slots={"Gallia": ("RAT:20",), "Russia": ("RAT:30",)}, holders={"sorciere": "p1"}
    )
    refused(s, rattus.WitchSwap(seat="p1"), "witch-swap")
    s, ev1 = play(s, rattus.WitchPeek(seat="p1", region="Gallia"))
    refused(s, rattus.WitchPeek(seat="p1", region="Gallia"), "witch-second")
    s, ev2 = play(s, rattus.WitchPeek(seat="p1", region="Russia"))
    peeks = ev1 + ev2
    assert [(e.token, e.threshold) for e in peeks] == [("RAT:20", 1), ("RAT:30", 5)]
    for seat in ("p2", TABLE):
        assert all(project(e, seat).token == "" and project(e, seat).threshold == 0 for e in peeks)
    assert project(peeks[0], "p1").token == "RAT:20"
    refused(s, rattus.WitchPeek(seat="p1", region="Gallia"), "card-used")  # two looks per turn
    v1 = rattus.view(s, "p1")
    assert v1["regions"]["Gallia"]["known"][0]["face"] == {"threshold": 1, "symbols": ["A"]}
    s, ev = play(s, rattus.WitchSwap(seat="p1"))
    assert s.slots["Gallia"] == ("RAT:30",) and s.slots["Russia"] == ("RAT:20",)
    assert project(ev[0], "p2") is None and project(ev[0], TABLE) is None and project(ev[0], "p1") == ev[0]
    assert "RAT" not in str(rattus.view(s, TABLE)["regions"]) and "RAT" not in str(
        rattus.view(s, "p2")["regions"]
    )
    assert rattus.view(s, "p1")["regions"]["Russia"]["known"][0]["token"] == "RAT:20"
    refused(s, rattus.WitchSwap(seat="p1"), "witch-swap")


# -- King ---------------------------------------------------------------------------------------------
def test_king_puts_a_cube_in_the_castle_from_a_region_without_rats() -> None:
    s = scenario(
        slots={"Gallia": ("RAT:20",)}, cubes={"Gallia": {"p1": 1}, "Italia": {"p1": 2}}, holders={"roi": "p1"}
    )
    refused(s, rattus.ToCastle(seat="p1", region="Gallia"), "king-rats")
    s2, _ = play(s, rattus.ToCastle(seat="p1", region="Italia"))
    assert s2.castle["p1"] == 1 and s2.cubes["Italia"] == {"p1": 1}
    assert rattus.scores(s2)["p1"] == 3  # castle cubes count like the others
    refused(s2, rattus.ToCastle(seat="p1", region="Italia"), "card-used")


# -- class symbols and several cards of one class -------------------------------------------------------
def test_each_card_of_a_struck_class_costs_its_holder_one_cube() -> None:
    chars = ("chevalier", "croise", "soldat", "moine", "sorciere", "roi")
    faces = {"RAT:20": Face(1, ("chevalerie",))}
    s = scenario(
        chars,
        faces,
        slots={"Gallia": ("RAT:20",)},
        cubes={"Gallia": {"p2": 3, "p3": 3, "p4": 3}},
        holders={"chevalier": "p2", "croise": "p2", "soldat": "p3", "roi": "p4"},
    )
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",)))
    s, ev = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    lost = [e.cubes for e in ev if isinstance(e, rattus.CubesLost)]
    assert lost == [{"p2": 2, "p3": 1}]


def test_majority_first_then_classes_then_all() -> None:
    faces = {"RAT:20": Face(1, ("M", "noblesse", "A"))}
    s = scenario(
        faces=faces,
        slots={"Gallia": ("RAT:20",)},
        cubes={"Gallia": {"p2": 2, "p3": 1, "p4": 1}},
        holders={"roi": "p3"},
    )
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",)))
    s, ev = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    # M hits p2 (majority when turned over); Royalty hits p3 (now 0); A hits those still present: p2, p4
    assert [e.cubes for e in ev if isinstance(e, rattus.CubesLost)] == [{"p2": 2, "p3": 1, "p4": 1}]
    assert s.cubes["Gallia"] == {}


# -- Crusader -----------------------------------------------------------------------------------------
def test_crusader_reveals_all_privately_and_chooses_the_order() -> None:
    chars = ("croise", "marchand", "moine", "chevalier", "sorciere", "roi")
    faces = {"RAT:20": Face(3, ("A",)), "RAT:21": Face(1, ("bourgeoisie",))}
    s = scenario(
        chars,
        faces,
        slots={"Gallia": ("RAT:20", "RAT:21")},
        cubes={"Gallia": {"p2": 3}},
        holders={"croise": "p1", "marchand": "p2"},
    )
    s, ev = play(s, rattus.MovePlague(seat="p1", path=("Gallia",), crusader=True))
    s, ev = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    s, ev2 = play(s, rattus.SpreadRat(seat="p1", region="Italia"))
    cr = [e for e in ev2 if isinstance(e, rattus.CrusaderRevealed)][0]
    assert cr.tokens == ("RAT:20", "RAT:21") and s.phase == "crusader"
    assert project(cr, "p2").tokens == ("", "") and project(cr, TABLE).faces == ()
    assert rattus.view(s, TABLE)["pending"] == 2 and "RAT:2" not in str(rattus.view(s, "p2"))
    assert [p["token"] for p in rattus.view(s, "p1")["pending"]] == ["RAT:20", "RAT:21"]
    refused(s, rattus.OrderTokens(seat="p1", order=("RAT:20",)), "crusader-order")
    # the A token first (3 cubes reach its limit 3), then the Bourgeoisie one
    s2, ev3 = play(s, rattus.OrderTokens(seat="p1", order=("RAT:20", "RAT:21")))
    assert revealed(ev3) == [("RAT:20", True), ("RAT:21", True)] and s2.cubes["Gallia"] == {"p2": 1}
    # the other order: Bourgeoisie first leaves 2 cubes, the A token (limit 3) then does nothing
    s3, ev4 = play(s, rattus.OrderTokens(seat="p1", order=("RAT:21", "RAT:20")))
    assert revealed(ev4) == [("RAT:21", True), ("RAT:20", False)] and s3.cubes["Gallia"] == {"p2": 2}


def test_crusader_with_physical_tokens_scans_each_then_orders() -> None:
    chars = ("croise", "marchand", "moine", "chevalier", "sorciere", "roi")
    faces = {"RAT:20": Face(3, ("A",)), "RAT:21": Face(1, ("bourgeoisie",))}
    s = scenario(
        chars,
        faces,
        mode="physical",
        slots={"Gallia": ("", "")},
        cubes={"Gallia": {"p2": 3}},
        holders={"croise": "p1", "marchand": "p2"},
    )
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",), crusader=True))
    s, _ = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    s, _ = play(s, rattus.SpreadRat(seat="p1", region="Italia"))
    assert s.phase == "crusader_flip"
    s, ev = play(s, rattus.FlipToken(seat="p1", region="Gallia", token="RAT:21"))
    assert isinstance(ev[0], rattus.CrusaderRevealed) and ev[0].audience() == frozenset({"p1"})
    s, _ = play(s, rattus.FlipToken(seat="p1", region="Gallia", token="RAT:20"))
    assert s.phase == "crusader"
    s, ev = play(s, rattus.OrderTokens(seat="p1", order=("RAT:20", "RAT:21")))
    assert s.cubes["Gallia"] == {"p2": 1} and s.active == "p2"


# -- Soldier ------------------------------------------------------------------------------------------
def test_soldier_places_one_more_rat_when_spreading() -> None:
    chars = ("soldat", "marchand", "moine", "chevalier", "sorciere", "roi")
    s = scenario(chars, slots={"Gallia": ("RAT:20", "RAT:21")}, holders={"soldat": "p1"})
    s2, ev = play(s, rattus.MovePlague(seat="p1", path=("Gallia",), soldier=True))
    assert ev[-1].count == 3
    s3, ev = play(s, rattus.MovePlague(seat="p1", path=("Gallia",)))
    assert ev[-1].count == 2
    refused(s, rattus.MovePlague(seat="p1", path=("Gallia", "Hispania", "Italia")), "plague-steps")


def test_several_chivalry_cards_never_move_the_plague_more_than_two_regions() -> None:
    chars = ("soldat", "croise", "moine", "chevalier", "sorciere", "roi")
    s = scenario(chars, holders={"soldat": "p1", "croise": "p1", "chevalier": "p1"}, plague="Anglia")
    refused(s, rattus.MovePlague(seat="p1", path=("Gallia", "Hispania", "Italia")), "plague-steps")


# -- Messenger ----------------------------------------------------------------------------------------
def test_messenger_swaps_two_cubes_of_different_players_even_across_a_rampart() -> None:
    chars = ("messager", "empereur", "moine", "chevalier", "sorciere", "roi")
    s = scenario(chars, cubes={"Gallia": {"p2": 1}, "Russia": {"p3": 2}}, holders={"messager": "p1"})
    s2, _ = play(
        s, rattus.SwapCubes(seat="p1", seat_a="p2", region_a="Gallia", seat_b="p3", region_b="Russia")
    )
    assert s2.cubes["Gallia"] == {"p3": 1} and s2.cubes["Russia"] == {"p2": 1, "p3": 1}
    refused(
        s,
        rattus.SwapCubes(seat="p1", seat_a="p2", region_a="Gallia", seat_b="p2", region_b="Russia"),
        "no-cube-there",
    )
    s3 = rep(s, ramparts=(("Gallia", "Hispania"),))
    s3 = arrange(s3, cubes={"Gallia": {"p2": 1}, "Hispania": {"p3": 1}}, holders={"messager": "p1"})
    s4, _ = play(
        s3, rattus.SwapCubes(seat="p1", seat_a="p2", region_a="Gallia", seat_b="p3", region_b="Hispania")
    )
    assert s4.cubes["Gallia"] == {"p3": 1}


# -- Burgomaster --------------------------------------------------------------------------------------
def test_burgomaster_adds_one_cube_where_in_majority_and_combines_with_peasant() -> None:
    chars = ("bourgmestre", "paysan", "moine", "chevalier", "sorciere", "reine")
    s = scenario(
        chars,
        slots={"Gallia": ("RAT:20", "RAT:21", "RAT:22")},
        cubes={"Gallia": {"p1": 2, "p2": 1}, "Italia": {"p1": 1, "p2": 1}, "Polonia": {"p1": 1}},
        holders={"bourgmestre": "p1", "paysan": "p1"},
    )
    s2, ev = play(s, rattus.PlaceCubesBurgomaster(seat="p1", peasant_region="Polonia"))
    assert [(e.region, e.count, e.reason) for e in ev] == [
        ("Gallia", 1, "burgomaster"),
        ("Polonia", 1, "burgomaster"),
        ("Polonia", 1, "peasant"),
    ]
    refused(s2, rattus.PlaceCubes(seat="p1", region="Gallia"), "one-placement")
    refused(s, rattus.PlaceCubesBurgomaster(seat="p1", peasant_region="Italia"), "burgomaster")
    s3, _ = play(s, rattus.PlaceCubes(seat="p1", region="Gallia"))  # or the classic way
    assert s3.cubes["Gallia"]["p1"] == 5


# -- Emperor ------------------------------------------------------------------------------------------
def test_emperor_ramparts_stop_plague_rats_and_cubes() -> None:
    chars = ("empereur", "marchand", "moine", "chevalier", "sorciere", "roi")
    s = scenario(
        chars,
        slots={"Gallia": ("RAT:20",)},
        cubes={"Gallia": {"p1": 2}},
        holders={"empereur": "p1", "marchand": "p1", "moine": "p1"},
        plague="Germania",
    )
    refused(s, rattus.SetRamparts(seat="p1", edges=(("Gallia", "Polonia"),)), "neighbours")
    s, _ = play(s, rattus.SetRamparts(seat="p1", edges=(("Germania", "Gallia"), ("Gallia", "Hispania"))))
    assert s.ramparts == (("Gallia", "Germania"), ("Gallia", "Hispania"))
    refused(s, rattus.MovePlague(seat="p1", path=("Gallia",)), "rampart")
    refused(s, rattus.MoveCubes(seat="p1", src="Gallia", dst="Hispania", count=1), "rampart")
    refused(s, rattus.MoveRat(seat="p1", src="Gallia", dst="Hispania"), "rampart")
    s2, _ = play(s, rattus.MovePlague(seat="p1", path=("Italia",)))  # Italia has no rat: nothing to spread
    # spreading from Gallia: Hispania and Germania are walled off, only Anglia and Italia remain
    s3 = arrange(s, plague="Italia", holders={"empereur": "p2"}, slots={"Gallia": ("RAT:20",)})
    s3, _ = play(s3, rattus.MovePlague(seat="p1", path=("Gallia",)))
    opts = {i.region for i in rattus.legal(s3, "p1")}
    assert opts == {"Anglia", "Italia"}


def test_emperor_places_or_moves_one_rampart_each_layout_offered_once() -> None:
    """« placer (ou déplacer) les 3 pions Rempart »: each choice places the next rampart or moves one; the
    same layout is never offered twice, nor the one already on the board (a choice that does nothing)."""
    chars = ("empereur", "marchand", "moine", "chevalier", "sorciere", "roi")
    s = scenario(chars, holders={"empereur": "p1"})

    def ramparts(state: rattus.State) -> list[tuple[tuple[str, str], ...]]:
        return [i.edges for i in rattus.legal(state, "p1") if isinstance(i, rattus.SetRamparts)]

    first = ramparts(s)
    edges = {rampart(a, b) for a in s.adj for b in s.adj[a]}
    assert len(first) == len(set(first)) == len(edges)  # the first rampart, on any border, once each
    s, _ = play(s, rattus.SetRamparts(seat="p1", edges=(("Gallia", "Hispania"),)))
    then = ramparts(s)
    assert len(then) == len(set(then)) and s.ramparts not in then
    assert all(len(e) in (1, 2) for e in then)  # the one placed moved, or a second one placed


def test_nun_choices_are_each_layout_once_never_the_one_on_the_board() -> None:
    chars = ("nonne", "marchand", "moine", "chevalier", "sorciere", "roi")
    s = scenario(chars, holders={"nonne": "p1"})
    nuns = [i.regions for i in rattus.legal(s, "p1") if isinstance(i, rattus.SetNuns)]
    assert nuns and len(nuns) == len(set(nuns)) and s.nuns not in nuns


# -- Queen --------------------------------------------------------------------------------------------
def test_queen_adds_two_cubes_when_her_cubes_connect_the_most_regions() -> None:
    chars = ("reine", "marchand", "moine", "chevalier", "sorciere", "roi")
    # the rules' example: red in Anglia, Gallia, Hispania (3); blue Russia, Tartaria (2);
    # yellow Hispania, Italia, Polonia (2); green Germania, Turcia (0)
    cubes = {
        "Anglia": {"p1": 1},
        "Gallia": {"p1": 1},
        "Hispania": {"p1": 1, "p3": 1},
        "Russia": {"p2": 1},
        "Tartaria": {"p2": 1},
        "Italia": {"p3": 1},
        "Polonia": {"p3": 1},
        "Germania": {"p4": 1},
        "Turcia": {"p4": 1},
    }
    s = scenario(chars, slots={"Gallia": ("RAT:20",)}, cubes=cubes, holders={"reine": "p1"})
    from engine.games.rattus.rules import connected_regions

    assert [connected_regions(s, p) for p in ("p1", "p2", "p3", "p4")] == [3, 2, 2, 0]
    s2, _ = play(s, rattus.PlaceCubes(seat="p1", region="Gallia", queen=True))
    assert s2.cubes["Gallia"] == {"p1": 4}
    refused(s, rattus.PlaceCubes(seat="p1", region="Polonia", queen=True), "no-rats")  # only the Peasant
    s3 = arrange(s, holders={"reine": "p2"}, active="p2")
    refused(s3, rattus.PlaceCubes(seat="p2", region="Gallia", queen=True), "queen-condition")


# -- Pied Piper ---------------------------------------------------------------------------------------
def test_pied_piper_leads_as_many_rats_as_fit_and_none_into_a_bishop() -> None:
    chars = ("piedpiper", "eveque", "moine", "chevalier", "sorciere", "roi")
    s = scenario(
        chars,
        slots={"Gallia": ("RAT:20", "RAT:21", "RAT:22"), "Hispania": ("RAT:23", "RAT:24")},
        cubes={"Gallia": {"p1": 1}},
        holders={"piedpiper": "p1", "eveque": "p1"},
    )
    s2, ev = play(s, rattus.PipeCube(seat="p1", src="Gallia", dst="Hispania"))
    assert ev[0].rats == 1 and s2.rats("Hispania") == 3 and s2.rats("Gallia") == 2
    assert s2.cubes["Hispania"] == {"p1": 1} and s2.cubes["Gallia"] == {}
    s3, _ = play(s, rattus.SetBishop(seat="p1", bishop=0, region="Italia"))
    s3, ev = play(s3, rattus.PipeCube(seat="p1", src="Gallia", dst="Italia"))
    assert ev[0].rats == 0 and s3.rats("Gallia") == 3 and s3.cubes["Italia"] == {"p1": 1}
    refused(
        arrange(s, cubes={}, holders={"piedpiper": "p1"}),
        rattus.PipeCube(seat="p1", src="Gallia", dst="Hispania"),
        "no-cube-there",
    )


# -- Magician and Serf --------------------------------------------------------------------------------
def test_magician_potion_saves_a_cube_and_does_not_feed_the_serf() -> None:
    chars = ("magicien", "serf", "moine", "chevalier", "sorciere", "roi")
    faces = {"RAT:20": Face(1, ("A",)), "RAT:21": Face(1, ("A",))}
    s = scenario(
        chars,
        faces,
        slots={"Gallia": ("RAT:20", "RAT:21")},
        cubes={"Gallia": {"p2": 2, "p3": 1}},
        holders={"magicien": "p2", "serf": "p1"},
        active="p2",
    )
    s, _ = play(s, rattus.AddPotion(seat="p2", region="Gallia"))
    refused(s, rattus.AddPotion(seat="p2", region="Gallia"), "card-used")  # one potion per turn
    assert s.potions["Gallia"] == {"p2": 1} and s.potions_left == 9
    s = arrange(s, active="p1", slots={"Gallia": ("RAT:20", "RAT:21")})
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",), serf=True))
    s, ev = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    s, ev2 = play(s, rattus.SpreadRat(seat="p1", region="Italia"))
    lost = [(e.cubes, e.potions) for e in ev2 if isinstance(e, rattus.CubesLost)]
    # token 1: p2's potion instead of a cube, p3 loses its cube -> Serf +1 for p1
    # token 2: p2 loses a cube, and the Serf's own new cube -> another Serf cube
    assert lost[0] == ({"p3": 1}, {"p2": 1})
    serf = [e for e in ev2 if isinstance(e, rattus.CubesPlaced) and e.reason == "serf"]
    assert len(serf) == 2
    assert lost[1] == ({"p2": 1, "p1": 1}, {})
    assert s.cubes["Gallia"] == {"p2": 1, "p1": 1}


def test_serf_needs_another_players_cube_lost() -> None:
    chars = ("serf", "marchand", "moine", "chevalier", "sorciere", "roi")
    faces = {"RAT:20": Face(1, ("paysannerie",))}
    s = scenario(
        chars, faces, slots={"Gallia": ("RAT:20",)}, cubes={"Gallia": {"p1": 2}}, holders={"serf": "p1"}
    )
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",), serf=True))
    s, ev = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    assert s.cubes["Gallia"] == {"p1": 1}
    assert not [e for e in ev if isinstance(e, rattus.CubesPlaced)]


# -- Baker --------------------------------------------------------------------------------------------
def test_baker_cubes_go_to_one_region_when_another_player_takes_the_card() -> None:
    chars = ("boulanger", "marchand", "moine", "chevalier", "sorciere", "roi")
    s = scenario(chars, holders={"boulanger": "p1"})
    s, _ = play(s, rattus.BakerStore(seat="p1"))
    refused(s, rattus.BakerStore(seat="p1"), "card-used")
    assert s.baker == 1 and s.reserve["p1"] == 19
    s = arrange(s, active="p2", holders={"boulanger": "p1"})
    refused(s, rattus.TakeCard(seat="p2", card="boulanger"), "baker-region")
    s, ev = play(s, rattus.TakeCard(seat="p2", card="boulanger", region="Polonia"))
    assert s.cubes["Polonia"] == {"p1": 1} and s.baker == 0 and s.holders["boulanger"] == "p2"
    assert isinstance(ev[1], rattus.BakerCubesPlaced) and ev[1].owner == "p1"


# -- Nun and Bishop -----------------------------------------------------------------------------------
def test_nuns_lower_the_population_against_the_limit() -> None:
    # the rules' example: Scandia, 3 cubes, 2 nuns: only a limit of 1 strikes
    chars = ("nonne", "marchand", "moine", "chevalier", "sorciere", "roi")
    faces = {"RAT:20": Face(2, ("A",)), "RAT:21": Face(1, ("A",))}
    s = scenario(
        chars,
        faces,
        slots={"Scandia": ("RAT:20", "RAT:21")},
        cubes={"Scandia": {"p2": 3}},
        holders={"nonne": "p1"},
        plague="Anglia",
    )
    s, _ = play(s, rattus.SetNuns(seat="p1", regions=("Scandia", "Scandia", "Gallia")))
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Scandia",)))
    s, _ = play(s, rattus.SpreadRat(seat="p1", region="Germania"))
    s, ev = play(s, rattus.SpreadRat(seat="p1", region="Germania"))
    assert revealed(ev) == [("RAT:20", False), ("RAT:21", True)]
    assert s.cubes["Scandia"] == {"p2": 2}


def test_bishop_keeps_rats_out() -> None:
    chars = ("eveque", "marchand", "moine", "chevalier", "sorciere", "roi")
    s = scenario(
        chars, slots={"Gallia": ("RAT:20",)}, holders={"eveque": "p1", "moine": "p1"}, plague="Germania"
    )
    s, _ = play(s, rattus.SetBishop(seat="p1", bishop=1, region="Hispania"))
    refused(s, rattus.MoveRat(seat="p1", src="Gallia", dst="Hispania"), "rat-room")
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",)))
    assert {i.region for i in rattus.legal(s, "p1")} == {"Anglia", "Germania", "Italia"}
    refused(s, rattus.SpreadRat(seat="p1", region="Hispania"), "rat-room")


# -- spread -------------------------------------------------------------------------------------------
def test_spread_counts_and_no_room_anywhere() -> None:
    s = scenario(slots={"Gallia": ("RAT:20",)}, plague="Germania")
    _, ev = play(s, rattus.MovePlague(seat="p1", path=("Gallia",)))
    assert ev[-1].count == 1
    s3 = scenario(slots={"Gallia": ("RAT:20", "RAT:21", "RAT:22")}, plague="Germania")
    _, ev = play(s3, rattus.MovePlague(seat="p1", path=("Gallia",)))
    assert ev[-1].count == 2
    full = {
        r: (f"RAT:{10 + 3 * k:02d}", f"RAT:{11 + 3 * k:02d}", f"RAT:{12 + 3 * k:02d}")
        for k, r in enumerate(("Anglia", "Hispania", "Germania", "Italia"))
    }
    s4 = scenario(slots={"Gallia": ("RAT:40",), **full}, plague="Hispania")
    s4, ev = play(s4, rattus.MovePlague(seat="p1", path=("Gallia",)))
    assert any(isinstance(e, rattus.SpreadEnded) and e.reason == "no-room" for e in ev)
    assert s4.active == "p2" and all(len(v) <= 3 for v in s4.slots.values())


def test_knight_crusader_and_serf_apply_in_the_same_region() -> None:
    chars = ("chevalier", "croise", "serf", "moine", "sorciere", "roi")
    faces = {"RAT:20": Face(3, ("A",))}
    s = scenario(
        chars,
        faces,
        slots={"Scandia": ("RAT:20",)},
        cubes={"Scandia": {"p2": 1}},
        holders={"chevalier": "p1", "croise": "p1", "serf": "p1"},
        plague="Italia",
    )
    s, _ = play(
        s, rattus.MovePlague(seat="p1", path=("Germania", "Scandia"), neutral=True, crusader=True, serf=True)
    )
    s, _ = play(s, rattus.SpreadRat(seat="p1", region="Anglia"))
    s, ev = play(s, rattus.OrderTokens(seat="p1", order=("RAT:20",)))
    # 1 cube + 2 neutral reaches the limit 3: p2 loses its cube, the Serf gains one there
    assert revealed(ev) == [("RAT:20", True)]
    assert s.cubes["Scandia"] == {"p1": 1}


def test_plague_walled_in_by_ramparts_stays_and_the_turn_ends() -> None:
    chars = ("empereur", "marchand", "moine", "chevalier", "sorciere", "roi")
    s = scenario(
        chars,
        holders={"empereur": "p1"},
        plague="Hispania",
        slots={"Hispania": ("RAT:20",)},
        cubes={"Hispania": {"p2": 2}},
    )
    refused(s, rattus.MovePlague(seat="p1", path=()), "plague-steps")
    s, _ = play(s, rattus.SetRamparts(seat="p1", edges=(("Hispania", "Gallia"), ("Hispania", "Italia"))))
    assert [i.path for i in rattus.legal(s, "p1") if isinstance(i, rattus.MovePlague)] == [()]
    s, ev = play(s, rattus.MovePlague(seat="p1", path=()))
    assert isinstance(ev[0], rattus.PlagueWalledIn) and s.active == "p2" and s.plague == "Hispania"
    assert s.cubes["Hispania"] == {"p2": 2} and s.rats("Hispania") == 1


def test_witch_with_physical_tokens_may_scan_what_she_looks_at() -> None:
    faces = {"RAT:20": Face(2, ("magie",))}
    s = scenario(
        faces=faces, mode="physical", slots={"Gallia": ("", ""), "Russia": ("",)}, holders={"sorciere": "p1"}
    )
    s, ev = play(s, rattus.WitchPeek(seat="p1", region="Gallia", index=1, token="RAT:20"))
    assert (ev[0].token, ev[0].threshold) == ("RAT:20", 2) and project(ev[0], TABLE).token == ""
    refused(s, rattus.WitchPeek(seat="p1", region="Russia", token="RAT:20"), "token-not-in-region")
    s, ev = play(s, rattus.WitchPeek(seat="p1", region="Russia"))  # looked at without scanning
    s, _ = play(s, rattus.WitchSwap(seat="p1"))
    assert s.slots["Russia"] == ("RAT:20",) and s.slots["Gallia"] == ("", "")
    assert "RAT:20" not in str(rattus.view(s, TABLE)) and "RAT:20" in str(rattus.view(s, "p1"))
