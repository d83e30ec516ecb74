"""``tablekeeper print``: list, write PDF and manifest, clear errors, nothing half-written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main as tablekeeper
from printables.cli import main


def test_list_names_every_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    for name in (
        "rattus-tokens",
        "rattus-stickers",
        "rattus-classes",
        "cartus",
        "pandemie-cities",
        "pandemie-propagation",
        "pandemie-rupture",
        "pandemie-events",
        "pandemie-roles",
        "spares",
        "duplex-calibration",
    ):
        assert name in out
    assert " 49 " in out  # the rat tokens, counted from the catalogue


def test_list_says_what_the_camera_does_with_each_set_and_from_how_far(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from vision.reach import reach_cm

    assert main(["--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    note = {
        lines[i].split()[0]: lines[i + 1].strip() for i in range(len(lines) - 1) if lines[i][:1].isalpha()
    }
    assert note["rattus-tokens"].startswith("read in play: a token turned over")
    assert f"up to ≈{reach_cm(0.5)} cm (0.5 mm modules)" in note["rattus-tokens"]
    assert reach_cm(0.5) == 34 and reach_cm(1.0) == 69  # a 720p camera, 67° across, 1.4 px per module
    for name in ("pandemie-rupture", "pandemie-roles"):
        assert note[name].startswith("not read in play: replacements only"), name
    assert note["pandemie-propagation"].startswith("read in play: a propagation card Ville fantôme takes")
    for name in ("rattus-classes", "rattus-pied-piper", "cartus", "pandemie-propagation", "pandemie-roles"):
        assert f"poker ≈{reach_cm(1.0)} cm, mini ≈{reach_cm(0.7)} cm" in note[name]
    assert note["rattus-classes"].startswith("read in play: a class card taken when it is legal")
    assert note["rattus-pied-piper"].startswith("read in play: a character card taken when it is legal")
    assert note["cartus"].startswith("read in play: the cards shown at a reveal; a hand shown at the end")
    assert note["board-gallia"].startswith("read in play: a city on the board")
    assert note["board-rattus"].startswith("not read in play yet")
    assert note["duplex-calibration"] == "no codes"
    assert any(line.startswith("Replacements only:") for line in lines)


def test_writes_pdf_and_manifest_through_the_console_script(tmp_path: Path) -> None:
    pdf, manifest = tmp_path / "out" / "roles.pdf", tmp_path / "roles.json"
    rc = tablekeeper(
        [
            "print",
            "pandemie-roles",
            "--paper",
            "letter",
            "--out",
            str(pdf),
            "--manifest",
            str(manifest),
            "--province",
            "Gallia",
            "--back-offset",
            "1.5,-0.5",
        ]
    )
    assert rc == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    data = json.loads(manifest.read_text())
    assert data["paper"] == "letter" and data["back_offset_mm"] == [1.5, -0.5]
    assert [c["component_id"] for c in data["codes"]] == [f"PO:G{i}" for i in range(1, 7)]
    assert all(c["page"] == 1 and c["payload"].startswith("PT1:PO:G") for c in data["codes"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nope", "--out", "x.pdf"], "unknown set"),
        (["cartus"], "--out"),
        ([], "name a set"),
        (["pandemie", "--province", "Atlantis", "--out", "x.pdf"], "unknown province"),
        (["rattus-tokens", "--profile", "/nonexistent/profile.toml", "--out", "x.pdf"], "does not exist"),
        (["duplex-calibration", "--backs", "gutter", "--out", "x.pdf"], "long or --backs short"),
        (["cartus", "--backs", "gutter", "--back-offset", "1,1", "--out", "x.pdf"], "only applies to duplex"),
        (["cartus", "--province", "G", "--out", "x.pdf"], "only applies to the pandemie"),
    ],
)
def test_bad_input_is_named_and_writes_nothing(
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("offset", ["1", "a,b", "30,0"])
def test_bad_back_offset_is_refused(offset: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["cartus", "--out", "x.pdf", "--back-offset", offset])
    assert exc.value.code == 2
    assert "back offset" in capsys.readouterr().err


def test_an_unreadable_profile_keeps_the_old_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tokens.pdf"
    out.write_bytes(b"%PDF old")
    bad = tmp_path / "p.toml"
    bad.write_text("this is = = not toml")
    assert main(["rattus-tokens", "--profile", str(bad), "--out", str(out)]) == 2
    assert "Rattus profile" in capsys.readouterr().err
    assert out.read_bytes() == b"%PDF old"
