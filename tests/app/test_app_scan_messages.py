"""What a picture held, said in the screen's language when it is not what the screen asked for: a foreign QR
code at the join or census scan is named as foreign (not "no code read"), a code of ours with a wrong check
character is damaged, the app's own join code is a join code, a piece shown to the join screen is a piece.
The pictures are real PNG codes decoded by ``vision`` (``companion.camera.read_image_bytes``)."""

from __future__ import annotations

import io

import pytest
import segno

from companion import camera
from companion.sync.hosting import readable_quote
from companion.ui.camera_dialog import scan_miss
from companion.ui.games import scan_refusal
from companion.ui.model import parse_entry
from engine.core.codes import payload

JOIN = f"tk://192.168.1.20:8765/?pin=4821&name={readable_quote('Soirée scouts')}"
RAT = payload("RAT:07")
DAMAGED = RAT[:-1] + ("A" if RAT[-1] != "A" else "B")
SITE = "https://example.org/menu"


def picture(*texts: str) -> list[camera.Scan]:
    """The scans of a picture holding ``texts`` as QR codes side by side."""
    import cv2
    import numpy as np

    tiles = []
    for t in texts:
        buf = io.BytesIO()
        segno.make_qr(t, error="m").save(buf, kind="png", scale=6, border=4)
        tiles.append(cv2.imdecode(np.frombuffer(buf.getvalue(), np.uint8), cv2.IMREAD_GRAYSCALE))
    h = max(t.shape[0] for t in tiles)
    row = np.hstack(
        [cv2.copyMakeBorder(t, 0, h - t.shape[0], 0, 0, cv2.BORDER_CONSTANT, value=255) for t in tiles]
    )
    ok, png = cv2.imencode(".png", row)
    assert ok
    return camera.read_image_bytes(png.tobytes())


@pytest.mark.parametrize(
    ("texts", "want", "fr", "en"),
    [
        (
            (SITE,),
            "join",
            f"Ce QR code n'est pas celui d'une table tablekeeper : {SITE}",
            "not a tablekeeper table's",
        ),
        (
            (RAT,),
            "join",
            "RAT:07 est le code d'une pièce de jeu, pas celui d'une table",
            "RAT:07 is a game piece's code",
        ),
        (
            (DAMAGED,),
            "join",
            f"Code tablekeeper abîmé ou mal lu : {DAMAGED}",
            "Damaged or misread tablekeeper code",
        ),
        (
            (SITE,),
            "rat",
            f"Ce QR code n'est pas un code tablekeeper : {SITE}",
            "This QR code is not a tablekeeper code",
        ),
        ((JOIN,), "rat", "C'est le QR code pour rejoindre une table", "This is the QR code to join a table"),
        (
            (SITE, DAMAGED),
            "rat",
            f"abîmé ou mal lu : {DAMAGED}",
            f"Damaged or misread tablekeeper code: {DAMAGED}",
        ),
        ((payload("BLK:002"),), "rat", "BLK:002 n'est pas un jeton rat", "BLK:002 is not a rat token"),
    ],
)
def test_a_picture_without_what_the_screen_wants_is_said_for_what_it_holds(
    texts: tuple[str, ...], want: str, fr: str, en: str
) -> None:
    scans = picture(*texts)
    assert {s.raw for s in scans} == set(texts)  # every code of the picture read
    kw = {"want": "join"} if want == "join" else {"prefix": "RAT:"}
    assert fr in scan_miss(scans, "fr", **kw)
    assert en in scan_miss(scans, "en", **kw)
    assert "Aucun code lu" not in scan_miss(scans, "fr", **kw)


def test_a_picture_with_no_code_says_so() -> None:
    assert scan_miss([], "fr") == "Aucun code lu sur l'image."
    assert scan_miss([], "en", want="join") == "No code read in the picture."


def test_the_join_screen_finds_the_app_s_own_join_code_among_others() -> None:
    scans = picture(SITE, JOIN)
    assert [s.raw for s in scans if s.kind == "join"] == [JOIN]


def test_a_typed_or_scanned_code_with_a_bad_check_character_is_damaged_not_unknown() -> None:
    for typed in (DAMAGED, DAMAGED.lower()):
        entry = parse_entry(typed)
        assert entry.kind == "damaged" and entry.component_id is None
        fr = scan_refusal(entry.raw, entry.component_id, "rattus", "fr")
        en = scan_refusal(entry.raw, entry.component_id, "rattus", "en")
        assert fr is not None and fr.startswith("Code tablekeeper abîmé ou mal lu : PT1:RAT:07:")
        assert en is not None and en.startswith("Damaged or misread tablekeeper code: PT1:RAT:07:")
    join = parse_entry(JOIN)
    assert scan_refusal(join.raw, join.component_id, "rattus", "en") == (
        "This is the QR code to join a table, not a token or a card."
    )
