"""``tablekeeper app`` options: mode choice, data dir, bad input refused with a clear message."""

from __future__ import annotations

import pytest

from companion import app
from companion.ui.hub import default_data_dir


def test_web_mode_without_a_display(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(app.sys, "platform", "linux")
    assert not app.has_display()
    assert app.choose_mode(False, False) == "web"
    assert app.choose_mode(True, False) == "web"
    assert app.choose_mode(False, True) == "desktop"


def test_bad_port_is_refused(capsys):
    assert app.main(["--web", "--port", "70000"]) == 2
    assert "not a TCP port" in capsys.readouterr().err


def test_a_port_in_use_is_refused_clearly(tmp_path, capsys):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert app.port_problem("127.0.0.1", port)
        assert app.main(["--web", "--port", str(port), "--data-dir", str(tmp_path), "--no-advertise"]) == 2
    assert "choose another --port" in capsys.readouterr().err


def test_desktop_without_flet_desktop_says_what_to_do(monkeypatch, capsys):
    monkeypatch.setattr(app.importlib.util, "find_spec", lambda name: None)
    assert app.main(["--desktop"]) == 2
    err = capsys.readouterr().err
    assert "flet-desktop" in err and "--web" in err


def test_unusable_data_dir_is_refused(tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    assert app.main(["--web", "--data-dir", str(f / "sub")]) == 2
    assert "cannot use data dir" in capsys.readouterr().err


def test_help_is_served_by_the_cli(capsys):
    from companion.cli import main

    with pytest.raises(SystemExit) as e:
        main(["app", "--help"])
    assert e.value.code == 0
    assert "--web" in capsys.readouterr().out


def test_default_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLEKEEPER_DATA", str(tmp_path / "t"))
    assert default_data_dir() == tmp_path / "t"
    monkeypatch.delenv("TABLEKEEPER_DATA")
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "f"))
    assert default_data_dir() == tmp_path / "f" / "tablekeeper"
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "x"))
    assert default_data_dir() == tmp_path / "x" / "tablekeeper"
