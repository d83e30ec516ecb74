"""Pandémie: what a code shown to the camera means now (``GameUI.shown``).

A city's code on the printed board (``PB:<province><nn>``) selects that city exactly as a tap on the drawn map
does: what the acting seat can do there is offered (a pawn's move, a treatment, a fort…), or it is said that
there is nothing to do there. Several cities seen at once do nothing together (a tap selects one city): they
are listed, and the one tapped is opened. Cards (``PC:``, ``PI:``, …) keep the generic meaning: the one choice
naming the card is played, several are offered.
"""

from __future__ import annotations

from engine import catalogue

from ..i18n import pairs
from ..shown import Moment, Shown, ordered

TEXTS: dict[str, tuple[str, str]] = {
    "several": ("{n} villes vues : choisissez-en une.", "{n} cities seen: choose one."),
}
t = pairs(TEXTS)


def _name(cid: str) -> str:
    try:
        comp = catalogue.get(cid)
    except catalogue.CatalogueError:
        comp = None
    return comp.name if comp is not None else cid


def shown(m: Moment) -> Shown | None:
    cities = ordered([c for c in m.fresh if c.startswith("PB:")])
    if not cities:
        return None
    places = tuple((cid[len("PB:") :], _name(cid)) for cid in cities)
    if len(places) == 1:
        return Shown(place=places[0], say=places[0][1], used=cities)
    return Shown(places=places, say=t("several", m.lang, n=len(places)), used=cities)


__all__ = ["shown"]
