"""Magicien: « poser un jeton Potion près de l'un de ses cubes » — a potion always stands beside a cube of its
owner. It goes with the cubes when they move (Marchand, Messager, Pied Piper), back to the potion supply when
the last of them leaves the board (Roi: to the castle; lost to the plague once potions no longer protect) or
when it is spent instead of a cube. Scenario tests, then the invariant over seeded random games."""

from __future__ import annotations

import pytest

from engine.core import TABLE, SeededRng
from engine.games import rattus
from engine.games.rattus.profile import Face
from tests.rattus.rattus_fixtures import arrange, box_profile, new_game, options, play, rep

MAGIC = ["magicien", "marchand", "moine", "chevalier", "sorciere", "roi"]


def beside_no_cube(s: rattus.State) -> list[tuple[str, str, int]]:
    """Potions whose owner has no cube in their region (the invariant says: none)."""
    return [
        (r, seat, n)
        for r in s.regions
        for seat, n in s.potions[r].items()
        if n > 0 and s.cubes[r].get(seat, 0) <= 0
    ]


def with_potion(cubes: int, chars: list[str] = MAGIC, **faces: Face) -> rattus.State:
    """p1 holds the Magician, has ``cubes`` cubes in Italia and a potion beside them."""
    s, _ = rattus.setup(options(characters=chars, profile=box_profile(**faces)), SeededRng(1))
    s = arrange(
        s,
        holders={"magicien": "p1", "roi": "p1", "marchand": "p1"},
        cubes={"Italia": {"p1": cubes}},
        slots={},
    )
    s, _ = play(s, rattus.AddPotion(seat="p1", region="Italia"))
    assert s.potions["Italia"] == {"p1": 1} and s.potions_left == 9
    return s


def test_potion_pres_de_l_un_de_ses_cubes_suit_le_dernier_cube_que_le_marchand_deplace() -> None:
    s = with_potion(2)
    s, _ = play(s, rattus.MoveCubes(seat="p1", src="Italia", dst="Gallia", count=2))
    assert s.potions["Italia"] == {} and s.potions["Gallia"] == {"p1": 1} and not beside_no_cube(s)


def test_potion_reste_tant_qu_un_cube_de_son_proprietaire_reste_dans_la_region() -> None:
    s = with_potion(2)
    s, _ = play(s, rattus.ToCastle(seat="p1", region="Italia"))
    assert s.potions["Italia"] == {"p1": 1} and s.cubes["Italia"] == {"p1": 1}


def test_potion_retourne_a_la_reserve_quand_le_roi_emmene_le_dernier_cube_au_chateau() -> None:
    s = with_potion(1)
    s, _ = play(s, rattus.ToCastle(seat="p1", region="Italia"))
    assert s.potions["Italia"] == {} and s.potions_left == 10 and not beside_no_cube(s)


def test_potion_retiree_a_la_place_du_cube_lors_de_l_action_3_retourne_a_la_reserve() -> None:
    s = with_potion(1, RAT_20=Face(1, ("A",)))
    s = arrange(s, active="p2", slots={"Italia": ("RAT:20",)}, cubes={"Italia": {"p1": 1}}, holders={})
    s = rep(s, potions={**s.potions, "Italia": {"p1": 1}}, potions_left=9)
    s, ev = play(s, rattus.MovePlague(seat="p2", path=("Italia",)))
    while s.phase == "spread":  # the new rats go around Italia, then the plague ravages it
        s, more = play(s, rattus.legal(s, "p2")[0])
        ev += more
    lost = [e for e in ev if isinstance(e, rattus.CubesLost) and e.region == "Italia"]
    assert lost and lost[0].potions == {"p1": 1} and lost[0].cubes == {}
    assert s.cubes["Italia"] == {"p1": 1} and s.potions["Italia"] == {} and s.potions_left == 10


def test_potion_sans_cube_a_proteger_apres_la_peste_finale_retourne_a_la_reserve_et_le_journal_le_dit() -> (
    None
):
    s, _ = rattus.setup(
        {**options(characters=MAGIC, profile=box_profile(RAT_20=Face(1, ("A",)))), "final_potions": False},
        SeededRng(1),
    )
    s = arrange(
        s,
        holders={"magicien": "p1"},
        active="p3",
        phase="final",
        plague="Germania",
        slots={"Italia": ("RAT:20",)},
        cubes={"Italia": {"p1": 1, "p2": 1}},
    )
    s = rep(s, stage="final", potions={**s.potions, "Italia": {"p1": 2}}, potions_left=8, last_regular="p2")
    s, ev = play(s, rattus.EndTurn(seat="p3"))
    lost = next(e for e in ev if isinstance(e, rattus.CubesLost) and e.region == "Italia")
    assert lost.cubes == {"p1": 1, "p2": 1} and lost.potions == {} and lost.potions_back == {"p1": 2}
    assert s.potions["Italia"] == {} and s.potions_left == 10
    names = {"p1": "Léa", "p2": "Marc"}
    assert "les potions retournent à la réserve (Léa 2)" in rattus.describe(lost, "fr", names)
    assert "the potions go back to the supply (Léa 2)" in rattus.describe(lost, "en", names)


def test_an_older_log_without_potions_back_folds_to_the_same_invariant() -> None:
    """A game saved before the event said it: the fold still takes the potions off the board."""
    s = with_potion(1)
    s = rep(s, stage="final")
    s2 = rattus.fold(s, rattus.CubesLost(region="Italia", token="RAT:20", cubes={"p1": 1}))
    assert s2.potions["Italia"] == {} and s2.potions_left == 10


@pytest.mark.slow
def test_a_potion_always_stands_beside_a_cube_of_its_owner_in_seeded_random_games() -> None:
    """120 seeded random games with the Magician, to their end: after every event, no potion stands beside
    no cube of its owner, and the 10 potions are all counted."""
    chars = [
        ["magicien", "boulanger", "moine", "chevalier", "piedpiper", "roi"],
        ["magicien", "serf", "marchand", "croise", "messager", "reine"],
        ["magicien", "paysan", "eveque", "soldat", "sorciere", "bourgmestre"],
    ]
    games = 0
    for seed in range(120):
        players, mode = 2 + seed % 3, ("digital", "physical")[seed % 2]
        s, _ = new_game(seed, players=players, mode=mode, characters=chars[seed % 3])
        rng = SeededRng(seed * 7 + 1)
        for n in range(3000):
            if s.phase == "over":
                break
            options_ = rattus.legal(s, s.active or TABLE)
            intent = options_[rng.randbelow(len(options_))]
            for e in rattus.apply(s, intent, SeededRng(seed + n)):
                s = rattus.fold(s, e)
                assert not beside_no_cube(s), (seed, type(e).__name__, beside_no_cube(s))
                assert s.potions_left + sum(sum(v.values()) for v in s.potions.values()) == 10
        assert s.phase == "over", seed
        games += 1
    assert games == 120
