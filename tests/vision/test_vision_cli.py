"""tablekeeper scan: images (one worker for all), --json, bad paths, videos through the steadiness filter."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from engine.core.codes import payload
from vision import cli, isolate, synth


@pytest.fixture(scope="module")
def table_png(tmp_path_factory: pytest.TempPathFactory) -> Path:
    frame, _ = synth.scene([payload("BLK:061"), payload("BLK:062"), "line\r\nbreak"], code_px=110, seed=15)
    path = tmp_path_factory.mktemp("scan") / "table.png"
    cv2.imwrite(str(path), frame)
    return path


def test_scan_prints_one_line_per_code(table_png: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([str(table_png), "--in-process"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert sum("BLK:061" in line for line in lines) == 1 and sum("BLK:062" in line for line in lines) == 1
    assert any("foreign 'line\\r\\nbreak'" in line for line in lines)


def test_scan_json_many_images_one_worker_and_bad_paths(
    table_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    starts = []
    real_start = isolate.Worker._start

    def counting_start(self: isolate.Worker) -> None:
        starts.append(1)
        real_start(self)

    monkeypatch.setattr(isolate.Worker, "_start", counting_start)
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"\xff\xd8 truncated")
    paths = [str(table_png)] * 30 + [str(tmp_path / "missing.png"), str(bad), str(table_png)]
    assert cli.main(["--json", *paths]) == 1
    out = capsys.readouterr()
    rows = [json.loads(line) for line in out.out.splitlines()]
    assert len(rows) == 31 * 3
    assert len(starts) == 1  # the start-up is paid once for all images
    assert {r["image"] for r in rows} == {str(table_png)}
    assert sorted(str(r["id"]) for r in rows[:3]) == ["BLK:061", "BLK:062", "None"]
    foreign = [r for r in rows[:3] if r["id"] is None]
    assert foreign[0]["raw"] == "line\r\nbreak"  # exactly as decoded
    assert "missing.png: no such file" in out.err and "broken.jpg: not an image" in out.err


def test_scan_video_reports_steady_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frame, _ = synth.scene([payload("BLK:063")], code_px=100, size=(240, 320), seed=16)
    empty = np.full_like(frame, 120)
    path = tmp_path / "clip.avi"
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (320, 240))
    for f in [frame, empty, empty, frame, frame, frame, frame, empty, empty, empty]:
        out.write(f)
    out.release()
    assert cli.main([str(path), "--steady", "3/4", "--in-process"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"{path} frame 6: appeared BLK:063", f"{path} frame 10: gone BLK:063"]


def test_scan_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert "give IMAGE paths" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["--steady", "9/3", "x.png"])
    assert cli.main(["--camera", "97", "--in-process"]) == 1
    assert "cannot open camera 97" in capsys.readouterr().err


def test_tablekeeper_scan_dispatches_to_vision(table_png: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    assert main(["scan", "--in-process", "--json", str(table_png)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3


def test_scan_names_the_app_s_join_code_and_a_damaged_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.sync.client import parse_join_code
    from companion.sync.hosting import readable_quote

    join = f"tk://192.168.1.20:8765/?pin=4821&name={readable_quote('Soirée chez Léa & co')}"
    assert parse_join_code(join)[:2] == ("192.168.1.20", 8765)  # the app's own form of a join code
    good = payload("RAT:07")
    damaged = good[:-1] + ("A" if good[-1] != "A" else "B")  # the same code, its check character wrong
    frame, _ = synth.scene([join, damaged, "https://example.org/menu"], code_px=150, seed=21)
    path = tmp_path / "join.png"
    cv2.imwrite(str(path), frame)
    assert cli.main([str(path), "--in-process"]) == 0
    out = capsys.readouterr().out
    assert f"join code of the table at 192.168.1.20:8765 {join!r}" in out
    assert f"damaged tablekeeper code {damaged!r} (check character does not match" in out
    assert "foreign 'https://example.org/menu' (not a tablekeeper code)" in out
    assert "foreign 'tk://" not in out
    assert cli.main(["--json", str(path), "--in-process"]) == 0
    kinds = {
        json.loads(line)["raw"]: json.loads(line)["kind"] for line in capsys.readouterr().out.splitlines()
    }
    assert kinds == {join: "join", damaged: "damaged", "https://example.org/menu": "foreign"}
