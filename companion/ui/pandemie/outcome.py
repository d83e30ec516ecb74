"""How a Pandémie game ended, in the screen's language: won, or lost in which province and why (the rules
say why in English; the phrasebook the refusals use says it in French)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.pandemie.names import province
from engine.games.pandemie.refusals import BOOK

from ..i18n import tr


def outcome_lines(outcome: Mapping[str, Any], lang: str, names: Mapping[str, str] | None = None) -> list[str]:
    """One line for the result, one for its cause (``Gallia : plus de punaises … sur Samarobriva``)."""
    won = outcome.get("won")
    lines = [tr("pan.end.won" if won else "pan.end.lost", lang)] if won is not None else []
    detail = str(outcome.get("detail") or "")
    if detail:
        said = BOOK.phrase(detail, lang) or detail
        where = str(outcome.get("province") or "")
        lines.append(tr("pan.end.where", lang, province=province(where), why=said) if where else said)
    return lines
