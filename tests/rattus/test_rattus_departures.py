"""Rulebook scenarios for the departures an audit of the rules against the code found, named in the rulebook's
words."""

from __future__ import annotations

import pytest

from engine.core import SeededRng
from engine.games import rattus
from engine.games.rattus.profile import Face
from tests.rattus.rattus_fixtures import arrange, box_profile, new_game, options, play, rep


def final_round(characters: tuple[str, ...], holders: dict[str, str], **kw: object) -> rattus.State:
    """The final round has begun (p2 played the last turn): p1 is the first to use its cards."""
    s, _ = new_game(1, players=4, characters=list(characters))
    s = arrange(s, holders=holders, active="p1", phase="final", **kw)  # type: ignore[arg-type]
    return rep(s, stage="final", queue=("p4", "p3"), last_regular="p2", end_reason="rats")


# -- « il doit appliquer les effets de ces cartes dans la même région » (Croisé, Chevalier, Serf) ------------
CHIVALRY = ("chevalier", "soldat", "serf", "moine", "sorciere", "roi")


def test_soldat_ajoute_un_jeton_rat_voisin_de_la_peste_apres_que_le_chevalier_la_deplace() -> None:
    """Final round: the Knight moves the plague two regions; the Soldier beside it then adds its rat next to
    the plague's new region (only the Knight, the Crusader and the Serf share the plague's region)."""
    s = final_round(
        CHIVALRY, {"chevalier": "p1", "soldat": "p1"}, plague="Germania", slots={"Italia": ("RAT:20",)}
    )
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Italia", "Hispania"), neutral=True))
    assert s.plague == "Hispania" and s.neutral_permanent
    s, ev = play(s, rattus.SoldierRat(seat="p1", region="Gallia"))
    assert s.rats("Gallia") == 1 and "soldat" in s.used
    with pytest.raises(rattus.IllegalIntent, match="card-used"):
        rattus.apply(s, rattus.SoldierRat(seat="p1", region="Gallia"), SeededRng(0))


def test_soldat_avant_le_deplacement_de_la_peste_par_le_serf() -> None:
    s = final_round(
        CHIVALRY, {"serf": "p1", "soldat": "p1"}, plague="Germania", slots={"Italia": ("RAT:20",)}
    )
    s, _ = play(s, rattus.SoldierRat(seat="p1", region="Gallia"))
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",), serf=True))
    assert s.plague == "Gallia" and s.phase == "final"
    with pytest.raises(rattus.IllegalIntent, match="card-used"):  # the plague moves once in the final turn
        rattus.apply(s, rattus.MovePlague(seat="p1", path=("Germania",), serf=True), SeededRng(0))


# -- « OU un joueur a placé tous les cubes de sa couleur sur le plateau de jeu » -----------------------------
BAKERY = ("boulanger", "marchand", "moine", "chevalier", "sorciere", "roi")


def test_un_joueur_a_place_tous_ses_cubes_quand_on_lui_prend_le_boulanger() -> None:
    """p2 has 18 cubes on the board and 2 on the Baker: its reserve is empty, but not all its cubes are on the
    board. p1 takes the Baker and puts those 2 cubes in Gallia: now all 20 are; the game ends after this
    turn."""
    s, _ = new_game(1, players=4, characters=list(BAKERY))
    s = arrange(
        s,
        active="p1",
        holders={"boulanger": "p2"},
        plague="Germania",
        cubes={"Anglia": {"p2": 9}, "Italia": {"p2": 9}},
        slots={"Gallia": ("RAT:20",)},
    )
    s = rep(s, reserve={**s.reserve, "p2": 0}, baker=2, baker_owner="p2")
    assert not s.exhausted_seat
    s, ev = play(s, rattus.TakeCard(seat="p1", card="boulanger", region="Gallia"))
    assert s.cubes["Gallia"] == {"p2": 2} and s.exhausted_seat == "p2"
    s, ev = play(s, rattus.MovePlague(seat="p1", path=("Italia",)))
    trig = [e for e in ev if isinstance(e, rattus.EndTriggered)]
    assert trig and trig[0].reason == "cubes" and trig[0].last == "p1"
    assert s.phase == "final" and s.active == "p4"


def test_les_cubes_poses_sur_le_boulanger_ne_sont_pas_sur_le_plateau() -> None:
    """Placing its last reserve cube while 2 wait on the Baker card: not all of its cubes are on the board."""
    s, _ = new_game(1, players=4, characters=list(BAKERY))
    s = arrange(
        s,
        active="p1",
        holders={"boulanger": "p1"},
        plague="Germania",
        cubes={"Anglia": {"p1": 17}},
        slots={"Gallia": ("RAT:20",)},
    )
    s = rep(s, reserve={**s.reserve, "p1": 1}, baker=2, baker_owner="p1")
    s, _ = play(s, rattus.PlaceCubes(seat="p1", region="Gallia"))
    assert s.reserve["p1"] == 0 and not s.exhausted_seat
    s, ev = play(s, rattus.MovePlague(seat="p1", path=("Italia",)))
    assert not any(isinstance(e, rattus.EndTriggered) for e in ev) and s.active == "p2"


# -- « ne peut pas laisser la Peste dans la région actuelle » ------------------------------------------------
def test_la_peste_ne_peut_pas_rester_dans_la_region_actuelle() -> None:
    s, _ = new_game(1, players=4)
    s = arrange(s, active="p1", plague="Germania")
    with pytest.raises(rattus.IllegalIntent, match="plague-stays") as exc:
        rattus.apply(s, rattus.MovePlague(seat="p1", path=("Germania",)), SeededRng(0))
    assert "may not stay in Germania" in str(exc.value) and "not neighbours" not in str(exc.value)
    s = rep(s, holders={**s.holders, "chevalier": "p1"})
    with pytest.raises(rattus.IllegalIntent, match="plague-steps") as exc:
        rattus.apply(s, rattus.MovePlague(seat="p1", path=("Italia", "Italia")), SeededRng(0))
    assert "not neighbours" not in str(exc.value)
    with pytest.raises(rattus.IllegalIntent, match="plague-stays"):
        rattus.apply(s, rattus.MovePlague(seat="p1", path=("Italia", "Germania")), SeededRng(0))


# -- Magicien: « si ce dernier devait être retiré du jeu lors de l'action n°3 » ------------------------------
MAGIC = ("magicien", "marchand", "moine", "chevalier", "sorciere", "roi")


def final_plague_with_a_potion(final_potions: bool | None) -> rattus.State:
    """p1's cube in Italia has a potion beside it; the last player of the final round ends it: the plague
    ravages every region (RAT:20: limit 1, A)."""
    opts = options(characters=list(MAGIC), profile=box_profile(RAT_20=Face(1, ("A",))))
    if final_potions is not None:
        opts["final_potions"] = final_potions
    s, _ = rattus.setup(opts, SeededRng(1))
    s = arrange(
        s,
        holders={"magicien": "p1"},
        active="p3",
        phase="final",
        plague="Germania",
        slots={"Italia": ("RAT:20",)},
        cubes={"Italia": {"p1": 1}},
    )
    s = rep(s, stage="final", potions={**s.potions, "Italia": {"p1": 1}}, potions_left=9, last_regular="p2")
    s, _ = play(s, rattus.EndTurn(seat="p3"))
    assert s.phase == "over"
    return s


def test_la_potion_protege_lors_de_l_action_3_pas_lors_du_ravage_final() -> None:
    s = final_plague_with_a_potion(None)  # the rulebook: the final plague is not an action 3
    assert s.cubes["Italia"] == {} and s.result["scores"]["p1"] == 0
    # « près de l'un de ses cubes »: its cube gone, the potion has nothing to stand beside: back to the supply
    assert s.potions["Italia"] == {} and s.potions_left == 10


def test_option_final_potions_la_potion_protege_jusqu_a_la_fin() -> None:
    s = final_plague_with_a_potion(True)
    assert s.cubes["Italia"] == {"p1": 1} and s.potions["Italia"] == {} and s.result["scores"]["p1"] == 1
    with pytest.raises(rattus.OptionsError, match="final_potions"):
        rattus.setup({**options(), "final_potions": "yes"}, SeededRng(1))
