"""Plague and Pestilence: each card's rule in a few words, French and English, from the card data
(``engine/games/plague/data/cards.toml``, written from the rules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.plague.cards import card_types, key_of, name_in


def reminder(card: str, lang: str) -> str | None:
    """The rule of a card id (``famine-2``) or key (``famine``)."""
    t = card_types().get(card) or card_types().get(key_of(card) if "-" in card else card)
    return None if t is None else (t.fr if lang == "fr" else t.en)


def card_rule(intent: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
    """(the card's short name, its rule) for a choice that names a card: the short name, as "Comptoir
    commercial (Trade Center Established)" was cut off in a phone's row (the hand gives the printed name)."""
    card = intent.get("card")
    text = reminder(card, lang) if isinstance(card, str) and card else None
    return None if text is None else (name_in(card, lang), text)  # type: ignore[arg-type]
