"""Pandémie: what a code shown to the camera means now (``GameUI.shown``).

A city's code on the printed board (``PB:<province><nn>``) selects that city exactly as a tap on the drawn map
does: what the acting seat can do there is offered (a pawn's move, a treatment, a fort…), or it is said that
there is nothing to do there. Cards (``PC:``, ``PI:``, …) keep the generic meaning: the one choice naming
the card is played, several are offered.
"""

from __future__ import annotations

from engine import catalogue

from ..shown import Moment, Shown


def shown(m: Moment) -> Shown | None:
    cities = [c for c in m.fresh if c.startswith("PB:")]
    if not cities:
        return None
    cid = cities[-1]  # several: the one seen last (a tap selects one city)
    comp = catalogue.get(cid)
    name = comp.name if comp is not None else cid
    return Shown(place=(cid[len("PB:") :], name), say=name, used=tuple(cities))


__all__ = ["shown"]
