"""A heuristic policy for simulated games — a scout leader's difficulty check.

It plays the way good Pandemic bots play, one intent at a time, from what the table can see (open hands,
the boards, the discards; never the order of a deck, except the six cards Divinations shows):

- **One collector per people.** For every people not yet beaten, the player holding most of its cards
  (a different player per people while there are enough players; the Imperator first on a tie: he needs
  four) collects it. Cards go towards the collector: two players
  on one city swap that city's card, the Sénateur gives any card, and a player walks to a partner when
  the meeting and the exchange fit in the actions left (or walks to the city of the card and waits there).
- **Celebrate as soon as possible.** With a full set a player celebrates on a Fort; to reach one it uses
  Mission secrète or Manu Militari (free), a spare card (Fort here, redeployment, forced march), the
  Consul's powers or the Via Romana, else walks.
- **Fight what threatens.** Cities at three pins whose propagation card is not in the discard come first
  (more so next to another three-pin city or to a link to another province, or when that people runs
  short of pins); a partner nearer to a city leaves it to them; the Tribun, who clears a city in one
  action, weighs full cities more; movement by Via Romana, redeployment, forced march and the Consul's
  move with spare cards (cards of beaten peoples, or of a people with plenty of cards still to come)
  reaches hot spots; the Dictateur, when he collects nothing, guards the most threatened neighbourhood.
- **Forts where useful.** A spare card (or the Consul) builds a Fort two steps or more from any other.
- **Events.** Nuit tranquille right after a Rupture (the reshuffled discard is on top) when three-pin
  cities wait, or when a surge is likely; Divinations then too, putting the dangerous cards last;
  Ville fantôme on the three-pin city of the propagation discard; Mission secrète (on any partner with a
  full set) and Manu Militari to celebrate; any event rather than a useful city card when the hand is
  over seven; and the Magistrat, with nothing more urgent to do, takes an event back from the discard.
- **Hand limit**: the least useful card goes — a beaten people's card first, then a colour the team
  holds little of; never one of the last cards a people needs to stay beatable.
- **Victories** are carried across links to provinces that lack them (``victories=exchange``).

Deterministic given the state (and hence the rng), with no memory between intents; the distances are the
board's BFS tables (computed once per board), threats (per people) and card counts are cached on the
identity of the immutable pins, discards and hands; these caches only save time, never change a decision
(``tests/pandemie/test_pandemie_golden.py`` pins seeded games).
"""

from __future__ import annotations

from typing import Final

from engine.core.events import Intent

from .board import CITIES_PER_COLOUR, COLOURS
from .events import (
    AnswerAsk,
    ArrangeDivination,
    AskCard,
    BuildFort,
    Celebrate,
    Combat,
    ConsulMove,
    Discard,
    DrawCards,
    EndActions,
    ForcedMarch,
    LicteurGather,
    Move,
    PlayEvent,
    Propagate,
    Redeploy,
    ShareKnowledge,
    ShareVictory,
    StoreEvent,
    ViaRomana,
)
from .layout import Board
from .rules import (
    CONSUL,
    DICTATEUR,
    DIVINATION,
    FORTS,
    GHOST,
    HAND_LIMIT,
    IMPERATOR,
    LICTEUR,
    MAGISTRAT,
    MANU,
    MISSION,
    NC,
    NIGHT,
    SENATEUR,
    TRIBUN,
    Prov,
    State,
    Static,
)
from .rules import PINS_PER_COLOUR as PINS

# Tuning constants (set by simulation: 600 one-province novice games per variant; most are flat within
# the noise of such a sample, the Tribun's weight, the spread of collectors and waiting for a partner are not)
FIGHT_T: Final = (
    2.0  # a threat worth at least this (danger / (1 + actions to reach it)) comes before walks to partners
)
MEET_K: Final = 1.0  # a walk to exchange a card this turn beats a threat scoring less than its value
URGENT: Final = (
    5.0  # threats worth this may be reached with a card of another collection (forced march, redeploy)
)
WAIT_K: Final = 1.0  # walking to a card's city to wait for its collector, against the best threat
FAR_K: Final = 0.3  # a threat out of reach this turn counts this fraction
WAIT_T: Final = 1.0  # stay on a card's city (end the turn) while no threat scores this much
SPARE_MARGIN: Final = (
    3  # a card of another people is spare while that many more of its cards than needed remain
)
TRIBUN_K: Final = 3.0  # the Tribun clears a city in one action
ENDGAME: Final = 2  # player cards left beyond one round of draws: any card may then buy the way to a Fort
V2: Final = 3.0  # danger of two pins (three pins: 10 plus neighbours, links and chains)
V1: Final = 1.0  # danger of one pin
USED0: Final = 10  # a people with more pins than this on the board weighs more (1 + excess / USED_DIV)
USED_DIV: Final = 8
FORT_D: Final = 2  # build a Fort at this distance or more from every other
GAIN0: Final = 4.0  # value of bringing a card to its collector (plus 2 per card he holds)
GAIN_READY: Final = 6.0  # more when it completes his set
NIGHT_RISK: Final = 0.25  # Nuit tranquille when (cards drawn x hot three-pin cities / deck) reaches this
DICT_MIN: Final = 15.0  # the Dictateur takes a post when its neighbourhood is this threatened


PER_PEOPLE: Final = CITIES_PER_COLOUR
_COLOURS: Final = COLOURS  # a C static once compiled (an imported name is a globals lookup)
_STORE_ORDER: Final = (MISSION, MANU, NIGHT, GHOST, DIVINATION)  # the Magistrat's preference


class _Cards:
    """What the hands, the player discard, the victories and the roles decide for one province (collectors,
    counts): cached per province on the identity of those immutable parts, which it keeps alive."""

    seat_hands: tuple[tuple[str, ...], ...]
    discard: tuple[str, ...]
    victories: int
    static: object
    roles_t: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    gone: list[int]
    counts: list[list[int]]
    roles: list[str]
    need: list[int]
    collector: list[int]

    def __init__(
        self,
        st: State,
        p: Prov,
        seats: tuple[int, ...],
        gone: list[int],
        counts: list[list[int]],
        roles: list[str],
        need: list[int],
        collector: list[int],
    ) -> None:
        hands = st.hands
        self.seat_hands = tuple(hands[s] for s in seats)
        self.discard = p.player.discard
        self.victories = p.victories
        self.static = st.static
        self.roles_t = st.roles
        self.hands = hands
        self.gone, self.counts, self.roles, self.need, self.collector = gone, counts, roles, need, collector


_CARDS: Final[dict[int, _Cards]] = {}
_NONE4: Final[list[int]] = [0, 0, 0, 0]  # the counts of a seat of another province (never mutated)
_SEATS_MAX: Final = 1 << 16  # more seats than any table has (the collectors' sort keys pack a seat below it)
_CCOL: Final[dict[object, dict[str, int]]] = {}
_LAST_CCOL: Final[list[tuple[Board, dict[str, int]]]] = []  # [(board, colours)] of the last call
# per province: (the discard pile, the card colours, the cards of each people gone) of the last call
_GONE: Final[dict[int, tuple[tuple[str, ...], dict[str, int], list[int]]]] = {}
# per province: (the roles, the static part, roles and needs per seat) of the last call
_ROLES: Final[dict[int, tuple[tuple[str, ...], Static, list[str], list[int]]]] = {}
_HAND_COUNTS: Final[
    dict[object, dict[tuple[str, ...], list[int]]]
] = {}  # per board: hand -> cards of each people


def _card_colours(board: Board) -> dict[str, int]:
    """Player card (city card) -> the colour of its city, per board."""
    if _LAST_CCOL and _LAST_CCOL[0][0] is board:
        return _LAST_CCOL[0][1]
    hit = _CCOL.get(board)
    if hit is None:
        if len(_CCOL) > 32:
            _CCOL.clear()
        hit = _CCOL[board] = {card: board.colour[c] for card, c in board.card_city.items()}
    _LAST_CCOL[:] = [(board, hit)]
    return hit


class _Ctx:
    """What one decision needs about a province, computed once per call."""

    # declared here (not __slots__): a native class with typed attributes once mypyc compiles this module
    st: State
    pi: int
    board: Board
    p: Prov
    seats: tuple[int, ...]
    names: tuple[str, ...]
    counts: list[list[int]]  # per seat of the table (the province's seats are filled): cards of each people
    roles: list[str]  # per seat of the table ("" outside the province)
    need: list[int]  # per seat: cards of one people to celebrate (4 for the Imperator)
    collector: list[int]
    vic: int
    gone: list[int]
    endgame: bool
    ccol: dict[str, int]
    loc: tuple[int, ...]  # read from the state once: a native field is cheaper than a struct attribute
    hands: tuple[tuple[str, ...], ...]
    forts: tuple[int, ...]

    def __init__(self, st: State, pi: int) -> None:
        static: Static = st.static
        self.st = st
        self.pi = pi
        self.board = board = static.board
        self.p = p = st.provs[pi]
        self.loc = st.loc
        self.hands = st.hands
        self.forts = p.forts
        self.seats = static.prov_seats[pi]
        self.names = static.seats
        self.vic = p.victories
        self.endgame = len(p.player.cards) <= 2 * len(self.seats) + ENDGAME
        self.ccol = _card_colours(board)
        hit = _CARDS.get(pi)
        hands = st.hands
        if (
            hit is not None
            and hit.discard is p.player.discard
            and hit.victories == p.victories
            and hit.static is st.static
            and hit.roles_t is st.roles
        ):
            same = hit.hands is hands
            if not same:
                same = True
                for s, h in zip(self.seats, hit.seat_hands, strict=True):
                    if hands[s] is not h:
                        same = False
                        break
            if same:
                self.gone, self.counts, self.roles, self.need, self.collector = (
                    hit.gone,
                    hit.counts,
                    hit.roles,
                    hit.need,
                    hit.collector,
                )
                return
        ccol = self.ccol
        discard = p.player.discard
        g = _GONE.get(pi)
        if g is not None and g[0] is discard and g[1] is ccol:
            gone = g[2]
        else:
            gone = [0, 0, 0, 0]
            for c in discard:
                if c[1] == "C":
                    gone[ccol[c]] += 1
            _GONE[pi] = (discard, ccol, gone)  # the cache keeps the discard alive: its id stays its own
        self.gone = gone
        n_seats = len(self.names)
        self.counts = [_NONE4] * n_seats
        rh = _ROLES.get(pi)
        if rh is not None and rh[0] is st.roles and rh[1] is st.static:
            self.roles, self.need = rh[2], rh[3]
        else:
            self.roles = [""] * n_seats
            self.need = [5] * n_seats
            for s in self.seats:
                self.roles[s] = r = st.role(s)
                self.need[s] = 4 if r == IMPERATOR else 5
            _ROLES[pi] = (st.roles, st.static, self.roles, self.need)  # never mutated: shared
        hand_counts = _HAND_COUNTS.get(board)
        if hand_counts is None or len(hand_counts) > 4096:
            if len(_HAND_COUNTS) > 32:
                _HAND_COUNTS.clear()
            hand_counts = _HAND_COUNTS[board] = {}
        for s in self.seats:
            hand = hands[s]
            k = hand_counts.get(hand)  # never mutated: shared by every context
            if k is None:
                k = [0, 0, 0, 0]
                for c in hand:
                    if c[1] == "C":
                        k[ccol[c]] += 1
                hand_counts[hand] = k
            self.counts[s] = k
        # one collector per people not beaten, a different player for each while there are enough:
        # the largest holdings first (the Imperator first on a tie)
        self.collector = [self.seats[0]] * 4
        counts, roles, vic, seats = self.counts, self.roles, self.vic, self.seats
        # one int per (people, player), ordered as (cards held, Imperator, lower seat, higher colour)
        keys: list[int] = []
        for col in range(4):
            if not vic >> col & 1:
                for s in seats:
                    keys.append(
                        (
                            (counts[s][col] * 2 + (1 if roles[s] == IMPERATOR else 0)) * _SEATS_MAX
                            + _SEATS_MAX
                            - 1
                            - s
                        )
                        * 4
                        + col
                    )
        keys.sort(reverse=True)
        done_c: list[int] = []
        used: list[int] = []
        open_n = sum(1 for col in range(4) if not self.vic >> col & 1)
        spread = len(self.seats) >= open_n
        for key in keys:
            col = key & 3
            s = _SEATS_MAX - 1 - (key >> 2) % _SEATS_MAX
            if col in done_c or (spread and s in used):
                continue
            self.collector[col] = s
            done_c.append(col)
            used.append(s)
        # cached on the identity of the (immutable) hands, discard and roles: the cache keeps them alive
        _CARDS[pi] = _Cards(st, p, self.seats, self.gone, self.counts, self.roles, self.need, self.collector)

    def colour_of(self, card: str) -> int:
        return self.ccol[card]

    def card_value(self, s: int, card: str) -> float:
        """How much ``s`` wants to keep ``card`` (city cards; events are handled apart)."""
        col = self.colour_of(card)
        if self.vic >> col & 1:
            return 0.0
        own = self.counts[s][col]
        total = sum(self.counts[o][col] for o in self.seats)
        v = 1.0 + total + 1.5 * own
        if self.collector[col] == s:
            v += 3
        if PER_PEOPLE - self.gone[col] - 1 <= self.need[self.collector[col]]:
            v += 8  # one card fewer and that people can no longer be beaten
        return v

    def spare(self, s: int, card: str, keep: int = -1) -> bool:
        """A card ``s`` may spend on moving or building without hurting a collection."""
        col = self.colour_of(card)
        if self.vic >> col & 1:
            return True
        if col == keep:
            return self.counts[s][col] > self.need[s]
        if keep >= 0 and self.endgame:
            return True
        if self.collector[col] == s:
            return self.counts[s][col] > self.need[s]
        # not my collection: spare when the collector already has enough without it, or when plenty of
        # that people's cards are still to come (12 per people)
        coll = self.collector[col]
        if self.counts[coll][col] >= self.need[coll]:
            return True
        return self.counts[s][col] <= 1 and PER_PEOPLE - self.gone[col] - 1 >= self.need[coll] + SPARE_MARGIN


def _events(st: State, s: int) -> list[str]:
    """The event cards ``s`` may play: in hand, and the one the Magistrat stores."""
    out = [c for c in st.hands[s] if c[1] == "E"]
    if st.stored[s]:
        out.append(st.stored[s])
    return out


def _discard_choice(cx: _Ctx, s: int) -> str:
    best, best_v = "", 1e9
    for c in cx.hands[s]:
        v = cx.card_value(s, c) if c[1] == "C" else 50.0
        if v < best_v:
            best, best_v = c, v
    return best


_STEPS: Final[dict[object, dict[int, int]]] = {}


def _step_towards(board: Board, pi: int, here: int, target: int) -> int:
    memo = _STEPS.get(board)
    if memo is None:
        if len(_STEPS) > 32:
            _STEPS.clear()
        memo = _STEPS[board] = {}
    key = (pi * 4096 + here) * 4096 + target
    step = memo.get(key)
    if step is None:
        step = memo[key] = _step_towards_bfs(board, pi, here, target)
    return step


def _step_towards_bfs(board: Board, pi: int, here: int, target: int) -> int:
    d = board.dist[target]
    best = here
    lo = pi * NC
    for nb in board.adj[here]:
        if lo <= nb < lo + NC and d[nb] < d[best]:
            best = nb
    return best


def _hot(cx: _Ctx, city: int, col: int) -> bool:
    """The propagation card of ``city`` may come up at the next propagation (not in the discard)."""
    return cx.board.prop_card[city] not in cx.p.prop.discard


class _ThreatCache:
    """The threats of a province, on the identity of its (immutable) pins, propagation discard and board."""

    pins: bytes
    discard: tuple[str, ...]
    board: Board
    out: list[tuple[float, int, int]]

    def __init__(
        self, pins: bytes, discard: tuple[str, ...], board: Board, out: list[tuple[float, int, int]]
    ) -> None:
        self.pins, self.discard, self.board, self.out = pins, discard, board, out


class _ColumnCache:
    """One people's entries: they depend only on its own pins, its supply and the propagation discard."""

    column: bytes
    discard: tuple[str, ...]
    left: int
    part: list[tuple[float, int, int]]

    def __init__(
        self, column: bytes, discard: tuple[str, ...], left: int, part: list[tuple[float, int, int]]
    ) -> None:
        self.column, self.discard, self.left, self.part = column, discard, left, part


_THREATS: Final[dict[int, _ThreatCache]] = {}
_THREAT_COLS: Final[
    dict[tuple[int, int], _ColumnCache]
] = {}  # per (province, people); cleared with the board
_THREAT_BOARD: Final[list[Board]] = []  # the board the column caches were made for


_NEAR: Final[dict[object, tuple[tuple[float, tuple[int, ...]], ...]]] = {}


def _near(board: Board, pi: int) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """Per city of province ``pi``: 10 plus 4 per neighbour in another province, and the pin offsets
    (local index x 4) of its neighbours in the province."""
    key = (board, pi)
    hit = _NEAR.get(key)
    if hit is None:
        if len(_NEAR) > 128:
            _NEAR.clear()
        first = pi * NC
        rows = []
        for c in range(first, first + NC):
            base = 10.0
            local = []
            for nb in board.adj[c]:
                if nb // NC != pi:
                    base += 4
                else:
                    local.append((nb - first) * 4)
            rows.append((base, tuple(local)))
        hit = _NEAR[key] = tuple(rows)
    return hit


def _threats(cx: _Ctx) -> list[tuple[float, int, int]]:
    """(danger, city, colour) for every colour of every city of the province holding pins.

    Cached per province on the identity of the pins and the propagation discard (the state is immutable:
    a move or a card exchange leaves both untouched, and the cache holds them so their ids stay theirs)."""
    p = cx.p
    pins = p.pins
    discard_t = p.prop.discard
    board = cx.board
    pi = cx.pi
    hit = _THREATS.get(pi)
    if hit is not None and hit.pins is pins and hit.discard is discard_t and hit.board is board:
        return hit.out
    if not _THREAT_BOARD or _THREAT_BOARD[0] is not board:
        _THREAT_COLS.clear()
        _THREAT_BOARD[:] = [board]
    first = pi * NC
    discard: set[str] | None = None
    prop_card = board.prop_card
    supply = p.supply
    near = _near(board, pi)
    keyed: list[tuple[float, int, int]] = []
    for col in range(4):
        # a Combat or a placement touches one people: the other three lists are kept
        column = pins[col::4]
        left = supply[col]
        hit_col = _THREAT_COLS.get((pi, col))
        if (
            hit_col is not None
            and hit_col.discard is discard_t
            and hit_col.left == left
            and hit_col.column == column
        ):
            keyed += hit_col.part
            continue
        if discard is None:
            discard = set(discard_t)
        used = PINS - left
        k = 1 + (used - USED0) / USED_DIV if used > USED0 else 0.0
        part: list[tuple[float, int, int]] = []
        for li in range(len(column)):
            n = column[li]
            if not n:
                continue
            c = first + li
            v: float
            if n >= 3:
                base, local = near[li]
                v = base
                for j in local:
                    v += (
                        3 if pins[j + col] >= 3 else 0.5
                    )  # chain, else a neighbour (base: 10, 4 per link out)
                if prop_card[c] in discard:
                    v *= 0.35
            elif n == 2:
                v = V2
                if prop_card[c] in discard:
                    v *= 0.6
            else:
                v = V1
            if k:
                v *= k
            part.append((-v, c, col))
        _THREAT_COLS[(pi, col)] = _ColumnCache(column, discard_t, left, part)
        keyed += part
    keyed.sort()  # the most dangerous first (the search below stops early)
    out = [(-m, c, col) for m, c, col in keyed]
    _THREATS[pi] = _ThreatCache(pins, discard_t, board, out)
    return out


def _fort_route(cx: _Ctx, s: int, keep: int, actions: int) -> Intent | None:
    """The first intent of the cheapest way for ``s`` to stand on a Fort (``keep``: the colour to
    celebrate)."""
    st, board = cx.st, cx.board
    seat = cx.names[s]
    here = cx.loc[s]
    hand = cx.hands[s]
    forts = cx.forts
    for c in _events(st, s):
        k = board.event_kind.get(c)
        if k == MANU and len(forts) < FORTS:
            return PlayEvent(seat=seat, card=c, city=board.keys[here])
    dist = board.dist[here]
    near = min(forts, key=lambda f: (dist[f], f))
    if dist[near] <= 1:
        return Move(seat=seat, to=board.keys[near])
    for c in _events(st, s):
        if board.event_kind.get(c) == MISSION:
            return PlayEvent(seat=seat, card=c, pawn=seat, city=board.keys[near])
    role = cx.roles[s]
    card_here = board.player_card[here]
    if len(forts) < FORTS and (role == CONSUL or (card_here in hand and cx.spare(s, card_here, keep))):
        return BuildFort(seat=seat)
    if card_here in hand and cx.spare(s, card_here, keep):
        return Redeploy(seat=seat, to=board.keys[near])
    for f in forts:
        card = board.player_card[f]
        if card in hand and cx.spare(s, card, keep):
            return ForcedMarch(seat=seat, to=board.keys[f])
    if role == LICTEUR:
        for o in cx.seats:
            if o != s and cx.loc[o] in forts and cx.loc[o] != here:
                return LicteurGather(seat=seat, pawn=seat, to=board.keys[cx.loc[o]])
    if dist[near] > actions and len(forts) < FORTS and card_here in hand and cx.colour_of(card_here) != keep:
        return BuildFort(seat=seat)
    return Move(seat=seat, to=board.keys[_step_towards(board, cx.pi, here, near)])


def _reach(
    cx: _Ctx, s: int, target: int, actions: int, urgent: bool, walk: bool = True
) -> tuple[int, Intent | None]:
    """(actions needed, first intent) to bring ``s`` onto ``target``; spends only spare cards.

    With ``walk=False`` a plain walk comes back as None (the caller builds the step it keeps)."""
    board, p = cx.board, cx.p
    seat = cx.names[s]
    here = cx.loc[s]
    if here == target:
        return 0, None
    d = board.dist[here][target]
    if d == 1:
        return 1, Move(seat=seat, to=board.keys[target]) if walk else None
    hand = cx.hands[s]
    best = d
    first: Intent | None = None  # a walk, built at the end when nothing quicker was found
    dt = board.dist[target]
    if here in cx.forts:
        f = min(cx.forts, key=lambda x: (dt[x], x))
        if f != here and dt[f] + 1 < best:
            best, first = dt[f] + 1, ViaRomana(seat=seat, to=board.keys[f])
        if cx.roles[s] == CONSUL and not p.consul_used and best > 1:
            cards = [c for c in hand if c[1] == "C" and cx.spare(s, c)]
            if cards:
                card = min(cards, key=lambda c: (cx.card_value(s, c), c))
                best, first = 1, ConsulMove(seat=seat, to=board.keys[target], card=card)
    if best > 1 and (urgent or best > actions):
        tc = board.player_card[target]
        if tc in hand and (cx.spare(s, tc) or (urgent and cx.collector[cx.colour_of(tc)] != s)):
            best, first = 1, ForcedMarch(seat=seat, to=board.keys[target])
        else:
            hc = board.player_card[here]
            if hc in hand and (cx.spare(s, hc) or (urgent and cx.collector[cx.colour_of(hc)] != s)):
                best, first = 1, Redeploy(seat=seat, to=board.keys[target])
    if best > 1 and cx.roles[s] == LICTEUR:
        for o in cx.seats:
            if o != s and cx.loc[o] != here:
                lo = cx.loc[o]
                if lo == target:
                    return 1, LicteurGather(seat=seat, pawn=seat, to=board.keys[lo])
    if first is None and walk:
        first = Move(seat=seat, to=board.keys[_step_towards(board, cx.pi, here, target)])
    return best, first


def _share_here(cx: _Ctx, s: int) -> Intent | None:
    """A card exchange with a partner on this city that brings a card to its collector."""
    board = cx.board
    loc, hands = cx.loc, cx.hands
    roles, ccol, vic, collector, counts = cx.roles, cx.ccol, cx.vic, cx.collector, cx.counts
    here = loc[s]
    card_here = board.player_card[here]
    seat = cx.names[s]
    for o in cx.seats:
        if o == s or loc[o] != here:
            continue
        for giver, receiver, give in ((s, o, True), (o, s, False)):
            hand = hands[giver]
            if roles[giver] == SENATEUR:
                cards = [c for c in hand if c[1] == "C"]
            elif card_here in hand:
                cards = [card_here]
            else:
                continue
            for c in cards:
                col = ccol[c]
                if vic >> col & 1:
                    continue
                if collector[col] == receiver or (
                    counts[receiver][col] > counts[giver][col] and collector[col] != giver
                ):
                    if len(hands[receiver]) >= HAND_LIMIT and not any(
                        cx.card_value(receiver, x) < cx.card_value(receiver, c)
                        for x in hands[receiver]
                        if x[1] == "C"
                    ):
                        continue
                    return ShareKnowledge(seat=seat, other=cx.names[o], card=c, give=give)
    return None


def _meeting(cx: _Ctx, s: int, actions: int) -> tuple[float, Intent | None]:
    """The best walk to a partner for an exchange this turn (value, first intent), or to a city to wait."""
    board = cx.board
    loc, hands = cx.loc, cx.hands
    roles, ccol, vic, collector, counts, need = cx.roles, cx.ccol, cx.vic, cx.collector, cx.counts, cx.need
    player_card = board.player_card
    here = loc[s]
    best_v, best_i = 0.0, None
    for o in cx.seats:
        if o == s:
            continue
        m = loc[o]
        if m == here:
            continue
        card_m = player_card[m]
        gain = 0.0
        for giver, receiver in ((s, o), (o, s)):
            hand = hands[giver]
            if roles[giver] == SENATEUR:
                cards = [c for c in hand if c[1] == "C"]
            elif card_m in hand:
                cards = [card_m]
            else:
                continue
            for c in cards:
                col = ccol[c]
                if vic >> col & 1 or collector[col] != receiver:
                    continue
                have = counts[receiver][col]
                gain += GAIN0 + 2 * have + (GAIN_READY if have + 1 >= need[receiver] else 0)
        if gain <= 0:
            continue
        cost, first = _reach(cx, s, m, actions, False)
        if first is None or cost + 1 > actions:
            continue
        v = gain - cost
        if v > best_v:
            best_v, best_i = v, first
            if cost + 1 < actions:  # time to spare: fight here first
                base = (here - cx.pi * NC) * 4
                row = cx.p.pins[base : base + 4]
                col = max(range(4), key=lambda c: (row[c], -c))
                if row[col]:
                    best_i = Combat(seat=cx.names[s], colour=_COLOURS[col])
    return best_v, best_i


def _wait_spot(cx: _Ctx, s: int, actions: int) -> tuple[float, Intent | None]:
    """Walk to the city of a card I hold for a collector, or that a partner holds for me, and wait there."""
    board = cx.board
    loc, hands = cx.loc, cx.hands
    ccol, vic, collector, counts = cx.ccol, cx.vic, cx.collector, cx.counts
    card_city = board.card_city
    here = loc[s]
    dist = board.dist[here]
    best_v, best_i = 0.0, None
    for o in cx.seats:
        if o == s:
            continue
        for giver, receiver in ((s, o), (o, s)):
            for c in hands[giver]:
                if c[1] != "C":
                    continue
                col = ccol[c]
                if vic >> col & 1 or collector[col] != receiver:
                    continue
                m = card_city[c]
                if m == here:
                    return 0.0, None  # already waiting where it helps
                d = dist[m]
                if d > actions:
                    continue
                other_d = board.dist[loc[o]][m]
                v = 3 + counts[receiver][col] - 0.5 * d - 0.5 * other_d
                if v > best_v:
                    best_v, best_i = (
                        v,
                        Move(seat=cx.names[s], to=board.keys[_step_towards(board, cx.pi, here, m)]),
                    )
    return best_v, best_i


def _events_at_propagation(cx: _Ctx) -> Intent | None:
    st, board, p = cx.st, cx.board, cx.p
    if p.quiet:
        return None
    threes = [(c, col) for v, c, col in _threats(cx) if cx.st.pins_at(c, col) >= 3 and _hot(cx, c, col)]
    deck = max(1, len(p.prop.cards))
    speed = st.static.opts.speed_track[min(p.speed, len(st.static.opts.speed_track) - 1)]
    after_rupture = not p.prop.discard
    risk = speed * len(threes) / deck
    for o in cx.seats:
        for c in _events(st, o):
            k = board.event_kind.get(c)
            if k == NIGHT and threes and (after_rupture or risk >= NIGHT_RISK):
                return PlayEvent(seat=cx.names[o], card=c)
            if (
                k == DIVINATION
                and p.divination < 0
                and p.prop.cards
                and threes
                and (after_rupture or risk >= 0.15)
            ):
                return PlayEvent(seat=cx.names[o], card=c)
    return None


def _ghost(cx: _Ctx, force: bool) -> Intent | None:
    st, board, p = cx.st, cx.board, cx.p
    if not p.prop.discard:
        return None
    best, best_n = "", 2 if not force else -1
    for card in p.prop.discard:
        c = board.card_city[card]
        n = st.pins_at(c, board.colour[c])
        if n > best_n:
            best, best_n = card, n
    if not best:
        return None
    for o in cx.seats:
        for ev in _events(st, o):
            if board.event_kind.get(ev) == GHOST:
                return PlayEvent(seat=cx.names[o], card=ev, target=best)
    return None


def _over_limit(cx: _Ctx, s: int) -> Intent:
    """Hand over seven: play an event that still does some good, else discard the least useful card."""
    board, p = cx.board, cx.p
    seat = cx.names[s]
    worst = _discard_choice(cx, s)
    if worst and worst[1] == "C" and cx.card_value(s, worst) <= 1.0:
        return Discard(seat=seat, card=worst)
    for c in cx.hands[s]:
        k = board.event_kind.get(c)
        if k == NIGHT and not p.quiet:
            return PlayEvent(seat=seat, card=c)
        if k == GHOST and p.prop.discard:
            g = _ghost(cx, True)
            if g is not None and g.seat == seat:
                return g
        if k == MANU and len(cx.forts) < FORTS:
            city = _fort_site(cx)
            if city >= 0:
                return PlayEvent(seat=seat, card=c, city=board.keys[city])
    return Discard(seat=seat, card=worst)


def _mission_for_ready(cx: _Ctx) -> Intent | None:
    """Mission secrète: a partner with a full set, away from a Fort, is sent to the nearest one."""
    st, board, vic = cx.st, cx.board, cx.vic
    for o in cx.seats:
        at = cx.loc[o]
        if at in cx.forts:
            continue
        counts_o, need_o = cx.counts[o], cx.need[o]
        for c in range(4):
            if counts_o[c] >= need_o and not vic >> c & 1:
                break
        else:  # no full set of a people not beaten yet
            continue
        for h in cx.seats:
            for ev in _events(st, h):
                if board.event_kind.get(ev) == MISSION:
                    d = board.dist[at]
                    f = min(cx.forts, key=lambda x: (d[x], x))
                    if d[f] >= 2:
                        return PlayEvent(seat=cx.names[h], card=ev, pawn=cx.names[o], city=board.keys[f])
    return None


def _fort_site(cx: _Ctx) -> int:
    """The city of the province farthest from every Fort (ties: more neighbours), or -1."""
    board = cx.board
    best, key = -1, (2, 0)
    for c in board.cities_of(cx.pi):
        if c in cx.forts:
            continue
        d = min(board.dist[f][c] for f in cx.forts)
        k = (d, len(board.adj[c]))
        if k > key:
            best, key = c, k
    return best


class _Kinds:
    """The kinds of the event cards a province holds, on the identity of the hands and stored cards."""

    hands: tuple[tuple[str, ...], ...]
    stored: tuple[str, ...]
    static: Static
    kinds: list[int]

    def __init__(
        self, hands: tuple[tuple[str, ...], ...], stored: tuple[str, ...], static: Static, kinds: list[int]
    ) -> None:
        self.hands, self.stored, self.static, self.kinds = hands, stored, static, kinds


_KINDS: Final[dict[int, _Kinds]] = {}


def choose(st: State, pi: int) -> Intent | None:
    """The next intent for province ``pi`` (None when the province has nothing to do)."""
    static: Static = st.static
    p = st.provs[pi]
    seats = static.prov_seats[pi]
    hands = st.hands
    for s in seats:
        if len(hands[s]) > HAND_LIMIT:
            return _over_limit(_Ctx(st, pi), s)
    names = static.seats
    for a, g in st.asks:  # hidden hands: the asked partner gives what the asker would have taken
        if static.seat_prov[a] == pi:
            want = _share_here(_Ctx(st, pi), a)
            if isinstance(want, ShareKnowledge) and not want.give and want.other == names[g]:
                return AnswerAsk(seat=names[g], card=want.card)
            return AnswerAsk(seat=names[g])
    if p.divination >= 0:
        board = static.board
        top = p.prop.cards[: p.divination_n]  # the cards Divinations shows to that player

        def danger(card: str) -> tuple[int, str]:
            c = board.card_city[card]
            col = board.colour[c]
            n = -1 if p.eradicated >> col & 1 else st.pins_at(c, col)
            return n, card

        return ArrangeDivination(seat=names[p.divination], order=tuple(sorted(top, key=danger)))
    stored = st.stored
    hit = _KINDS.get(pi)
    if hit is not None and hit.hands is hands and hit.stored is stored and hit.static is static:
        kinds = hit.kinds
    else:
        event_kind = static.board.event_kind
        kinds = []
        for o in seats:
            for c in hands[o]:
                if c[1] == "E":
                    kinds.append(event_kind[c])
            if stored[o]:
                kinds.append(event_kind[stored[o]])
        _KINDS[pi] = _Kinds(hands, stored, static, kinds)  # keeps the (immutable) hands and stored alive
    # the context is built only when something reads it (it is pure: building it later changes nothing)
    cx = None
    if MISSION in kinds:
        cx = _Ctx(st, pi)
        mission = _mission_for_ready(cx)
        if mission is not None:
            return mission
    s = p.turn
    seat = names[s]
    phase = p.phase
    if phase == "draw":
        return DrawCards(seat=seat)
    if phase == "propagate":
        if kinds:
            ev = None
            if NIGHT in kinds or DIVINATION in kinds:
                cx = cx or _Ctx(st, pi)
                ev = _events_at_propagation(cx)
            if ev is None and GHOST in kinds:
                ev = _ghost(cx or _Ctx(st, pi), False)
            if ev is not None:
                return ev
        return Propagate(seat=seat)
    intent = _action(cx or _Ctx(st, pi), s)
    if isinstance(intent, ShareKnowledge) and not intent.give and not static.opts.open_hands:
        return AskCard(seat=seat, other=intent.other)  # hidden hands: ask, the partner chooses
    return intent


def _action(cx: _Ctx, s: int) -> Intent:
    st, board, p, pi = cx.st, cx.board, cx.p, cx.pi
    seat = cx.names[s]
    here = cx.loc[s]
    actions = p.actions
    counts = cx.counts[s]
    need = cx.need[s]
    ready = [c for c in range(4) if counts[c] >= need and not cx.vic >> c & 1]
    # 1. celebrate, or get to a Fort to celebrate
    if ready:
        col = max(ready, key=lambda c: (counts[c], -c))
        if here in cx.forts:
            return Celebrate(seat=seat, colour=_COLOURS[col])
        route = _fort_route(cx, s, col, actions)
        if route is not None:
            return route
    # 2. carry victories across links
    if st.static.opts.victories == "exchange" and cx.vic:
        for q in board.link_targets[here]:
            missing = cx.vic & ~st.provs[q].victories
            if missing:
                col = next(c for c in range(4) if missing >> c & 1)
                return ShareVictory(seat=seat, colour=_COLOURS[col], to_province=st.static.codes[q])
    # 3. exchange cards with a partner on this city
    share = _share_here(cx, s)
    if share is not None:
        return share
    threats = _threats(cx)
    base = (here - pi * NC) * 4
    pins_here = p.pins[base : base + 4]
    # 4. a three-pin city where I stand
    worst = 0  # the colour with most pins here (the first on a tie)
    for c in (1, 2, 3):
        if pins_here[c] > pins_here[worst]:
            worst = c
    if pins_here[worst] >= 3 and _hot(cx, here, worst):
        return Combat(seat=seat, colour=_COLOURS[worst])
    role = cx.roles[s]
    dist = board.dist[here]
    if role == DICTATEUR and not any(cx.collector[c] == s and not cx.vic >> c & 1 for c in range(4)):
        guard = _dictateur(cx, s, threats, actions)
        if guard is not None:
            return guard
    if (
        role == CONSUL
        and here not in cx.forts
        and len(cx.forts) < FORTS - 1
        and min(dist[f] for f in cx.forts) >= FORT_D
    ):
        return BuildFort(seat=seat)
    # 5. the most urgent threat within reach
    others = [cx.loc[o] for o in cx.seats if o != s]
    best_t, best_score, best_col, best_first = -1, 0.0, worst, None
    tribun = role == TRIBUN
    for t in threats:  # no move needed
        if t[1] != here:
            continue
        v, c, col = t
        if tribun and st.pins_at(c, col) >= 2:
            v *= TRIBUN_K
        if v > best_score:
            best_t, best_score, best_col, best_first = c, v, col, None
    for v, c, col in threats:
        if (v * TRIBUN_K if tribun else v) <= 2 * best_score:
            break  # sorted: none of the rest can beat the best, each costing at least one action
        d = dist[c]
        if d == 0:
            continue
        if v >= 3 or d < actions:
            cost, first = _reach(cx, s, c, actions, v >= URGENT, False)
        else:
            continue
        if others and min(map(board.dist[c].__getitem__, others)) < cost:
            v *= 0.5  # a partner is nearer
        if tribun and st.pins_at(c, col) >= 2:
            v *= TRIBUN_K  # he clears the whole city in one action
        score = v / (1 + cost) if cost < actions else FAR_K * v / (1 + cost)
        if score > best_score:
            best_t, best_score, best_col, best_first = c, score, col, first
    if best_first is None and best_t >= 0 and best_t != here:  # a walk: its first step
        best_first = Move(seat=seat, to=board.keys[_step_towards(board, pi, here, best_t)])
    meet_v, meet_i = _meeting(cx, s, actions)
    if meet_i is not None and meet_v >= MEET_K * best_score:
        return meet_i
    if best_t >= 0 and best_score >= FIGHT_T:
        if best_t == here:
            return Combat(seat=seat, colour=_COLOURS[best_col])
        if best_first is not None:
            return best_first
    if meet_i is not None:
        return meet_i
    # 6. a Fort where one is missing
    card_here = board.player_card[here]
    if (
        here not in cx.forts
        and len(cx.forts) < FORTS - 1
        and min(dist[f] for f in cx.forts) >= FORT_D
        and (cx.roles[s] == CONSUL or (card_here in cx.hands[s] and cx.spare(s, card_here)))
    ):
        return BuildFort(seat=seat)
    # 7. links to carry victories
    if st.static.opts.victories == "exchange" and cx.vic:
        tgt, td = -1, 99
        for a, b in board.links:
            for c, other in ((a, b), (b, a)):
                if c // NC == pi and cx.vic & ~st.provs[other // NC].victories and dist[c] < td:
                    tgt, td = c, dist[c]
        if tgt >= 0 and td <= 6:
            cost, first = _reach(cx, s, tgt, actions, False)
            if first is not None:
                return first
    # 8. the Magistrat takes back an event from the discard
    if role == MAGISTRAT and not st.stored[s]:
        kept = [c for c in p.player.discard if c[1] == "E"]
        if kept:
            card = min(kept, key=lambda c: (_STORE_ORDER.index(board.event_kind[c]), c))
            return StoreEvent(seat=seat, card=card)
    # 9. fight here, or go fight the best target, or wait where a card can change hands
    if pins_here[worst] >= 2 or (pins_here[worst] and best_t in (-1, here)):
        return Combat(seat=seat, colour=_COLOURS[worst])
    wait_v, wait_i = _wait_spot(cx, s, actions)
    if wait_i is not None and wait_v >= WAIT_K * best_score:
        return wait_i
    if wait_i is None and best_score < WAIT_T and _waiting_here(cx, s):
        return EndActions(seat=seat)
    if best_t >= 0:
        if best_t == here:
            return Combat(seat=seat, colour=_COLOURS[best_col])
        if best_first is not None:
            return best_first
    if pins_here[worst]:
        return Combat(seat=seat, colour=_COLOURS[worst])
    # nothing near: go towards the worst threat of the province
    if threats:
        v, c, col = max(threats, key=lambda t: (t[0] - 0.5 * dist[t[1]], -t[1]))
        if c != here:
            return Move(seat=seat, to=board.keys[_step_towards(board, pi, here, c)])
    return EndActions(seat=seat)


def _dictateur(cx: _Ctx, s: int, threats: list[tuple[float, int, int]], actions: int) -> Intent | None:
    """The Dictateur guards the city whose neighbourhood is most threatened: no pin lands there."""
    board = cx.board
    here = cx.loc[s]
    danger: dict[int, float] = {}
    for v, c, _col in threats:
        danger[c] = danger.get(c, 0.0) + v
    dist = board.dist[here]
    lo = cx.pi * NC

    def guard(c: int) -> float:
        return danger.get(c, 0.0) + sum(danger.get(nb, 0.0) for nb in board.adj[c] if lo <= nb < lo + NC)

    g_here = guard(here)
    best, best_g = here, g_here
    for c in range(lo, lo + NC):
        d = dist[c]
        if 0 < d <= actions:
            g = guard(c) - 1.0 * d
            if g > best_g:
                best, best_g = c, g
    if best_g < DICT_MIN:
        return None
    if best != here and best_g > g_here * 1.3 + 2:
        return Move(seat=cx.names[s], to=board.keys[_step_towards(board, cx.pi, here, best)])
    # on his post: fight here, else stay
    base = (here - cx.pi * NC) * 4
    row = cx.p.pins[base : base + 4]
    col = max(range(4), key=lambda c: (row[c], -c))
    if row[col]:
        return Combat(seat=cx.names[s], colour=_COLOURS[col])
    return EndActions(seat=cx.names[s])


def _waiting_here(cx: _Ctx, s: int) -> bool:
    """Standing on the city of a card that should change hands, with the partner near enough to come."""
    board = cx.board
    here = cx.loc[s]
    card = board.player_card[here]
    col = cx.colour_of(card)
    if cx.vic >> col & 1:
        return False
    dh = board.dist[here]
    for o in cx.seats:
        if o == s or dh[cx.loc[o]] > 3:
            continue
        if (card in cx.hands[s] and cx.collector[col] == o) or (
            card in cx.hands[o] and cx.collector[col] == s
        ):
            return True
    return False


__all__ = ["choose"]
