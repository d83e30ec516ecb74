"""How a Rattus Cartus game ended, in the screen's language: the score sheet of
:func:`engine.games.cartus.sheet.sheet` — the heir, the nuns, each player by name with their points as the
rules count them and their rats against the nuns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.cartus.sheet import sheet


def outcome_lines(outcome: Mapping[str, Any], lang: str, names: Mapping[str, str] | None = None) -> list[str]:
    return sheet(outcome, lang, names)
