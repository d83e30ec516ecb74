"""Scan helpers (a picture's bytes to component ids) and the hub hosting tables for the app's pages."""

from __future__ import annotations

import asyncio
import io

import pytest

from companion import camera
from companion.ui import model


def _png(text: str) -> bytes:
    segno = pytest.importorskip("segno")
    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="png", scale=8, border=4)
    return buf.getvalue()


def test_a_picture_of_our_code_gives_its_component_id():
    from engine.core.codes import payload

    scans = camera.read_image_bytes(_png(payload("BLK:001")))
    assert [(s.component_id, s.raw) for s in scans] == [("BLK:001", "PT1:BLK:001:" + payload("BLK:001")[-1])]


def test_a_foreign_code_is_reported_not_guessed():
    scans = camera.read_image_bytes(_png("https://example.org/not-ours"))
    assert len(scans) == 1 and scans[0].foreign and scans[0].reason


def test_bad_pictures_raise_a_clear_error():
    with pytest.raises(camera.CameraError, match="empty"):
        camera.read_image_bytes(b"")
    with pytest.raises(camera.CameraError, match="cannot be read"):
        camera.read_image_bytes(b"\x00garbage, not an image")


def test_scans_put_ours_first_and_drop_duplicates():
    class R:
        def __init__(self, raw: str, cid: str | None, reason: str = "") -> None:
            self.raw, self.component_id, self.reason = raw, cid, reason

    out = camera._from_reads(
        [R("x", None, "not a tablekeeper code"), R("PT1:A:1:Q", "A:1"), R("PT1:A:1:Q", "A:1")]
    )
    assert [(s.component_id, s.raw) for s in out] == [("A:1", "PT1:A:1:Q"), (None, "x")]


# -- the hub ----------------------------------------------------------------------------------------
def test_hub_hosts_resumes_and_shares_a_table(tmp_path, toy_game):
    pytest.importorskip("companion.sync.hosting")
    from companion.ui.hub import Hub

    async def scenario() -> None:
        hub = Hub(tmp_path, advertise=False)
        hosted = await hub.create(toy_game, "Veillée", {"seats": 2})
        assert hosted.path.parent == tmp_path and hosted.path.exists()
        assert hub.tables() == [hosted]
        srv = hosted.server
        assert srv.pin and srv.port and "table" in srv.seats and "p1" in srv.seats
        table, p1 = srv.local_session("table"), srv.local_session("p1")
        seen: list[int] = []
        table.on_change(lambda snap: seen.append(snap.seq))
        draw = next(c for c in p1.snapshot.choices if c.intent["type"] == "Draw")
        await p1.send(draw.intent)
        assert seen and seen[-1] == p1.snapshot.seq
        assert p1.snapshot.view["hand"] and table.snapshot.view["hand"] == []  # the draw stays private
        assert await hub.resume(hosted.path) is hosted  # a second page gets the same table
        await hub.close()

        saved = model.saved_tables(tmp_path)
        assert [(s.name, s.game) for s in saved] == [("Veillée", toy_game)] and saved[0].events >= 3

        hub2 = Hub(tmp_path, advertise=False)
        again = await hub2.resume(saved[0].path)
        assert again.server.resumed and again.name == "Veillée"
        assert again.server.local_session("p1").snapshot.view["hand"] == p1.snapshot.view["hand"]
        await hub2.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_no_advertise_is_kept_and_a_hidden_table_is_resumed_hidden(tmp_path, toy_game):
    """A process started with --no-advertise announces no table, whatever the new-table form says; a table
    created hidden from the LAN stays hidden when it is resumed (no zeroconf is started on either path)."""
    pytest.importorskip("companion.sync.hosting")
    from companion.ui.hub import Hub

    async def scenario() -> None:
        quiet = Hub(tmp_path / "quiet", advertise=False)
        hosted = await quiet.create(toy_game, "Veillée", {"seats": 2}, advertise=True)
        assert not hosted.server.visible
        await quiet.close()
        again = await Hub(tmp_path / "quiet", advertise=False).resume(hosted.path)
        assert not again.server.visible
        await again.server.stop()

        hub = Hub(tmp_path / "open", advertise=True)
        hidden = await hub.create(toy_game, "Secret", {"seats": 2}, advertise=False)
        assert not hidden.server.visible
        await hub.close()
        hub2 = Hub(tmp_path / "open", advertise=True)
        back = await hub2.resume(hidden.path)
        assert back.server.resumed and not back.server.visible
        await hub2.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_two_open_tables_are_told_apart_on_the_start_screen(tmp_path, toy_game):
    """Twelve rows "Pandémie — Invasion barbare" could not be told apart: each says who plays and how far."""
    pytest.importorskip("companion.sync.hosting")
    from companion.ui.hub import Hub
    from companion.ui.screens.start import open_line

    async def scenario() -> None:
        hub = Hub(tmp_path, advertise=False)
        a = await hub.create(toy_game, "Veillée", {"seats": 2})
        b = await hub.create(toy_game, "Veillée", {"seats": 3})
        a.server.set_seat_name("p1", "Léa", None)
        assert open_line(a, "fr").startswith("Léa · en cours, événement n° ")
        assert open_line(b, "fr").startswith("3 places · en cours") and open_line(b, "en").startswith(
            "3 seats"
        )
        await hub.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_hub_refused_options_leave_no_file(tmp_path, toy_game):
    pytest.importorskip("companion.sync.hosting")
    from companion.ui.hub import Hub

    async def scenario() -> None:
        hub = Hub(tmp_path, advertise=False)
        with pytest.raises(Exception):  # noqa: B017 - whatever the game raises, nothing is left behind
            await hub.create(toy_game, "x", {"cards": "many"})
        assert hub.tables() == []
        assert list(tmp_path.glob("*.sqlite")) == []

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_picture_of_a_join_qr_gives_its_code():
    code = "tk://192.0.2.7:45123/?pin=004100&name=Veill%C3%A9e"
    scans = camera.read_image_bytes(_png(code))
    assert [s.raw for s in scans] == [code] and scans[0].foreign  # not a component: the join screen takes it


def test_the_hosted_screens_qr_reads_back_as_the_join_code():
    from companion.ui.widgets import qr_png

    for code in (
        "tk://192.0.2.7:45123/?pin=004100&name=Test%20browser",
        "tk://192.0.2.7:45123/?pin=004100&name=Veillée+chez+Léa+%26+co",
    ):  # as a host shows it
        assert [s.raw for s in camera.read_image_bytes(qr_png(code))] == [code]
