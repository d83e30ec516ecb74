"""What the components shown to the camera mean now, for the table screen: the game's own meaning
(:attr:`companion.ui.gameui.GameUI.shown`), else :func:`generic`. Apart from :mod:`companion.ui.shown` (the
words a game's meaning is made of), which the games import: this one asks the games' registry.

No Flet here: unit-tested against real game states (``tests/app/test_app_shown.py``).
"""

from __future__ import annotations

from typing import Any

from . import model
from .games import component_label, game_ui
from .i18n import DEFAULT_LANG, tr
from .shown import Moment, Shown, choice_text, t


def label(cid: str, lang: str = DEFAULT_LANG) -> str:
    """A component as the camera names it: its name and its id (``Sorcière (RCL:5)``), a rat token by its
    id."""
    return component_label(cid, lang)


def generic(m: Moment) -> Shown:
    """The meaning every game gets unless it says otherwise: the choices whose intent names a fresh component
    (:func:`model.match_choices`): one, exactly: played; several (or named only by a city's key): offered;
    none: said."""
    fresh = list(m.fresh)
    if not fresh:
        return Shown()
    found: list[dict[str, Any]] = []
    exact_one: list[dict[str, Any]] = []
    idle: list[str] = []
    for cid in fresh:
        idx, exact = model.match_choices(m.choices, cid)
        if not idx:
            idle.append(cid)
        if len(idx) == 1 and exact:
            exact_one.append(m.choices[idx[0]].intent)
        for i in idx:
            if m.choices[i].intent not in found:
                found.append(m.choices[i].intent)
    used = tuple(fresh)
    if not found:
        return Shown(say=tr("scan.nomatch", m.lang, cid=", ".join(label(c, m.lang) for c in idle)), used=used)
    if len(fresh) == 1 and len(exact_one) == 1:
        return Shown(
            send=(exact_one[0],), say=t("done", m.lang, what=choice_text(m, exact_one[0])), used=used
        )
    if len(fresh) == 1:
        return Shown(offer=tuple(found), say=t("choose", m.lang, what=label(fresh[0], m.lang)), used=used)
    return Shown(offer=tuple(found), say=t("several", m.lang, n=len(fresh)), used=used)


def meaning(game: str, m: Moment) -> Shown:
    """What the game says the moment's components mean, else :func:`generic`."""
    ui = game_ui(game)
    fn = getattr(ui, "shown", None) if ui is not None else None
    if fn is not None:
        said = fn(m)
        if said is not None:
            return said
    return generic(m)


__all__ = ["generic", "label", "meaning"]
