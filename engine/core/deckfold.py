"""Applying deck events: :func:`fold_deck`, shared by every game's fold.

Apart from :mod:`.deck` (its structs are decoded from saved logs, so they stay plain Python) so that mypyc
compiles it with the seeded shuffle (``python -m engine.native build``); it runs as pure Python otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from .deck import Deck, Discarded, Drawn, Peeked, Placed, RemovedFromDiscard, Shuffled
from .events import Event, InconsistentLog


def fold_deck(deck: Deck, event: Event) -> Deck:
    """Apply one deck event. Raises :class:`InconsistentLog` when it cannot apply."""
    # the events of every turn first (the types are disjoint: the order of the tests changes nothing)
    if isinstance(event, Drawn):
        cards = deck.cards
        if not cards:
            raise InconsistentLog(f"draw from empty deck {deck.name}")
        if event.end == "top":
            if cards[0] != event.card:
                raise InconsistentLog(f"{deck.name}: drew {event.card} but the top card is {cards[0]}")
            return Deck(deck.name, cards[1:], deck.discard)
        if cards[-1] != event.card:
            raise InconsistentLog(f"{deck.name}: drew {event.card} but the bottom card is {cards[-1]}")
        return Deck(deck.name, cards[:-1], deck.discard)
    if isinstance(event, Discarded):
        return Deck(deck.name, deck.cards, deck.discard + (event.card,))
    if isinstance(event, Shuffled):
        if not event.order and event.size:
            raise InconsistentLog(f"shuffle {event.shuffle_id} of {deck.name} has no order (redacted log?)")
        if event.source == "new":
            return Deck(deck.name, tuple(event.order), deck.discard)
        if event.source == "pile":
            _same(deck.cards, event.order, event)
            return Deck(deck.name, tuple(event.order), deck.discard)
        if event.source == "discard":
            _same(deck.discard, event.order, event)
            return Deck(deck.name, tuple(event.order) + deck.cards, ())
        _same(deck.cards + deck.discard, event.order, event)
        return Deck(deck.name, tuple(event.order), ())
    if isinstance(event, RemovedFromDiscard):
        if event.card not in deck.discard:
            raise InconsistentLog(f"{event.card} is not in the discard of {deck.name}")
        d = list(deck.discard)
        d.remove(event.card)
        return Deck(deck.name, deck.cards, tuple(d))
    if isinstance(event, Placed):
        if event.end == "top":
            return Deck(deck.name, tuple(event.cards) + deck.cards, deck.discard)
        return Deck(deck.name, deck.cards + tuple(event.cards), deck.discard)
    if isinstance(event, Peeked):
        return deck
    raise TypeError(f"not a deck event: {type(event).__name__}")


def _same(have: Sequence[str], order: Sequence[str], event: Shuffled) -> None:
    if sorted(have) != sorted(order):
        raise InconsistentLog(f"shuffle {event.shuffle_id} of {event.deck} does not hold the same cards")
