"""End-of-game shuffle audit.

During play every seat receives each :class:`~engine.core.deck.Shuffled` event with its commitment and
size but without order or salt. At the end the host publishes :class:`ShuffleReveal` records (order and
salt of every shuffle); :func:`verify` then checks, from the seat's own public log alone, that

1. every revealed order hashes to the commitment published before play went on, and
2. every card the seat saw drawn is the card the revealed order put at that place.

A host that stacked a deck after committing fails one of the two: either its reveal does not match the
commitment, or the draws do not follow the committed order.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from .deck import Deck, Discarded, Drawn, Peeked, Placed, RemovedFromDiscard, Shuffled, commitment
from .events import Event


class ShuffleReveal(msgspec.Struct, frozen=True):
    shuffle_id: str
    deck: str
    order: tuple[str, ...]
    salt: str


class AuditReport(msgspec.Struct):
    shuffles_checked: int = 0
    draws_checked: int = 0
    problems: list[str] = msgspec.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def reveal(events: Iterable[Event]) -> list[ShuffleReveal]:
    """Host side: the orders and salts of every shuffle in the full log."""
    return [ShuffleReveal(e.shuffle_id, e.deck, e.order, e.salt) for e in events if isinstance(e, Shuffled)]


def verify(public_events: Iterable[Event], reveals: Iterable[ShuffleReveal]) -> AuditReport:
    """Check a seat's log (redacted shuffles allowed) against the host's reveals."""
    by_id = {r.shuffle_id: r for r in reveals}
    decks: dict[str, Deck] = {}
    report = AuditReport()
    unknown = ""  # a card this seat did not see

    def get(name: str) -> Deck:
        return decks.setdefault(name, Deck(name))

    for e in public_events:
        if isinstance(e, Shuffled):
            r = by_id.get(e.shuffle_id)
            if r is None:
                report.problems.append(f"shuffle {e.shuffle_id} of {e.deck}: no reveal")
                continue
            report.shuffles_checked += 1
            if commitment(r.order, r.salt) != e.commitment:
                report.problems.append(
                    f"shuffle {e.shuffle_id} of {e.deck}: revealed order does not match its commitment"
                )
            if len(r.order) != e.size:
                report.problems.append(f"shuffle {e.shuffle_id} of {e.deck}: size {len(r.order)} != {e.size}")
            d = get(e.deck)
            if e.source == "new" or e.source == "pile":
                decks[e.deck] = Deck(d.name, tuple(r.order), d.discard)
            elif e.source == "discard":
                decks[e.deck] = Deck(d.name, tuple(r.order) + d.cards, ())
            else:
                decks[e.deck] = Deck(d.name, tuple(r.order), ())
        elif isinstance(e, Drawn):
            d = get(e.deck)
            if not d.cards:
                report.problems.append(f"{e.deck}: a card was drawn from an empty deck")
                continue
            expected = d.cards[0] if e.end == "top" else d.cards[-1]
            rest = d.cards[1:] if e.end == "top" else d.cards[:-1]
            decks[e.deck] = Deck(d.name, rest, d.discard)
            if e.card != unknown and expected != unknown:
                report.draws_checked += 1
                if e.card != expected:
                    report.problems.append(
                        f"{e.deck}: drew {e.card} from the {e.end} where the committed order has {expected}"
                    )
        elif isinstance(e, Placed):
            d = get(e.deck)
            cards = tuple(e.cards)
            decks[e.deck] = Deck(d.name, cards + d.cards if e.end == "top" else d.cards + cards, d.discard)
        elif isinstance(e, Discarded):
            d = get(e.deck)
            decks[e.deck] = Deck(d.name, d.cards, d.discard + (e.card,))
        elif isinstance(e, RemovedFromDiscard):
            d = get(e.deck)
            lst = list(d.discard)
            if e.card in lst:
                lst.remove(e.card)
            decks[e.deck] = Deck(d.name, d.cards, tuple(lst))
        elif isinstance(e, Peeked):
            pass
    return report
