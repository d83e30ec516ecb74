"""How a Rattus game ended, in the screen's language: the winner by name, the ranking with each player's
population on the board (cubes in the regions and the castle), and why it ended."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import tr
from ..model import say


def outcome_lines(outcome: Mapping[str, Any], lang: str, names: Mapping[str, str] | None = None) -> list[str]:
    winner = str(outcome.get("winner") or "")
    lines = [tr("rat.end.winner", lang, who=say(winner, lang, names))] if winner else []
    reason = str(outcome.get("reason") or "")
    if reason in ("rats", "cubes"):
        lines.append(tr(f"rat.end.{reason}", lang))
    scores = outcome.get("scores") or {}
    for i, seat in enumerate(outcome.get("ranking") or [], start=1):
        lines.append(
            tr("rat.end.rank", lang, n=i, who=say(str(seat), lang, names), score=scores.get(seat, "?"))
        )
    return lines
