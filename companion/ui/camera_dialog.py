"""What the camera's parts of the app share: the platform test for the phone app, an error's words, and what
a picture or a typed code held when it was not what the screen asked for (:func:`scan_miss`).

The camera itself is the live viewfinder (:mod:`companion.ui.viewfinder`): no picture is taken in a dialog.
"""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from engine.core import codes

from .. import camera
from .i18n import pairs, reason_text, tr


def err_text(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


# what a picture held when it was not what the screen asked for (scan_miss), French and English
TEXTS: dict[str, tuple[str, str]] = {
    "damaged": (
        "Code tablekeeper abîmé ou mal lu : {raw}. Rapprochez l'appareil, ou tapez l'identifiant imprimé "
        "à côté du code.",
        "Damaged or misread tablekeeper code: {raw}. Hold the device closer, or type the id printed beside "
        "the code.",
    ),
    "joincode": (
        "C'est le QR code pour rejoindre une table, pas un jeton ni une carte.",
        "This is the QR code to join a table, not a token or a card.",
    ),
    "foreign": (
        "Ce QR code n'est pas un code tablekeeper : {raw}",
        "This QR code is not a tablekeeper code: {raw}",
    ),
    "notjoin.piece": (
        "{cid} est le code d'une pièce de jeu, pas celui d'une table : scannez le QR code affiché par "
        "l'appareil hôte.",
        "{cid} is a game piece's code, not a table's: scan the QR code the host device shows.",
    ),
    "notjoin.foreign": (
        "Ce QR code n'est pas celui d'une table tablekeeper : {raw}",
        "This QR code is not a tablekeeper table's: {raw}",
    ),
    "notrat": (
        "{cid} n'est pas un jeton rat (RAT:01 à RAT:49).",
        "{cid} is not a rat token (RAT:01 to RAT:49).",
    ),
    "notwanted": (
        "{cid} n'est pas une pièce attendue ici (un code {prefix}…).",
        "{cid} is not a piece expected here (a {prefix}… code).",
    ),
}
t = pairs(TEXTS)


def shown_raw(raw: str, limit: int = 60) -> str:
    """A decoded text as a message quotes it: one line (control characters as spaces), at most ``limit``
    characters."""
    one = "".join(" " if ord(ch) < 32 or ord(ch) == 127 else ch for ch in raw).strip()
    return one if len(one) <= limit else one[: limit - 1] + "…"


def scan_miss(scans: Sequence[camera.Scan], lang: str, want: str = "piece", prefix: str = "") -> str:
    """What to say when a picture held nothing the screen can use, naming what it did hold: nothing, a damaged
    code of ours, a piece's code where a table's join code was wanted (``want="join"``), a join code or a
    piece of another kind (not ``prefix``, e.g. ``"RAT:"``) where a piece was wanted, or a foreign code."""
    if not scans:
        return tr("scan.nothing", lang)
    by_kind: dict[str, list[camera.Scan]] = {}
    for s in scans:
        by_kind.setdefault(s.kind, []).append(s)
    if codes.DAMAGED in by_kind:  # most likely what was shown: one of ours, badly seen
        return t("damaged", lang, raw=shown_raw(by_kind[codes.DAMAGED][0].raw))
    if want == "join":
        if codes.COMPONENT in by_kind:
            return t("notjoin.piece", lang, cid=by_kind[codes.COMPONENT][0].component_id)
        return t("notjoin.foreign", lang, raw=shown_raw(scans[0].raw))
    if codes.COMPONENT in by_kind:
        cid = str(by_kind[codes.COMPONENT][0].component_id)
        if prefix == "RAT:":
            return t("notrat", lang, cid=cid)
        return t("notwanted", lang, cid=cid, prefix=prefix)
    if codes.JOIN in by_kind:
        return t("joincode", lang)
    first = scans[0]
    if first.reason and first.reason != codes.NOT_OURS:  # ours by its form, unknown here (another catalogue)
        return tr("scan.foreign", lang, reason=reason_text(first.reason, lang), raw=shown_raw(first.raw))
    return t("foreign", lang, raw=shown_raw(first.raw))


def is_mobile(page: ft.Page) -> bool:
    return page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)
