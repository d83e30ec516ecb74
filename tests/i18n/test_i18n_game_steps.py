"""The texts of the games' step pickers (Rattus Cartus's counts, Rattus's moves), the Cartus score sheet and
the announcement banner's "and N more", each in one language: filled with sample values and read by the same
checker as the event walk (no word of the other language, no raw id, no placeholder left)."""

from __future__ import annotations

import string

import pytest

from companion.ui import alerts
from companion.ui.cartus import counts
from companion.ui.rattus import moves
from engine.core.lang import counted
from engine.games.cartus import sheet
from tests.i18n.i18n_langcheck import problems

SAMPLE = {
    "n": 2,
    "building": "Château",
    "cls": "Chevalerie",
    "parts": "2 cartes",
    "who": "Léa",
    "others": "Marc",
    "rank": 1,
    "total": 12,
    "rats": 3,
    "nuns": 9,
    "items": "Clergé 10",
    "region": "Gallia",
    "src": "Gallia",
    "dst": "Italia",
    "which": "un rat",
    "token": "jeton 07",
    "threshold": 2,
    "symbols": "Clergé",
}
SAMPLE_EN = {
    **SAMPLE,
    "building": "Castle",
    "cls": "Chivalry",
    "parts": "2 cards",
    "which": "a rat",
    "items": "Clergy 10",
    "token": "token 07",
    "symbols": "Clergy",
}


def _filled(text: str, lang: str) -> str:
    names = {f for _, f, _, _ in string.Formatter().parse(text) if f}
    values = SAMPLE if lang == "fr" else SAMPLE_EN
    return counted(text.format(**{k: values[k] for k in names}), lang)


def _pairs() -> list[tuple[str, str, str]]:
    out = []
    for where, table in (("cartus counts", counts.TEXTS), ("rattus moves", moves.TEXTS)):
        for key, (fr, en) in table.items():
            out.append((f"{where} {key}", fr, en))
    for key, (fr, en) in sheet.WORDS.entries.items():
        out.append((f"cartus sheet {key}", fr, en))
    out.append(("banner more", alerts.MORE["fr"], alerts.MORE["en"]))
    return out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_step_picker_and_score_sheet_text_reads_in_one_language(lang: str) -> None:
    bad = {}
    for where, fr, en in _pairs():
        if where.endswith((" sep", " and")):  # separators: " · ", " et " / " and "
            continue
        text = _filled(fr if lang == "fr" else en, lang)
        found = problems(text, lang, people=("Léa", "Marc"))
        if found:
            bad[where] = f"{text!r}: {'; '.join(found)}"
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())
