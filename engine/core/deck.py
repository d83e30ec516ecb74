"""Decks and bags of hidden components, and the generic events that move their cards.

A :class:`Deck` is an ordered pile (index 0 is the top) with its own discard pile (last is the top of the
discard). A bag of hidden tokens is a deck shuffled once and drawn from the top.

Every change to a deck is one of the deck events below; :func:`engine.core.deckfold.fold_deck` applies them.
Games use the same events for all their hidden decks, so that the shuffle audit (:mod:`engine.core.audit`) can
check any game's draws against the committed shuffles.

Shuffles are *verifiable*: :class:`Shuffled` carries ``commitment = sha256(order ‖ salt)`` (see
:func:`commitment`). Seats see the commitment and the size, never the order or the salt, until the
end-of-game audit reveals them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import ClassVar, Literal

import msgspec

from .events import Event
from .rng import Rng, shuffle_in_place

Source = Literal["new", "pile", "discard", "all"]
End = Literal["top", "bottom"]


class Deck(msgspec.Struct, frozen=True):
    name: str
    cards: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def empty(self) -> bool:
        return not self.cards

    def top(self, n: int = 1) -> tuple[str, ...]:
        return self.cards[:n]

    def bottom(self, n: int = 1) -> tuple[str, ...]:
        return self.cards[-n:] if n else ()


def commitment(order: Sequence[str], salt: str) -> str:
    """``sha256(order ‖ salt)``: the card ids joined by newlines, a NUL byte, then the salt (hex text)."""
    h = hashlib.sha256()
    h.update("\n".join(order).encode("utf-8"))
    h.update(b"\x00")
    h.update(salt.encode("ascii"))
    return h.hexdigest()


class Shuffled(Event, frozen=True):
    """A shuffle whose result only the host knows.

    ``source`` says what was shuffled: ``new`` (a deck made from components; ``order`` replaces its pile),
    ``pile`` (the draw pile itself), ``discard`` (the discard pile, put on top of the draw pile: Pandemic's
    intensify), ``all`` (pile and discard together become the new pile).
    """

    deck: str
    shuffle_id: str
    source: Source
    size: int
    commitment: str
    order: tuple[str, ...] = ()
    salt: str = ""

    def audience(self) -> frozenset[str] | None:
        return frozenset()  # only the host sees the order

    def redacted(self) -> Event:
        return msgspec.structs.replace(self, order=(), salt="")


class Drawn(Event, frozen=True):
    """A card taken from one end of a deck's pile. ``to`` is where it goes (a seat, ``table``, ...).

    ``private_to`` names the seats that see the card (a hand); empty means the card is shown to all.
    """

    reveals: ClassVar[bool] = True
    deck: str
    card: str
    end: End = "top"
    to: str = ""
    private_to: tuple[str, ...] = ()

    def audience(self) -> frozenset[str] | None:
        return frozenset(self.private_to) if self.private_to else None

    def redacted(self) -> Event:
        return msgspec.structs.replace(self, card="")


class Discarded(Event, frozen=True):
    """A card put face up on a deck's discard pile; ``seat``: whose hand it left, when a game says (saves from
    before the field read as empty)."""

    deck: str
    card: str
    seat: str = ""


class RemovedFromDiscard(Event, frozen=True):
    """A card taken out of a discard pile (removed from the game or taken back)."""

    deck: str
    card: str


class Placed(Event, frozen=True):
    """Known cards put back on the pile, face down, at one end (``cards[0]`` ends on top when ``end`` is
    top). Private to ``private_to`` when only some seats know which cards they are."""

    reveals: ClassVar[bool] = True
    deck: str
    cards: tuple[str, ...]
    end: End = "top"
    private_to: tuple[str, ...] = ()

    def audience(self) -> frozenset[str] | None:
        return frozenset(self.private_to) if self.private_to else None

    def redacted(self) -> Event:
        return msgspec.structs.replace(self, cards=tuple("" for _ in self.cards))


class Peeked(Event, frozen=True):
    """``seat`` looked at the top ``len(cards)`` cards (or those at ``positions``) without moving them."""

    reveals: ClassVar[bool] = True
    deck: str
    seat: str
    cards: tuple[str, ...]
    positions: tuple[int, ...] = ()

    def audience(self) -> frozenset[str] | None:
        return frozenset({self.seat})

    def redacted(self) -> Event:
        return msgspec.structs.replace(self, cards=tuple("" for _ in self.cards))


DECK_EVENTS: tuple[type[Event], ...] = (Shuffled, Drawn, Discarded, RemovedFromDiscard, Placed, Peeked)


def make_shuffle(rng: Rng, deck: str, cards: Sequence[str], source: Source, shuffle_id: str) -> Shuffled:
    """Shuffle ``cards`` with ``rng`` into a :class:`Shuffled` event with a fresh salt and commitment."""
    order = list(cards)
    shuffle_in_place(rng, order)
    return committed(deck, order, source, shuffle_id, rng.token_hex(16))


def committed(deck: str, order: Sequence[str], source: Source, shuffle_id: str, salt: str) -> Shuffled:
    """A :class:`Shuffled` event for an order already decided (e.g. the Rupture pile construction)."""
    return Shuffled(
        deck=deck,
        shuffle_id=shuffle_id,
        source=source,
        size=len(order),
        commitment=commitment(order, salt),
        order=tuple(order),
        salt=salt,
    )


def split_with_inserts(rng: Rng, cards: Sequence[str], inserts: Sequence[str]) -> list[str]:
    """Pandemic's epidemic (Rupture) setup: split ``cards`` into ``len(inserts)`` near-equal piles (the
    larger piles on top), put one insert in each, shuffle each pile, and stack them back in order.

    Returns the resulting order, top first. Pile sizes differ by at most one.
    """
    n = len(inserts)
    if n == 0:
        whole = list(cards)
        shuffle_in_place(rng, whole)
        return whole
    base, extra = divmod(len(cards), n)
    out: list[str] = []
    start = 0
    for i in range(n):
        size = base + (1 if i < extra else 0)
        pile = list(cards[start : start + size]) + [inserts[i]]
        start += size
        shuffle_in_place(rng, pile)
        out.extend(pile)
    return out


def pile_sizes(total_without_inserts: int, n: int) -> list[int]:
    """Sizes of the piles of :func:`split_with_inserts`, each including its insert."""
    base, extra = divmod(total_without_inserts, n)
    return [base + (1 if i < extra else 0) + 1 for i in range(n)]
