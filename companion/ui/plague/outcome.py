"""How a Plague and Pestilence game ended, in the screen's language: the winner (or the players tied) by
name, and who was eliminated."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import tr
from ..model import say


def outcome_lines(outcome: Mapping[str, Any], lang: str, names: Mapping[str, str] | None = None) -> list[str]:
    tied = [str(s) for s in outcome.get("tied") or []]
    winner = str(outcome.get("winner") or "") or (tied[0] if len(tied) == 1 else "")
    if len(tied) > 1:
        lines = [tr("plg.end.tied", lang, who=", ".join(say(s, lang, names) for s in tied))]
    elif winner:
        lines = [tr("plg.end.winner", lang, who=say(winner, lang, names))]
    else:
        lines = [tr("plg.end.none", lang)]
    out = [str(s) for s in outcome.get("eliminated") or []]
    if out:
        lines.append(tr("plg.end.eliminated", lang, who=", ".join(say(s, lang, names) for s in out)))
    return lines
