"""Shared primitives of every game: randomness, decks, supplies, tracks, graphs, events, tables, saves."""

from engine import native as _native

_native.guard(__name__, __path__[0])  # compiled .fastrand/.deckfold only when built from these sources

from .audit import AuditReport, ShuffleReveal, reveal, verify
from .deck import (
    DECK_EVENTS,
    Deck,
    Discarded,
    Drawn,
    Peeked,
    Placed,
    RemovedFromDiscard,
    Shuffled,
    commitment,
    committed,
    make_shuffle,
    pile_sizes,
    split_with_inserts,
)
from .deckfold import fold_deck
from .events import HOST, TABLE, Event, IllegalIntent, InconsistentLog, Intent, project
from .game import Entry, GameSpec, Table, Undone, UndoRefused, effective, get_game, replay
from .graph import Graph, GraphError
from .rng import OsRng, Rng, SeededRng, choice, roll, shuffle_in_place, shuffled
from .supply import Exhausted, Supply, Track

__all__ = [
    "AuditReport",
    "ShuffleReveal",
    "reveal",
    "verify",
    "DECK_EVENTS",
    "Deck",
    "Discarded",
    "Drawn",
    "Peeked",
    "Placed",
    "RemovedFromDiscard",
    "Shuffled",
    "commitment",
    "committed",
    "fold_deck",
    "make_shuffle",
    "pile_sizes",
    "split_with_inserts",
    "HOST",
    "TABLE",
    "Event",
    "IllegalIntent",
    "InconsistentLog",
    "Intent",
    "project",
    "Entry",
    "GameSpec",
    "Table",
    "Undone",
    "UndoRefused",
    "effective",
    "get_game",
    "replay",
    "Graph",
    "GraphError",
    "OsRng",
    "Rng",
    "SeededRng",
    "choice",
    "roll",
    "shuffle_in_place",
    "shuffled",
    "Exhausted",
    "Supply",
    "Track",
]
