"""The rules of Pandémie — invasion barbare: options, state, setup, fold, apply, legal, view, outcome.

State is a frozen msgspec Struct of tuples (structural sharing: an event rebuilds only the parts it
touches); the board is compiled once per set of provinces (:class:`~.layout.Board`) and shared.
``apply`` works through an :class:`_Emitter` that folds each event as it is emitted, so the rules
always read the state the log will produce; ``step`` returns that state too (the simulator uses it to
avoid folding twice).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import msgspec

from engine.core.deck import (
    Deck,
    Discarded,
    Drawn,
    End,
    Peeked,
    Placed,
    RemovedFromDiscard,
    Shuffled,
    committed,
    make_shuffle,
    split_with_inserts,
)
from engine.core.deckfold import fold_deck
from engine.core.events import HOST, Event, IllegalIntent, InconsistentLog, Intent
from engine.core.rng import Rng

from .board import (
    CITIES_PER_PROVINCE,
    EVENT_CARDS,
    SHIPPED_ORDER,
    ProvinceData,
    ProvinceError,
    from_dict,
    shipped,
)
from .board import (
    COLOURS as _COLOURS,
)
from .events import (
    INTENT_TYPES,
    ActionsEnded,
    ActionUsed,
    AnswerAsk,
    ArrangeDivination,
    AskAnswered,
    AskCard,
    BaseInstalled,
    BuildFort,
    CardAsked,
    CardGiven,
    CardRemoved,
    Celebrate,
    Combat,
    ConsulMove,
    Discard,
    DivinationBegan,
    DivinationEnded,
    DrawCards,
    EndActions,
    Eradicated,
    EventPlayed,
    EventStored,
    ForcedMarch,
    FortBuilt,
    GameLost,
    GameStarted,
    GameWon,
    LicteurGather,
    Move,
    PawnMoved,
    PhaseChanged,
    PinsPlaced,
    PinsRemoved,
    PlayEvent,
    Propagate,
    PropagationPaused,
    PropagationSkipped,
    QuietNight,
    Redeploy,
    RuptureRevealed,
    ShareKnowledge,
    ShareVictory,
    SpeedRaised,
    StoreEvent,
    Surged,
    TurnBegan,
    ViaRomana,
    VictoryCelebrated,
    VictoryShared,
)
from .layout import Board, compile_board

PINS_PER_COLOUR: Final = 24
FORTS: Final = 6
HAND_LIMIT: Final = 7
ACTIONS: Final = 4
DIVINATION_CARDS: Final = 6
DIFFICULTY: Final = {"novice": 4, "normal": 5, "expert": 6}
HAND_SIZE: Final = {1: 4, 2: 4, 3: 3, 4: 2, 5: 2, 6: 2}
DEFAULT_SPEED: Final = (2, 2, 2, 3, 3, 4, 4)
NC: Final = CITIES_PER_PROVINCE
COLOURS: Final = _COLOURS
NIGHT: Final = 0  # event kinds: the index of the card in EVENT_CARDS
MISSION: Final = 1
GHOST: Final = 2
DIVINATION: Final = 3
MANU: Final = 4
CONSUL: Final = "Consul"
DICTATEUR: Final = "Dictateur"
TRIBUN: Final = "Tribun"
SENATEUR: Final = "Sénateur"
LICTEUR: Final = "Licteur"
MAGISTRAT: Final = "Magistrat"
IMPERATOR: Final = "Imperator"


class OptionError(ValueError):
    """Game options that cannot be used; the message names the option and the problem."""


class Options(msgspec.Struct, frozen=True):
    provinces: tuple[str, ...] = ("G", "H", "E", "A")
    players: tuple[int, ...] = (4, 4, 4, 4)
    difficulty: str = "normal"
    start: str = "fixed"
    victories: str = "exchange"
    surge_counter: str = "province"
    max_surges: int = 8
    speed_track: tuple[int, ...] = DEFAULT_SPEED
    tribun: str = "medic"
    open_hands: bool = True
    first_player: str = "population"
    combat: str = "here"


_CHOICES: Final = {
    "difficulty": tuple(DIFFICULTY),
    "start": ("fixed", "drawn"),
    "victories": ("exchange", "shared", "per_province"),
    "surge_counter": ("province", "shared"),
    "tribun": ("medic", "literal"),
    "first_player": ("population", "seat_order"),
    "combat": ("here", "anywhere"),
}
_KNOWN: Final = set(Options.__struct_fields__) | {"extra_provinces"}


def normalize(options: dict[str, Any]) -> tuple[Options, tuple[ProvinceData, ...]]:
    """Validate plain-dict options into :class:`Options` and the data of the provinces in play."""
    if not isinstance(options, dict):
        raise OptionError("options must be a dict")
    unknown = sorted(set(options) - _KNOWN)
    if unknown:
        raise OptionError(f"unknown option {unknown[0]!r} (known: {', '.join(sorted(_KNOWN))})")
    known = list(shipped())
    extras = options.get("extra_provinces", []) or []
    if not isinstance(extras, list):
        raise OptionError("option extra_provinces must be a list of province data (see load_province)")
    for i, raw in enumerate(extras):
        try:
            data = from_dict(raw, f"option extra_provinces[{i}]", known)
        except ProvinceError as exc:
            raise OptionError(str(exc)) from None
        known = [k for k in known if k.code != data.code] + [data]
    by_code = {p.code: p for p in known}
    prov = options.get("provinces", len(SHIPPED_ORDER))
    if isinstance(prov, bool):
        raise OptionError("option provinces: give a number 1-4 or a list of province codes")
    if isinstance(prov, int):
        if not 1 <= prov <= len(SHIPPED_ORDER):
            raise OptionError(f"option provinces: {prov} is not between 1 and {len(SHIPPED_ORDER)}")
        codes = SHIPPED_ORDER[:prov]
    elif isinstance(prov, list | tuple) and prov:
        codes = tuple(str(c) for c in prov)
        for c in codes:
            if c not in by_code:
                raise OptionError(f"option provinces: unknown province {c!r} (known: {', '.join(by_code)})")
        if len(set(codes)) != len(codes):
            raise OptionError("option provinces: a province is listed twice")
    else:
        raise OptionError("option provinces: give a number 1-4 or a non-empty list of province codes")
    players = options.get("players", 4)
    if isinstance(players, int) and not isinstance(players, bool):
        players_t = (players,) * len(codes)
    elif isinstance(players, list | tuple) and len(players) == len(codes):
        players_t = tuple(players)
    else:
        raise OptionError(
            f"option players: a number of players per province, or a list of {len(codes)} numbers"
        )
    for n in players_t:
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 6:
            raise OptionError(
                f"option players: {n!r} players in a province (1 to 6: six pawns and role cards)"
            )
    kw: dict[str, Any] = {"provinces": codes, "players": players_t}
    for key, choices in _CHOICES.items():
        if key in options:
            if options[key] not in choices:
                raise OptionError(f"option {key}: {options[key]!r} is not one of {', '.join(choices)}")
            kw[key] = options[key]
    if "max_surges" in options:
        m = options["max_surges"]
        if not isinstance(m, int) or isinstance(m, bool) or m < 0:
            raise OptionError(f"option max_surges: {m!r} is not a whole number >= 0")
        kw["max_surges"] = m
    if "open_hands" in options:
        if not isinstance(options["open_hands"], bool):
            raise OptionError("option open_hands: true or false")
        kw["open_hands"] = options["open_hands"]
    ruptures = DIFFICULTY[kw.get("difficulty", "normal")]
    if "speed_track" in options:
        t = options["speed_track"]
        if not isinstance(t, list | tuple) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in t
        ):
            raise OptionError(
                "option speed_track: a list of whole numbers >= 1 (cards drawn per propagation)"
            )
        kw["speed_track"] = tuple(t)
    if len(kw.get("speed_track", DEFAULT_SPEED)) < ruptures + 1:
        raise OptionError(f"option speed_track: needs at least {ruptures + 1} spaces for {ruptures} Ruptures")
    provs = tuple(by_code[c] for c in codes)
    return Options(**kw), provs


# -- state -------------------------------------------------------------------------------------------


class Result(msgspec.Struct, frozen=True):
    won: bool
    cause: str = ""
    province: str = ""
    detail: str = ""


class Prov(msgspec.Struct, frozen=True):
    """One province's board: decks, pins (``pins[local_city * 4 + colour]``), markers and turn.

    ``pins`` is ``bytes`` (0 to 3 per city and colour): indexing gives ints as a tuple would, and a placement
    copies 192 bytes instead of rebuilding a tuple of 192 objects."""

    player: Deck
    prop: Deck
    roles: Deck
    pins: bytes
    supply: tuple[int, ...]
    speed: int = 0
    surges: int = 0
    victories: int = 0
    eradicated: int = 0
    forts: tuple[int, ...] = ()
    turn: int = -1
    phase: str = "setup"
    actions: int = 0
    consul_used: bool = False
    quiet: bool = False
    divination: int = -1
    divination_n: int = 0
    shuffles: int = 0


class Static:
    """What never changes during a game: board, options, seats. Shared by every state of the game."""

    def __init__(self, options: Options, provinces: tuple[ProvinceData, ...]) -> None:
        self.opts = options
        self.board: Board = compile_board(provinces)
        seats: list[str] = []
        seat_prov: list[int] = []
        prov_seats: list[tuple[int, ...]] = []
        for pi, n in enumerate(options.players):
            mine = []
            for _ in range(n):
                mine.append(len(seats))
                seats.append(f"p{len(seats) + 1}")
                seat_prov.append(pi)
            prov_seats.append(tuple(mine))
        self.seats = tuple(seats)
        self.seat_index = {s: i for i, s in enumerate(seats)}
        self.seat_prov = tuple(seat_prov)
        self.prov_seats = tuple(prov_seats)
        self.codes = self.board.codes
        self.decks: dict[str, tuple[str, int]] = {}
        for pi, c in enumerate(self.codes):
            self.decks[f"player:{c}"] = ("player", pi)
            self.decks[f"prop:{c}"] = ("prop", pi)
            self.decks[f"roles:{c}"] = ("roles", pi)
        self.ruptures = DIFFICULTY[options.difficulty]
        self.key = (msgspec.json.encode(options), self.board.digest)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Static) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Static({self.board!r}, {len(self.seats)} seats)"


class State(msgspec.Struct, frozen=True):
    static: Static  # typed for the compiled build; a State is folded, never decoded
    provs: tuple[Prov, ...]
    roles: tuple[str, ...]
    loc: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    stored: tuple[str, ...]
    guards: tuple[int, ...] = ()
    removed: tuple[str, ...] = ()
    over: Result | None = None
    asks: tuple[tuple[int, int], ...] = ()  # hidden hands: (asker, asked partner) awaiting an answer
    paused: tuple[int, ...] = ()  # per province: propagation cards drawn so far when drawn one by one

    # -- helpers used by rules, views and policies ---------------------------------------------------
    def role(self, seat: int) -> str:
        card = self.roles[seat]
        return self.static.board.role_of_card[card] if card else ""

    def pins_at(self, city: int, colour: int) -> int:
        return self.provs[city // NC].pins[(city % NC) * 4 + colour]


_T = TypeVar("_T")


def _set(t: tuple[_T, ...], i: int, v: _T) -> tuple[_T, ...]:
    return t[:i] + (v,) + t[i + 1 :]


_rep: Final = msgspec.structs.replace  # Final: a C static once compiled, not a globals lookup

# -- fold --------------------------------------------------------------------------------------------


def _new_state(ev: GameStarted) -> State:
    opts = msgspec.convert(ev.options, Options)
    st = Static(opts, tuple(ev.provinces))
    provs = []
    for c in st.codes:
        provs.append(
            Prov(
                player=Deck(f"player:{c}"),
                prop=Deck(f"prop:{c}"),
                roles=Deck(f"roles:{c}"),
                pins=bytes(NC * 4),
                supply=(PINS_PER_COLOUR,) * 4,
            )
        )
    n = len(st.seats)
    return State(st, tuple(provs), ("",) * n, (-1,) * n, ((),) * n, ("",) * n)


def _city(state: State, key: str) -> int:
    try:
        return state.static.board.index[key]
    except KeyError:
        raise InconsistentLog(f"unknown city {key!r}") from None


def _seat(state: State, seat: str) -> int:
    try:
        return state.static.seat_index[seat]
    except KeyError:
        raise InconsistentLog(f"unknown seat {seat!r}") from None


def _pi(state: State, code: str) -> int:
    try:
        return state.static.board.prov_index[code]
    except KeyError:
        raise InconsistentLog(f"unknown province {code!r}") from None


def _with_prov(state: State, pi: int, prov: Prov) -> State:
    return _rep(state, provs=_set(state.provs, pi, prov))


def _f_deck(state: State, ev: Any) -> State:
    static = state.static
    info = static.decks.get(ev.deck)
    if info is None:
        raise InconsistentLog(f"unknown deck {ev.deck!r}")
    kind, pi = info
    p = state.provs[pi]
    t = type(ev)
    provs = state.provs
    if kind == "player":
        deck = fold_deck(p.player, ev)
        if t is Drawn and ev.to in static.seat_index:
            s = static.seat_index[ev.to]
            hands = state.hands
            return _rep(
                state,
                provs=provs[:pi] + (_rep(p, player=deck),) + provs[pi + 1 :],
                hands=hands[:s] + (hands[s] + (ev.card,),) + hands[s + 1 :],
            )
        if t is Discarded:  # a player card is always discarded from a hand
            hands = state.hands
            card = ev.card
            for s in static.prov_seats[pi]:
                h = hands[s]
                if card in h:
                    i = h.index(card)
                    return _rep(
                        state,
                        provs=provs[:pi] + (_rep(p, player=deck),) + provs[pi + 1 :],
                        hands=hands[:s] + (h[:i] + h[i + 1 :],) + hands[s + 1 :],
                    )
            raise InconsistentLog(f"{ev.card} is discarded but no player of {static.codes[pi]} holds it")
        p2 = _rep(p, player=deck, shuffles=p.shuffles + 1) if t is Shuffled else _rep(p, player=deck)
        return _rep(state, provs=provs[:pi] + (p2,) + provs[pi + 1 :])
    if kind == "prop":
        deck = fold_deck(p.prop, ev)
        p2 = _rep(p, prop=deck, shuffles=p.shuffles + 1) if t is Shuffled else _rep(p, prop=deck)
        return _rep(state, provs=provs[:pi] + (p2,) + provs[pi + 1 :])
    p2 = _rep(p, roles=fold_deck(p.roles, ev))
    if t is Drawn and ev.to in static.seat_index:
        s = static.seat_index[ev.to]
        role = static.board.role_of_card[ev.card]
        guards = state.guards + (s,) if role in (DICTATEUR, TRIBUN) else state.guards
        return _rep(state, provs=_set(provs, pi, p2), roles=_set(state.roles, s, ev.card), guards=guards)
    return _with_prov(state, pi, p2)


def _f_base(state: State, ev: BaseInstalled) -> State:
    pi = _pi(state, ev.province)
    c = _city(state, ev.city)
    loc = state.loc
    for s in state.static.prov_seats[pi]:
        loc = _set(loc, s, c)
    p = state.provs[pi]
    return _rep(state, loc=loc, provs=_set(state.provs, pi, _rep(p, forts=p.forts + (c,))))


def _f_turn(state: State, ev: TurnBegan) -> State:
    pi = _pi(state, ev.province)
    p = state.provs[pi]
    p2 = _rep(p, turn=_seat(state, ev.seat), phase="actions", actions=ACTIONS, consul_used=False)
    if state.paused and state.paused[pi]:
        return _rep(state, provs=_set(state.provs, pi, p2), paused=_set(state.paused, pi, 0))
    return _with_prov(state, pi, p2)


def _f_paused(state: State, ev: PropagationPaused) -> State:
    pi = _pi(state, ev.province)
    paused = state.paused or (0,) * len(state.provs)
    return _rep(state, paused=_set(paused, pi, ev.drawn))


def _f_action(state: State, ev: ActionUsed) -> State:
    s = _seat(state, ev.seat)
    pi = state.static.seat_prov[s]
    p = state.provs[pi]
    left = p.actions - 1
    p2 = _rep(
        p,
        actions=left,
        phase="draw" if left <= 0 else p.phase,
        consul_used=p.consul_used or ev.action == "consul-move",
    )
    return _with_prov(state, pi, p2)


def _f_ended(state: State, ev: ActionsEnded) -> State:
    pi = state.static.seat_prov[_seat(state, ev.seat)]
    return _with_prov(state, pi, _rep(state.provs[pi], phase="draw", actions=0))


def _f_phase(state: State, ev: PhaseChanged) -> State:
    pi = _pi(state, ev.province)
    return _with_prov(state, pi, _rep(state.provs[pi], phase=ev.phase))


def _f_moved(state: State, ev: PawnMoved) -> State:
    s = _seat(state, ev.pawn)
    return _rep(state, loc=_set(state.loc, s, _city(state, ev.to)))


def _f_fort(state: State, ev: FortBuilt) -> State:
    c = _city(state, ev.city)
    pi = c // NC
    p = state.provs[pi]
    forts = p.forts
    if ev.removed_from:
        r = _city(state, ev.removed_from)
        if r not in forts:
            raise InconsistentLog(f"no Fort to remove at {ev.removed_from}")
        forts = tuple(f for f in forts if f != r)
    if c in forts or len(forts) >= FORTS:
        raise InconsistentLog(f"cannot build a Fort at {ev.city}")
    return _with_prov(state, pi, _rep(p, forts=forts + (c,)))


_COLOUR_INDEX: Final = {name: i for i, name in enumerate(COLOURS)}


def _colour(name: str) -> int:
    try:
        return COLOURS.index(name)
    except ValueError:
        raise InconsistentLog(f"unknown colour {name!r}") from None


_BYTE: Final = (b"\x00", b"\x01", b"\x02", b"\x03")  # one city's pins of one colour


def _f_pins(state: State, ev: PinsPlaced | PinsRemoved) -> State:
    c = state.static.board.index.get(ev.city)
    if c is None:
        c = _city(state, ev.city)  # raises
    col = _COLOUR_INDEX.get(ev.colour)
    if col is None:
        col = _colour(ev.colour)  # raises
    pi = c // NC
    p = state.provs[pi]
    i = (c % NC) * 4 + col
    n = ev.n if type(ev) is PinsPlaced else -ev.n
    have = p.pins[i] + n
    left = p.supply[col] - n
    if have < 0 or have > 3 or left < 0 or left > PINS_PER_COLOUR:
        raise InconsistentLog(f"{type(ev).__name__} {ev.city} {ev.colour} {ev.n}: impossible")
    pins = p.pins
    supply = p.supply
    p2 = _rep(
        p, pins=pins[:i] + _BYTE[have] + pins[i + 1 :], supply=supply[:col] + (left,) + supply[col + 1 :]
    )
    provs = state.provs
    return _rep(state, provs=provs[:pi] + (p2,) + provs[pi + 1 :])


def _f_surged(state: State, ev: Surged) -> State:
    pi = _city(state, ev.city) // NC
    p = state.provs[pi]
    return _with_prov(state, pi, _rep(p, surges=p.surges + 1))


def _f_speed(state: State, ev: SpeedRaised) -> State:
    pi = _pi(state, ev.province)
    p = state.provs[pi]
    return _with_prov(state, pi, _rep(p, speed=p.speed + 1))


def _f_given(state: State, ev: CardGiven) -> State:
    g, r = _seat(state, ev.giver), _seat(state, ev.receiver)
    h = state.hands[g]
    if ev.card not in h:
        raise InconsistentLog(f"{ev.giver} does not hold {ev.card}")
    i = h.index(ev.card)
    hands = _set(state.hands, g, h[:i] + h[i + 1 :])
    hands = _set(hands, r, hands[r] + (ev.card,))
    return _rep(state, hands=hands)


def _victory_targets(state: State, pi: int) -> range | tuple[int, ...]:
    return range(len(state.provs)) if state.static.opts.victories == "shared" else (pi,)


def _f_victory(state: State, ev: VictoryCelebrated) -> State:
    pi = _pi(state, ev.province)
    bit = 1 << _colour(ev.colour)
    provs = state.provs
    for q in _victory_targets(state, pi):
        provs = _set(provs, q, _rep(provs[q], victories=provs[q].victories | bit))
    return _rep(state, provs=provs)


def _f_vshared(state: State, ev: VictoryShared) -> State:
    pi = _pi(state, ev.to_province)
    p = state.provs[pi]
    return _with_prov(state, pi, _rep(p, victories=p.victories | (1 << _colour(ev.colour))))


def _f_erad(state: State, ev: Eradicated) -> State:
    pi = _pi(state, ev.province)
    p = state.provs[pi]
    return _with_prov(state, pi, _rep(p, eradicated=p.eradicated | (1 << _colour(ev.colour))))


def _f_removed(state: State, ev: CardRemoved) -> State:
    if ev.seat:
        s = _seat(state, ev.seat)
        if state.stored[s] == ev.card:
            return _rep(state, stored=_set(state.stored, s, ""), removed=state.removed + (ev.card,))
        h = state.hands[s]
        if ev.card in h:
            i = h.index(ev.card)
            return _rep(
                state, hands=_set(state.hands, s, h[:i] + h[i + 1 :]), removed=state.removed + (ev.card,)
            )
        raise InconsistentLog(f"{ev.seat} does not hold {ev.card}")
    return _rep(state, removed=state.removed + (ev.card,))


def _f_stored(state: State, ev: EventStored) -> State:
    s = _seat(state, ev.seat)
    return _rep(state, stored=_set(state.stored, s, ev.card))


def _f_quiet(state: State, ev: QuietNight | PropagationSkipped) -> State:
    pi = _pi(state, ev.province)
    return _with_prov(state, pi, _rep(state.provs[pi], quiet=isinstance(ev, QuietNight)))


def _f_div(state: State, ev: DivinationBegan | DivinationEnded) -> State:
    pi = _pi(state, ev.province)
    if isinstance(ev, DivinationBegan):
        return _with_prov(
            state, pi, _rep(state.provs[pi], divination=_seat(state, ev.seat), divination_n=ev.n)
        )
    return _with_prov(state, pi, _rep(state.provs[pi], divination=-1, divination_n=0))


def _f_lost(state: State, ev: GameLost) -> State:
    return _rep(state, over=Result(False, ev.cause, ev.province, ev.detail))


def _f_won(state: State, ev: GameWon) -> State:
    return _rep(state, over=Result(True))


def _f_ask(state: State, ev: CardAsked | AskAnswered) -> State:
    pair = (_seat(state, ev.asker), _seat(state, ev.giver))
    if isinstance(ev, CardAsked):
        return _rep(state, asks=state.asks + (pair,))
    if pair not in state.asks:
        raise InconsistentLog(f"{ev.giver} answers a request {ev.asker} did not make")
    return _rep(state, asks=tuple(a for a in state.asks if a != pair))


def _f_nothing(state: State, ev: Event) -> State:
    return state


_FOLD: Final[dict[type, Callable[[State, Any], State]]] = {
    Shuffled: _f_deck,
    Drawn: _f_deck,
    Discarded: _f_deck,
    RemovedFromDiscard: _f_deck,
    Placed: _f_deck,
    Peeked: _f_deck,
    BaseInstalled: _f_base,
    TurnBegan: _f_turn,
    ActionUsed: _f_action,
    ActionsEnded: _f_ended,
    PhaseChanged: _f_phase,
    PawnMoved: _f_moved,
    FortBuilt: _f_fort,
    PinsPlaced: _f_pins,
    PinsRemoved: _f_pins,
    Surged: _f_surged,
    SpeedRaised: _f_speed,
    RuptureRevealed: _f_nothing,
    CardGiven: _f_given,
    VictoryCelebrated: _f_victory,
    VictoryShared: _f_vshared,
    Eradicated: _f_erad,
    EventPlayed: _f_nothing,
    CardRemoved: _f_removed,
    EventStored: _f_stored,
    QuietNight: _f_quiet,
    PropagationSkipped: _f_quiet,
    DivinationBegan: _f_div,
    DivinationEnded: _f_div,
    GameLost: _f_lost,
    GameWon: _f_won,
    CardAsked: _f_ask,
    AskAnswered: _f_ask,
    PropagationPaused: _f_paused,
}


# the events of every turn, dispatched by a number so that the compiled fold calls them directly
_HOT: Final[dict[type, int]] = {
    Drawn: 1,
    Discarded: 1,
    ActionUsed: 2,
    PinsPlaced: 3,
    PinsRemoved: 3,
    PawnMoved: 4,
}


def fold(state: State | None, event: Event) -> State:
    if state is not None:
        k = _HOT.get(type(event), 0)
        if k == 1:
            return _f_deck(state, event)
        if k == 2:
            return _f_action(state, cast(ActionUsed, event))
        if k == 3:
            return _f_pins(state, cast(PinsPlaced | PinsRemoved, event))
        if k == 4:
            return _f_moved(state, cast(PawnMoved, event))
    f = _FOLD.get(type(event))  # GameStarted is not in the table
    if f is not None and state is not None:
        return f(state, event)
    if state is None:
        if not isinstance(event, GameStarted):
            raise InconsistentLog(f"a game starts with GameStarted, not {type(event).__name__}")
        return _new_state(event)
    if isinstance(event, GameStarted):
        raise InconsistentLog("GameStarted in the middle of a game")
    try:
        f = _FOLD[type(event)]
    except KeyError:
        raise InconsistentLog(f"pandemie does not fold {type(event).__name__}") from None
    return f(state, event)


# -- apply -------------------------------------------------------------------------------------------


class _Over(Exception):
    pass


class _Emitter:
    state: State
    events: list[Event]

    def __init__(self, state: State, events: list[Event] | None = None) -> None:
        self.state = state
        self.events = events or []

    def emit(self, ev: Event) -> None:
        self.events.append(ev)
        self.state = fold(self.state, ev)

    def lose(self, cause: str, province: str, detail: str) -> None:
        self.emit(GameLost(cause=cause, province=province, detail=detail))
        raise _Over()


def _key(state: State, city: int) -> str:
    return state.static.board.keys[city]


def _blocked(state: State, city: int, col: int) -> bool:
    """No pin of ``col`` may be placed on ``city`` (eradication, Dictateur, Tribun)."""
    pi = city // NC
    if state.provs[pi].eradicated >> col & 1:
        return True
    if state.guards:
        board = state.static.board
        for s in state.guards:
            at = state.loc[s]
            if at < 0:
                continue
            role = board.role_of_card[state.roles[s]]
            if role == DICTATEUR:
                if at == city or city in board.adj[at]:
                    return True
            elif at == city and state.provs[state.static.seat_prov[s]].victories >> col & 1:
                return True  # Tribun: no pin of a beaten people where he stands
    return False


def _put(em: _Emitter, city: int, col: int, n: int) -> None:
    st = em.state
    pi = city // NC
    if st.provs[pi].supply[col] < n:
        em.lose(
            "pins",
            st.static.codes[pi],
            f"no {COLOURS[col]} pins left to place on {st.static.board.names[city]}",
        )
    em.emit(PinsPlaced(city=_key(st, city), colour=COLOURS[col], n=n))


def _surge_count(st: State, pi: int) -> int:
    if st.static.opts.surge_counter == "shared":
        return sum(p.surges for p in st.provs)
    return st.provs[pi].surges


def _chain(em: _Emitter, origin: int, col: int) -> None:
    """A barbarian surge and its chain reaction. ``seen`` holds queued AND resolved cities, so that no
    city surges twice in one chain (the pandemic_ddd queue bug)."""
    board = em.state.static.board
    queue = deque([origin])
    seen = {origin}
    colour = COLOURS[col]
    while queue:
        c = queue.popleft()
        em.emit(Surged(city=board.keys[c], colour=colour))
        st = em.state
        pi = c // NC
        if _surge_count(st, pi) > st.static.opts.max_surges:
            em.lose("surges", st.static.codes[pi], f"more than {st.static.opts.max_surges} barbarian surges")
        for nb in board.adj[c]:
            if nb in seen or _blocked(em.state, nb, col):
                continue
            if em.state.pins_at(nb, col) >= 3:
                seen.add(nb)
                queue.append(nb)
            else:
                _put(em, nb, col, 1)


def _place(em: _Emitter, city: int, col: int, n: int) -> None:
    """Add ``n`` pins of ``col`` on ``city``; past three, a surge."""
    st = em.state
    if _blocked(st, city, col):
        return
    have = st.pins_at(city, col)
    if have + n <= 3:
        _put(em, city, col, n)
        return
    if have < 3:
        _put(em, city, col, 3 - have)
    _chain(em, city, col)


def _check_eradication(em: _Emitter, pi: int, col: int) -> None:
    p = em.state.provs[pi]
    if p.victories >> col & 1 and not p.eradicated >> col & 1 and p.supply[col] == PINS_PER_COLOUR:
        em.emit(Eradicated(province=em.state.static.codes[pi], colour=COLOURS[col]))


def _check_win(em: _Emitter) -> None:
    if all(p.victories == 0b1111 for p in em.state.provs):
        em.emit(GameWon())
        raise _Over()


def _tribun_clean(em: _Emitter, s: int) -> None:
    """Tribun: where he stands, pins of the peoples beaten in his province are removed at once."""
    st = em.state
    if st.role(s) != TRIBUN or st.loc[s] < 0:
        return
    city = st.loc[s]
    pi = st.static.seat_prov[s]
    vic = st.provs[pi].victories
    for col in range(4):
        if vic >> col & 1:
            n = em.state.pins_at(city, col)
            if n:
                em.emit(PinsRemoved(city=_key(st, city), colour=COLOURS[col], n=n))
                _check_eradication(em, city // NC, col)


def _after_victory(em: _Emitter, provs: range | tuple[int, ...], col: int) -> None:
    for pi in provs:
        for s in em.state.static.prov_seats[pi]:
            _tribun_clean(em, s)
        _check_eradication(em, pi, col)
    _check_win(em)


def _move(em: _Emitter, pawn: int, to: int, how: str, by: int) -> None:
    st = em.state
    em.emit(
        PawnMoved(
            pawn=st.static.seats[pawn], to=_key(st, to), how=how, by=st.static.seats[by] if by != pawn else ""
        )
    )
    _tribun_clean(em, pawn)


def _start_turn_after(em: _Emitter, pi: int) -> None:
    st = em.state
    order = st.static.prov_seats[pi]
    cur = st.provs[pi].turn
    nxt = order[(order.index(cur) + 1) % len(order)]
    em.emit(TurnBegan(province=st.static.codes[pi], seat=st.static.seats[nxt]))


def _draw_prop(em: _Emitter, pi: int, end: End = "top", to: str = "table") -> int:
    st = em.state
    deck = st.provs[pi].prop
    if not deck.cards:
        em.lose("propagation-deck", st.static.codes[pi], "the propagation deck is empty")
    card = deck.cards[0] if end == "top" else deck.cards[-1]
    em.emit(Drawn(deck=deck.name, card=card, end=end, to=to))
    return st.static.board.card_city[card]


def _rupture(em: _Emitter, pi: int, card: str, rng: Rng) -> None:
    """1. speed +1; 2. the bottom propagation card gets 3 pins; 3. the discard, shuffled, on top.
    (Each drawn propagation card goes to the discard before its pins are placed, so that a card is never
    left in the air when a surge ends the game.)"""
    code = em.state.static.codes[pi]
    em.emit(RuptureRevealed(province=code, card=card))
    em.emit(SpeedRaised(province=code))
    city = _draw_prop(em, pi, "bottom")
    col = em.state.static.board.colour[city]
    em.emit(Discarded(deck=em.state.provs[pi].prop.name, card=em.state.static.board.prop_card[city]))
    if not em.state.provs[pi].eradicated >> col & 1:
        _place(em, city, col, 3)
    p = em.state.provs[pi]
    em.emit(make_shuffle(rng, p.prop.name, p.prop.discard, "discard", f"{p.prop.name}#{p.shuffles + 1}"))


def _speed(st: State, pi: int) -> int:
    track = st.static.opts.speed_track
    return track[min(st.provs[pi].speed, len(track) - 1)]


def _propagate(em: _Emitter, pi: int, n: int = 0) -> bool:
    """Draw ``n`` propagation cards (0: all those left this turn); True when the propagation is over."""
    st = em.state
    board = st.static.board
    done = st.paused[pi] if st.paused else 0
    left = _speed(st, pi) - done
    k = left if n <= 0 or n >= left else n
    for _ in range(k):
        city = _draw_prop(em, pi)
        col = board.colour[city]
        em.emit(Discarded(deck=em.state.provs[pi].prop.name, card=board.prop_card[city]))
        if not em.state.provs[pi].eradicated >> col & 1:
            _place(em, city, col, 1)
    if k < left:  # a pause between two cards: events may be played
        em.emit(PropagationPaused(province=st.static.codes[pi], drawn=done + k))
        return False
    return True


def setup(options: dict[str, Any], rng: Rng) -> tuple[State, list[Event]]:
    opts, provinces = normalize(options)
    started = GameStarted(options=msgspec.to_builtins(opts), provinces=provinces)
    em = _Emitter(_new_state(started), [started])  # as fold(None, started)
    st = em.state
    static: Static = st.static
    board = static.board
    for pi, code in enumerate(static.codes):
        deck = f"roles:{code}"
        em.emit(make_shuffle(rng, deck, board.role_cards[pi], "new", f"{deck}#1"))
        for s in static.prov_seats[pi]:
            em.emit(Drawn(deck=deck, card=em.state.provs[pi].roles.cards[0], to=static.seats[s]))
    for pi, code in enumerate(static.codes):
        deck = f"player:{code}"
        cards = [board.player_card[c] for c in board.cities_of(pi)] + list(board.event_cards[pi])
        em.emit(make_shuffle(rng, deck, cards, "new", f"{deck}#1"))
        seats = static.prov_seats[pi]
        for _ in range(HAND_SIZE[len(seats)]):
            for s in seats:
                seat = static.seats[s]
                em.emit(
                    Drawn(
                        deck=deck,
                        card=em.state.provs[pi].player.cards[0],
                        to=seat,
                        private_to=() if opts.open_hands else (seat,),
                    )
                )
        rest = em.state.provs[pi].player.cards
        order = split_with_inserts(rng, rest, board.rupture_cards[pi][: static.ruptures])
        em.emit(committed(deck, order, "new", f"{deck}#2", rng.token_hex(16)))
    for pi, code in enumerate(static.codes):
        deck = f"prop:{code}"
        em.emit(
            make_shuffle(rng, deck, [board.prop_card[c] for c in board.cities_of(pi)], "new", f"{deck}#1")
        )
        start = board.start[pi]
        if opts.start == "drawn":
            start = _draw_prop(em, pi, to="start")
            em.emit(Placed(deck=deck, cards=(board.prop_card[start],)))
            em.emit(make_shuffle(rng, deck, em.state.provs[pi].prop.cards, "pile", f"{deck}#2"))
        for n in (3, 2, 1):
            for _ in range(3):
                city = _draw_prop(em, pi)
                em.emit(Discarded(deck=deck, card=board.prop_card[city]))
                _put(em, city, board.colour[city], n)
        em.emit(BaseInstalled(province=code, city=board.keys[start]))
    for pi, code in enumerate(static.codes):
        seats = static.prov_seats[pi]
        first = seats[0]
        if opts.first_player == "population":
            best = -1
            for s in seats:
                pop = max(
                    (board.population[board.card_city[c]] for c in em.state.hands[s] if c in board.card_city),
                    default=0,
                )
                if pop > best:
                    best, first = pop, s
        em.emit(TurnBegan(province=code, seat=static.seats[first]))
    return em.state, em.events


# -- intents -----------------------------------------------------------------------------------------


def _seat_of(st: State, intent: Intent) -> int:
    s = st.static.seat_index.get(intent.seat)
    if s is None:
        raise IllegalIntent(
            "seat", f"no seat {intent.seat!r} at this table (seats: {', '.join(st.static.seats)})"
        )
    return s


def _city_arg(st: State, key: str, what: str, pi: int | None = None) -> int:
    c = st.static.board.index.get(key)
    if c is None:
        raise IllegalIntent("unknown-city", f"{what}: no city {key!r} in play")
    if pi is not None and c // NC != pi:
        raise IllegalIntent("own-province", f"{what}: {st.static.board.names[c]} is not in your province")
    return c


def _colour_arg(name: str) -> int:
    if name not in COLOURS:
        raise IllegalIntent("unknown-colour", f"no colour {name!r} (one of {', '.join(COLOURS)})")
    return COLOURS.index(name)


def _blocked_province(st: State, pi: int) -> None:
    p = st.provs[pi]
    if p.divination >= 0:
        raise IllegalIntent(
            "divinations", f"{st.static.seats[p.divination]} must first put back the cards of Divinations"
        )
    for a, g in st.asks:
        if st.static.seat_prov[a] == pi:
            raise IllegalIntent(
                "ask-pending",
                f"{st.static.seats[g]} must first answer {st.static.seats[a]}'s request for a card",
            )
    for s in st.static.prov_seats[pi]:
        if len(st.hands[s]) > HAND_LIMIT:
            raise IllegalIntent(
                "hand-limit",
                f"{st.static.seats[s]} holds {len(st.hands[s])} cards: discard down to {HAND_LIMIT} first",
            )


def _need_action(st: State, s: int) -> int:
    pi = st.static.seat_prov[s]
    p = st.provs[pi]
    if p.turn != s:
        raise IllegalIntent(
            "not-your-turn", f"it is {st.static.seats[p.turn]}'s turn in {st.static.codes[pi]}"
        )
    if p.phase != "actions" or p.actions <= 0:
        raise IllegalIntent("no-actions-left", "no action left this turn: draw your two cards")
    _blocked_province(st, pi)
    return pi


def _pawn_arg(st: State, s: int, pawn: str, consent: bool, pi: int) -> int:
    if not pawn or pawn == st.static.seats[s]:
        return s
    p = st.static.seat_index.get(pawn)
    if p is None or st.static.seat_prov[p] != pi:
        raise IllegalIntent("unknown-pawn", f"no pawn {pawn!r} in your province")
    if st.role(s) != LICTEUR:
        raise IllegalIntent("licteur", "only the Licteur moves another player's pawn")
    if not consent:
        raise IllegalIntent("licteur-consent", f"the Licteur needs {pawn}'s permission to move their pawn")
    return p


def _hand_has(st: State, s: int, card: str, rule: str, what: str) -> None:
    if card not in st.hands[s]:
        raise IllegalIntent(rule, f"{what}: that card is not in {st.static.seats[s]}'s hand")


def _discard(em: _Emitter, s: int, card: str) -> None:
    pi = em.state.static.seat_prov[s]
    em.emit(Discarded(deck=em.state.provs[pi].player.name, card=card, seat=em.state.static.seats[s]))


def _is_city_card(card: str) -> bool:
    return card.startswith("PC:")


def _act(em: _Emitter, s: int, intent: Any, rng: Rng) -> None:
    st = em.state
    static: Static = st.static
    board = static.board
    seat = static.seats[s]
    pi = static.seat_prov[s]
    t = type(intent)

    if t is Discard:
        if len(st.hands[s]) <= HAND_LIMIT:
            raise IllegalIntent("hand-limit", f"{seat} holds {len(st.hands[s])} cards: no need to discard")
        _hand_has(st, s, intent.card, "not-in-hand", "discard")
        _discard(em, s, intent.card)
        return
    if t is PlayEvent:
        _play_event(em, s, intent)
        return
    if t is ArrangeDivination:
        p = st.provs[pi]
        if p.divination != s:
            raise IllegalIntent("divinations", "you have no Divinations cards to put back")
        top = p.prop.cards[: p.divination_n]
        order = tuple(intent.order)
        if sorted(order) != sorted(top):
            raise IllegalIntent(
                "divinations", f"put back exactly the {len(top)} cards you looked at, in any order"
            )
        for c in top:
            em.emit(Drawn(deck=p.prop.name, card=c, to="divination", private_to=(seat,)))
        em.emit(Placed(deck=p.prop.name, cards=order, end="top", private_to=(seat,)))
        em.emit(DivinationEnded(province=static.codes[pi]))
        return
    if t is DrawCards:
        p = st.provs[pi]
        if p.turn != s:
            raise IllegalIntent("not-your-turn", f"it is {static.seats[p.turn]}'s turn")
        if p.phase != "draw":
            raise IllegalIntent("wrong-phase", f"draw after your four actions (now: {p.phase})")
        _blocked_province(st, pi)
        for _ in range(2):
            p = em.state.provs[pi]
            if not p.player.cards:
                em.lose("player-deck", static.codes[pi], "no player cards left to draw")
            card = p.player.cards[0]
            rupture = card.startswith("PR:")
            em.emit(
                Drawn(
                    deck=p.player.name,
                    card=card,
                    to=seat,
                    private_to=() if static.opts.open_hands or rupture else (seat,),
                )
            )
            if rupture:
                _discard(em, s, card)
                _rupture(em, pi, card, rng)
        em.emit(PhaseChanged(province=static.codes[pi], phase="propagate"))
        return
    if t is Propagate:
        p = st.provs[pi]
        if p.turn != s:
            raise IllegalIntent("not-your-turn", f"it is {static.seats[p.turn]}'s turn")
        if p.phase != "propagate":
            raise IllegalIntent("wrong-phase", f"propagation comes after the draw (now: {p.phase})")
        _blocked_province(st, pi)
        started = bool(st.paused and st.paused[pi])
        if intent.cards < 0:
            raise IllegalIntent("propagate-cards", "draw one card or more (0: all of them)")
        if p.quiet and not started:  # a Nuit tranquille played during a propagation is for the next one
            if intent.cards:
                raise IllegalIntent("propagate-cards", "a quiet night: no card is drawn")
            em.emit(PropagationSkipped(province=static.codes[pi]))
        elif not _propagate(em, pi, intent.cards):
            return
        _start_turn_after(em, pi)
        return
    if t is AnswerAsk:
        _answer_ask(em, s, intent)
        return
    if t is EndActions:
        _need_action(st, s)
        em.emit(ActionsEnded(seat=seat))
        return

    # -- the actions ----------------------------------------------------------------------------
    _need_action(st, s)
    here = st.loc[s]
    if t in (Move, Redeploy, ForcedMarch, ViaRomana):
        pawn = _pawn_arg(st, s, intent.pawn, intent.consent, pi)
        frm = st.loc[pawn]
        to = _city_arg(st, intent.to, "destination", pi)
        if to == frm:
            raise IllegalIntent("same-city", "the pawn is already there")
        if t is Move:
            if to not in board.adj[frm]:
                raise IllegalIntent(
                    "move-adjacent", f"{board.names[to]} is not adjacent to {board.names[frm]}"
                )
            how = "move"
        elif t is Redeploy:
            _hand_has(
                st,
                s,
                board.player_card[frm],
                "redeploy-card",
                f"redeployment needs the card of the city left ({board.names[frm]})",
            )
            _discard(em, s, board.player_card[frm])
            how = "redeploy"
        elif t is ForcedMarch:
            _hand_has(
                st,
                s,
                board.player_card[to],
                "forced-march-card",
                f"a forced march needs the card of the destination ({board.names[to]})",
            )
            _discard(em, s, board.player_card[to])
            how = "forced-march"
        else:
            forts = st.provs[pi].forts
            if frm not in forts or to not in forts:
                raise IllegalIntent(
                    "via-romana-forts", "the Via Romana joins two cities that both have a Fort"
                )
            how = "via-romana"
        _move(em, pawn, to, how, s)
        em.emit(ActionUsed(seat=seat, action=how))
        return
    if t is ConsulMove:
        if st.role(s) != CONSUL:
            raise IllegalIntent("consul", "only the Consul moves that way")
        if st.provs[pi].consul_used:
            raise IllegalIntent("consul-once-per-turn", "the Consul's move is once per turn")
        if here not in st.provs[pi].forts:
            raise IllegalIntent("consul-fort", "the Consul leaves from a city with a Fort")
        to = _city_arg(st, intent.to, "destination", pi)
        if to == here:
            raise IllegalIntent("same-city", "the pawn is already there")
        if not _is_city_card(intent.card):
            raise IllegalIntent("consul-card", "discard a city card")
        _hand_has(st, s, intent.card, "consul-card", "the Consul's move")
        _discard(em, s, intent.card)
        _move(em, s, to, "consul", s)
        em.emit(ActionUsed(seat=seat, action="consul-move"))
        return
    if t is LicteurGather:
        if st.role(s) != LICTEUR:
            raise IllegalIntent("licteur", "only the Licteur gathers pawns")
        pawn = _pawn_arg(st, s, intent.pawn, intent.consent, pi)
        to = _city_arg(st, intent.to, "destination", pi)
        if to == st.loc[pawn]:
            raise IllegalIntent("same-city", "the pawn is already there")
        if not any(st.loc[o] == to for o in static.prov_seats[pi] if o != pawn):
            raise IllegalIntent("licteur-gather", f"no other pawn stands on {board.names[to]}")
        _move(em, pawn, to, "licteur", s)
        em.emit(ActionUsed(seat=seat, action="licteur-gather"))
        return
    if t is BuildFort:
        p = st.provs[pi]
        if here in p.forts:
            raise IllegalIntent("build-fort", f"{board.names[here]} already has a Fort")
        removed = ""
        if len(p.forts) < FORTS and intent.remove_from:
            raise IllegalIntent("forts-left", "a Fort is still in the box: build it without moving one")
        if len(p.forts) >= FORTS:
            if not intent.remove_from:
                raise IllegalIntent(
                    "forts-exhausted", "the six Forts are on the board: say which one to move"
                )
            r = _city_arg(st, intent.remove_from, "Fort to move", pi)
            if r not in p.forts:
                raise IllegalIntent("forts-exhausted", f"{board.names[r]} has no Fort")
            removed = board.keys[r]
        if st.role(s) != CONSUL:
            _hand_has(
                st,
                s,
                board.player_card[here],
                "build-fort-card",
                f"building a Fort needs the card of {board.names[here]}",
            )
            _discard(em, s, board.player_card[here])
        em.emit(FortBuilt(city=board.keys[here], removed_from=removed))
        em.emit(ActionUsed(seat=seat, action="build-fort"))
        return
    if t is Combat:
        col = _colour_arg(intent.colour)
        if intent.city and intent.city != board.keys[here]:
            if static.opts.combat != "anywhere":
                raise IllegalIntent(
                    "combat-here",
                    "a player fights in the city where they stand "
                    "(option combat=anywhere: in any city of the province)",
                )
            here = _city_arg(st, intent.city, "combat", pi)
        n = st.pins_at(here, col)
        if n == 0:
            raise IllegalIntent("combat-no-pins", f"no {intent.colour} pins on {board.names[here]}")
        all_of_them = st.provs[pi].victories >> col & 1 or (
            st.role(s) == TRIBUN and static.opts.tribun == "medic"
        )
        em.emit(PinsRemoved(city=board.keys[here], colour=intent.colour, n=n if all_of_them else 1))
        _check_eradication(em, pi, col)
        em.emit(ActionUsed(seat=seat, action="combat"))
        return
    if t is Celebrate:
        col = _colour_arg(intent.colour)
        if here not in st.provs[pi].forts:
            raise IllegalIntent("celebrate-fort", "a victory is celebrated on a Fort")
        if st.provs[pi].victories >> col & 1:
            raise IllegalIntent(
                "celebrate-done", f"the victory over the {intent.colour} people is already celebrated"
            )
        need = 4 if st.role(s) == IMPERATOR else 5
        mine = [c for c in st.hands[s] if _is_city_card(c) and board.colour[board.card_city[c]] == col]
        cards = tuple(intent.cards) or tuple(mine[:need])
        if len(cards) != need or len(set(cards)) != need or not all(c in mine for c in cards):
            raise IllegalIntent(
                "celebrate-cards", f"discard {need} {intent.colour} city cards from your hand"
            )
        for c in cards:
            _discard(em, s, c)
        em.emit(VictoryCelebrated(province=static.codes[pi], colour=intent.colour, seat=seat))
        em.emit(ActionUsed(seat=seat, action="celebrate"))
        _after_victory(em, _victory_targets(em.state, pi), col)
        return
    if t is ShareKnowledge:
        o = static.seat_index.get(intent.other)
        if o is None or o == s or static.seat_prov[o] != pi:
            raise IllegalIntent("share-other", f"no other player {intent.other!r} in your province")
        if st.loc[o] != here:
            raise IllegalIntent("share-same-city", "both players must stand on the same city")
        if not intent.give and not static.opts.open_hands:
            raise IllegalIntent(
                "share-hidden-hands",
                f"hands are hidden: ask {intent.other} for a card (AskCard); "
                f"{intent.other} chooses the card to give",
            )
        giver, receiver = (s, o) if intent.give else (o, s)
        if not _is_city_card(intent.card):
            raise IllegalIntent("share-card", "only city cards are exchanged")
        _hand_has(st, giver, intent.card, "share-card", "share knowledge")
        if intent.card != board.player_card[here] and st.role(giver) != SENATEUR:
            raise IllegalIntent(
                "share-card",
                f"only the card of {board.names[here]} may change hands "
                "(any city card when the Sénateur gives)",
            )
        em.emit(CardGiven(giver=static.seats[giver], receiver=static.seats[receiver], card=intent.card))
        em.emit(ActionUsed(seat=seat, action="share"))
        return
    if t is AskCard:
        if static.opts.open_hands:
            raise IllegalIntent(
                "ask-open-hands", "hands are open: take the card with ShareKnowledge (give: false)"
            )
        o = static.seat_index.get(intent.other)
        if o is None or o == s or static.seat_prov[o] != pi:
            raise IllegalIntent("share-other", f"no other player {intent.other!r} in your province")
        if st.loc[o] != here:
            raise IllegalIntent("share-same-city", "both players must stand on the same city")
        em.emit(CardAsked(asker=seat, giver=intent.other))
        return
    if t is ShareVictory:
        if static.opts.victories != "exchange":
            raise IllegalIntent(
                "share-victory", f"victories are not exchanged with option victories={static.opts.victories}"
            )
        col = _colour_arg(intent.colour)
        q = board.prov_index.get(intent.to_province)
        if q is None or q not in board.link_targets[here]:
            raise IllegalIntent(
                "share-victory-link", f"{board.names[here]} has no link to province {intent.to_province!r}"
            )
        if not st.provs[pi].victories >> col & 1:
            raise IllegalIntent(
                "share-victory", f"your province has not celebrated the {intent.colour} victory"
            )
        if st.provs[q].victories >> col & 1:
            raise IllegalIntent(
                "share-victory", f"{intent.to_province} already has the {intent.colour} victory"
            )
        em.emit(
            VictoryShared(
                from_province=static.codes[pi],
                to_province=intent.to_province,
                colour=intent.colour,
                seat=seat,
            )
        )
        em.emit(ActionUsed(seat=seat, action="share-victory"))
        _after_victory(em, (q,), col)
        return
    if t is StoreEvent:
        if st.role(s) != MAGISTRAT:
            raise IllegalIntent("magistrat", "only the Magistrat stores an event card")
        if st.stored[s]:
            raise IllegalIntent("magistrat-storage", "the Magistrat's card already holds an event")
        p = st.provs[pi]
        if intent.card not in board.event_kind or intent.card not in p.player.discard:
            raise IllegalIntent("magistrat-discard", "that card is not an event card in the player discard")
        em.emit(RemovedFromDiscard(deck=p.player.name, card=intent.card))
        em.emit(EventStored(seat=seat, card=intent.card))
        em.emit(ActionUsed(seat=seat, action="store-event"))
        return
    raise IllegalIntent("intent", f"unknown intent {t.__name__}")  # pragma: no cover


_EVENT_FIELDS: Final[dict[int, tuple[str, ...]]] = {
    NIGHT: (),
    DIVINATION: (),
    MISSION: ("city", "pawn"),
    GHOST: ("target",),
    MANU: ("city",),
}


def _answer_ask(em: _Emitter, s: int, intent: AnswerAsk) -> None:
    """The asked partner gives a card they may give (that city's, any city card for the Sénateur) or
    declines."""
    st = em.state
    static: Static = st.static
    board = static.board
    ask = next((a for a in st.asks if a[1] == s), None)
    if ask is None:
        raise IllegalIntent("ask", "nobody is asking you for a card")
    asker = static.seats[ask[0]]
    if not intent.card:
        em.emit(AskAnswered(asker=asker, giver=static.seats[s], given=False))
        return
    if not _is_city_card(intent.card):
        raise IllegalIntent("share-card", "only city cards are exchanged")
    _hand_has(st, s, intent.card, "share-card", "answer")
    here = st.loc[ask[0]]
    if st.loc[s] != here:
        raise IllegalIntent("share-same-city", "you no longer stand on the same city: decline (empty card)")
    if intent.card != board.player_card[here] and st.role(s) != SENATEUR:
        raise IllegalIntent(
            "share-card",
            f"only the card of {board.names[here]} may change hands (any city card when the Sénateur gives)",
        )
    em.emit(AskAnswered(asker=asker, giver=static.seats[s], given=True))
    em.emit(CardGiven(giver=static.seats[s], receiver=asker, card=intent.card))
    em.emit(ActionUsed(seat=asker, action="share"))


def _play_event(em: _Emitter, s: int, intent: PlayEvent) -> None:
    st = em.state
    static: Static = st.static
    board = static.board
    seat = static.seats[s]
    pi = static.seat_prov[s]
    card = intent.card
    kind = board.event_kind.get(card)
    if kind is None:
        raise IllegalIntent("event-card", "that card is not an event card")
    stored = st.stored[s] == card
    if not stored and card not in st.hands[s]:
        raise IllegalIntent("event-not-held", f"{seat} does not hold that event card")
    p = st.provs[pi]
    code = static.codes[pi]
    given = (
        ("city", intent.city),
        ("pawn", intent.pawn),
        ("target", intent.target),
        ("remove_from", intent.remove_from),
    )
    allowed = _EVENT_FIELDS[kind] + (("remove_from",) if kind == MANU and len(p.forts) >= FORTS else ())
    extra = [name for name, value in given if value and name not in allowed]
    if extra:
        raise IllegalIntent("event-fields", f"{event_card_name(card)} takes no {', '.join(extra)}")
    # check the targets first: a refused event changes nothing
    pawn = to = -1
    if kind == NIGHT:
        if p.quiet:
            raise IllegalIntent("nuit-tranquille", "the next propagation is already skipped")
    elif kind == MISSION:
        found = static.seat_index.get(intent.pawn or seat)
        if found is None or static.seat_prov[found] != pi:
            raise IllegalIntent("unknown-pawn", f"no pawn {intent.pawn!r} in your province")
        pawn = found
        to = _city_arg(st, intent.city, "Mission secrète", pi)
        if st.loc[pawn] == to:
            raise IllegalIntent("same-city", "the pawn is already there")
    elif kind == GHOST:
        if intent.target not in p.prop.discard:
            raise IllegalIntent("ville-fantome", "Ville fantôme: name a card of the propagation discard")
    elif kind == DIVINATION:
        if p.divination >= 0:
            raise IllegalIntent("divinations", "Divinations is already being resolved")
        if not p.prop.cards:
            raise IllegalIntent("divinations", "the propagation deck is empty")
    else:
        to = _city_arg(st, intent.city, "Manu Militari", pi)
        if to in p.forts:
            raise IllegalIntent("build-fort", f"{board.names[to]} already has a Fort")
        removed = ""
        if len(p.forts) >= FORTS:
            r = board.index.get(intent.remove_from, -1)
            if r not in p.forts:
                raise IllegalIntent(
                    "forts-exhausted", "the six Forts are on the board: say which one to move"
                )
            removed = board.keys[r]
    em.emit(EventPlayed(seat=seat, card=card))
    if stored:
        em.emit(CardRemoved(card=card, seat=seat))
    else:
        _discard(em, s, card)
    if kind == NIGHT:
        em.emit(QuietNight(province=code))
    elif kind == MISSION:
        _move(em, pawn, to, "mission", s)
    elif kind == GHOST:
        em.emit(RemovedFromDiscard(deck=p.prop.name, card=intent.target))
        em.emit(CardRemoved(card=intent.target))
    elif kind == DIVINATION:
        top = p.prop.cards[:DIVINATION_CARDS]
        em.emit(Peeked(deck=p.prop.name, seat=seat, cards=top))
        em.emit(DivinationBegan(province=code, seat=seat, n=len(top)))
    else:
        em.emit(FortBuilt(city=board.keys[to], removed_from=removed))


def step(state: State, intent: Intent, rng: Rng) -> tuple[State, list[Event]]:
    """Apply ``intent``: the events and the state after them (``fold`` of those events)."""
    if state.over is not None:
        raise IllegalIntent("game-over", "the game is over")
    s = _seat_of(state, intent)
    if type(intent) not in _INTENT_SET:
        raise IllegalIntent("intent", f"pandemie has no intent {type(intent).__name__}")
    em = _Emitter(state)
    try:
        _act(em, s, intent, rng)
    except _Over:
        pass
    return em.state, em.events


_INTENT_SET: Final = frozenset(INTENT_TYPES)


def apply(state: State, intent: Intent, rng: Rng) -> list[Event]:
    return step(state, intent, rng)[1]


# -- legal -------------------------------------------------------------------------------------------


def legal(state: State, seat: str) -> list[Intent]:
    """Every legal intent of ``seat``, except two that take a free choice: ArrangeDivination is listed once
    (keeping the order; any order of those cards is legal) and the Consul's move with one card (any city
    card of his hand is legal)."""
    st = state
    if st.over is not None or seat not in st.static.seat_index:
        return []
    static: Static = st.static
    board = static.board
    s = static.seat_index[seat]
    pi = static.seat_prov[s]
    p = st.provs[pi]
    out: list[Intent] = []
    hand = st.hands[s]
    if len(hand) > HAND_LIMIT:
        out += [Discard(seat=seat, card=c) for c in dict.fromkeys(hand)]
    if p.divination == s:
        out.append(ArrangeDivination(seat=seat, order=p.prop.cards[: p.divination_n]))
    for a, g in st.asks:
        if g == s:
            out.append(AnswerAsk(seat=seat))
            if st.loc[g] == st.loc[a]:
                here_card = board.player_card[st.loc[a]]
                gives = (
                    [c for c in dict.fromkeys(hand) if _is_city_card(c)]
                    if st.role(s) == SENATEUR
                    else ([here_card] if here_card in hand else [])
                )
                out += [AnswerAsk(seat=seat, card=c) for c in gives]
    mine = list(static.prov_seats[pi])
    cities = list(board.cities_of(pi))
    for card in [c for c in hand if c in board.event_kind] + ([st.stored[s]] if st.stored[s] else []):
        k = board.event_kind[card]
        if k == NIGHT and not p.quiet:
            out.append(PlayEvent(seat=seat, card=card))
        elif k == MISSION:
            for o in mine:
                out += [
                    PlayEvent(seat=seat, card=card, pawn=static.seats[o], city=board.keys[c])
                    for c in cities
                    if c != st.loc[o]
                ]
        elif k == GHOST:
            out += [PlayEvent(seat=seat, card=card, target=t) for t in dict.fromkeys(p.prop.discard)]
        elif k == DIVINATION and p.divination < 0 and p.prop.cards:
            out.append(PlayEvent(seat=seat, card=card))
        elif k == MANU:
            free = [c for c in cities if c not in p.forts]
            if len(p.forts) < FORTS:
                out += [PlayEvent(seat=seat, card=card, city=board.keys[c]) for c in free]
            else:
                out += [
                    PlayEvent(seat=seat, card=card, city=board.keys[c], remove_from=board.keys[r])
                    for c in free
                    for r in p.forts
                ]
    if p.turn != s:
        return out
    blocked = (
        p.divination >= 0
        or any(len(st.hands[o]) > HAND_LIMIT for o in mine)
        or any(static.seat_prov[a] == pi for a, _ in st.asks)
    )
    if blocked:
        return out
    if p.phase == "draw":
        out.append(DrawCards(seat=seat))
        return out
    if p.phase == "propagate":
        out.append(Propagate(seat=seat))
        started = st.paused[pi] if st.paused else 0
        if not p.quiet or started:  # one card at a time: events may come between two cards
            out += [Propagate(seat=seat, cards=k) for k in range(1, _speed(st, pi) - started)]
        return out
    if p.phase != "actions" or p.actions <= 0:
        return out
    here = st.loc[s]
    role = st.role(s)
    pawns = [s] + ([o for o in mine if o != s] if role == LICTEUR else [])
    for pw in pawns:
        kw: dict[str, Any] = {} if pw == s else {"pawn": static.seats[pw], "consent": True}
        frm = st.loc[pw]
        out += [Move(seat=seat, to=board.keys[c], **kw) for c in board.adj[frm] if c // NC == pi]
        if board.player_card[frm] in hand:
            out += [Redeploy(seat=seat, to=board.keys[c], **kw) for c in cities if c != frm]
        for c in hand:
            city = board.card_city.get(c)
            if city is not None and city != frm:
                out.append(ForcedMarch(seat=seat, to=board.keys[city], **kw))
        if frm in p.forts:
            out += [ViaRomana(seat=seat, to=board.keys[c], **kw) for c in p.forts if c != frm]
    if role == CONSUL and not p.consul_used and here in p.forts:
        cards = [c for c in dict.fromkeys(hand) if _is_city_card(c)]
        if cards:
            out += [ConsulMove(seat=seat, to=board.keys[c], card=cards[0]) for c in cities if c != here]
    if role == LICTEUR:
        for pw in mine:
            targets = {st.loc[o] for o in mine if o != pw} - {st.loc[pw]}
            kw = {} if pw == s else {"consent": True}
            out += [
                LicteurGather(seat=seat, pawn=static.seats[pw], to=board.keys[c], **kw)
                for c in sorted(targets)
            ]
    if here not in p.forts and (role == CONSUL or board.player_card[here] in hand):
        if len(p.forts) < FORTS:
            out.append(BuildFort(seat=seat))
        else:
            out += [BuildFort(seat=seat, remove_from=board.keys[r]) for r in p.forts]
    for col in range(4):
        if st.pins_at(here, col):
            out.append(Combat(seat=seat, colour=COLOURS[col]))
    if static.opts.combat == "anywhere":
        out += [
            Combat(seat=seat, colour=COLOURS[col], city=board.keys[c])
            for c in cities
            if c != here
            for col in range(4)
            if st.pins_at(c, col)
        ]
    if here in p.forts:
        need = 4 if role == IMPERATOR else 5
        for col in range(4):
            if not p.victories >> col & 1:
                k = sum(1 for c in hand if _is_city_card(c) and board.colour[board.card_city[c]] == col)
                if k >= need:
                    out.append(Celebrate(seat=seat, colour=COLOURS[col]))
    for o in mine:
        if o != s and st.loc[o] == here:
            if board.player_card[here] in hand or role == SENATEUR:
                cards = (
                    [board.player_card[here]] if role != SENATEUR else [c for c in hand if _is_city_card(c)]
                )
                out += [ShareKnowledge(seat=seat, other=static.seats[o], card=c, give=True) for c in cards]
            if not static.opts.open_hands:  # the partner's hand is hidden: ask, they choose
                out.append(AskCard(seat=seat, other=static.seats[o]))
            elif board.player_card[here] in st.hands[o] or st.role(o) == SENATEUR:
                cards = (
                    [board.player_card[here]]
                    if st.role(o) != SENATEUR
                    else [c for c in st.hands[o] if _is_city_card(c)]
                )
                out += [ShareKnowledge(seat=seat, other=static.seats[o], card=c, give=False) for c in cards]
    if static.opts.victories == "exchange":
        for q in board.link_targets[here]:
            for col in range(4):
                if p.victories >> col & 1 and not st.provs[q].victories >> col & 1:
                    out.append(ShareVictory(seat=seat, colour=COLOURS[col], to_province=static.codes[q]))
    if role == MAGISTRAT and not st.stored[s]:
        out += [
            StoreEvent(seat=seat, card=c) for c in dict.fromkeys(p.player.discard) if c in board.event_kind
        ]
    out.append(EndActions(seat=seat))
    return out


# -- view and outcome --------------------------------------------------------------------------------


def view(state: State, seat: str) -> dict[str, Any]:
    """What ``seat`` may see. Deck orders never appear (except for the host); hands are open unless
    option ``open_hands`` is false; the Divinations cards only for the seat arranging them."""
    st = state
    static: Static = st.static
    board = static.board
    host = seat == HOST
    me = static.seat_index.get(seat, -1)
    provs = []
    for pi, p in enumerate(st.provs):
        pins = {}
        for li in range(NC):
            row = p.pins[li * 4 : li * 4 + 4]
            if any(row):
                pins[board.keys[pi * NC + li]] = {COLOURS[c]: n for c, n in enumerate(row) if n}
        track = static.opts.speed_track
        d: dict[str, Any] = {
            "code": static.codes[pi],
            "name": board.provinces[pi].name,
            "pins": pins,
            "supply": dict(zip(COLOURS, p.supply, strict=True)),
            "speed": track[min(p.speed, len(track) - 1)],
            "speed_position": p.speed,
            "surges": p.surges,
            "victories": [COLOURS[c] for c in range(4) if p.victories >> c & 1],
            "eradicated": [COLOURS[c] for c in range(4) if p.eradicated >> c & 1],
            "forts": [board.keys[c] for c in p.forts],
            "player_deck": len(p.player.cards),
            "player_discard": list(p.player.discard),
            "propagation_deck": len(p.prop.cards),
            "propagation_discard": list(p.prop.discard),
            "turn": static.seats[p.turn] if p.turn >= 0 else None,
            "phase": p.phase,
            "actions_left": p.actions,
            "quiet_night": p.quiet,
            "propagation_drawn": st.paused[pi] if st.paused else 0,
            "divination": static.seats[p.divination] if p.divination >= 0 else None,
        }
        if p.divination >= 0 and (host or p.divination == me):
            d["divination_cards"] = list(p.prop.cards[: p.divination_n])
        if host:
            d["player_deck_order"] = list(p.player.cards)
            d["propagation_deck_order"] = list(p.prop.cards)
        provs.append(d)
    players = {}
    for s, name in enumerate(static.seats):
        show = host or s == me or static.opts.open_hands
        players[name] = {
            "province": static.codes[static.seat_prov[s]],
            "role": st.role(s),
            "city": board.keys[st.loc[s]] if st.loc[s] >= 0 else None,
            "hand": list(st.hands[s]) if show else None,
            "hand_size": len(st.hands[s]),
            "stored_event": st.stored[s] or None,
        }
    # who must act before their province can go on, whoever's turn it is (the engine refuses anything else
    # there meanwhile): a hand over the limit to discard, a request for a card to answer, Divinations' cards
    # to put back
    waiting = [static.seats[s] for s in range(len(static.seats)) if len(st.hands[s]) > HAND_LIMIT]
    for _a, g in st.asks:
        if static.seats[g] not in waiting:
            waiting.append(static.seats[g])
    for p in st.provs:
        if p.divination >= 0 and static.seats[p.divination] not in waiting:
            waiting.append(static.seats[p.divination])
    return {
        "game": "pandemie",
        "seat": seat,
        "options": msgspec.to_builtins(static.opts),
        "provinces": provs,
        "players": players,
        "removed": list(st.removed),
        "asks": [{"asker": static.seats[a], "giver": static.seats[g]} for a, g in st.asks],
        "waiting_for": waiting,
        "outcome": outcome(st),
    }


def outcome(state: State) -> dict[str, Any] | None:
    r = state.over
    if r is None:
        return None
    return {
        "won": r.won,
        "cause": r.cause or None,
        "province": r.province or None,
        "detail": r.detail or None,
    }


# -- names for texts and tools -----------------------------------------------------------------------


def event_card_name(card: str) -> str:
    """``PE:G4`` → ``Divinations``."""
    try:
        return EVENT_CARDS[int(card.rsplit(":", 1)[1][-1]) - 1]
    except (ValueError, IndexError):
        return card


def board_info(state: State) -> dict[str, Any]:
    """The static board of a game (public, JSON-able), for a UI to draw once: provinces, cities with
    their key, name, colour, people, population, coordinates, neighbours (links to other provinces
    included) and cards, and which seats play in which province."""
    static: Static = state.static
    board = static.board
    from .board import PEOPLES

    provinces = []
    for pi, p in enumerate(board.provinces):
        cities = []
        for li, c in enumerate(p.cities):
            i = pi * NC + li
            cities.append(
                {
                    "key": board.keys[i],
                    "name": c.name,
                    "colour": c.colour,
                    "people": PEOPLES[c.colour],
                    "population": c.population,
                    "lat": c.lat,
                    "lon": c.lon,
                    "neighbours": [board.keys[j] for j in board.adj[i]],
                    "links": [board.keys[j] for j in board.adj[i] if j // NC != pi],
                    "card": board.player_card[i],
                    "propagation_card": board.prop_card[i],
                }
            )
        provinces.append(
            {
                "code": p.code,
                "name": p.name,
                "start": board.keys[board.start[pi]],
                "roles": list(p.roles),
                "seats": [static.seats[s] for s in static.prov_seats[pi]],
                "cities": cities,
            }
        )
    return {"provinces": provinces, "colours": list(COLOURS)}
