"""Rattus with the real box on the first evening: no token face recorded yet. When the plague ravages, each
token turned over is told by its face (typed), with or without its sticker; what is typed with a sticker is
remembered for that token, the box profile learns it, and the hidden bag opens once all 49 are known."""

from __future__ import annotations

import pytest

from engine.core import TABLE, SeededRng
from engine.games import rattus
from engine.games.rattus.profile import Face, default_profile, merge_faces, revealed_faces, to_dict
from tests.rattus.rattus_fixtures import arrange, box_profile, fake_face, new_game, play


def first_ravage() -> rattus.State:
    """Default board, no face known; p1 sends the plague to Italia (2 rats, 3 cubes): the ravage waits."""
    s, _ = new_game(1, players=4, mode="physical", profile=default_profile())
    s = arrange(s, slots={"Italia": ("", "")}, cubes={"Italia": {"p2": 2, "p3": 1}}, plague="Germania")
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Italia",)))
    while s.phase == "spread":
        s, _ = play(
            s,
            rattus.SpreadRat(
                seat="p1", region=s.adj["Italia"][0] if s.rats(s.adj["Italia"][0]) < 3 else s.adj["Italia"][1]
            ),
        )
    assert s.phase == "ravage" and s.ravage == "Italia"
    return s


def test_la_peste_ravage_avec_les_vrais_jetons_sans_aucune_face_connue() -> None:
    s = first_ravage()
    for seat in (TABLE, "p1"):  # the table and the acting player are both asked to turn a token over
        v = rattus.view(s, seat)
        assert v["turn_over"]["regions"] == ["Italia"] and v["turn_over"]["by"] == ["p1"]
        assert v["profile"]["faces"] == 0 and v["profile"]["tokens"] == 49
    assert "turn_over" not in rattus.view(s, "p3") or rattus.view(s, "p3")["turn_over"]["by"] == ["p1"]
    # the sticker scanned, the face typed: applied and remembered for that token
    s, ev = play(s, rattus.FlipToken(seat=TABLE, region="Italia", token="PT1:RAT:07:J", face="2 M clerge"))
    revealed = [e for e in ev if isinstance(e, rattus.TokenRevealed)]
    assert revealed[0].token == "RAT:07" and revealed[0].effective
    assert s.cubes["Italia"] == {"p2": 1, "p3": 1}  # M: p2 held the majority
    assert s.profile.face("RAT:07") == Face(2, ("M", "clerge"))
    assert rattus.view(s, "p2")["profile"]["faces"] == 1
    # a token without a sticker: its face alone (nothing to remember it by)
    with pytest.raises(rattus.IllegalIntent, match="no-face"):
        rattus.apply(s, rattus.FlipToken(seat="p1", region="Italia", token=""), SeededRng(0))
    s, ev = play(s, rattus.FlipToken(seat="p1", region="Italia", token="", face="1 A"))
    assert s.cubes["Italia"] == {} and s.phase == "actions" and s.active == "p2"
    assert s.profile.complete is False and s.profile.face("RAT:07") is not None


def test_le_profil_de_la_boite_apprend_les_faces_et_le_sac_cache_s_ouvre_a_49() -> None:
    s = first_ravage()
    s, _ = play(s, rattus.FlipToken(seat=TABLE, region="Italia", token="RAT:07", face="2 M clerge"))
    learned = revealed_faces(rattus.view(s, TABLE))
    assert learned == {"RAT:07": Face(2, ("M", "clerge"))}
    box, added, differ = merge_faces(default_profile(), learned)
    assert added == ["RAT:07"] and differ == [] and box.face("RAT:07") == Face(2, ("M", "clerge"))
    _, added, differ = merge_faces(box, {"RAT:07": Face(3, ("A",))})
    assert added == [] and differ == ["RAT:07"]  # a typed face never overwrites a recorded one
    with pytest.raises(rattus.OptionsError) as exc:
        rattus.setup({"mode": "digital", "profile": to_dict(box)}, SeededRng(1))
    text = str(exc.value)
    assert "knows 1" in text and "real tokens" in text and "census" in text
    everything = {t.id: fake_face(int(t.id[4:])) for t in box.tokens}
    box, added, _ = merge_faces(box, everything)
    assert len(added) == 48 and box.complete
    s2, _ = rattus.setup({"mode": "digital", "profile": to_dict(box)}, SeededRng(1))
    assert s2.digital


def test_une_face_deja_connue_se_retourne_d_un_scan() -> None:
    s, _ = new_game(1, players=4, mode="physical", profile=box_profile())
    s = arrange(s, slots={"Italia": ("",)}, cubes={"Italia": {"p2": 2}}, plague="Germania")
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Italia",)))
    while s.phase == "spread":
        s, _ = play(s, rattus.legal(s, "p1")[0])
    assert rattus.FlipToken(seat=TABLE, region="Italia", token="RAT:07") in rattus.legal(s, TABLE)
    assert rattus.view(s, TABLE)["turn_over"]["common"]  # the profile's faces, most frequent first


def test_pour_finir_la_peste_ravage_toutes_les_regions_chacun_peut_retourner_les_jetons() -> None:
    """« Pour finir, la Peste ravage toutes les régions du continent » : no one's turn; every phone and the
    table are asked for the faces, region by region."""
    s, _ = new_game(1, players=4, mode="physical", profile=default_profile())
    s = arrange(
        s,
        slots={"Italia": ("",), "Gallia": ("",)},
        cubes={"Italia": {"p1": 2}, "Gallia": {"p3": 1}},
        plague="Germania",
        active="p2",
    )
    s = rattus_state_with_supply(s, 0)  # the supply is out: this is the last regular turn
    quiet = next(r for r in s.adj["Germania"] if r not in ("Gallia", "Italia"))
    s, _ = play(s, rattus.MovePlague(seat="p2", path=(quiet,)))
    while s.phase == "final":
        s, _ = play(s, rattus.EndTurn(seat=s.active))
    assert s.phase == "final_plague"
    to = rattus.view(s, "p3")["turn_over"]
    assert sorted(to["regions"]) == ["Gallia", "Italia"] and sorted(to["by"]) == ["p1", "p2", "p3", "p4"]
    s, _ = play(s, rattus.FlipToken(seat="p3", region="Gallia", token="", face="1 A"))
    s, _ = play(s, rattus.FlipToken(seat="p1", region="Italia", token="RAT:09", face="3 M"))
    assert s.phase == "over" and s.result["scores"]["p1"] == 2 and s.result["scores"]["p3"] == 0


def rattus_state_with_supply(s: rattus.State, n: int) -> rattus.State:
    from tests.rattus.rattus_fixtures import rep

    return rep(s, supply_count=n)
