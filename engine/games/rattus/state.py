"""Rattus state and its fold (the only place the state changes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from engine.core.deck import Deck, Drawn, Peeked, Shuffled
from engine.core.deckfold import fold_deck
from engine.core.events import Event, InconsistentLog

from .characters import CHARACTERS
from .events import (
    BakerCubesPlaced,
    BakerStored,
    BishopSet,
    CardTaken,
    CardUsed,
    CrusaderRevealed,
    CubesLost,
    CubesMoved,
    CubesPlaced,
    CubesSwapped,
    CubeToCastle,
    EndTriggered,
    GameOver,
    GameStarted,
    NunsSet,
    PhysicalSetup,
    PiperMoved,
    PlagueMoved,
    PlaguePlaced,
    PlagueWalledIn,
    PotionPlaced,
    RampartsSet,
    RatMoved,
    RatPlaced,
    RavageEnded,
    RavageStarted,
    SpreadEnded,
    SpreadStarted,
    TokenPeeked,
    TokenRevealed,
    TokensSwapped,
    TurnEnded,
    TurnStarted,
)
from .profile import Face, Profile, from_dict

CUBES_PER_SEAT = 20
NEUTRAL_CUBES = 2
NUNS = 3
BISHOPS = 2
RAMPARTS = 3
POTIONS = 10
REMOVED = {2: 12, 3: 6, 4: 0}


class State(msgspec.Struct, frozen=True):
    seats: tuple[str, ...]
    mode: str
    characters: tuple[str, ...]
    profile: Profile
    regions: tuple[str, ...]
    adj: dict[str, tuple[str, ...]]
    cubes: dict[str, dict[str, int]]
    reserve: dict[str, int]
    castle: dict[str, int]
    slots: dict[str, tuple[str, ...]]
    start: Deck = Deck("start")
    bag: Deck = Deck("bag")
    retired: Deck = Deck("retired")
    supply_count: int = 0  # physical tokens: rats left in the supply
    out_down: tuple[str, ...] = ()  # tokens out of play face down ("" = unknown physical token)
    revealed: tuple[tuple[str, str, Face], ...] = ()  # (token, region, face), in order
    plague: str = ""
    neutral: bool = False
    neutral_permanent: bool = False
    holders: dict[str, str] = msgspec.field(default_factory=dict)
    baker: int = 0
    baker_owner: str = ""
    potions: dict[str, dict[str, int]] = msgspec.field(default_factory=dict)
    potions_left: int = POTIONS
    nuns: tuple[str, ...] = ("",) * NUNS
    bishops: tuple[str, ...] = ("",) * BISHOPS
    ramparts: tuple[tuple[str, str], ...] = ()
    phase: str = "setup"
    stage: str = "game"  # game, final, final_plague, over
    active: str = ""
    queue: tuple[str, ...] = ()
    took_card: bool = False
    placed: bool = False
    used: tuple[str, ...] = ()
    peeks: tuple[tuple[str, int, str], ...] = ()  # Witch peeks this turn: (region, index, token)
    swapped: bool = False
    spread_region: str = ""
    spread_left: int = 0
    ravage: str = ""
    ravage_kind: str = ""
    serf: str = ""
    crusader: str = ""
    pending: tuple[tuple[str, Face], ...] = ()
    known: dict[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    exhausted_seat: str = ""
    last_regular: str = ""
    end_reason: str = ""
    result: dict[str, Any] | None = None
    final_potions: bool = False  # option: potions still protect in the final round and the final plague

    # -- derived ------------------------------------------------------------------------------------
    @property
    def digital(self) -> bool:
        return self.mode == "digital"

    def rats(self, region: str) -> int:
        return len(self.slots[region])

    def supply_left(self) -> int:
        return len(self.bag.cards) if self.digital else self.supply_count

    def total_cubes(self, region: str) -> int:
        return sum(self.cubes[region].values())

    def holds(self, seat: str, card: str) -> bool:
        return card in self.characters and self.holders.get(card) == seat

    def cards_of(self, seat: str) -> list[str]:
        return [c for c in self.characters if self.holders.get(c) == seat]

    def blocked(self, a: str, b: str) -> bool:
        """A rampart stands between ``a`` and ``b``."""
        return rampart(a, b) in self.ramparts

    def nuns_in(self, region: str) -> int:
        return sum(1 for n in self.nuns if n == region)

    def bishop_in(self, region: str) -> bool:
        return region in self.bishops

    def population(self, region: str) -> int:
        neutral = NEUTRAL_CUBES if (self.neutral or self.neutral_permanent) and self.plague == region else 0
        return self.total_cubes(region) + neutral - self.nuns_in(region)

    def face_of(self, token: str) -> Face | None:
        for tid, f in self.pending:
            if tid == token:
                return f
        return self.profile.face(token)

    def next_seat(self, seat: str, step: int = 1) -> str:
        i = self.seats.index(seat)
        return self.seats[(i + step) % len(self.seats)]


def rampart(a: str, b: str) -> tuple[str, str]:
    """A rampart between neighbours ``a`` and ``b``, as the state keeps it: the two names in order."""
    return (a, b) if a <= b else (b, a)


def _rep(state: State, **kw: Any) -> State:
    return msgspec.structs.replace(state, **kw)


def _add(d: dict[str, dict[str, int]], region: str, seat: str, n: int) -> dict[str, dict[str, int]]:
    inner = dict(d.get(region, {}))
    inner[seat] = inner.get(seat, 0) + n
    if inner[seat] < 0:
        raise InconsistentLog(f"{seat} would have {inner[seat]} in {region}")
    if inner[seat] == 0:
        del inner[seat]
    return {**d, region: inner}


def _cubes_add(state: State, region: str, seat: str, n: int) -> dict[str, dict[str, int]]:
    if region not in state.cubes:
        raise InconsistentLog(f"unknown region {region!r}")
    return _add(state.cubes, region, seat, n)


def _reserve_add(state: State, seat: str, n: int) -> dict[str, int]:
    left = state.reserve[seat] + n
    if left < 0:
        raise InconsistentLog(f"{seat} has not enough cubes in reserve")
    return {**state.reserve, seat: left}


def _carry_potions(
    state: State,
    potions: dict[str, dict[str, int]],
    cubes: dict[str, dict[str, int]],
    seat: str,
    src: str,
    dst: str | None,
) -> tuple[dict[str, dict[str, int]], int]:
    """Potions stay with a seat's cubes in a region; when the last cube leaves, they leave with it
    (to ``dst``), or go back to the potion supply (``dst`` None: the castle)."""
    have = potions.get(src, {}).get(seat, 0)
    if not have or cubes[src].get(seat, 0) > 0:
        return potions, 0
    potions = _add(potions, src, seat, -have)
    if dst is None:
        return potions, have
    return _add(potions, dst, seat, have), 0


def orphan_potions(
    potions: dict[str, dict[str, int]], cubes: dict[str, dict[str, int]], region: str
) -> dict[str, int]:
    """The potions in ``region`` of seats with no cube left there: « près de l'un de ses cubes », a potion
    stands beside its owner's cube; with none left, it goes back to the potion supply."""
    return {
        seat: n for seat, n in potions.get(region, {}).items() if n > 0 and cubes[region].get(seat, 0) <= 0
    }


def _remove_slot(slots: tuple[str, ...], token: str) -> tuple[str, ...]:
    """The region's rats once ``token`` is taken from it. A token scanned there while the host's record (a
    sticker scanned earlier, unseen by who turns it over) said otherwise: the table's scan wins, and one
    rat whose id was recorded goes instead (the counts stay right; the record was wrong)."""
    lst = list(slots)
    if token in lst:
        lst.remove(token)
    elif "" in lst:
        lst.remove("")
    elif lst:
        lst.pop(0)
    else:
        raise InconsistentLog(f"token {token} is not in that region")
    return tuple(lst)


def _forget(s: State, token: str, keep: tuple[str, int] | None = None) -> State:
    """Physical tokens: ``token`` was just scanned somewhere, so any older record of it elsewhere (on a
    region, or out of play face down) becomes an unknown token; ``keep`` is the (region, index) where it now
    lies."""
    if not token or s.digital:
        return s
    slots = dict(s.slots)
    for r, v in s.slots.items():
        if token in v:
            slots[r] = tuple("" if t == token and (r, k) != keep else t for k, t in enumerate(v))
    out = tuple("" if t == token else t for t in s.out_down)
    return _rep(s, slots=slots, out_down=out)


def start_state(event: GameStarted) -> State:
    o = event.options
    profile = from_dict(o["profile"], source="game options")
    players = len(o["seats"])
    regions = profile.regions_for(players)
    seats = tuple(o["seats"])
    return State(
        seats=seats,
        mode=o["mode"],
        characters=tuple(o["characters"]),
        profile=profile,
        regions=regions,
        adj=profile.neighbours(players),
        cubes={r: {} for r in regions},
        reserve={s: CUBES_PER_SEAT for s in seats},
        castle={s: 0 for s in seats},
        slots={r: () for r in regions},
        holders={c: "" for c in o["characters"]},
        potions={r: {} for r in regions},
        known={s: () for s in seats},
        final_potions=bool(o.get("final_potions", False)),
    )


def fold(state: State | None, event: Event) -> State:
    if isinstance(event, GameStarted):
        if state is not None:
            raise InconsistentLog("a game starts only once")
        return start_state(event)
    if state is None:
        raise InconsistentLog(f"{type(event).__name__} before GameStarted")
    handler = _FOLD.get(type(event))
    if handler is None:
        raise InconsistentLog(f"rattus does not fold {type(event).__name__}")
    return handler(state, event)


# -- deck events -------------------------------------------------------------------------------------
def _deck(state: State, name: str) -> Deck:
    try:
        return {"start": state.start, "bag": state.bag, "retired": state.retired}[name]
    except KeyError:
        raise InconsistentLog(f"unknown deck {name!r}") from None


def _f_shuffled(s: State, e: Shuffled) -> State:
    d = fold_deck(_deck(s, e.deck), e)
    if e.deck == "retired":
        # the retired pile is made of every token out of play (face down or revealed)
        out = set(s.out_down) | {t for t, _, _ in s.revealed}
        if not set(e.order) <= out:
            raise InconsistentLog("the retired pile holds tokens that are not out of play")
    return _rep(s, **{e.deck: d})


def _f_drawn(s: State, e: Drawn) -> State:
    d = fold_deck(_deck(s, e.deck), e)
    s = _rep(s, **{e.deck: d})
    if e.deck == "retired":
        s = _rep(
            s,
            out_down=tuple(t for t in s.out_down if t != e.card),
            revealed=tuple(r for r in s.revealed if r[0] != e.card),
        )
    if e.to in s.slots:
        if len(s.slots[e.to]) >= 3:
            raise InconsistentLog(f"a fourth rat in {e.to}")
        s = _rep(s, slots={**s.slots, e.to: s.slots[e.to] + (e.card,)})
        if s.spread_left > 0 and s.phase == "spread":
            s = _rep(s, spread_left=s.spread_left - 1)
    elif e.to == "out":
        s = _rep(s, out_down=s.out_down + (e.card,))
    elif e.to != "bag":
        raise InconsistentLog(f"a token drawn to {e.to!r}")
    return s


def _f_peeked(s: State, e: Peeked) -> State:
    return s


def _f_physical(s: State, e: PhysicalSetup) -> State:
    slots = dict(s.slots)
    for r in e.regions:
        slots[r] = slots[r] + ("",)
    return _rep(s, slots=slots, supply_count=e.supply, out_down=("",) * e.removed)


def _f_plague_placed(s: State, e: PlaguePlaced) -> State:
    return _rep(s, plague=e.region)


def _f_turn_started(s: State, e: TurnStarted) -> State:
    stage = {"final": "final", "baker": "final", "final_plague": "final_plague"}.get(e.phase, s.stage)
    return _rep(
        s,
        active=e.seat,
        phase=e.phase,
        queue=e.queue,
        stage=stage,
        took_card=False,
        placed=False,
        used=(),
        peeks=(),
        swapped=False,
        neutral=False,
    )


def _mark(s: State, card: str) -> tuple[str, ...]:
    return s.used + (card,)


def _f_cubes_placed(s: State, e: CubesPlaced) -> State:
    reserve = _reserve_add(s, e.seat, -e.count)
    s2 = _exhausted(_rep(s, cubes=_cubes_add(s, e.region, e.seat, e.count), reserve=reserve), e.seat)
    if e.reason in ("rats", "peasant", "queen", "burgomaster"):
        s2 = _rep(s2, placed=True)
        card = {"peasant": "paysan", "queen": "reine", "burgomaster": "bourgmestre"}.get(e.reason)
        if card:
            s2 = _rep(s2, used=_mark(s2, card))
    if e.reason.startswith("final-"):
        s2 = _rep(s2, used=_mark(s2, e.reason[len("final-") :]))
    return s2


def _exhausted(s: State, seat: str) -> State:
    """« un joueur a placé tous les cubes de sa couleur sur le plateau de jeu »: nothing left in the reserve
    nor on the Baker card (the castle is on the board), however the last cube got there."""
    if (
        s.stage == "game"
        and not s.exhausted_seat
        and s.reserve[seat] == 0
        and not (s.baker_owner == seat and s.baker > 0)
    ):
        return _rep(s, exhausted_seat=seat)
    return s


def _f_card_taken(s: State, e: CardTaken) -> State:
    # taking the Baker from a player: its cubes are placed at once (the BakerCubesPlaced that follows)
    return _rep(s, holders={**s.holders, e.card: e.seat}, took_card=True)


def _f_baker_cubes(s: State, e: BakerCubesPlaced) -> State:
    if e.count != s.baker or e.owner != s.baker_owner:
        raise InconsistentLog("the Baker does not hold those cubes")
    return _exhausted(
        _rep(s, cubes=_cubes_add(s, e.region, e.owner, e.count), baker=0, baker_owner=""), e.owner
    )


def _f_baker_stored(s: State, e: BakerStored) -> State:
    return _rep(
        s,
        reserve=_reserve_add(s, e.seat, -1),
        baker=s.baker + 1,
        baker_owner=e.seat,
        used=_mark(s, "boulanger"),
    )


def _f_castle(s: State, e: CubeToCastle) -> State:
    cubes = _cubes_add(s, e.region, e.seat, -1)
    potions, back = _carry_potions(s, s.potions, cubes, e.seat, e.region, None)
    return _rep(
        s,
        cubes=cubes,
        castle={**s.castle, e.seat: s.castle[e.seat] + 1},
        potions=potions,
        potions_left=s.potions_left + back,
        used=_mark(s, "roi"),
    )


def _f_rat_moved(s: State, e: RatMoved) -> State:
    src = list(s.slots[e.src])
    tok = src.pop(e.index)
    dst = s.slots[e.dst] + (tok,)
    if len(dst) > 3:
        raise InconsistentLog(f"a fourth rat in {e.dst}")
    return _rep(s, slots={**s.slots, e.src: tuple(src), e.dst: dst}, used=_mark(s, "moine"))


def _f_cubes_moved(s: State, e: CubesMoved) -> State:
    cubes = _add(_add(s.cubes, e.src, e.seat, -e.count), e.dst, e.seat, e.count)
    potions, _ = _carry_potions(s, s.potions, cubes, e.seat, e.src, e.dst)
    return _rep(s, cubes=cubes, potions=potions, used=_mark(s, "marchand"))


def _f_cubes_swapped(s: State, e: CubesSwapped) -> State:
    cubes = _add(s.cubes, e.region_a, e.seat_a, -1)
    cubes = _add(cubes, e.region_b, e.seat_b, -1)
    cubes = _add(cubes, e.region_b, e.seat_a, 1)
    cubes = _add(cubes, e.region_a, e.seat_b, 1)
    potions, _ = _carry_potions(s, s.potions, cubes, e.seat_a, e.region_a, e.region_b)
    potions, _ = _carry_potions(s, potions, cubes, e.seat_b, e.region_b, e.region_a)
    return _rep(s, cubes=cubes, potions=potions, used=_mark(s, "messager"))


def _f_ramparts(s: State, e: RampartsSet) -> State:
    return _rep(s, ramparts=tuple(rampart(a, b) for a, b in e.edges), used=_mark(s, "empereur"))


def _f_nuns(s: State, e: NunsSet) -> State:
    regions = tuple(e.regions) + ("",) * (NUNS - len(e.regions))
    return _rep(s, nuns=regions, used=_mark(s, "nonne"))


def _f_bishop(s: State, e: BishopSet) -> State:
    b = list(s.bishops)
    b[e.bishop] = e.region
    return _rep(s, bishops=tuple(b), used=_mark(s, "eveque"))


def _f_potion(s: State, e: PotionPlaced) -> State:
    if s.potions_left <= 0:
        raise InconsistentLog("no potion left")
    return _rep(
        s,
        potions=_add(s.potions, e.region, e.seat, 1),
        potions_left=s.potions_left - 1,
        used=_mark(s, "magicien"),
    )


def _f_piper(s: State, e: PiperMoved) -> State:
    cubes = _add(_add(s.cubes, e.src, e.seat, -1), e.dst, e.seat, 1)
    potions, _ = _carry_potions(s, s.potions, cubes, e.seat, e.src, e.dst)
    src = s.slots[e.src]
    moved, rest = src[: e.rats], src[e.rats :]
    dst = s.slots[e.dst] + moved
    if len(dst) > 3:
        raise InconsistentLog(f"a fourth rat in {e.dst}")
    return _rep(
        s,
        cubes=cubes,
        potions=potions,
        slots={**s.slots, e.src: rest, e.dst: dst},
        used=_mark(s, "piedpiper"),
    )


def _f_peek(s: State, e: TokenPeeked) -> State:
    slots = s.slots
    if e.token and not s.digital:
        s = _forget(s, e.token)
        lst = list(s.slots[e.region])
        lst[e.index] = e.token  # a physical token identified by its sticker
        slots = {**s.slots, e.region: tuple(lst)}
    known = s.known
    if e.token:
        known = {**known, e.seat: tuple(dict.fromkeys(known.get(e.seat, ()) + (e.token,)))}
    used = s.used if "sorciere" in s.used else _mark(s, "sorciere")
    return _rep(s, slots=slots, known=known, peeks=s.peeks + ((e.region, e.index, e.token),), used=used)


def _f_tokens_swapped(s: State, e: TokensSwapped) -> State:
    a, b = list(s.slots[e.region_a]), list(s.slots[e.region_b])
    a[e.index_a], b[e.index_b] = b[e.index_b], a[e.index_a]
    return _rep(s, slots={**s.slots, e.region_a: tuple(a), e.region_b: tuple(b)}, swapped=True)


def _f_plague_moved(s: State, e: PlagueMoved) -> State:
    # In the final round only the Knight, the Crusader and the Serf act on the plague (in the same region);
    # the Soldier then adds a rat beside it (SoldierRat), before or after the move.
    movers = (
        ("chevalier", "croise", "serf") if s.phase == "final" else ("chevalier", "croise", "soldat", "serf")
    )
    cards = [c for c in movers if s.holds(e.seat, c)]
    return _rep(
        s,
        plague=e.path[-1],
        neutral=e.neutral and not e.permanent,
        neutral_permanent=s.neutral_permanent or e.permanent,
        used=s.used + ("plague", *cards),
        serf=e.seat if e.serf else "",
        crusader=e.seat if e.crusader else "",
    )


def _f_walled_in(s: State, e: PlagueWalledIn) -> State:
    return _rep(s, used=s.used + ("plague",), phase="turn_end")


def _f_card_used(s: State, e: CardUsed) -> State:
    return _rep(s, used=_mark(s, e.card))


def _f_spread_started(s: State, e: SpreadStarted) -> State:
    return _rep(s, phase="spread", spread_region=e.region, spread_left=e.count)


def _f_rat_placed(s: State, e: RatPlaced) -> State:
    if len(s.slots[e.region]) >= 3:
        raise InconsistentLog(f"a fourth rat in {e.region}")
    if e.token and not e.retired:
        s = _forget(s, e.token)
    s2 = _rep(s, slots={**s.slots, e.region: s.slots[e.region] + (e.token,)})
    if e.retired:
        out = list(s.out_down)
        if e.token and e.token in out or "" in out:
            out.remove(e.token if e.token in out else "")
            return _rep(s2, out_down=tuple(out))
        for i, r in enumerate(s.revealed):
            if not e.token or r[0] == e.token:
                return _rep(s2, revealed=s.revealed[:i] + s.revealed[i + 1 :])
        raise InconsistentLog("no retired token to take back")
    if s.supply_count <= 0:
        raise InconsistentLog("no rat left in the supply")
    s2 = _rep(s2, supply_count=s.supply_count - 1)
    if s.phase == "spread":
        s2 = _rep(s2, spread_left=max(0, s.spread_left - 1))
    return s2


def _f_spread_ended(s: State, e: SpreadEnded) -> State:
    return _rep(s, spread_left=0, spread_region="")


def _f_ravage_started(s: State, e: RavageStarted) -> State:
    if e.crusader:
        phase = "crusader" if s.digital else "crusader_flip"
    else:
        phase = "ravage"
    return _rep(
        s, phase=phase, ravage=e.region, ravage_kind=e.kind, serf=e.serf, crusader=e.crusader, pending=()
    )


def _f_token_revealed(s: State, e: TokenRevealed) -> State:
    face = Face(e.threshold, tuple(e.symbols))
    if e.token and any(t == e.token for t, _ in s.pending):
        s = _rep(s, pending=tuple(p for p in s.pending if p[0] != e.token))
    else:
        slots = {**s.slots, e.region: _remove_slot(s.slots[e.region], e.token)}
        s = _forget(_rep(s, slots=slots), e.token)
    if e.token and s.profile.face(e.token) is None:
        s = _rep(
            s, profile=s.profile.with_faces({e.token: face})
        )  # the census builds itself as the group plays
    return _rep(s, revealed=s.revealed + ((e.token, e.region, face),))


def _f_crusader(s: State, e: CrusaderRevealed) -> State:
    slots = s.slots[e.region]
    for t in e.tokens:
        slots = _remove_slot(slots, t)
    for t in e.tokens:
        s = _forget(s, t)
    pending = s.pending + tuple((t, Face(f[0], tuple(f[1]))) for t, f in zip(e.tokens, e.faces, strict=True))
    known = {**s.known, e.seat: tuple(dict.fromkeys(s.known.get(e.seat, ()) + tuple(e.tokens)))}
    phase = "crusader" if not slots else s.phase
    return _rep(s, slots={**s.slots, e.region: slots}, pending=pending, known=known, phase=phase)


def _f_cubes_lost(s: State, e: CubesLost) -> State:
    cubes, potions, reserve = s.cubes, s.potions, dict(s.reserve)
    for seat, n in e.cubes.items():
        cubes = _add(cubes, e.region, seat, -n)
        reserve[seat] += n
    for seat, n in e.potions.items():
        potions = _add(potions, e.region, seat, -n)
    # a potion spent instead of a cube goes back beside the board, as a cube goes back to its reserve; so do
    # the potions of a seat whose last cube here was lost (no cube left to stand beside)
    back = orphan_potions(potions, cubes, e.region)
    for seat, n in back.items():
        potions = _add(potions, e.region, seat, -n)
    return _rep(
        s,
        cubes=cubes,
        potions=potions,
        reserve=reserve,
        potions_left=s.potions_left + sum(e.potions.values()) + sum(back.values()),
    )


def _f_ravage_ended(s: State, e: RavageEnded) -> State:
    if e.discarded != len(s.pending):
        raise InconsistentLog("ravage ended with a different number of unresolved tokens")
    out = s.out_down + tuple(t for t, _ in s.pending)
    return _rep(
        s,
        ravage="",
        ravage_kind="",
        serf="",
        crusader="",
        pending=(),
        out_down=out,
        phase={"turn": "turn_end", "final": "final", "final_plague": "final_plague"}[s.ravage_kind],
    )


def _f_turn_ended(s: State, e: TurnEnded) -> State:
    return _rep(
        s, phase="between", last_regular=e.seat if s.stage == "game" else s.last_regular, neutral=False
    )


def _f_end_triggered(s: State, e: EndTriggered) -> State:
    return _rep(s, stage="final", end_reason=e.reason, last_regular=e.last)


def _f_game_over(s: State, e: GameOver) -> State:
    return _rep(
        s,
        stage="over",
        phase="over",
        active="",
        result={
            "scores": dict(e.scores),
            "ranking": list(e.ranking),
            "winner": e.winner,
            "reason": s.end_reason,
        },
    )


_FOLD: dict[type, Callable[[State, Any], State]] = {
    Shuffled: _f_shuffled,
    Drawn: _f_drawn,
    Peeked: _f_peeked,
    PhysicalSetup: _f_physical,
    PlaguePlaced: _f_plague_placed,
    TurnStarted: _f_turn_started,
    CubesPlaced: _f_cubes_placed,
    CardTaken: _f_card_taken,
    BakerCubesPlaced: _f_baker_cubes,
    BakerStored: _f_baker_stored,
    CubeToCastle: _f_castle,
    RatMoved: _f_rat_moved,
    CubesMoved: _f_cubes_moved,
    CubesSwapped: _f_cubes_swapped,
    RampartsSet: _f_ramparts,
    NunsSet: _f_nuns,
    BishopSet: _f_bishop,
    PotionPlaced: _f_potion,
    PiperMoved: _f_piper,
    TokenPeeked: _f_peek,
    TokensSwapped: _f_tokens_swapped,
    PlagueMoved: _f_plague_moved,
    SpreadStarted: _f_spread_started,
    RatPlaced: _f_rat_placed,
    SpreadEnded: _f_spread_ended,
    RavageStarted: _f_ravage_started,
    TokenRevealed: _f_token_revealed,
    CrusaderRevealed: _f_crusader,
    CubesLost: _f_cubes_lost,
    RavageEnded: _f_ravage_ended,
    TurnEnded: _f_turn_ended,
    CardUsed: _f_card_used,
    PlagueWalledIn: _f_walled_in,
    EndTriggered: _f_end_triggered,
    GameOver: _f_game_over,
}

__all__ = ["State", "fold", "CHARACTERS"]
