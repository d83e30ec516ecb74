"""The shape of a game module, replay, and a live :class:`Table` with undo.

A game module (``engine.games.<name>``) exposes, as plain module-level names::

    NAME: str                                   # "pandemie", "rattus", ...
    EVENTS: tuple[type[Event], ...]             # every event class it folds (deck events included)
    INTENTS: tuple[type[Intent], ...]           # every intent class it accepts
    def setup(options: dict, rng: Rng) -> tuple[State, list[Event]]
    def legal(state, seat: str) -> list[Intent]
    def apply(state, intent, rng: Rng) -> list[Event]     # raises IllegalIntent, never mutates state
    def fold(state | None, event) -> State                 # fold(None, first_setup_event) starts a game
    def seats(state) -> list[str]                           # the player seats in play ("table" is implicit)
    def view(state, seat: str) -> dict                      # what that seat may see (JSON-able)
    def outcome(state) -> dict | None                       # None while the game goes on

The log is a list of :class:`Entry`: each event with its sequence number and the *action* that produced
it (action 0 is the setup). Undo appends an :class:`Undone` event that retracts the last action; replay
skips retracted actions. Undo is refused across an event that revealed hidden information.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Protocol

import msgspec

from .events import Event, IllegalIntent, Intent, decoder
from .rng import Rng


class Undone(Event, frozen=True):
    """The action numbered ``action`` is taken back."""

    action: int


class Entry(msgspec.Struct, frozen=True):
    seq: int
    action: int
    event: Event


class GameModule(Protocol):
    NAME: str
    EVENTS: tuple[type[Event], ...]
    INTENTS: tuple[type[Intent], ...]

    def setup(self, options: dict[str, Any], rng: Rng) -> tuple[Any, list[Event]]: ...
    def legal(self, state: Any, seat: str) -> list[Intent]: ...
    def apply(self, state: Any, intent: Intent, rng: Rng) -> list[Event]: ...
    def fold(self, state: Any, event: Event) -> Any: ...
    def seats(self, state: Any) -> list[str]: ...
    def view(self, state: Any, seat: str) -> dict[str, Any]: ...
    def outcome(self, state: Any) -> dict[str, Any] | None: ...


GAMES: dict[str, str] = {
    "pandemie": "engine.games.pandemie",
    "rattus": "engine.games.rattus",
    "cartus": "engine.games.cartus",
    "plague": "engine.games.plague",
}


def get_game(name: str) -> GameModule:
    try:
        path = GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None
    return importlib.import_module(path)  # type: ignore[return-value]


def event_types(game: GameModule) -> tuple[type[Event], ...]:
    types = tuple(game.EVENTS)
    return types if Undone in types else types + (Undone,)


def effective(entries: Iterable[Entry]) -> list[Entry]:
    """Entries that still count: retracted actions and the undo markers themselves left out."""
    entries = list(entries)
    undone = {e.event.action for e in entries if isinstance(e.event, Undone)}
    return [e for e in entries if e.action not in undone and not isinstance(e.event, Undone)]


def replay(game: GameModule, events: Iterable[Event], state: Any = None) -> Any:
    """Fold ``events`` from the start (or from ``state``)."""
    fold = game.fold
    for e in events:
        state = fold(state, e)
    return state


class UndoRefused(IllegalIntent):
    pass


class Table:
    """One game in play on the host: its state, its log, and (optionally) its SQLite store."""

    undo_rule: ClassVar[str] = "undo"

    def __init__(self, game: GameModule, entries: Sequence[Entry], rng: Rng, store: Any = None) -> None:
        self.game = game
        self.rng = rng
        self.store = store
        self.entries: list[Entry] = list(entries)
        self.state = replay(game, (e.event for e in effective(self.entries)))

    # -- creation -----------------------------------------------------------------------------------
    @classmethod
    def new(cls, game: GameModule, options: dict[str, Any], rng: Rng, store: Any = None) -> Table:
        _state, events = game.setup(options, rng)
        entries = [Entry(i + 1, 0, e) for i, e in enumerate(events)]
        if store is not None:
            store.append(entries)
        return cls(game, entries, rng, store)

    @classmethod
    def resume(cls, game: GameModule, store: Any, rng: Rng) -> Table:
        return cls(game, store.load_entries(event_types(game)), rng, store)

    # -- play ---------------------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        return self.entries[-1].seq if self.entries else 0

    @property
    def last_action(self) -> int:
        return max((e.action for e in self.entries), default=0)

    def act(self, intent: Intent, actor: Any = None) -> list[Entry]:
        """Validate ``intent`` with the rules, record its events, fold them. Refused: nothing changes.

        ``actor`` (a :class:`engine.core.store.Actor`) is recorded with the events, in one transaction."""
        events = self.game.apply(self.state, intent, self.rng)
        state = replay(self.game, events, self.state)  # may raise: then nothing was recorded
        action = self.last_action + 1
        new = [Entry(self.seq + i + 1, action, e) for i, e in enumerate(events)]
        if self.store is not None:
            self.store.append(new, actor) if actor is not None else self.store.append(new)
        self.entries.extend(new)
        self.state = state
        return new

    def can_undo(self) -> tuple[bool, str]:
        eff = effective(self.entries)
        if not eff or eff[-1].action == 0:
            return False, "nothing to undo since the setup"
        last = eff[-1].action
        for e in eff:
            if e.action == last and e.event.reveals:
                return False, f"the last action revealed hidden information ({type(e.event).__name__})"
        return True, ""

    def last_effective_action(self) -> int:
        """The action an undo would take back (0: none)."""
        eff = effective(self.entries)
        return eff[-1].action if eff else 0

    def undo(self, actor: Any = None) -> Entry:
        ok, why = self.can_undo()
        if not ok:
            raise UndoRefused(self.undo_rule, why)
        last = effective(self.entries)[-1].action
        entry = Entry(self.seq + 1, self.last_action + 1, Undone(action=last))
        if self.store is not None:
            self.store.append([entry], actor) if actor is not None else self.store.append([entry])
        self.entries.append(entry)
        self.state = replay(self.game, (e.event for e in effective(self.entries)))
        return entry

    def view(self, seat: str) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def outcome(self) -> dict[str, Any] | None:
        return self.game.outcome(self.state)

    def decoder(self) -> msgspec.json.Decoder:
        return decoder(event_types(self.game))
