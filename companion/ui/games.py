"""The games' UI parts, gathered: titles, new-table option forms, groups of choices and board renderers.

Each game has its own folder (:mod:`companion.ui.pandemie`, :mod:`.rattus`, :mod:`.cartus`, :mod:`.plague`)
exposing ``TITLE``, ``OPTION_SPECS``, ``GROUP_TITLES`` and ``board(view, lang, seat)``. When a game has no
renderer, or its renderer fails on a view it does not expect, the generic renderer
(:func:`companion.ui.boardkit.generic_board`) shows every section, list and counter of the view.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import flet as ft

from . import cartus, model, pandemie, plague, rattus
from .boardkit import Renderer, component_name, generic_board
from .i18n import DEFAULT_LANG
from .model import OptionSpec

log = logging.getLogger("tablekeeper.app")

GAME_UIS: dict[str, ModuleType] = {"pandemie": pandemie, "rattus": rattus, "cartus": cartus, "plague": plague}

TITLES: dict[str, dict[str, str]] = {g: m.TITLE for g, m in GAME_UIS.items()}
# The form shows the options a group usually sets; anything else goes in the advanced JSON field.
OPTION_SPECS: dict[str, tuple[OptionSpec, ...]] = {g: m.OPTION_SPECS for g, m in GAME_UIS.items()}
GROUP_TITLES: dict[str, dict[str, dict[str, str]]] = {g: m.GROUP_TITLES for g, m in GAME_UIS.items()}
RENDERERS: dict[str, Renderer] = {g: m.board for g, m in GAME_UIS.items()}


def game_title(game: str, lang: str = DEFAULT_LANG) -> str:
    t = TITLES.get(game)
    return (t.get(lang) or t[DEFAULT_LANG]) if t else model.humanize_type(game or "?")


def option_specs(game: str) -> tuple[OptionSpec, ...]:
    return OPTION_SPECS.get(game, ())


def group_titles(game: str) -> dict[str, dict[str, str]]:
    return GROUP_TITLES.get(game, {})


def board_control(
    game: str,
    view: Mapping[str, Any],
    lang: str,
    seat: str,
    names: Mapping[str, str] | None = None,
    focus: str = "",
    **extra: Any,
) -> ft.Control:
    """The game's board part for ``seat``; ``names`` says seats by name, ``focus`` is a province tablet's
    province (Pandémie)."""
    fn = RENDERERS.get(game)
    if fn is not None:
        try:
            return fn(view, lang, seat, names=names, focus=focus, **(extra if _takes_map(fn) else {}))
        except Exception:
            log.exception("%s renderer failed; using the generic one", game)
    return generic_board(view, lang, seat)


def outcome_lines(
    game: str, outcome: Mapping[str, Any], lang: str, names: Mapping[str, str] | None = None
) -> list[str] | None:
    """How the game ended in sentences, from the game's folder when it says it (``outcome_lines``), else
    None (the screen then shows the outcome's sections)."""
    fn = getattr(GAME_UIS.get(game), "outcome_lines", None)
    if fn is None:
        return None
    try:
        return list(fn(outcome, lang, names))
    except Exception:
        log.exception("%s outcome words failed", game)
        return None


def _takes_map(fn: Renderer) -> bool:
    """A renderer that draws a map takes ``on_place`` and ``width`` (companion.ui.boards.wrap)."""
    takes = _TAKES_MAP.get(fn)
    if takes is None:
        import inspect

        takes = _TAKES_MAP[fn] = "on_place" in inspect.signature(fn).parameters
    return takes


_TAKES_MAP: dict[Any, bool] = {}


def game_prompt(game: str, screen: Any, snap: Any) -> ft.Control | None:
    """A game's own prompt above the choices, from its folder's ``prompt`` module when it has one (Rattus: the
    face of a real token turned over), or None."""
    ui = GAME_UIS.get(game)
    if ui is None:
        return None
    name = f"{ui.__name__}.prompt"
    if name not in _PROMPTS:  # looked for once: a module that is not there is a search of the disk each time
        try:
            _PROMPTS[name] = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            _PROMPTS[name] = None
    mod = _PROMPTS[name]
    return None if mod is None else mod.prompt(screen, snap)


_PROMPTS: dict[str, Any] = {}  # a game folder's prompt module, or None when it has none


def turn_seats(game: str, view: Mapping[str, Any]) -> list[str]:
    """Seats whose turn it is now (several in Pandémie: one per province)."""
    out: list[str] = []
    for p in view.get("provinces") or []:
        if isinstance(p, Mapping) and isinstance(p.get("turn"), str):
            out.append(p["turn"])
    waiting = view.get("waiting_for")
    if not out and isinstance(waiting, (list, tuple)):
        out = [w for w in waiting if isinstance(w, str)]
    if not out:
        who = model.whose_turn(view)
        if who:
            out.append(who)
    return out


# a component id of each game, for the scan field's refusals ("ex. PC:G01")
SCAN_EXAMPLES = {"pandemie": "PC:G01", "rattus": "RAT:07", "cartus": "RCC:B:PAL1"}


def scan_refusal(raw: str, cid: str | None, game: str, lang: str = DEFAULT_LANG) -> str | None:
    """Why a typed or scanned code is not a piece of ``game``, in the user's words; None when it is one."""
    from engine import catalogue

    from .i18n import tr

    here = game_title(game, lang)
    if cid is None:
        from engine.core import codes

        from .camera_dialog import shown_raw
        from .camera_dialog import t as scan_t

        text = raw.strip()
        kind = codes.parse(text.upper() if text[:4].upper() == "PT1:" else text).kind  # typed in any case
        if kind == codes.DAMAGED:  # one of ours by its form, its check character or id wrong
            return scan_t("damaged", lang, raw=shown_raw(text, 40))
        if kind == codes.JOIN:
            return scan_t("joincode", lang)
        example = SCAN_EXAMPLES.get(game)
        return tr(
            "scan.notcode",
            lang,
            raw=raw.strip()[:40],
            game=here,
            example=tr("scan.example", lang, cid=example) if example else "",
        )
    try:
        comp = catalogue.get(cid)
    except catalogue.CatalogueError:
        comp = None
    if comp is None:
        return tr("scan.unknown", lang, cid=cid, game=here)
    if comp.game != game and not (game == "rattus" and comp.game == "piper"):
        return tr("scan.othergame", lang, cid=cid, other=game_title(comp.game, lang), game=here)
    return None


def component_label(cid: str, lang: str = DEFAULT_LANG) -> str:
    """A component as a player names it: a city card by its city, a building by its name, else its id."""
    from engine import catalogue

    try:
        comp = catalogue.get(cid)
    except catalogue.CatalogueError:
        return cid
    if comp is None or comp.game not in ("pandemie", "cartus"):
        return cid  # a rat token's catalogue name is French only: its id is what is printed on it
    name = str(comp.attrs.get("name_en") or comp.name) if lang == "en" else comp.name
    return f"{name} ({cid})"


__all__ = [
    "GAME_UIS",
    "TITLES",
    "OPTION_SPECS",
    "GROUP_TITLES",
    "RENDERERS",
    "SCAN_EXAMPLES",
    "game_title",
    "option_specs",
    "group_titles",
    "board_control",
    "game_prompt",
    "turn_seats",
    "component_name",
    "component_label",
    "generic_board",
    "scan_refusal",
]
