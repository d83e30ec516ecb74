"""Box profile: validation (every problem reported), files, census, and `tablekeeper profile check`."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
import tomli_w

from engine.core.codes import payload
from engine.games.rattus import profile as pf
from engine.games.rattus.profile_cli import main as profile_main


def test_default_profile_uses_the_rules_region_names_and_has_no_faces() -> None:
    p = pf.default_profile()
    names = {r.name for r in p.regions}
    for n in (
        "Anglia",
        "Gallia",
        "Hispania",
        "Italia",
        "Germania",
        "Scandia",
        "Polonia",
        "Russia",
        "Tartaria",
        "Turcia",
    ):
        assert n in names
    assert len(p.regions) == 12 and len(p.tokens) == 49
    assert p.verified is False and "check" in p.note.lower()
    assert all(t.face is None for t in p.tokens), "the default profile must not invent token faces"
    assert sorted(p.start_ids()) == [f"RAT:{i:02d}" for i in range(1, 13)]
    assert [len(p.regions_for(n)) for n in (2, 3, 4)] == [8, 10, 12]
    assert any(x.arrow for x in p.links)


def test_queen_example_regions_are_consistent_with_the_default_board() -> None:
    # the Queen example: Germania and Turcia are not connected; Hispania, Italia, Polonia connect only 2
    adj = pf.default_profile().neighbours(4)
    assert "Turcia" not in adj["Germania"]
    assert "Italia" in adj["Hispania"] and "Polonia" not in adj["Italia"]
    assert "Gallia" in adj["Anglia"] and "Hispania" in adj["Gallia"] and "Tartaria" in adj["Russia"]


def test_validate_reports_every_problem_not_just_the_first() -> None:
    data = pf.to_dict(pf.default_profile())
    data["regions"][0]["players"] = 5
    data["regions"].append({"name": "Gallia", "players": 2})
    data["links"].append({"a": "Gallia", "b": "Atlantis"})
    data["links"].append({"a": "Italia", "b": "Italia"})
    data["tokens"][3]["threshold"] = 0
    data["tokens"][3]["symbols"] = ["dragons"]
    data["tokens"][5]["start"] = "yes"
    data["tokens"].pop()
    problems = pf.validate(data)
    text = "\n".join(problems)
    for needle in (
        "players must be 2",
        "listed twice",
        "Atlantis",
        "linked to itself",
        "threshold 0",
        "unknown symbol 'dragons'",
        "start must be true",
        "49 rat tokens",
        "RAT:49",
    ):
        assert needle in text, (needle, text)
    assert len(problems) >= 9


def test_a_link_end_that_is_not_a_region_name_is_reported_not_a_crash() -> None:
    data = pf.to_dict(pf.default_profile())
    data["links"][0]["a"] = ["Gallia"]  # in TOML: a = ["Gallia"]
    data["links"][1]["b"] = {"name": "Italia"}
    with pytest.raises(pf.ProfileError) as caught:
        pf.loads(tomli_w.dumps(data))
    text = str(caught.value)
    assert "links #1: unknown region ['Gallia']" in text
    assert "links #2: unknown region {'name': 'Italia'}" in text


def test_disconnected_board_and_wrong_shading_are_explained() -> None:
    data = pf.to_dict(pf.default_profile())
    data["links"] = [x for x in data["links"] if "Turcia" not in (x["a"], x["b"])]
    data["regions"][-2]["players"] = 2  # Tartaria in a 2-player game
    text = "\n".join(pf.validate(data))
    assert "Turcia has no neighbour" in text
    assert "2-player game uses 8 regions, the shading gives 9" in text


def test_toml_and_json_round_trip(tmp_path: Path) -> None:
    from tests.rattus.rattus_fixtures import box_profile

    p = box_profile()
    for name in ("box.toml", "box.json"):
        path = pf.save(p, tmp_path / name)
        assert pf.load(path) == p
        assert pf.load(path, require_faces=True).complete
    with pytest.raises(pf.ProfileError, match="no face yet"):
        pf.from_dict(pf.to_dict(pf.default_profile()), require_faces=True)


def test_census_records_each_face_once_and_finishes_into_a_complete_profile() -> None:
    c = pf.start_census(pf.default_profile())
    assert c.progress().done == 0 and c.progress().total == 49
    c = c.record(payload("RAT:07"), "2 M Bourgeoisie Clergé")  # scanned sticker text + typed face
    assert c.face("RAT:07") == pf.Face(2, ("M", "bourgeoisie", "clerge"))
    c = c.record("RAT:07", {"threshold": 2, "symbols": ["clerge", "M", "bourgeoisie"]})  # same face: fine
    with pytest.raises(pf.CensusError, match="already recorded"):
        c.record("RAT:07", "3 A")
    c = c.record("RAT:07", "3 A", replace=True)
    with pytest.raises(pf.CensusError, match="not a rat token id"):
        c.record("RCL:1", "1 A")
    with pytest.raises(pf.CensusError, match="damaged or misread"):
        c.record("PT1:RAT:07:Z", "1 A")  # damaged code: check character fails
    with pytest.raises(pf.CensusError, match="not one of ours"):
        c.record("PT1:HELLO", "1 A")  # a code that is not ours at all
    with pytest.raises(pf.CensusError, match="threshold"):
        c.record("RAT:08", "M clerge")
    with pytest.raises(pf.CensusError, match="unknown symbol"):
        c.record("RAT:08", "2 dragon")
    with pytest.raises(pf.CensusError, match="48 token"):
        c.finish()
    for i in range(1, 50):
        if i != 7:
            c = c.record(f"RAT:{i:02d}", f"{1 + i % 4} {'A' if i % 2 else 'magie'}")
    done = c.finish()
    assert done.complete and done.face("RAT:07") == pf.Face(3, ("A",))
    assert pf.validate(pf.to_dict(done), require_faces=True) == []


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    rc = profile_main(args)
    out = capsys.readouterr()
    return rc, out.out + out.err


def test_profile_check_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.toml"
    pf.save(pf.default_profile(), good)
    rc, out = _cli(["check", str(good)], capsys)
    assert rc == 0 and "valid profile" in out and "not yet checked" in out

    data = pf.to_dict(pf.default_profile())
    data["castle"] = ""
    data["tokens"][0]["symbols"] = ["M"]  # face without threshold
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    rc, out = _cli(["check", str(bad)], capsys)
    assert rc == 1
    assert "castle" in out and "needs both threshold and symbols" in out and "2 problem(s)" in out

    broken = tmp_path / "broken.toml"
    broken.write_text("regions = [ {name = ")
    rc, out = _cli(["check", str(broken)], capsys)
    assert rc == 2 and "not valid TOML" in out
    rc, out = _cli(["check", str(tmp_path / "missing.toml")], capsys)
    assert rc == 2 and "cannot read" in out


def test_profile_census_command_saves_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "box.toml"
    assert profile_main(["default", str(path)]) == 0
    monkeypatch.setattr(
        sys, "stdin", io.StringIO(f"{payload('RAT:01')} 1 M clerge\nRAT:02 9 A\nRAT:03 0 A\n")
    )
    rc, out = _cli(["census", str(path)], capsys)
    assert rc == 1 and "line 3" in out and "2/49" in out
    p = pf.load(path)
    assert p.face("RAT:01") == pf.Face(1, ("M", "clerge")) and p.face("RAT:03") is None


def test_tablekeeper_console_routes_to_profile(tmp_path: Path) -> None:
    from companion.cli import main as cli_main

    path = tmp_path / "box.toml"
    pf.save(pf.default_profile(), path)
    assert cli_main(["profile", "check", str(path)]) == 0
