"""Rattus Cartus events and intents (the core deck events are used for every hidden deck)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.core import Event, Intent

from .scoring import TieRule

# -- events ------------------------------------------------------------------------------------------------


class GameStarted(Event, frozen=True):
    """The options of the game, with the 30 building cards chosen (public)."""

    seats: tuple[str, ...]
    rounds: int
    row_size: int
    selection: str
    buildings: tuple[str, ...]
    first_player: str
    nun_row: str = "digital"
    simultaneous_support: bool = False
    majority_ties: TieRule = "top"
    start_tokens: tuple[int, int, int] = (2, 1, 1)
    supports: dict[
        str, tuple[int, int, int]
    ] = {}  # card id -> (draw, rats, peek) printed on it, when typed in
    victory_tokens: str = (
        "one"  # "printed": each player says the points printed on their tokens (older logs: 1 each)
    )
    victory_token_values: tuple[int, ...] = ()  # the box's 20 tokens, when the group typed them in


class RatsChanged(Event, frozen=True):
    """A player's rat tokens after a change. Only that player sees the numbers."""

    seat: str
    reason: str
    tokens: tuple[int, int, int] | None = None  # value-1, value-3, value-5 tokens after the change
    delta: int | None = None

    def audience(self) -> frozenset[str] | None:
        return frozenset({self.seat})

    def redacted(self) -> Event:
        return msgspec.structs.replace(self, tokens=None, delta=None)


class RoundStarted(Event, frozen=True):
    round: int
    first_player: str


class PhaseBegan(Event, frozen=True):
    phase: str
    queue: tuple[str, ...] = ()


class SupportTaken(Event, frozen=True):
    seat: str
    building: int
    card: str
    draw: int = 0
    rats: int = 0
    peek: tuple[int, ...] = ()


class HandChanged(Event, frozen=True):
    """The number of cards in a player's (physical) hand changed; the size is public at the table."""

    seat: str
    delta: int
    size: int
    reason: str


class Entered(Event, frozen=True):
    seat: str
    building: int
    slot: int
    cards: int
    card: str = ""  # the building card entered (by its name in the log; older saves have none)


class PassPlayed(Event, frozen=True):
    seat: str


class BuildingBegan(Event, frozen=True):
    building: int
    card: str


class Revealed(Event, frozen=True):
    reveals: ClassVar[bool] = True
    seat: str
    building: int
    matching: int = 0
    other: int = 0
    jokers: int = 0
    swords: int = 0
    flutes: int = 0


class InfluenceGained(Event, frozen=True):
    seat: str
    cls: str
    amount: int
    total: int
    reason: str


class CardsResolved(Event, frozen=True):
    building: int


class ChoiceAwaited(Event, frozen=True):
    """The game waits for ``seat`` to choose (kind: sword, flute, hospital, peek)."""

    seat: str
    kind: str
    options: tuple[str, ...] = ()
    limit: int = 0


class SwordResolved(Event, frozen=True):
    building: int
    winner: str = ""
    loser: str = ""
    cards: int = 0


class FluteResolved(Event, frozen=True):
    building: int
    giver: str = ""
    receiver: str = ""


class ActionsBegan(Event, frozen=True):
    building: int
    privilege: str = ""
    queue: tuple[tuple[str, str], ...] = ()
    card: str = ""  # the building card whose actions begin (older saves have none)


class ActionTaken(Event, frozen=True):
    seat: str
    building: int
    kind: str  # privilege | basic
    effect: str
    amount: int = 0


class CardsGiven(Event, frozen=True):
    giver: str
    receiver: str
    cards: int
    reason: str


class VictoryTokensTaken(Event, frozen=True):
    seat: str
    amount: int
    total: int


class BuildingDone(Event, frozen=True):
    building: int


class RoundEnded(Event, frozen=True):
    round: int
    next_first: str


class HandDeclared(Event, frozen=True):
    reveals: ClassVar[bool] = True
    player: str
    pop_jokers: int = 0
    swords: int = 0
    flutes: int = 0
    passes: int = 0
    gold: int = 0


class VictoryPointsDeclared(Event, frozen=True):
    """Game end: the points printed on the victory tokens ``player`` holds."""

    player: str
    points: int


class NunsDeclared(Event, frozen=True):
    count: int


class RatsRevealed(Event, frozen=True):
    reveals: ClassVar[bool] = True
    totals: dict[str, int]


class GameScored(Event, frozen=True):
    result: dict[str, Any]


# -- intents -----------------------------------------------------------------------------------------------


class Support(Intent, frozen=True):
    """Phase B: take the support action printed on building ``building`` (0 = first of the row): draw
    ``draw`` population cards, discard ``rats`` rats, look at the nun cards at positions ``peek``."""

    building: int
    draw: int = 0
    rats: int = 0
    peek: tuple[int, ...] = ()


class Enter(Intent, frozen=True):
    """Phase C: put a marker on building ``building`` and ``cards`` cards face down."""

    building: int
    cards: int


class PlayPass(Intent, frozen=True):
    """Phase C: play a Laissez-passer instead of entering now."""


class Reveal(Intent, frozen=True):
    """Phase D: what the cards put face down were."""

    matching: int = 0
    other: int = 0
    jokers: int = 0
    swords: int = 0
    flutes: int = 0


class ChooseTarget(Intent, frozen=True):
    """Sword or flute with several players tied for the fewest: who gives (sword) / receives (flute)."""

    target: str


class Hospital(Intent, frozen=True):
    """Hôpital action: discard ``cards`` cards from hand to discard as many rats."""

    cards: int


class Peek(Intent, frozen=True):
    """Tente de la cartomancienne action: look at the nun cards at ``positions`` (0–4)."""

    positions: tuple[int, ...]


class EndRound(Intent, frozen=True):
    """Phase E: markers back, buildings discarded, first-player card to the left, next round's buildings."""


class Convert(Intent, frozen=True):
    """Swap 3 (or 5) value-1 rat tokens for one value-3 (or value-5) token. Private."""

    into: int


class CorrectHand(Intent, frozen=True):
    """Set a hand size to what the player really holds (the physical cards are the truth)."""

    player: str
    size: int


class DeclareHand(Intent, frozen=True):
    """Game end: what ``player`` holds (``player`` empty = the sender)."""

    player: str = ""
    pop_jokers: int = 0
    swords: int = 0
    flutes: int = 0
    passes: int = 0
    gold: int = 0


class DeclareVictoryPoints(Intent, frozen=True):
    """Game end (option ``victory_tokens`` printed): the points printed on the victory tokens ``player`` holds
    (``player`` empty = the sender)."""

    points: int
    player: str = ""


class DeclareNuns(Intent, frozen=True):
    """Game end with a cardboard nun row: the nun symbols counted on its five cards."""

    count: int
