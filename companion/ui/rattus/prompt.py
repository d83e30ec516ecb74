"""Rattus with real tokens: the face prompt shown when a token is to be turned over (``prompt``, found by
:func:`companion.ui.games.game_prompt`), and the box profile that learns every face typed there.

When the plague ravages a region (or the final plague every region), the table tablet and the acting player's
phone ask for the token turned over: its face in at most 3 taps (threshold, symbol, turn over; or a face
already known to the box, then turn over), and its sticker (typed or scanned) when it has one. A face typed
with a sticker is remembered: the engine learns it for the rest of the game, and the box profile on this
device is updated (:func:`remember`), so the next evening can use the app's hidden bag once all 49 faces are
known.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import flet as ft

from engine.core import codes
from engine.core.events import TABLE
from engine.core.lang import counted

from .. import profiles as P
from ..camera_dialog import scan_miss
from ..model import parse_entry
from ..widgets import big_button, card, heading, ident, pill, vcol

log = logging.getLogger("tablekeeper.app")

TEXT: dict[str, dict[str, str]] = {
    "title": {
        "fr": "Retournez un jeton en {region} : quelle face ?",
        "en": "Turn a token over in {region}: which face?",
    },
    "others": {
        "fr": "Un jeton est retourné en {region} : {who} donne sa face.",
        "en": "A token is being turned over in {region}: {who} tells its face.",
    },
    "table": {"fr": "la table", "en": "the table"},
    "or": {"fr": " ou ", "en": " or "},
    "region": {"fr": "Région", "en": "Region"},
    "sticker": {"fr": "Autocollant (RAT:07…), s'il y en a un", "en": "Sticker (RAT:07…), if it has one"},
    "sticker_needed": {
        "fr": "Le Croisé ordonne les jetons : leur autocollant est nécessaire.",
        "en": "The Crusader orders the tokens: their stickers are needed.",
    },
    "threshold": {"fr": "Valeur limite (le chiffre)", "en": "Limit (the number)"},
    "symbols": {"fr": "Symboles", "en": "Symbols"},
    "known": {"fr": "Faces déjà connues de la boîte", "en": "Faces this box already knows"},
    "send": {"fr": "Retourner ce jeton", "en": "Turn this token over"},
    "face": {"fr": "Face : {face}", "en": "Face: {face}"},
    "no_face": {
        "fr": "Touchez la valeur limite puis au moins un symbole (ou scannez un jeton déjà connu).",
        "en": "Tap the limit then at least one symbol (or scan a token already known).",
    },
    "learned": {
        "fr": "Profil « {name} » : {n} face(s) apprise(s), {done}/{total} jetons connus",
        "en": "Profile “{name}”: {n} face(s) learned, {done}/{total} tokens known",
    },
    "M": {"fr": "M (majorité)", "en": "M (majority)"},
    "A": {"fr": "A (tous)", "en": "A (all)"},
}


def _t(key: str, lang: str, **kw: object) -> str:
    entry = TEXT[key]
    text = entry.get(lang) or entry["fr"]
    return counted(text.format(**kw), lang) if kw else text  # "1 face apprise", "3 faces apprises"


def _symbols(lang: str) -> list[tuple[str, str]]:
    from engine.games.rattus.characters import CLASSES

    return [
        ("M", _t("M", lang)),
        *((k, v[1] if lang == "en" else v[0]) for k, v in CLASSES.items()),
        ("A", _t("A", lang)),
    ]


# -- the box profile learns ---------------------------------------------------------------------------------
_SEEN: dict[tuple[str, str], frozenset[str]] = {}  # (data dir, profile name) -> tokens already merged


def remember(
    data_dir: str | os.PathLike[str], view: Mapping[str, Any], create: bool
) -> tuple[Path, int, int, int] | None:
    """Merge the faces turned over so far (public in every view) into this device's box profile of the same
    name; ``create`` starts that profile (from the default board) when the device has none. Returns the file,
    the number of faces added and the faces it knows of its tokens (the census's own count, the one its list
    shows), or None when there was nothing to do."""
    from engine.games.rattus import profile as rp

    faces = rp.revealed_faces(view)
    name = str((view.get("profile") or {}).get("name") or "")
    key = (str(data_dir), name)
    if not faces or _SEEN.get(key, frozenset()) >= set(faces):
        return None
    saved = [s for s in P.rattus_profiles(data_dir) if not s.error and rp.same_name(s.name, name)]
    if saved:
        path, prof = saved[0].path, saved[0].profile
    elif create:
        cf = P.CensusFile.new(data_dir, name)
        path, prof = cf.path, cf.census.profile
    else:
        return None
    new, added, differ = rp.merge_faces(prof, faces)
    if differ:
        log.warning(
            "faces typed for %s differ from the box profile %s (kept as recorded)", ", ".join(differ), path
        )
    if added:
        rp.save(new, path)
    _SEEN[key] = frozenset(faces)
    return path, len(added), len(new.tokens) - len(new.missing_faces()), len(new.tokens)


# -- the prompt ----------------------------------------------------------------------------------------------
class FacePrompt:
    """What is being typed for the token turned over (kept by the table screen between two refreshes)."""

    def __init__(self) -> None:
        self.region = ""
        self.threshold: int | None = None
        self.symbols: list[str] = []
        self.sticker = ""  # the sticker typed or scanned (a fresh field is drawn at each refresh)

    def face(self) -> str:
        return (
            P.face_text(self.threshold, self.symbols) if self.threshold is not None and self.symbols else ""
        )

    def clear(self) -> None:
        self.threshold, self.symbols, self.sticker = None, [], ""


def prompt(screen: Any, snap: Any) -> ft.Control | None:
    """The Rattus part of the table screen's actions: the face prompt for the table and the acting player, a
    line saying who tells the face for the others; None when no token is to be turned over."""
    view = snap.view
    lang = screen.lang
    if view.get("mode") == "physical":
        try:
            # the table tablet keeps the box profile (also while it plays in turn for the active seat)
            done = remember(
                screen.shell.hub.data_dir, view, create=getattr(screen, "seat", snap.seat) == TABLE
            )
        except Exception:
            log.exception("saving the faces learned into the box profile")
            done = None
        if done is not None and done[1]:
            p = view.get("profile") or {}
            screen.__dict__["_rattus_note"] = _t(
                "learned", lang, name=p.get("name", ""), n=done[1], done=done[2], total=done[3]
            )  # the census file's count: the one the census list and the new-table panel show
    to = view.get("turn_over")
    if not isinstance(to, Mapping) or not to.get("regions"):
        screen.__dict__["_rattus_note"] = ""  # said during the ravage; the turn has moved on
        return None
    regions = [str(r) for r in to["regions"]]
    by = [str(s) for s in to.get("by") or []]
    if snap.seat != TABLE and snap.seat not in by:
        who = _t("or", lang).join([*(screen_name(screen, snap, s) for s in by), _t("table", lang)])
        return ident(
            pill(_t("others", lang, region=", ".join(regions), who=who), ft.Colors.PRIMARY_CONTAINER),
            "face-wait",
        )
    form: FacePrompt = screen.__dict__.setdefault("_rattus_face", FacePrompt())
    if form.region not in regions:
        form.region = regions[0]
    take = getattr(screen, "take_prompt_fill", None)
    shown = take("sticker") if callable(take) else ""  # a sticker shown to the camera whose face is unknown
    if shown:
        form.sticker, form.threshold, form.symbols = shown, None, []
    return card(
        vcol(_form(screen, snap, form, regions, to, lang), spacing=10, tight=True),
        identifier="face-prompt",
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
    )


def screen_name(screen: Any, snap: Any, seat: str) -> str:
    from .. import model

    return model.say(seat, screen.lang, model.people(snap.seats, screen.lang))


def _form(
    screen: Any, snap: Any, form: FacePrompt, regions: list[str], to: Mapping[str, Any], lang: str
) -> list[ft.Control]:
    def refresh() -> None:
        screen.shell.refresh()

    def pick_region(r: str) -> Callable[[Any], None]:
        def f(_e: Any) -> None:
            form.region = r
            refresh()

        return f

    def set_threshold(n: int) -> Callable[[Any], None]:
        def f(_e: Any) -> None:
            form.threshold = n
            refresh()

        return f

    def toggle(sym: str) -> Callable[[Any], None]:
        def f(_e: Any) -> None:
            if sym in form.symbols:
                form.symbols.remove(sym)
            else:
                form.symbols.append(sym)
            refresh()

        return f

    def quick(face: str) -> Callable[[Any], None]:
        def f(_e: Any) -> None:
            words = face.split()
            form.threshold, form.symbols = int(words[0]), words[1:]
            refresh()

        return f

    async def send(_e: Any = None) -> None:
        sticker = form.sticker.strip()
        face = form.face()
        if not face and not sticker:
            screen.shell.toast(_t("no_face", lang), error=True)
            return
        if sticker and (entry := parse_entry(sticker)).kind == codes.DAMAGED:  # said as damaged, not unknown
            screen.shell.toast(scan_miss([entry], lang, prefix="RAT:"), error=True)
            return
        intent = {
            "type": "FlipToken",
            "seat": snap.seat,
            "region": form.region,
            "token": sticker,
            "face": face,
        }
        before = snap.seq
        await screen._send(intent)
        after = screen.acting.snapshot
        if after is not None and after.seq != before:  # turned over: ready for the next token
            form.clear()
            refresh()

    out: list[ft.Control] = [heading(_t("title", lang, region=form.region), 18)]
    note = screen.__dict__.get("_rattus_note", "")
    if note:
        out.append(ident(pill(note, ft.Colors.TERTIARY_CONTAINER), "face-learned"))
    if len(regions) > 1:
        out.append(
            ft.ResponsiveRow(
                [
                    big_button(
                        r,
                        pick_region(r),
                        f"face-region-{k}",
                        primary=(r == form.region),
                        col={"xs": 6, "md": 4},
                    )
                    for k, r in enumerate(regions)
                ],
                spacing=8,
                run_spacing=8,
            )
        )

    def typed(e: Any) -> None:
        form.sticker = str(e.control.value or "")

    field = ft.TextField(
        value=form.sticker,
        label=_t("sticker", lang),
        text_size=18,
        expand=True,
        capitalization=ft.TextCapitalization.CHARACTERS,
        on_change=typed,
    )
    out.append(ident(field, "face-token"))
    camera = getattr(screen, "camera", None)  # the table screen's live viewfinder: a sticker shown fills this
    cam = camera.button("face-scan") if camera is not None else None
    if cam is not None:
        out.append(cam)
    if to.get("sticker_needed"):
        out.append(ft.Text(_t("sticker_needed", lang), size=14))
    common = [str(f) for f in to.get("common") or []]
    if common:
        out.append(ft.Text(_t("known", lang), size=15, weight=ft.FontWeight.W_600))
        names = dict(_symbols(lang)) | {"M": "M", "A": "A"}

        def shown(face: str) -> str:
            n, *syms = face.split()
            return " · ".join([n, *(names.get(x, x) for x in syms)])

        out.append(
            ft.ResponsiveRow(
                [
                    big_button(
                        shown(f), quick(f), f"face-q-{k}", primary=(f == form.face()), col={"xs": 6, "md": 3}
                    )
                    for k, f in enumerate(common)
                ],
                spacing=8,
                run_spacing=8,
            )
        )
    out.append(ft.Text(_t("threshold", lang), size=15, weight=ft.FontWeight.W_600))
    out.append(
        ft.ResponsiveRow(
            [
                big_button(
                    str(n),
                    set_threshold(n),
                    f"face-t-{n}",
                    primary=(n == form.threshold),
                    col={"xs": 4, "sm": 2, "md": 4, "lg": 2},
                )
                for n in range(1, 10)
            ],
            spacing=6,
            run_spacing=6,
        )
    )
    out.append(ft.Text(_t("symbols", lang), size=15, weight=ft.FontWeight.W_600))
    out.append(
        ft.ResponsiveRow(
            [
                big_button(
                    label, toggle(k), f"face-s-{k}", primary=(k in form.symbols), col={"xs": 6, "lg": 4}
                )
                for k, label in _symbols(lang)
            ],
            spacing=6,
            run_spacing=6,
        )
    )
    face = form.face()
    if face:
        out.append(ident(pill(_t("face", lang, face=face), ft.Colors.TERTIARY_CONTAINER), "face-chosen"))
    out.append(big_button(_t("send", lang), send, "face-send", icon=ft.Icons.FLIP, primary=True, height=64))
    return out
