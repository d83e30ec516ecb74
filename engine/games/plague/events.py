"""Events and intents of Plague and Pestilence (besides the core deck events)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.core.events import Event, Intent


class GameStarted(Event, frozen=True):
    """First event: the validated options (profile tables and card counts included) and the seats."""

    options: dict[str, Any]
    seats: tuple[str, ...]


class DeathShipReturned(Event, frozen=True):
    """Dealt the Death ship at the deal: the seat shows it and puts it back in the deck (then a shuffle)."""

    seat: str
    card: str


class DiceRolled(Event, frozen=True):
    """A digital roll. ``purpose``: first_player, prosperity, plague or war. ``total`` includes ``modifier``
    (and, for prosperity/plague, is clamped to the table's 2..12). Undo may not cross a roll (no rerolls)."""

    reveals: ClassVar[bool] = True
    seat: str
    purpose: str
    dice: tuple[int, ...]
    modifier: int = 0
    total: int = 0


class FirstPlayer(Event, frozen=True):
    seat: str


class TurnStarted(Event, frozen=True):
    seat: str
    turn: int


class PopulationChanged(Event, frozen=True):
    """``seat``'s population moves by ``delta`` to ``population``. With hidden populations only the owner
    (and the host) sees the numbers; the others see that it changed and why."""

    seat: str
    delta: int | None
    population: int | None
    cause: str
    hidden: bool = False

    def audience(self) -> frozenset[str] | None:
        return frozenset({self.seat}) if self.hidden else None

    def redacted(self) -> Event:
        return msgspec.structs.replace(self, delta=None, population=None)


class ImprovementBuilt(Event, frozen=True):
    seat: str
    card: str


class ImprovementLost(Event, frozen=True):
    """``seat`` loses the improvement ``card`` (a Discarded event follows); ``by`` is the act card."""

    seat: str
    card: str
    by: str


class Protected(Event, frozen=True):
    """``seat`` is immune to ``card`` thanks to its improvement ``by`` (Aqueduct, Sewer, City Walls)."""

    seat: str
    card: str
    by: str


class ActPlayed(Event, frozen=True):
    """An Act card leaves ``seat``'s hand and resolves on the table. ``two_players``: a war with no possible
    opponent (the two-players rule: the target takes the loser's losses)."""

    seat: str
    card: str
    target: str = ""
    opponent: str = ""
    two_players: bool = False
    last_chance: bool = False


class ParryPlayed(Event, frozen=True):
    seat: str
    card: str
    on: str


class Passed(Event, frozen=True):
    """``seat`` lets the act resolve (parry window) or declines its last chance."""

    seat: str


class ActCancelled(Event, frozen=True):
    card: str
    by: str


class WarRound(Event, frozen=True):
    card: str
    aggressor: str
    defender: str
    aggressor_total: int
    defender_total: int
    winner: str = ""
    """Empty on a tie (both take the winner's losses and roll again)."""


class WarStopped(Event, frozen=True):
    """A tie round left a combatant without population: the war stops with no winner."""

    card: str


class DestroyChoice(Event, frozen=True):
    """The player of ``card`` must choose which improvement each of ``victims`` loses."""

    chooser: str
    card: str
    victims: tuple[str, ...]


class RemovedFromGame(Event, frozen=True):
    card: str


class PhaseChanged(Event, frozen=True):
    """The Death ship arrived: everyone flips to PESTE; play resumes with ``resume_with``."""

    phase: str
    resume_with: str


class ActResolved(Event, frozen=True):
    """The act is over, its cards discarded. ``cancelled``: a parry cancelled it, so it had no effect (a game
    saved before this field says nothing of it: its log line then reads as before)."""

    card: str
    cancelled: bool = False


class LastChance(Event, frozen=True):
    """Optional rule 4: ``seat`` has just lost its last PP and may play one last Act card."""

    seat: str


class Eliminated(Event, frozen=True):
    seat: str


class GameOver(Event, frozen=True):
    winner: str = ""
    tied: tuple[str, ...] = ()


# -- intents -----------------------------------------------------------------------------------------------


class Roll(Intent, frozen=True):
    """The Prosperity (or Plague) roll that begins a turn; the hand is then refilled to 6."""


class PlayCard(Intent, frozen=True):
    """Play an Act (``target``, and ``opponent`` for a war) or build an Improvement."""

    card: str
    target: str = ""
    opponent: str = ""


class Discard(Intent, frozen=True):
    card: str


class EndTurn(Intent, frozen=True):
    """Only when the hand is empty (nothing to play or discard)."""


class PlayParry(Intent, frozen=True):
    card: str
    on: str


class Pass(Intent, frozen=True):
    pass


class DestroyImprovement(Intent, frozen=True):
    victim: str
    card: str


GAME_EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    DeathShipReturned,
    DiceRolled,
    FirstPlayer,
    TurnStarted,
    PopulationChanged,
    ImprovementBuilt,
    ImprovementLost,
    Protected,
    ActPlayed,
    ParryPlayed,
    Passed,
    ActCancelled,
    WarRound,
    WarStopped,
    DestroyChoice,
    RemovedFromGame,
    PhaseChanged,
    ActResolved,
    LastChance,
    Eliminated,
    GameOver,
)
INTENTS: tuple[type[Intent], ...] = (Roll, PlayCard, Discard, EndTurn, PlayParry, Pass, DestroyImprovement)
