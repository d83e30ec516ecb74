"""Rattus on the screens: the Monk's, the Witch's, the Nun's and the Bishop's choices as steps that say what
tells them apart (no more « … (1) », « … (2) »); the census learned in play, named and counted as the census
list names and counts it; the next evening with a full census; a damaged sticker code said so."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import msgspec
import pytest

from companion.session import Choice
from companion.ui import profiles as P
from companion.ui.rattus import moves
from engine import texts
from engine.core import TABLE, SeededRng
from engine.core.codes import payload
from engine.games import rattus
from engine.games.rattus import profile as rp
from tests.rattus.rattus_fixtures import arrange, box_profile, options, play, rep

NAMES = {"p1": "Léa", "p2": "Marc", "p3": "Inès", "p4": "Hugo"}


def choices(s: rattus.State, seat: str = "p1") -> list[Choice]:
    out = []
    for i in rattus.legal(s, seat):
        intent = msgspec.to_builtins(i) | {"type": type(i).__name__}
        out.append(Choice(intent, texts.describe("rattus", i, "fr"), texts.describe("rattus", i, "en")))
    return out


def holding(mode: str, **kw: object) -> rattus.State:
    s, _ = rattus.setup(
        options(characters=["nonne", "moine", "eveque", "sorciere", "chevalier", "roi"], mode=mode),
        SeededRng(1),
    )
    hidden = ("", "", "") if mode == "physical" else ("RAT:20", "RAT:21", "RAT:22")
    return arrange(
        s,
        holders={"nonne": "p1", "moine": "p1", "eveque": "p1", "sorciere": "p1"},
        slots={"Gallia": hidden, "Hispania": ("RAT:23",) if mode == "digital" else ("",)},
        cubes={"Gallia": {"p1": 1}},
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("mode", ["physical", "digital"])
def test_moine_les_rats_face_cachee_d_une_region_se_valent_un_seul_est_propose(mode: str) -> None:
    s = holding(mode)
    listed = [c for c in choices(s) if c.intent["type"] == "MoveRat"]
    assert len(listed) > len(
        {(c.intent["src"], c.intent["dst"]) for c in listed}
    )  # the engine lists each rat
    p = moves.rat_plan("MoveRat", choices(s), rattus.view(s, "p1"))
    assert p is not None and p.sources == ["Gallia", "Hispania"]
    assert p.which("Gallia") == [""]  # three face-down rats nobody saw: one choice
    assert set(p.targets("Gallia", "")) == {"Anglia", "Hispania", "Germania", "Italia"}
    for dst, intent in p.targets("Gallia", "").items():  # each one a listed intent, sent as listed
        assert any(c.intent == intent for c in listed) and intent["dst"] == dst


def test_moine_un_rat_vu_par_la_sorciere_est_propose_a_part_par_son_jeton_et_sa_face() -> None:
    s = holding("digital")
    s, _ = play(s, rattus.WitchPeek(seat="p1", region="Gallia", index=1))
    v = rattus.view(s, "p1")
    p = moves.rat_plan("MoveRat", choices(s), v)
    assert p is not None and p.which("Gallia") == ["", "RAT:21"]
    seen = p.targets("Gallia", "RAT:21")["Anglia"]
    assert seen["index"] == 1 and p.targets("Gallia", "")["Anglia"]["index"] == 0
    face = v["regions"]["Gallia"]["known"][0]["face"]
    assert moves._which_label(p, "RAT:21", "fr").startswith(f"le jeton 21 (vu : seuil {face['threshold']}")
    assert moves._which_label(p, "", "en") == "a face-down rat"
    # the Witch's second look: one region button each, never a rat already seen
    w = moves.rat_plan("WitchPeek", choices(s), v)
    assert w is not None and w.targets("Gallia", "")[""]["index"] != 1


def test_nonne_premiere_pose_une_seule_fois_par_region_puis_d_ou_part_une_nonne_et_ou_elle_va() -> None:
    s = holding("physical")
    listed = [c for c in choices(s) if c.intent["type"] == "SetNuns"]
    p = moves.pawn_plan("SetNuns", choices(s), rattus.view(s, "p1"))
    assert p is not None and p.sources == [moves.NEW] and p.count[moves.NEW] == 3
    assert len(p.moves[moves.NEW]) == len(s.regions) == len(listed)  # one per region, not three alike
    s = rep(s, nuns=("Gallia", "Gallia", "Hispania"), used=())
    p = moves.pawn_plan("SetNuns", choices(s), rattus.view(s, "p1"))
    assert p is not None and sorted(p.sources) == ["Gallia", "Hispania"]
    assert p.count["Gallia"] == 2 and "Gallia" not in p.moves["Gallia"]  # a nun "moved" where she is: no
    s2, _ = play(s, rattus.SetNuns(**{k: v for k, v in p.moves["Gallia"]["Italia"].items() if k != "type"}))
    assert sorted(s2.nuns) == ["Gallia", "Hispania", "Italia"]


def test_eveque_les_deux_eveques_se_valent_poser_puis_deplacer() -> None:
    s = rep(holding("physical"), bishops=("", "Italia"))
    p = moves.pawn_plan("SetBishop", choices(s), rattus.view(s, "p1"))
    assert p is not None and set(p.sources) == {moves.NEW, "Italia"}
    s2, _ = play(
        s, rattus.SetBishop(**{k: v for k, v in p.moves[moves.NEW]["Gallia"].items() if k != "type"})
    )
    assert sorted(s2.bishops) == ["Gallia", "Italia"]
    s3, _ = play(s, rattus.SetBishop(**{k: v for k, v in p.moves["Italia"]["Anglia"].items() if k != "type"}))
    assert sorted(b for b in s3.bishops if b) == ["Anglia"]


def test_pied_piper_le_journal_accorde_le_verbe_avec_le_nombre_de_rats() -> None:
    for n, fr, en in ((0, "aucun rat ne le suit", "no rat follows"), (1, "1 rat le suit", "1 rat follows")):
        e = rattus.PiperMoved(seat="p1", src="Gallia", dst="Italia", rats=n)
        assert texts.describe("rattus", e, "fr", NAMES).endswith(fr)
        assert texts.describe("rattus", e, "en", NAMES).endswith(en)
    e = rattus.PiperMoved(seat="p1", src="Gallia", dst="Italia", rats=2)
    assert texts.describe("rattus", e, "fr", NAMES).endswith("2 rats le suivent")


def test_un_autocollant_abime_est_dit_abime_ou_mal_lu_pas_absent_du_profil_de_la_boite() -> None:
    s, _ = rattus.setup(options(mode="physical", profile=box_profile()), SeededRng(1))
    s = arrange(s, slots={"Italia": ("",)}, cubes={"Italia": {"p2": 1}}, phase="ravage")
    s = rep(s, ravage="Italia", ravage_kind="turn")
    good = payload("RAT:07")
    bad = good[:-1] + ("A" if good[-1] != "A" else "B")
    with pytest.raises(rattus.IllegalIntent) as exc:
        rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Italia", token=bad), SeededRng(0))
    assert exc.value.rule == "damaged-code"
    fr = texts.refusal("rattus", exc.value.rule, exc.value.message, "fr")
    en = texts.refusal("rattus", exc.value.rule, exc.value.message, "en")
    assert "abîmé ou mal lu" in fr and "profil" not in fr and "scannez-le de nouveau" in fr
    assert "damaged or misread" in en and "profile" not in en
    with pytest.raises(rattus.IllegalIntent) as exc:  # not one of ours at all: said foreign, not damaged
        rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Italia", token="PT1:XYZ"), SeededRng(0))
    assert exc.value.rule == "not-a-token"
    assert "n'est pas un code de tablekeeper" in texts.refusal(
        "rattus", "not-a-token", exc.value.message, "fr"
    )
    assert rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Italia", token=good), SeededRng(0))
    said = rp.TokenCodeError("damaged", bad, "")
    assert "abîmé" in said.said("fr") and "damaged" in said.said("en")  # the census screen's words


def test_le_plateau_par_defaut_porte_ses_accents_et_un_recensement_appris_sous_l_ancien_nom_est_retrouve(
    tmp_path: Path,
) -> None:
    from companion.ui.rattus.prompt import remember

    assert rp.default_profile().name == "Rattus — plateau par défaut (à vérifier)"
    old = P.CensusFile.new(tmp_path, "Rattus - plateau par defaut (a verifier)")
    old.record("RAT:01", "3 A")
    view = {
        "profile": {"name": rp.default_profile().name, "faces": 1, "tokens": 49},
        "revealed": [{"token": "RAT:07", "threshold": 2, "symbols": ["M", "clerge"]}],
    }
    got = remember(tmp_path, view, create=True)
    assert got is not None
    path, added, done, total = got
    assert path == old.path and added == 1 and (done, total) == (2, 49)  # the file's own count
    listed = P.rattus_profiles(tmp_path)
    assert len(listed) == 1 and (listed[0].done, listed[0].total) == (done, total)


def test_le_soir_suivant_un_recensement_complet_est_choisi_avec_le_sac_cache(tmp_path: Path) -> None:
    from companion.ui.rattus.profile_panel import RattusProfilePanel

    shell = SimpleNamespace(hub=SimpleNamespace(data_dir=tmp_path), lang="fr")
    assert RattusProfilePanel(shell).selected is None  # nothing recorded: the default board, real tokens
    assert RattusProfilePanel(shell).defaults() == {}
    half = P.CensusFile.new(tmp_path, "à moitié")
    half.record("RAT:01", "3 A")
    assert RattusProfilePanel(shell).selected is None  # an incomplete census is not chosen by itself
    full = P.CensusFile.new(tmp_path, "notre boîte")
    for t in box_profile().tokens:
        full.record(t.id, t.face.text())
    panel = RattusProfilePanel(shell)
    assert panel.selected == full.path and panel.defaults() == {"mode": "digital"}
    assert rattus.setup({"players": 3, **panel.with_profile({"mode": "digital"})}, SeededRng(1))
    panel.choose(half.path)  # a group that picks another census gets the real tokens again
    assert panel.defaults() == {}
