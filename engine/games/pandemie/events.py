"""Events and intents of Pandémie — invasion barbare (besides the core deck events).

Cities are named by their key (``G01`` = first city of Gallia's file), colours by ``blue``/``yellow``/
``red``/``green``, provinces by their code, seats by ``p1``..``pN``.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, Intent

from .board import ProvinceData

# -- events ------------------------------------------------------------------------------------------


class GameStarted(Event, frozen=True):
    """The first event: normalised options and the data of every province in play (the log is
    self-contained)."""

    options: dict[str, Any]
    provinces: tuple[ProvinceData, ...]


class BaseInstalled(Event, frozen=True):
    """A Fort and every pawn of the province on its start city."""

    province: str
    city: str


class TurnBegan(Event, frozen=True):
    province: str
    seat: str


class ActionUsed(Event, frozen=True):
    seat: str
    action: str


class ActionsEnded(Event, frozen=True):
    """The player gives up the actions left: on to the draw."""

    seat: str


class PhaseChanged(Event, frozen=True):
    province: str
    phase: str


class PawnMoved(Event, frozen=True):
    pawn: str
    to: str
    how: str
    by: str = ""


class FortBuilt(Event, frozen=True):
    city: str
    removed_from: str = ""


class PinsPlaced(Event, frozen=True):
    city: str
    colour: str
    n: int = 1


class PinsRemoved(Event, frozen=True):
    city: str
    colour: str
    n: int = 1


class Surged(Event, frozen=True):
    """A barbarian surge (déferlement) from ``city``: the reinforcement marker advances."""

    city: str
    colour: str


class SpeedRaised(Event, frozen=True):
    province: str


class RuptureRevealed(Event, frozen=True):
    province: str
    card: str


class CardGiven(Event, frozen=True):
    giver: str
    receiver: str
    card: str


class VictoryCelebrated(Event, frozen=True):
    province: str
    colour: str
    seat: str


class VictoryShared(Event, frozen=True):
    """A celebrated victory carried to a linked province."""

    from_province: str
    to_province: str
    colour: str
    seat: str


class Eradicated(Event, frozen=True):
    province: str
    colour: str


class EventPlayed(Event, frozen=True):
    seat: str
    card: str


class CardRemoved(Event, frozen=True):
    """A card taken out of the game (Ville fantôme's propagation card, a Magistrat's stored event)."""

    card: str
    seat: str = ""


class EventStored(Event, frozen=True):
    seat: str
    card: str


class QuietNight(Event, frozen=True):
    province: str


class PropagationSkipped(Event, frozen=True):
    province: str


class DivinationBegan(Event, frozen=True):
    province: str
    seat: str
    n: int


class DivinationEnded(Event, frozen=True):
    province: str


class GameLost(Event, frozen=True):
    cause: str
    province: str = ""
    detail: str = ""


class GameWon(Event, frozen=True):
    pass


class CardAsked(Event, frozen=True):
    """Hidden hands: ``asker`` (whose turn it is) asks ``giver``, on the same city, for a city card."""

    asker: str
    giver: str


class AskAnswered(Event, frozen=True):
    """The asked partner answered: a card follows (CardGiven, then the asker's action) unless declined."""

    asker: str
    giver: str
    given: bool


class PropagationPaused(Event, frozen=True):
    """Propagation cards drawn one at a time: ``drawn`` so far this turn (events may be played now)."""

    province: str
    drawn: int


GAME_EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    BaseInstalled,
    TurnBegan,
    ActionUsed,
    ActionsEnded,
    PhaseChanged,
    PawnMoved,
    FortBuilt,
    PinsPlaced,
    PinsRemoved,
    Surged,
    SpeedRaised,
    RuptureRevealed,
    CardGiven,
    VictoryCelebrated,
    VictoryShared,
    Eradicated,
    EventPlayed,
    CardRemoved,
    EventStored,
    QuietNight,
    PropagationSkipped,
    DivinationBegan,
    DivinationEnded,
    GameLost,
    GameWon,
    CardAsked,
    AskAnswered,
    PropagationPaused,
)

# -- intents -----------------------------------------------------------------------------------------
# ``pawn`` (default: the seat's own) lets the Licteur move another player's pawn; he needs ``consent``.


class Move(Intent, frozen=True):
    to: str
    pawn: str = ""
    consent: bool = False


class Redeploy(Intent, frozen=True):
    """Discard the card of the city you leave, go to any city of your province."""

    to: str
    pawn: str = ""
    consent: bool = False


class ForcedMarch(Intent, frozen=True):
    """Discard the card of a city, go there."""

    to: str
    pawn: str = ""
    consent: bool = False


class ViaRomana(Intent, frozen=True):
    """From a Fort to another Fort."""

    to: str
    pawn: str = ""
    consent: bool = False


class ConsulMove(Intent, frozen=True):
    """Consul, once per turn: from a Fort, discard any city card, go to any city."""

    to: str
    card: str


class LicteurGather(Intent, frozen=True):
    """Licteur: move a pawn to a city where another pawn stands."""

    pawn: str
    to: str
    consent: bool = False


class BuildFort(Intent, frozen=True):
    """``remove_from``: when the six Forts are all on the board, the Fort taken from that city."""

    remove_from: str = ""


class Combat(Intent, frozen=True):
    """``city``: empty for the city where the player stands; another city of the province only with option
    ``combat=anywhere``."""

    colour: str
    city: str = ""


class Celebrate(Intent, frozen=True):
    """``cards`` empty: the first cards of that colour in hand are used."""

    colour: str
    cards: tuple[str, ...] = ()


class ShareKnowledge(Intent, frozen=True):
    other: str
    card: str
    give: bool = True


class AskCard(Intent, frozen=True):
    """Hidden hands (``open_hands: false``): ask ``other``, on your city, for a card without naming it — the
    card of that city, or any city card when ``other`` is the Sénateur. They choose (AnswerAsk); the action is
    spent only if a card is given."""

    other: str


class AnswerAsk(Intent, frozen=True):
    """The asked partner gives ``card`` from their hand, or declines (``card`` empty)."""

    card: str = ""


class ShareVictory(Intent, frozen=True):
    colour: str
    to_province: str


class StoreEvent(Intent, frozen=True):
    """Magistrat: take an event card from the player discard onto the role card."""

    card: str


class EndActions(Intent, frozen=True):
    pass


class DrawCards(Intent, frozen=True):
    pass


class Discard(Intent, frozen=True):
    card: str


class Propagate(Intent, frozen=True):
    """``cards``: 0 draws every propagation card of the turn; 1 or more draws that many and pauses, so that an
    event may be played between two cards (« à tout moment »)."""

    cards: int = 0


class PlayEvent(Intent, frozen=True):
    """``city``: Mission secrète's destination, Manu Militari's Fort; ``pawn``: Mission secrète's pawn;
    ``card``… the event card; ``target``: Ville fantôme's propagation card; ``remove_from``: Manu
    Militari when the six Forts are on the board."""

    card: str
    city: str = ""
    pawn: str = ""
    target: str = ""
    remove_from: str = ""


class ArrangeDivination(Intent, frozen=True):
    """The top cards after Divinations, new order, top first."""

    order: tuple[str, ...]


INTENT_TYPES: tuple[type[Intent], ...] = (
    Move,
    Redeploy,
    ForcedMarch,
    ViaRomana,
    ConsulMove,
    LicteurGather,
    BuildFort,
    Combat,
    Celebrate,
    ShareKnowledge,
    ShareVictory,
    StoreEvent,
    EndActions,
    DrawCards,
    Discard,
    Propagate,
    PlayEvent,
    ArrangeDivination,
    AskCard,
    AnswerAsk,
)

__all__ = [c.__name__ for c in GAME_EVENTS + INTENT_TYPES] + ["GAME_EVENTS", "INTENT_TYPES"]
