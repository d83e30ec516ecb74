"""Rattus events and intents (every state change is one of these, or a core deck event)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.core.events import HOST, Event, Intent

# ---------------------------------------------------------------------------------------------- events


class GameStarted(Event, frozen=True):
    """The resolved options: seats, mode, the six characters in play, and the box profile (file form)."""

    options: dict[str, Any]


class PhysicalSetup(Event, frozen=True):
    """Physical tokens: one purple token face down on each region, ``removed`` tokens put away unseen."""

    regions: tuple[str, ...]
    removed: int
    supply: int


class PlaguePlaced(Event, frozen=True):
    region: str


class TurnStarted(Event, frozen=True):
    """``seat`` becomes active in ``phase`` (setup, actions, final, baker, final_plague); ``queue``
    follows."""

    seat: str
    phase: str
    queue: tuple[str, ...] = ()


class CubesPlaced(Event, frozen=True):
    seat: str
    region: str
    count: int
    reason: str  # setup, rats, peasant, queen, burgomaster, serf, final-<card>


class CardTaken(Event, frozen=True):
    seat: str
    card: str
    from_seat: str = ""


class BakerCubesPlaced(Event, frozen=True):
    owner: str
    by: str
    region: str
    count: int


class BakerStored(Event, frozen=True):
    seat: str


class CubeToCastle(Event, frozen=True):
    seat: str
    region: str


class RatMoved(Event, frozen=True):
    seat: str
    src: str
    index: int
    dst: str


class CubesMoved(Event, frozen=True):
    seat: str
    src: str
    dst: str
    count: int


class CubesSwapped(Event, frozen=True):
    seat: str
    seat_a: str
    region_a: str
    seat_b: str
    region_b: str


class RampartsSet(Event, frozen=True):
    seat: str
    edges: tuple[tuple[str, str], ...]


class NunsSet(Event, frozen=True):
    seat: str
    regions: tuple[str, ...]


class BishopSet(Event, frozen=True):
    seat: str
    bishop: int
    region: str


class PotionPlaced(Event, frozen=True):
    seat: str
    region: str


class PiperMoved(Event, frozen=True):
    seat: str
    src: str
    dst: str
    rats: int


class TokenPeeked(Event, frozen=True):
    """The Witch looks at a face-down token: only ``seat`` (and the host) see which one and its face."""

    reveals: ClassVar[bool] = True
    seat: str
    region: str
    index: int
    token: str = ""
    threshold: int = 0
    symbols: tuple[str, ...] = ()

    def audience(self) -> frozenset[str] | None:
        return frozenset({self.seat})

    def redacted(self) -> Event:
        return msgspec.structs.replace(self, token="", threshold=0, symbols=())


class TokensSwapped(Event, frozen=True):
    """The Witch swaps the two tokens she looked at. Private: the others do not learn whether she did."""

    seat: str
    region_a: str
    index_a: int
    region_b: str
    index_b: int

    def audience(self) -> frozenset[str] | None:
        return frozenset({self.seat})

    def redacted(self) -> Event | None:
        return None


class PlagueMoved(Event, frozen=True):
    seat: str
    path: tuple[str, ...]
    neutral: bool = False
    permanent: bool = False
    crusader: bool = False
    serf: bool = False


class PlagueWalledIn(Event, frozen=True):
    """Ramparts block every way out of the plague's region: it stays, nothing spreads, the turn ends."""

    seat: str
    region: str


class CardUsed(Event, frozen=True):
    """A card whose use leaves no other mark (the Soldier's last rat)."""

    seat: str
    card: str


class SpreadStarted(Event, frozen=True):
    region: str
    count: int


class RatPlaced(Event, frozen=True):
    """Physical tokens: a real token put face down on ``region``; its id (if scanned) is for the host only."""

    region: str
    token: str = ""
    retired: bool = False

    def audience(self) -> frozenset[str] | None:
        return frozenset({HOST})

    def redacted(self) -> Event:
        return msgspec.structs.replace(self, token="")


class SpreadEnded(Event, frozen=True):
    region: str
    reason: str = ""


class RavageStarted(Event, frozen=True):
    region: str
    serf: str = ""
    crusader: str = ""
    kind: str = "turn"  # turn, final (a final-round card), final_plague


class TokenRevealed(Event, frozen=True):
    reveals: ClassVar[bool] = True
    region: str
    token: str
    threshold: int
    symbols: tuple[str, ...]
    population: int
    effective: bool


class CrusaderRevealed(Event, frozen=True):
    """The Crusader turns the region's tokens over; only that seat (and the host) see them."""

    reveals: ClassVar[bool] = True
    seat: str
    region: str
    tokens: tuple[str, ...]
    faces: tuple[tuple[int, tuple[str, ...]], ...]

    def audience(self) -> frozenset[str] | None:
        return frozenset({self.seat})

    def redacted(self) -> Event:
        return msgspec.structs.replace(self, tokens=tuple("" for _ in self.tokens), faces=())


class CubesLost(Event, frozen=True):
    region: str
    token: str
    cubes: dict[str, int]
    potions: dict[str, int] = msgspec.field(default_factory=dict)  # spent instead of a cube
    # potions beside the last cube of a seat lost here (after the last regular turn they no longer protect):
    # back to the potion supply, with nothing left to stand beside (the fold does it for older logs too)
    potions_back: dict[str, int] = msgspec.field(default_factory=dict)


class RavageEnded(Event, frozen=True):
    region: str
    discarded: int = 0


class TurnEnded(Event, frozen=True):
    seat: str


class EndTriggered(Event, frozen=True):
    last: str
    reason: str


class GameOver(Event, frozen=True):
    scores: dict[str, int]
    ranking: tuple[str, ...]
    winner: str


# --------------------------------------------------------------------------------------------- intents


class SetupCubes(Intent, frozen=True):
    region: str


class TakeCard(Intent, frozen=True):
    card: str
    region: str = ""  # where the Baker's cubes go when taking the Baker from another player


class PlaceCubes(Intent, frozen=True):
    region: str
    peasant: bool = False
    queen: bool = False


class PlaceCubesBurgomaster(Intent, frozen=True):
    peasant_region: str = ""
    queen_regions: tuple[str, ...] = ()


class FinalCubes(Intent, frozen=True):
    """Final round: the Peasant (1 cube anywhere), the Queen (2) or the Burgomaster (1, where in majority)."""

    card: str
    region: str


class ToCastle(Intent, frozen=True):
    region: str


class MoveRat(Intent, frozen=True):
    src: str
    dst: str
    index: int = 0


class MoveCubes(Intent, frozen=True):
    src: str
    dst: str
    count: int = 1


class WitchPeek(Intent, frozen=True):
    region: str
    index: int = 0
    token: str = ""  # physical tokens: the scanned sticker (optional)


class WitchSwap(Intent, frozen=True):
    pass


class SwapCubes(Intent, frozen=True):
    seat_a: str
    region_a: str
    seat_b: str
    region_b: str


class SetRamparts(Intent, frozen=True):
    edges: tuple[tuple[str, str], ...]


class SetNuns(Intent, frozen=True):
    regions: tuple[str, ...]


class SetBishop(Intent, frozen=True):
    bishop: int
    region: str


class AddPotion(Intent, frozen=True):
    region: str


class PipeCube(Intent, frozen=True):
    src: str
    dst: str


class BakerStore(Intent, frozen=True):
    pass


class MovePlague(Intent, frozen=True):
    path: tuple[str, ...]
    neutral: bool = False
    crusader: bool = False
    soldier: bool = False
    serf: bool = False


class SpreadRat(Intent, frozen=True):
    region: str
    token: str = ""


class FlipToken(Intent, frozen=True):
    region: str
    token: str
    face: str = ""  # physical tokens whose face the profile lacks: the face read off the token


class OrderTokens(Intent, frozen=True):
    order: tuple[str, ...]


class SoldierRat(Intent, frozen=True):
    region: str


class EndTurn(Intent, frozen=True):
    pass


class BakerPlace(Intent, frozen=True):
    region: str
