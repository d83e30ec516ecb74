"""Plague and Pestilence: each card's rule in a few words, French and English, from the card data
(``engine/games/plague/data/cards.toml``, written from the rules)."""

from __future__ import annotations

from engine.games.plague.cards import card_types, key_of


def reminder(card: str, lang: str) -> str | None:
    """The rule of a card id (``famine-2``) or key (``famine``)."""
    t = card_types().get(card) or card_types().get(key_of(card) if "-" in card else card)
    return None if t is None else (t.fr if lang == "fr" else t.en)
