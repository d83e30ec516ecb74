"""The games' screens, registered in one place (:data:`GAME_UIS`), and what the generic screens ask of them:
titles, new-table option forms, groups of choices, board parts, how a game ended, a prompt above the
choices, what a scanned code is.

Each game declares its parts once, as ``UI = GameUI(...)`` in its folder (:mod:`companion.ui.pandemie`,
:mod:`.rattus`, :mod:`.cartus`, :mod:`.plague`; see :class:`companion.ui.gameui.GameUI`). When a game has no
board part, or its board part fails on a view it does not expect, the generic renderer
(:func:`companion.ui.boardkit.generic_board`) shows every section, list and counter of the view.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping
from typing import Any

import flet as ft

from . import cartus, model, pandemie, plague, rattus
from .boardkit import component_name, generic_board
from .boards.wrap import board_with_map
from .gameui import GameUI
from .i18n import DEFAULT_LANG
from .model import OptionSpec

log = logging.getLogger("tablekeeper.app")

# every game's screens, by the engine's name of the game (engine.core.game.GAMES)
GAME_UIS: dict[str, GameUI] = {ui.name: ui for ui in (pandemie.UI, rattus.UI, cartus.UI, plague.UI)}


def game_ui(game: str) -> GameUI | None:
    """The game's screens, or None (a game this device shows with the generic parts only: a test game)."""
    return GAME_UIS.get(game)


def game_title(game: str, lang: str = DEFAULT_LANG) -> str:
    ui = GAME_UIS.get(game)
    return (ui.title.get(lang) or ui.title[DEFAULT_LANG]) if ui else model.humanize_type(game or "?")


def option_specs(game: str) -> tuple[OptionSpec, ...]:
    """The options the new-table form shows (a group usually sets them; anything else goes in the advanced
    JSON field)."""
    ui = GAME_UIS.get(game)
    return ui.option_specs if ui else ()


def group_titles(game: str) -> Mapping[str, Mapping[str, str]]:
    ui = GAME_UIS.get(game)
    return ui.group_titles if ui else {}


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
    province (Pandémie); ``extra``: what a drawn map takes (``width``, ``on_place``, …, see
    :func:`companion.ui.boards.wrap.board_with_map`)."""
    ui = GAME_UIS.get(game)
    if ui is not None and ui.board is not None:
        try:
            return board_with_map(ui, view, lang, seat, names=names, focus=focus, **extra)
        except Exception:
            log.exception("%s renderer failed; using the generic one", game)
    return generic_board(view, lang, seat)


def sees(game: str, view: Mapping[str, Any], seat: str, focus: str, unfolded: Collection[str]) -> Any:
    """What of ``view`` a page shows (see :class:`~companion.ui.gameui.GameUI`); by default, all of it."""
    ui = GAME_UIS.get(game)
    if ui is None or ui.sees is None:
        return view
    return ui.sees(view, seat, focus, unfolded)


def titles(
    game: str, view: Mapping[str, Any], seat: str, focus: str, unfolded: Collection[str], lang: str
) -> Mapping[str, str]:
    """The titles of the parts a page shows folded, by their mark (see :class:`~companion.ui.gameui.GameUI`):
    none by default."""
    ui = GAME_UIS.get(game)
    if ui is None or ui.titles is None:
        return {}
    return ui.titles(view, seat, focus, unfolded, lang)


def outcome_lines(
    game: str, outcome: Mapping[str, Any], lang: str, names: Mapping[str, str] | None = None
) -> list[str] | None:
    """How the game ended in sentences, when the game says it, else None (the screen then shows the outcome's
    sections)."""
    ui = GAME_UIS.get(game)
    if ui is None or ui.outcome_lines is None:
        return None
    try:
        return list(ui.outcome_lines(outcome, lang, names))
    except Exception:
        log.exception("%s outcome words failed", game)
        return None


def game_prompt(game: str, screen: Any, snap: Any) -> ft.Control | None:
    """A game's own prompt above the choices (Rattus: the face of a real token turned over), or None."""
    ui = GAME_UIS.get(game)
    return None if ui is None or ui.prompt is None else ui.prompt(screen, snap)


def has_codes(game: str) -> bool:
    """Whether the game's pieces carry printed codes to scan (a game this device does not know: assume so)."""
    ui = GAME_UIS.get(game)
    return ui.codes if ui else True


def scan_example(game: str) -> str:
    """A component id of the game, for the scan field's hints and refusals ("ex. PC:G01"); "" when none."""
    ui = GAME_UIS.get(game)
    return ui.scan_example if ui else ""


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
        example = scan_example(game)
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
    ui = GAME_UIS.get(game)
    if not (ui.counts(comp.game) if ui is not None else comp.game == game):
        return tr("scan.othergame", lang, cid=cid, other=game_title(comp.game, lang), game=here)
    return None


def component_label(cid: str, lang: str = DEFAULT_LANG) -> str:
    """A component as a player names it: a city card by its city, a building by its name, else its id."""
    from engine import catalogue

    try:
        comp = catalogue.get(cid)
    except catalogue.CatalogueError:
        return cid
    ui = GAME_UIS.get(comp.game) if comp is not None else None
    if comp is None or ui is None or not ui.names_components:
        return cid  # a rat token's catalogue name is French only: its id is what is printed on it
    name = str(comp.attrs.get("name_en") or comp.name) if lang == "en" else comp.name
    return f"{name} ({cid})"


__all__ = [
    "GAME_UIS",
    "board_control",
    "component_label",
    "component_name",
    "game_prompt",
    "game_title",
    "game_ui",
    "generic_board",
    "group_titles",
    "has_codes",
    "option_specs",
    "outcome_lines",
    "scan_example",
    "scan_refusal",
    "sees",
    "titles",
]
