"""Pandémie lines a player reads, in French and English, from the snapshot a device receives (log lines and
choice labels as ``companion.sync.tables.Projector`` describes them): in words, saying what happened or what a
choice does.

Divinations' cards put back read 'divination pioche une carte cachée' (the event's destination said as if it
were a player); the two propagation choices read 'Propagation' and 'Tirer 1 carte propagation'."""

from __future__ import annotations

import re
from typing import Any

from companion.sync.tables import Projector
from companion.ui import model
from companion.ui.pandemie.options import GROUP_TITLES
from engine.core import Drawn, SeededRng, Table, get_game
from engine.games.pandemie.names import card
from tests.i18n.i18n_langcheck import problems

GAME = get_game("pandemie")


def _intent(table: Table, seat: str, kind: str, **fields: Any) -> Any:
    return next(
        i
        for i in GAME.legal(table.state, seat)
        if type(i).__name__ == kind and all(getattr(i, k) == v for k, v in fields.items())
    )


def test_a_card_seen_with_divinations_is_logged_in_words_in_french_and_english():
    table = Table.new(GAME, {"provinces": 1, "players": 4}, SeededRng(4))  # p4 holds Divinations (PE:G4)
    pj = Projector(table, "pandemie", "t")
    table.act(_intent(table, "p4", "PlayEvent", card="PE:G4"))
    table.act(_intent(table, "p4", "ArrangeDivination"))
    seen = {
        e.seq: e.event.card
        for e in table.entries
        if isinstance(e.event, Drawn) and e.event.to == "divination"
    }
    assert len(seen) == 6, "Divinations shows the top 6 propagation cards"
    for seat in ("p1", "table", "p4"):  # another player, the province's tablet, the player who looked
        lines = {line.seq: line for line in pj.snapshot(seat).log if line.seq in seen}
        assert set(lines) == set(seen), seat
        for seq, line in sorted(lines.items()):
            # the card by its city's name for the player who looked, a hidden card for everyone else
            shown = (
                {"fr": card(seen[seq], "fr"), "en": card(seen[seq], "en")}
                if seat == "p4"
                else {"fr": "une carte cachée", "en": "a hidden card"}
            )
            for lang, text, words in (("fr", line.text_fr, "regardée"), ("en", line.text_en, "looked at")):
                assert not problems(text, lang), (seat, lang, text, problems(text, lang))
                assert not re.search(r"\bdivination\b", text), (
                    f"the engine's 'divination' as a player: {text!r}"
                )
                assert text.startswith("Divination"), (seat, lang, text)  # the event named first, as the card
                assert f"{shown[lang]} {words}" in text, (seat, lang, text)


def _propagation_offered() -> Any:
    """The snapshot of the first seat offered the propagation in a seeded 2-player game (its actions ended,
    its cards drawn)."""
    table = Table.new(GAME, {"provinces": 1, "players": 2}, SeededRng(1))
    pj = Projector(table, "pandemie", "t")
    for _ in range(20):
        for seat in ("p1", "p2"):
            snap = pj.snapshot(seat)
            if any(c.intent["type"] == "Propagate" for c in snap.choices):
                return snap
        intent = next(
            i
            for kind in ("EndActions", "DrawCards", "Discard")
            for seat in ("p1", "p2")
            for i in GAME.legal(table.state, seat)
            if type(i).__name__ == kind
        )
        table.act(intent)
    raise AssertionError("no seat was offered the propagation")


def test_the_two_propagation_choices_say_what_each_does_in_french_and_english():
    snap = _propagation_offered()
    both = {int(c.intent.get("cards") or 0): c for c in snap.choices if c.intent["type"] == "Propagate"}
    assert sorted(both) == [0, 1], "draw every card, or draw 1 and stop (speed 2)"
    explains = {  # (draw every card, draw 1 then stop): the words that say so
        "fr": (
            (r"\btirer\b", r"\btoutes les cartes\b"),
            (r"\btirer 1 carte", r"\barrêter\b", r"\bévénement\b"),
        ),
        "en": ((r"\bdraw\b", r"\b(?:every|all)\b"), (r"\bdraw 1 card", r"\bstop\b", r"\bevent\b")),
    }
    for lang in ("fr", "en"):
        everything, one = (model.choice_label(both[n], lang) for n in (0, 1))
        (group,) = [g for g in model.group_choices(snap.choices, lang, GROUP_TITLES) if g.kind == "Propagate"]
        assert sorted(label for _i, label in group.items) == sorted([everything, one]), "the buttons shown"
        assert everything != one, (lang, everything)
        for label, patterns in zip((everything, one), explains[lang], strict=True):
            assert not problems(label, lang), (lang, label, problems(label, lang))
            assert "Propagate." not in label and (lang == "en" or "Propagate" not in label), (
                f"a raw key: {label!r}"
            )
            assert label.strip().casefold() != group.title.strip().casefold(), (
                f"{label!r} only repeats its title"
            )
            missing = [p for p in patterns if not re.search(p, label, re.IGNORECASE)]
            assert not missing, f"{lang} {label!r} does not say what it does ({missing})"
