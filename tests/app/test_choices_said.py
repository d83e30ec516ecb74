"""A seat's choices as a device says them (companion.ui.pickers.relabel): in both languages, with the
players' names, said once for every page that shows the same choices to the same names."""

from __future__ import annotations

from typing import Any

from companion.sync.tables import Projector
from companion.ui import pickers
from engine import texts
from engine.core import SeededRng, Table, get_game


def _snapshot(seat: str) -> Any:
    table = Table.new(get_game("pandemie"), {"provinces": 1, "players": 2}, SeededRng(4))
    return Projector(table, "pandemie", "t").snapshot(seat)


def test_the_same_choices_to_the_same_names_are_said_once_for_every_page(monkeypatch):
    """A player's turn offers dozens of choices; each page that shows them (the seat's phone, the
    province's tablets) and each of its renders until the seat plays said every one again, in two
    languages. Now once: the second page gets the same words without a word said again; other names are
    said anew."""
    snap = _snapshot("p1")
    assert len(snap.choices) > 10
    said: list[Any] = []
    real = texts.describe

    def counted(*args: Any, **kw: Any) -> str:
        said.append(args[1])
        return real(*args, **kw)

    monkeypatch.setattr(texts, "describe", counted)
    pickers._SAID.clear()
    names = {"p1": "Ana", "p2": "Bo"}
    first = pickers.relabel("pandemie", snap.choices, snap.view, names)
    assert len(said) == 2 * len(snap.choices)  # each in French and in English
    assert any(c.label_fr.endswith(" à Bo") for c in first), "a card given to a player by name"
    again = pickers.relabel("pandemie", snap.choices, snap.view, dict(names))
    assert len(said) == 2 * len(snap.choices), "the same choices to the same names: nothing said again"
    assert [(c.intent, c.label_fr, c.label_en) for c in again] == [
        (c.intent, c.label_fr, c.label_en) for c in first
    ]
    other = pickers.relabel("pandemie", snap.choices, snap.view, {"p1": "Ana", "p2": "Cy"})
    assert len(said) == 4 * len(snap.choices), "another name: said anew"
    assert any(c.label_fr.endswith(" à Cy") for c in other)
