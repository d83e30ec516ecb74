"""A game's declaration (:class:`GameSpec`), the registry of games, replay, and a live :class:`Table` with
undo.

A game declares itself once, as ``GAME = GameSpec(...)`` in its package (``engine/games/<name>/__init__.py``),
and is registered by one line in :data:`GAMES` (its name → the module holding ``GAME``). Everything else —
the host, the devices, the texts, the screens — asks :func:`get_game` for it.

The log is a list of :class:`Entry`: each event with its sequence number and the *action* that produced
it (action 0 is the setup). Undo appends an :class:`Undone` event that retracts the last action; replay
skips retracted actions. Undo is refused across an event that revealed hidden information.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import msgspec

from .events import Event, IllegalIntent, Intent, decoder
from .lang import Phrasebook
from .rng import Rng

Describe = Callable[[Any, str, Mapping[str, str] | None], str]


class Undone(Event, frozen=True):
    """The action numbered ``action`` is taken back."""

    action: int


class Entry(msgspec.Struct, frozen=True):
    seq: int
    action: int
    event: Event


@dataclass(frozen=True)
class GameSpec:
    """Everything the rest of tablekeeper knows of a game, in one place.

    The rules (state is immutable data; ``rng`` is injected)::

        setup(options, rng) -> (state, [event])      # raises ValueError (the game's options error)
        legal(state, seat) -> [intent]
        apply(state, intent, rng) -> [event]          # raises IllegalIntent, never mutates state
        fold(state | None, event) -> state            # fold(None, first setup event) starts a game
        seats(state) -> [seat]                        # the player seats in turn order ("table" is implicit)
        view(state, seat) -> dict                     # what that seat may see (JSON-able)
        outcome(state) -> dict | None                 # None while the game goes on

    Its words: ``describe(item, lang, names)`` says an event or an intent in ``lang`` (``names``: seat →
    the player's name, or None), ``phrasebook`` its refusals in French and English, ``log_quiet`` the event
    types a seat's log says only when nothing else of their action was said to it, ``log_part(event,
    state)`` the part of the table an event is about (Pandémie: its province's code; "" the whole table),
    for a tablet bound to one part. ``profile_cli`` is ``tablekeeper profile --game <name>`` (a game with a
    box profile).
    """

    name: str
    events: tuple[type[Event], ...]  # every event class it folds (the core deck events it uses included)
    intents: tuple[type[Intent], ...]  # every intent class it accepts
    setup: Callable[[dict[str, Any], Rng], tuple[Any, list[Event]]]
    legal: Callable[[Any, str], list[Intent]]
    apply: Callable[[Any, Intent, Rng], list[Event]]
    fold: Callable[[Any, Event], Any]
    seats: Callable[[Any], list[str]]
    view: Callable[[Any, str], dict[str, Any]]
    outcome: Callable[[Any], dict[str, Any] | None]
    describe: Describe | None = None  # None: an event or intent is said by its type's name
    phrasebook: Phrasebook | None = None
    log_quiet: tuple[str, ...] = ()
    log_part: Callable[[Event, Any], str] | None = None
    profile_cli: Callable[[list[str]], int] | None = None

    def __repr__(self) -> str:
        return f"GameSpec({self.name!r})"


# every game: its name -> the module that declares it (``GAME``), imported when first asked for
GAMES: dict[str, str] = {
    "pandemie": "engine.games.pandemie",
    "rattus": "engine.games.rattus",
    "cartus": "engine.games.cartus",
    "plague": "engine.games.plague",
}


def get_game(name: str) -> GameSpec:
    """The game registered as ``name`` (KeyError: no such game; ImportError: its engine does not import)."""
    try:
        path = GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None
    spec = getattr(importlib.import_module(path), "GAME", None)
    if not isinstance(spec, GameSpec):
        raise ImportError(f"{path} declares no GAME = GameSpec(...)", name=path)
    if spec.name != name:
        raise ImportError(f"{path} declares the game {spec.name!r}, registered as {name!r}", name=path)
    return spec


def event_types(game: GameSpec) -> tuple[type[Event], ...]:
    types = tuple(game.events)
    return types if Undone in types else types + (Undone,)


def effective(entries: Iterable[Entry]) -> list[Entry]:
    """Entries that still count: retracted actions and the undo markers themselves left out."""
    entries = list(entries)
    undone = {e.event.action for e in entries if isinstance(e.event, Undone)}
    return [e for e in entries if e.action not in undone and not isinstance(e.event, Undone)]


def replay(game: GameSpec, events: Iterable[Event], state: Any = None) -> Any:
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

    def __init__(self, game: GameSpec, entries: Sequence[Entry], rng: Rng, store: Any = None) -> None:
        self.game = game
        self.rng = rng
        self.store = store
        self.entries: list[Entry] = list(entries)
        self.state = replay(game, (e.event for e in effective(self.entries)))

    # -- creation -----------------------------------------------------------------------------------
    @classmethod
    def new(cls, game: GameSpec, options: dict[str, Any], rng: Rng, store: Any = None) -> Table:
        _state, events = game.setup(options, rng)
        entries = [Entry(i + 1, 0, e) for i, e in enumerate(events)]
        if store is not None:
            store.append(entries)
        return cls(game, entries, rng, store)

    @classmethod
    def resume(cls, game: GameSpec, store: Any, rng: Rng) -> Table:
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

    def decoder(self) -> msgspec.json.Decoder[Any]:
        return decoder(event_types(self.game))
