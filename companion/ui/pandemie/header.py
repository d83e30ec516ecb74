"""What Pandémie adds to the seat screen's header: the province's actions left and phase, where the seat's
pawn stands and its role."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.events import TABLE
from engine.games.pandemie.names import role_name

from ..boardkit import component_name
from ..gameui import HeaderFacts
from ..i18n import tr


def facts(
    view: Mapping[str, Any], seat: str, lang: str, names: Mapping[str, str] | None, focus: str
) -> HeaderFacts:
    """The facts of ``seat``'s province (a province tablet's: ``focus``)."""
    players: Mapping[str, Any] = view.get("players") or {}
    me = players.get(seat) if seat != TABLE else None
    code = focus or (str(me.get("province") or "") if isinstance(me, Mapping) else "")
    prov = next(
        (p for p in view.get("provinces") or [] if isinstance(p, Mapping) and str(p.get("code")) == code),
        None,
    )
    actions = awaited = where = ""
    if prov is not None:
        left = prov.get("actions_left")
        if prov.get("phase") == "actions" and isinstance(left, int):
            actions = tr("head.actions", lang, n=left)
        phase = str(prov.get("phase") or "")
        try:
            awaited = tr(f"head.phase.{phase}", lang, province=prov.get("name", code))
        except KeyError:
            awaited = ""
    if isinstance(me, Mapping):
        where = tr(
            "head.where",
            lang,
            city=component_name(f"PC:{me.get('city')}") if me.get("city") else "—",
            role=role_name(str(me.get("role") or ""), lang),
        )
    return HeaderFacts(actions=actions, where=where, awaited=awaited)
