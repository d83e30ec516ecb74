"""Rattus Cartus rules: setup, phases A–E, building actions, special cards, final reveal and scoring.

The cards in the players' hands are real cardboard; the engine keeps what is hidden or tedious:
the building deck and its replacement pile (committed shuffles), the optional digital nun row, each
player's rat tokens (private), the influence tracks, hand sizes, turn order and the final score.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import permutations
from typing import Any

import msgspec

from engine.core import (
    HOST,
    TABLE,
    Deck,
    Discarded,
    Drawn,
    Event,
    IllegalIntent,
    InconsistentLog,
    Intent,
    Peeked,
    Placed,
    Rng,
    Shuffled,
    choice,
    committed,
    fold_deck,
    make_shuffle,
    shuffled,
)

from . import data as D
from .events import (
    ActionsBegan,
    ActionTaken,
    BuildingBegan,
    BuildingDone,
    CardsGiven,
    CardsResolved,
    ChoiceAwaited,
    ChooseTarget,
    Convert,
    CorrectHand,
    DeclareHand,
    DeclareNuns,
    DeclareVictoryPoints,
    EndRound,
    Enter,
    Entered,
    FluteResolved,
    GameScored,
    GameStarted,
    HandChanged,
    HandDeclared,
    Hospital,
    InfluenceGained,
    NunsDeclared,
    PassPlayed,
    Peek,
    PhaseBegan,
    PlayPass,
    RatsChanged,
    RatsRevealed,
    Reveal,
    Revealed,
    RoundEnded,
    RoundStarted,
    Support,
    SupportTaken,
    SwordResolved,
    VictoryPointsDeclared,
    VictoryTokensTaken,
)
from .scoring import TieRule, final_scores

SELECTIONS = ("first", "random-type", "random-five", "agreed")
OPTION_KEYS = {
    "players",
    "selection",
    "buildings",
    "first_player",
    "nun_row",
    "simultaneous_support",
    "majority_ties",
    "start_tokens",
    "supports",
    "victory_tokens",
}
MAX_TOKEN_POINTS = 10  # without the box's values: the sanity bound on one victory token's printed points
MAX_SUPPORT_DRAW = 4
MAX_SUPPORT_RATS = 2
MAX_SUPPORT_PEEK = 1
NUN_ROW = "nun-row"


class Awaiting(msgspec.Struct, frozen=True):
    seat: str
    kind: str
    options: tuple[str, ...] = ()
    limit: int = 0


class Hand(msgspec.Struct, frozen=True):
    pop_jokers: int = 0
    swords: int = 0
    flutes: int = 0
    passes: int = 0
    gold: int = 0


class State(msgspec.Struct, frozen=True, kw_only=True):
    seats: tuple[str, ...]
    rounds: int
    row_size: int
    selection: str
    buildings_in_play: tuple[str, ...]
    nun_row: str
    simultaneous_support: bool
    majority_ties: TieRule
    supports: dict[str, tuple[int, int, int]] = msgspec.field(default_factory=dict)
    vp_mode: str = "one"
    vp_values: tuple[int, ...] = ()
    vp_points: dict[str, int] = msgspec.field(default_factory=dict)
    round: int = 0
    first_player: str = ""
    phase: str = "setup"
    queue: tuple[str, ...] = ()
    deck: Deck = Deck("buildings")
    replacement: Deck = Deck("replacement")
    nuns: Deck = Deck("nuns")
    row: tuple[str, ...] = ()
    supported: dict[str, int] = msgspec.field(default_factory=dict)
    entries: tuple[tuple[tuple[str, int], ...], ...] = ()
    entry_order: tuple[str, ...] = ()
    revealed: dict[str, Revealed] = msgspec.field(default_factory=dict)
    d_building: int = -1
    d_step: str = ""
    awaiting: Awaiting | None = None
    actions: tuple[tuple[str, str], ...] = ()
    privilege: str = ""
    gained: dict[str, int] = msgspec.field(default_factory=dict)
    influence: dict[str, dict[str, int]] = msgspec.field(default_factory=dict)
    stamps: dict[str, dict[str, int]] = msgspec.field(default_factory=dict)
    stamp: int = 0
    hands: dict[str, int] = msgspec.field(default_factory=dict)
    tokens: dict[str, tuple[int, int, int]] = msgspec.field(default_factory=dict)
    vp: dict[str, int] = msgspec.field(default_factory=dict)
    vp_left: int = 0
    peeks: dict[str, dict[int, str]] = msgspec.field(default_factory=dict)
    nun_cards: tuple[str, ...] = ()
    declared: dict[str, Hand] = msgspec.field(default_factory=dict)
    # special cards (sword, flute, pass, gold) the log saw each player take minus those it saw played: the
    # likeliest final hand (cards given by a Sword or the Watchtower, or discarded at the Hospital, are
    # unseen)
    specials: dict[str, dict[str, int]] = msgspec.field(default_factory=dict)
    nuns_declared: int | None = None
    rats_revealed: dict[str, int] | None = None
    result: dict[str, Any] | None = None


def rats_total(tokens: tuple[int, int, int]) -> int:
    return tokens[0] + 3 * tokens[1] + 5 * tokens[2]


def discard_rats(tokens: tuple[int, int, int], n: int) -> tuple[tuple[int, int, int], int]:
    """Give back ``n`` value-1 rats, making change from a 3 or a 5 when needed. Never below zero."""
    ones, threes, fives = tokens
    removed = 0
    for _ in range(n):
        if ones == 0:
            if threes:
                threes, ones = threes - 1, ones + 3
            elif fives:
                fives, ones = fives - 1, ones + 5
            else:
                break
        ones -= 1
        removed += 1
    return (ones, threes, fives), removed


# -- options & setup ---------------------------------------------------------------------------------------


def _fail(msg: str) -> IllegalIntent:
    return IllegalIntent("options", msg)


def _choose_buildings(options: dict[str, Any], rng: Rng) -> tuple[str, tuple[str, ...]]:
    dat = D.data()
    types = D.building_types()
    copies = dat.copies_per_building
    selection = options.get("selection", "first")
    if selection not in SELECTIONS:
        raise _fail(f"selection must be one of {', '.join(SELECTIONS)}, not {selection!r}")
    if "buildings" in options and selection != "agreed":
        raise _fail("'buildings' is only used with selection 'agreed'")
    chosen: list[str] = []
    if selection == "first":
        for t in dat.first_game:
            chosen += [D.building_id(t, i) for i in range(1, copies + 1)]
    elif selection == "random-type":
        for cls in D.CLASS_CODES:
            t = choice(rng, [b.code for b in dat.buildings if b.cls == cls])
            chosen += [D.building_id(t, i) for i in range(1, copies + 1)]
    elif selection == "random-five":
        for cls in D.CLASS_CODES:
            pool = [
                D.building_id(b.code, i) for b in dat.buildings if b.cls == cls for i in range(1, copies + 1)
            ]
            chosen += shuffled(rng, pool)[:5]
    else:
        items = options.get("buildings")
        if not isinstance(items, list | tuple) or not items:
            raise _fail("selection 'agreed' needs 'buildings': 30 card ids (RCC:B:MON3) or type codes (MON)")
        used: set[str] = set()
        for item in items:
            if not isinstance(item, str):
                raise _fail(f"building {item!r} is not a text")
            if item in types:
                free = [
                    D.building_id(item, i) for i in range(1, copies + 1) if D.building_id(item, i) not in used
                ]
                if not free:
                    raise _fail(f"building type {item} has only {copies} cards")
                card = free[0]
            else:
                try:
                    D.building_type_of(item)
                except KeyError as exc:
                    raise _fail(str(exc.args[0])) from None
                if int(item[9:] or 0) not in range(1, copies + 1):
                    raise _fail(f"{item!r}: there are only copies 1 to {copies}")
                card = item
            if card in used:
                raise _fail(f"building card {card} chosen twice")
            used.add(card)
            chosen.append(card)
    if len(chosen) != 30:
        raise _fail(f"a game uses 30 building cards, not {len(chosen)}")
    for cls in D.CLASS_CODES:
        n = sum(1 for c in chosen if D.building_type_of(c).cls == cls)
        if n != 5:
            raise _fail(f"a game uses 5 buildings of each class; class {cls} has {n}")
    return selection, tuple(sorted(chosen))


def validate_options(options: dict[str, Any], rng: Rng) -> GameStarted:
    if not isinstance(options, dict):
        raise _fail("options must be a dict")
    unknown = set(options) - OPTION_KEYS
    if unknown:
        raise _fail(
            f"unknown option(s): {', '.join(sorted(unknown))}; known: {', '.join(sorted(OPTION_KEYS))}"
        )
    players = options.get("players", 4)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise _fail(f"players must be 2 to 5, not {players!r}")
    seats = tuple(f"p{i}" for i in range(1, players + 1))
    dat = D.data()
    nun_row = options.get("nun_row", "digital")
    if nun_row not in ("digital", "cards"):
        raise _fail(f"nun_row must be 'digital' or 'cards', not {nun_row!r}")
    ties = options.get("majority_ties", "top")
    if ties not in ("top", "bottom", "share"):
        raise _fail(f"majority_ties must be 'top', 'bottom' or 'share', not {ties!r}")
    simultaneous = options.get("simultaneous_support", False)
    if not isinstance(simultaneous, bool):
        raise _fail("simultaneous_support must be true or false")
    start = options.get("start_tokens", [2, 1, 1])
    if (
        not isinstance(start, list | tuple)
        or len(start) != 3
        or not all(isinstance(x, int) and x >= 0 for x in start)
        or rats_total(tuple(start)) != dat.start_rats
    ):
        raise _fail(
            f"start_tokens must be [value-1, value-3, value-5] token counts worth {dat.start_rats} rats, "
            f"not {start!r}"
        )
    supports = _supports(options.get("supports", {}))
    vp_mode, vp_values = _victory_tokens(options.get("victory_tokens", "printed"))
    selection, buildings = _choose_buildings(options, rng)
    first = options.get("first_player", "p1")
    if first == "random":
        first = choice(rng, seats)
    if first not in seats:
        raise _fail(f"first_player must be one of {', '.join(seats)} or 'random', not {first!r}")
    return GameStarted(
        seats=seats,
        rounds=dat.rounds[str(players)],
        row_size=dat.row_size[str(players)],
        selection=selection,
        buildings=buildings,
        first_player=first,
        nun_row=nun_row,
        simultaneous_support=simultaneous,
        majority_ties=ties,
        start_tokens=(start[0], start[1], start[2]),
        supports=supports,
        victory_tokens=vp_mode,
        victory_token_values=vp_values,
    )


def _victory_tokens(raw: Any) -> tuple[str, tuple[int, ...]]:
    """« tel qu'indiqué sur ces jetons »: ``printed`` (each player says the points on their tokens at the
    end), ``one`` (each token counts 1), or the box's 20 token values (then the totals said are checked)."""
    if raw in ("printed", "one"):
        return raw, ()
    n = D.data().victory_tokens
    if (
        isinstance(raw, list | tuple)
        and len(raw) == n
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_TOKEN_POINTS for v in raw)
    ):
        return "printed", tuple(raw)
    raise _fail(
        f"victory_tokens must be 'printed', 'one' or the points printed on the box's {n} victory tokens "
        f"(a list of whole numbers 0–{MAX_TOKEN_POINTS}), not '{raw}'"
    )


def _supports(raw: Any) -> dict[str, tuple[int, int, int]]:
    """The support symbols printed on some building cards, typed in once by a group (optional)."""
    if not isinstance(raw, dict):
        raise _fail("supports must map building card ids to {draw, rats, peek}")
    out: dict[str, tuple[int, int, int]] = {}
    for card, sym in raw.items():
        try:
            D.building_type_of(card)
        except KeyError as exc:
            raise _fail(f"supports: {exc.args[0]}") from None
        if not isinstance(sym, dict) or set(sym) - {"draw", "rats", "peek"}:
            raise _fail(f"supports[{card}] must be like {{'draw': 2, 'rats': 0, 'peek': 1}}")
        d, r, p = (sym.get(k, 0) for k in ("draw", "rats", "peek"))
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (d, r, p)) or not (
            0 <= d <= MAX_SUPPORT_DRAW
            and 0 <= r <= MAX_SUPPORT_RATS
            and 0 <= p <= MAX_SUPPORT_PEEK
            and d + r + p
        ):
            raise _fail(
                f"supports[{card}]: draw 0–{MAX_SUPPORT_DRAW}, rats 0–{MAX_SUPPORT_RATS}, "
                f"peek 0–{MAX_SUPPORT_PEEK}, at least one symbol"
            )
        out[card] = (d, r, p)
    return out


class _Ctx:
    """Events being produced, with the state folded as they come."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    @classmethod
    def starting(cls, event: GameStarted) -> _Ctx:
        """The events of a new game, its first event folded."""
        ctx = cls(fold(None, event))
        ctx.events.append(event)
        return ctx

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = fold(self.state, event)


def setup(options: dict[str, Any], rng: Rng) -> tuple[State, list[Event]]:
    started = validate_options(options, rng)
    ctx = _Ctx.starting(started)
    order = shuffled(rng, started.buildings)
    n_rep = D.data().replacement[str(len(started.seats))]
    # the replacement pile is taken off the shuffled building deck unseen: two committed piles
    ctx.emit(committed("replacement", order[:n_rep], "new", "replacement#1", rng.token_hex(16)))
    ctx.emit(committed("buildings", order[n_rep:], "new", "buildings#1", rng.token_hex(16)))
    if started.nun_row == "digital":
        ctx.emit(make_shuffle(rng, "nuns", D.population_ids(), "new", "nuns#1"))
    for seat in started.seats:
        ctx.emit(
            RatsChanged(seat=seat, reason="start", tokens=started.start_tokens, delta=D.data().start_rats)
        )
    _start_round(ctx, 1, started.first_player)
    return ctx.state, ctx.events


def _order_from(state: State, first: str) -> tuple[str, ...]:
    i = state.seats.index(first)
    return state.seats[i:] + state.seats[:i]


def _start_round(ctx: _Ctx, rnd: int, first: str) -> None:
    ctx.emit(RoundStarted(round=rnd, first_player=first))
    # phase A
    ctx.emit(PhaseBegan(phase="A"))
    for _ in range(ctx.state.row_size):
        if not ctx.state.deck.cards:
            break
        ctx.emit(Drawn(deck="buildings", card=ctx.state.deck.cards[0], to="row"))
    tries = len(ctx.state.replacement.cards)
    while tries > 0 and _all_identical(ctx.state.row) and ctx.state.replacement.cards:
        last = ctx.state.row[-1]
        ctx.emit(Drawn(deck="replacement", card=ctx.state.replacement.cards[0], to="row"))
        ctx.emit(Placed(deck="replacement", cards=(last,), end="bottom"))
        tries -= 1
    ctx.emit(PhaseBegan(phase="B", queue=_order_from(ctx.state, first)))


def specials_in_play(state: State) -> frozenset[str]:
    """The special-card kinds of this game (sword, flute, pass, gold): « toutes les cartes spéciales requises
    par les cartes Bâtiment choisies » — a special card exists only when its building is in play."""
    types = {D.building_type_of(c).code for c in state.buildings_in_play}
    return frozenset(sp.kind for sp in D.data().specials if sp.source in types)


def _special(kind: str) -> D.SpecialType:
    return next(sp for sp in D.data().specials if sp.kind == kind)


def _refuse_absent_specials(state: State, counts: dict[str, int]) -> None:
    """Refuse counts of special cards whose building is not in this game."""
    present = specials_in_play(state)
    for kind, n in counts.items():
        if n and kind not in present:
            raise _bad(
                "special-not-in-play",
                f"there are no {_special(kind).fr} ({kind}) cards in this game: they come with the "
                f"{D.building_types()[_special(kind).source].fr}, which is not among the chosen buildings",
            )


def _all_identical(row: tuple[str, ...]) -> bool:
    return len(row) > 1 and len({D.building_type_of(c).code for c in row}) == 1


# -- fold --------------------------------------------------------------------------------------------------


def _rep(state: State, **kw: Any) -> State:
    return msgspec.structs.replace(state, **kw)


def fold(state: State | None, event: Event) -> State:
    if isinstance(event, GameStarted):
        if state is not None:
            raise InconsistentLog("GameStarted after the game began")
        dat = D.data()
        return State(
            seats=event.seats,
            rounds=event.rounds,
            row_size=event.row_size,
            selection=event.selection,
            buildings_in_play=event.buildings,
            nun_row=event.nun_row,
            simultaneous_support=event.simultaneous_support,
            majority_ties=event.majority_ties,
            supports=dict(event.supports),
            vp_mode=event.victory_tokens,
            vp_values=tuple(event.victory_token_values),
            first_player=event.first_player,
            influence={s: {c: 0 for c in D.CLASS_CODES} for s in event.seats},
            stamps={s: {c: 0 for c in D.CLASS_CODES} for s in event.seats},
            hands={s: dat.start_hand for s in event.seats},
            tokens={s: (0, 0, 0) for s in event.seats},
            vp={s: 0 for s in event.seats},
            vp_left=dat.victory_tokens,
            peeks={s: {} for s in event.seats},
        )
    if state is None:
        raise InconsistentLog(f"{type(event).__name__} before GameStarted")
    handler = _FOLDS.get(type(event))
    if handler is None:
        raise InconsistentLog(f"event {type(event).__name__} is not a Rattus Cartus event")
    return handler(state, event)


def _f_shuffled(s: State, e: Shuffled) -> State:
    if e.deck == "buildings":
        return _rep(s, deck=fold_deck(s.deck, e))
    if e.deck == "replacement":
        return _rep(s, replacement=fold_deck(s.replacement, e))
    if e.deck == "nuns":
        return _rep(s, nuns=fold_deck(s.nuns, e))
    raise InconsistentLog(f"unknown deck {e.deck!r}")


def _f_drawn(s: State, e: Drawn) -> State:
    if e.deck == "buildings":
        return _rep(s, deck=fold_deck(s.deck, e), row=s.row + (e.card,))
    if e.deck == "replacement":
        return _rep(s, replacement=fold_deck(s.replacement, e), row=s.row + (e.card,))
    if e.deck == "nuns":
        return _rep(s, nuns=fold_deck(s.nuns, e), nun_cards=s.nun_cards + (e.card,))
    raise InconsistentLog(f"unknown deck {e.deck!r}")


def _f_placed(s: State, e: Placed) -> State:
    if e.deck != "replacement":
        raise InconsistentLog(f"cards placed on {e.deck!r}")
    row = list(s.row)
    for c in e.cards:
        if c not in row:
            raise InconsistentLog(f"{c} put back under the replacement pile but it is not in the row")
        row.remove(c)
    return _rep(s, replacement=fold_deck(s.replacement, e), row=tuple(row))


def _f_discarded(s: State, e: Discarded) -> State:
    if e.deck != "buildings" or e.card not in s.row:
        raise InconsistentLog(f"discard of {e.card} from {e.deck}")
    return _rep(s, deck=fold_deck(s.deck, e), row=tuple(c for c in s.row if c != e.card))


def _f_peeked(s: State, e: Peeked) -> State:
    if e.deck != "nuns":
        raise InconsistentLog(f"peek at {e.deck!r}")
    seen = dict(s.peeks.get(e.seat, {}))
    for pos, card in zip(e.positions, e.cards, strict=True):
        if card and s.nuns.cards[pos] != card:
            raise InconsistentLog(f"peek at nun position {pos}: {card} is not there")
        seen[pos] = card
    return _rep(s, peeks={**s.peeks, e.seat: seen})


def _f_rats(s: State, e: RatsChanged) -> State:
    if e.tokens is None:
        raise InconsistentLog("rat tokens redacted: this log is a seat's projection, not the host's")
    return _rep(s, tokens={**s.tokens, e.seat: tuple(e.tokens)})


def _f_round(s: State, e: RoundStarted) -> State:
    return _rep(
        s,
        round=e.round,
        first_player=e.first_player,
        supported={},
        entries=(),
        entry_order=(),
        revealed={},
        d_building=-1,
        d_step="",
        awaiting=None,
        actions=(),
        privilege="",
        gained={x: 0 for x in s.seats},
    )


def _f_phase(s: State, e: PhaseBegan) -> State:
    kw: dict[str, Any] = {"phase": e.phase, "queue": e.queue}
    if e.phase == "C":
        kw["entries"] = tuple(() for _ in s.row)
    if e.phase == "D":
        kw.update(d_building=-1, d_step="")
    return _rep(s, **kw)


def _f_support(s: State, e: SupportTaken) -> State:
    return _rep(
        s, supported={**s.supported, e.seat: e.building}, queue=tuple(x for x in s.queue if x != e.seat)
    )


def _f_hand(s: State, e: HandChanged) -> State:
    if e.size < 0:
        raise InconsistentLog(f"hand of {e.seat} below zero")
    return _rep(s, hands={**s.hands, e.seat: e.size})


def _f_entered(s: State, e: Entered) -> State:
    entries = list(s.entries)
    entries[e.building] = entries[e.building] + ((e.seat, e.cards),)
    return _rep(s, entries=tuple(entries), entry_order=s.entry_order + (e.seat,), queue=s.queue[1:])


def _f_pass(s: State, e: PassPlayed) -> State:
    return _rep(s, queue=s.queue[1:] + (e.seat,), specials=_specials(s, e.seat, passes=-1))


def _specials(s: State, seat: str, **delta: int) -> dict[str, dict[str, int]]:
    mine = dict(s.specials.get(seat, {}))
    for kind, n in delta.items():
        mine[kind] = max(0, mine.get(kind, 0) + n)
    return {**s.specials, seat: mine}


def _f_building(s: State, e: BuildingBegan) -> State:
    return _rep(s, d_building=e.building, d_step="reveal")


def _f_revealed(s: State, e: Revealed) -> State:
    return _rep(
        s,
        revealed={**s.revealed, e.seat: e},
        specials=_specials(s, e.seat, swords=-e.swords, flutes=-e.flutes),
    )


def _f_influence(s: State, e: InfluenceGained) -> State:
    stamp = s.stamp + 1
    inf = {**s.influence[e.seat], e.cls: e.total}
    st = {**s.stamps[e.seat], e.cls: stamp}
    gained = s.gained
    if e.reason == "cards":
        gained = {**gained, e.seat: gained.get(e.seat, 0) + e.amount}
    return _rep(
        s, influence={**s.influence, e.seat: inf}, stamps={**s.stamps, e.seat: st}, stamp=stamp, gained=gained
    )


def _f_cards_resolved(s: State, e: CardsResolved) -> State:
    return _rep(s, d_step="sword")


def _f_awaited(s: State, e: ChoiceAwaited) -> State:
    return _rep(s, awaiting=Awaiting(e.seat, e.kind, e.options, e.limit))


def _f_sword(s: State, e: SwordResolved) -> State:
    return _rep(s, d_step="flute", awaiting=None)


def _f_flute(s: State, e: FluteResolved) -> State:
    return _rep(s, d_step="privilege", awaiting=None)


def _f_actions(s: State, e: ActionsBegan) -> State:
    return _rep(s, d_step="actions", actions=e.queue, privilege=e.privilege)


def _f_action(s: State, e: ActionTaken) -> State:
    if not s.actions or s.actions[0] != (e.seat, e.kind):
        raise InconsistentLog(f"action of {e.seat} out of turn")
    specials = s.specials
    kind = _SPECIAL_EFFECTS.get(e.effect)
    if kind:
        specials = _specials(s, e.seat, **{kind: e.amount})
    return _rep(s, actions=s.actions[1:], awaiting=None, specials=specials)


_SPECIAL_EFFECTS = {"sword": "swords", "flute": "flutes", "pass": "passes", "gold": "gold"}


def likely_hand(state: State, seat: str) -> dict[str, int]:
    """The likeliest split of ``seat``'s hand for the final count: the special cards the log saw it take and
    not play (within the hand's size, gold first as it is never played), the rest population and jokers."""
    left = state.hands.get(seat, 0)
    seen = state.specials.get(seat, {})
    present = specials_in_play(state)
    out = {"pop_jokers": 0, "swords": 0, "flutes": 0, "passes": 0, "gold": 0}
    for kind, name in (("gold", "gold"), ("sword", "swords"), ("flute", "flutes"), ("pass", "passes")):
        if kind in present:
            out[name] = min(left, seen.get(name, 0))
            left -= out[name]
    out["pop_jokers"] = left
    return out


def _f_given(s: State, e: CardsGiven) -> State:
    return s  # the two HandChanged events carry the sizes


def _f_vp(s: State, e: VictoryTokensTaken) -> State:
    return _rep(s, vp={**s.vp, e.seat: e.total}, vp_left=s.vp_left - e.amount)


def _f_building_done(s: State, e: BuildingDone) -> State:
    return _rep(s, d_step="done", actions=(), privilege="")


def _f_round_ended(s: State, e: RoundEnded) -> State:
    return _rep(s, first_player=e.next_first)


def _f_declared(s: State, e: HandDeclared) -> State:
    h = Hand(e.pop_jokers, e.swords, e.flutes, e.passes, e.gold)
    return _rep(s, declared={**s.declared, e.player: h})


def _f_vp_points(s: State, e: VictoryPointsDeclared) -> State:
    return _rep(s, vp_points={**s.vp_points, e.player: e.points})


def _f_nuns(s: State, e: NunsDeclared) -> State:
    return _rep(s, nuns_declared=e.count)


def _f_rats_revealed(s: State, e: RatsRevealed) -> State:
    return _rep(s, rats_revealed=dict(e.totals))


def _f_scored(s: State, e: GameScored) -> State:
    return _rep(s, result=e.result)


_FOLDS: dict[type, Callable[[State, Any], State]] = {
    Shuffled: _f_shuffled,
    Drawn: _f_drawn,
    Placed: _f_placed,
    Discarded: _f_discarded,
    Peeked: _f_peeked,
    RatsChanged: _f_rats,
    RoundStarted: _f_round,
    PhaseBegan: _f_phase,
    SupportTaken: _f_support,
    HandChanged: _f_hand,
    Entered: _f_entered,
    PassPlayed: _f_pass,
    BuildingBegan: _f_building,
    Revealed: _f_revealed,
    InfluenceGained: _f_influence,
    CardsResolved: _f_cards_resolved,
    ChoiceAwaited: _f_awaited,
    SwordResolved: _f_sword,
    FluteResolved: _f_flute,
    ActionsBegan: _f_actions,
    ActionTaken: _f_action,
    CardsGiven: _f_given,
    VictoryTokensTaken: _f_vp,
    BuildingDone: _f_building_done,
    RoundEnded: _f_round_ended,
    HandDeclared: _f_declared,
    NunsDeclared: _f_nuns,
    VictoryPointsDeclared: _f_vp_points,
    RatsRevealed: _f_rats_revealed,
    GameScored: _f_scored,
}


# -- helpers used by apply ---------------------------------------------------------------------------------


def pop_jokers(r: Revealed) -> int:
    return r.matching + r.other + r.jokers


def entrants(state: State, b: int) -> list[str]:
    return [seat for seat, _ in state.entries[b]]


def announced(state: State, seat: str) -> tuple[int, int] | None:
    """(building, cards) where ``seat`` entered this round."""
    for b, ent in enumerate(state.entries):
        for s, n in ent:
            if s == seat:
                return b, n
    return None


def needed_reveals(state: State) -> list[str]:
    """Seats that must reveal before the current building resolves. With two players the single privilege
    depends on both players' cards, so both reveal at the first building."""
    if len(state.seats) == 2:
        return list(state.entry_order)
    return entrants(state, state.d_building)


def privilege_holder(state: State, b: int) -> str:
    ents = entrants(state, b)
    if not ents:
        return ""
    if len(state.seats) == 2:
        best = max(state.entry_order, key=lambda s: pop_jokers(state.revealed[s]))
        return best if best in ents else ""
    return max(ents, key=lambda s: pop_jokers(state.revealed[s]))  # max keeps the first (earliest) on ties


def _hand(ctx: _Ctx, seat: str, delta: int, reason: str) -> None:
    size = max(0, ctx.state.hands[seat] + delta)
    ctx.emit(HandChanged(seat=seat, delta=size - ctx.state.hands[seat], size=size, reason=reason))


def _rats(ctx: _Ctx, seat: str, delta: int, reason: str) -> None:
    tok = ctx.state.tokens[seat]
    if delta >= 0:
        new = (tok[0] + delta, tok[1], tok[2])
        ctx.emit(RatsChanged(seat=seat, reason=reason, tokens=new, delta=delta))
    else:
        new, removed = discard_rats(tok, -delta)
        ctx.emit(RatsChanged(seat=seat, reason=reason, tokens=new, delta=-removed))


def _resolve_cards(ctx: _Ctx) -> None:
    s = ctx.state
    b = s.d_building
    cls = D.building_type_of(s.row[b]).cls
    for seat in entrants(s, b):
        r = ctx.state.revealed[seat]
        n = pop_jokers(r)
        if n:
            ctx.emit(
                InfluenceGained(
                    seat=seat, cls=cls, amount=n, total=ctx.state.influence[seat][cls] + n, reason="cards"
                )
            )
        if r.other:
            _rats(ctx, seat, r.other, "cards")
    ctx.emit(CardsResolved(building=b))


def _duel(state: State, b: int, attr: str) -> tuple[str, list[str]] | None:
    """(the most, the tied fewest) for swords or flutes; None when all played the same number."""
    ents = entrants(state, b)
    counts = {s: getattr(state.revealed[s], attr) for s in ents}
    if len(set(counts.values())) <= 1:
        return None
    hi = max(ents, key=lambda s: counts[s])
    lo = min(counts.values())
    return hi, [s for s in ents if counts[s] == lo]


def _sword(ctx: _Ctx, winner: str, loser: str) -> None:
    b = ctx.state.d_building
    n = ctx.state.hands[loser] // 2
    ctx.emit(SwordResolved(building=b, winner=winner, loser=loser, cards=n))
    if n:
        ctx.emit(CardsGiven(giver=loser, receiver=winner, cards=n, reason="sword"))
        _hand(ctx, loser, -n, "sword")
        _hand(ctx, winner, n, "sword")


def _flute(ctx: _Ctx, giver: str, receiver: str) -> None:
    ctx.emit(FluteResolved(building=ctx.state.d_building, giver=giver, receiver=receiver))
    _rats(ctx, giver, -1, "flute")
    _rats(ctx, receiver, 1, "flute")


def _action_needs_choice(state: State, seat: str, kind: str) -> Awaiting | None:
    bt = D.building_type_of(state.row[state.d_building])
    if bt.action == "hospital":
        limit = min(bt.privilege if kind == "privilege" else bt.basic, state.hands[seat])
        return Awaiting(seat, "hospital", (), limit) if limit else None  # no card: nothing to choose
    if bt.action == "peek" and state.nun_row == "digital":
        return Awaiting(seat, "peek", (), bt.privilege if kind == "privilege" else bt.basic)
    return None


def _do_action(ctx: _Ctx, seat: str, kind: str, arg: Any = None) -> None:
    s = ctx.state
    b = s.d_building
    bt = D.building_type_of(s.row[b])
    n = bt.privilege if kind == "privilege" else bt.basic
    act = bt.action
    if act in ("draw", "joker", "pass", "sword", "flute", "gold"):
        ctx.emit(ActionTaken(seat=seat, building=b, kind=kind, effect=act, amount=n))
        _hand(ctx, seat, n, f"{bt.code.lower()}-{act}")
    elif act == "draw-influence":
        g = s.gained.get(seat, 0)
        n = g if kind == "privilege" else g // 2
        ctx.emit(ActionTaken(seat=seat, building=b, kind=kind, effect="draw", amount=n))
        if n:
            _hand(ctx, seat, n, "bra-draw")
    elif act == "rats":
        ctx.emit(ActionTaken(seat=seat, building=b, kind=kind, effect="rats", amount=n))
        _rats(ctx, seat, -n, "mon")
    elif act == "vp":
        n = min(n, s.vp_left)
        ctx.emit(ActionTaken(seat=seat, building=b, kind=kind, effect="vp", amount=n))
        ctx.emit(VictoryTokensTaken(seat=seat, amount=n, total=s.vp[seat] + n))
    elif act == "tower":
        if kind == "basic":
            ctx.emit(ActionTaken(seat=seat, building=b, kind=kind, effect="protected", amount=0))
            return
        protected = {
            x for i, c in enumerate(s.row) if D.building_type_of(c).code == "TOU" for x in entrants(s, i)
        }
        mine = s.hands[seat]
        victims = [x for x in _order_from(s, seat)[1:] if x not in protected and s.hands[x] >= mine]
        ctx.emit(ActionTaken(seat=seat, building=b, kind=kind, effect="tower", amount=len(victims)))
        for v in victims:
            k = min(n, ctx.state.hands[v])
            if k:
                ctx.emit(CardsGiven(giver=v, receiver=seat, cards=k, reason="tower"))
                _hand(ctx, v, -k, "tower")
                _hand(ctx, seat, k, "tower")
    elif act == "hospital":
        cards = int(arg or 0)
        ctx.emit(ActionTaken(seat=seat, building=b, kind=kind, effect="hospital", amount=cards))
        if kind == "privilege":
            _rats(ctx, seat, -1, "hop")
        if cards:
            _hand(ctx, seat, -cards, "hop")
            _rats(ctx, seat, -cards, "hop")
    elif act == "peek":
        positions = tuple(arg or ())
        ctx.emit(ActionTaken(seat=seat, building=b, kind=kind, effect="peek", amount=n))
        if s.nun_row == "digital" and positions:
            ctx.emit(
                Peeked(
                    deck="nuns",
                    seat=seat,
                    cards=tuple(s.nuns.cards[p] for p in positions),
                    positions=positions,
                )
            )
    else:  # pragma: no cover - data validation keeps actions known
        raise InconsistentLog(f"unknown building action {act!r}")


def _advance(ctx: _Ctx) -> None:
    """Run everything that needs no decision, until the game waits for someone."""
    while True:
        s = ctx.state
        if s.awaiting is not None:
            return
        if s.phase == "B":
            if s.queue:
                return
            ctx.emit(PhaseBegan(phase="C", queue=_order_from(s, s.first_player)))
        elif s.phase == "C":
            if s.queue:
                return
            ctx.emit(PhaseBegan(phase="D"))
        elif s.phase == "D":
            if s.d_step in ("", "done"):
                nxt = next((i for i in range(s.d_building + 1, len(s.row)) if s.entries[i]), None)
                if nxt is None:
                    ctx.emit(PhaseBegan(phase="E"))
                else:
                    ctx.emit(BuildingBegan(building=nxt, card=s.row[nxt]))
            elif s.d_step == "reveal":
                for x in needed_reveals(s):
                    if x in s.revealed:
                        continue
                    where = announced(s, x)
                    assert where is not None  # the seats to reveal are those that entered
                    if where[1] == 0:  # nothing was put down: nothing to reveal
                        ctx.emit(Revealed(seat=x, building=where[0]))
                if any(x not in ctx.state.revealed for x in needed_reveals(ctx.state)):
                    return
                _resolve_cards(ctx)
            elif s.d_step == "sword":
                duel = _duel(s, s.d_building, "swords")
                if duel is None:
                    ctx.emit(SwordResolved(building=s.d_building))
                elif len(duel[1]) == 1:
                    _sword(ctx, duel[0], duel[1][0])
                else:
                    ctx.emit(ChoiceAwaited(seat=duel[0], kind="sword", options=tuple(duel[1])))
            elif s.d_step == "flute":
                duel = _duel(s, s.d_building, "flutes")
                if duel is None:
                    ctx.emit(FluteResolved(building=s.d_building))
                elif len(duel[1]) == 1:
                    _flute(ctx, duel[0], duel[1][0])
                else:
                    ctx.emit(ChoiceAwaited(seat=duel[0], kind="flute", options=tuple(duel[1])))
            elif s.d_step == "privilege":
                b = s.d_building
                holder = privilege_holder(s, b)
                if s.round == s.rounds:
                    if holder:
                        cls = D.building_type_of(s.row[b]).cls
                        ctx.emit(
                            InfluenceGained(
                                seat=holder,
                                cls=cls,
                                amount=1,
                                total=s.influence[holder][cls] + 1,
                                reason="last-round",
                            )
                        )
                    ctx.emit(ActionsBegan(building=b, privilege=holder, card=s.row[b]))
                else:
                    queue = ([(holder, "privilege")] if holder else []) + [
                        (x, "basic") for x in entrants(s, b) if x != holder
                    ]
                    ctx.emit(ActionsBegan(building=b, privilege=holder, queue=tuple(queue), card=s.row[b]))
            elif s.d_step == "actions":
                if not s.actions:
                    ctx.emit(BuildingDone(building=s.d_building))
                    continue
                seat, kind = s.actions[0]
                need = _action_needs_choice(s, seat, kind)
                if need is not None:
                    ctx.emit(ChoiceAwaited(seat=need.seat, kind=need.kind, limit=need.limit))
                else:
                    _do_action(ctx, seat, kind)
            else:  # pragma: no cover
                raise InconsistentLog(f"unknown step {s.d_step!r}")
        elif s.phase == "final":
            if set(s.declared) != set(s.seats) or (s.nun_row == "cards" and s.nuns_declared is None):
                return
            if victory_points_awaited(s):
                return
            _finish(ctx)
        else:
            return


def nun_count(state: State) -> int | None:
    if state.nun_row == "cards":
        return state.nuns_declared
    if len(state.nun_cards) < D.data().nun_row:
        return None
    return sum(D.nuns_of(c) for c in state.nun_cards)


def score_state(state: State, rats: dict[str, int], nuns: int) -> dict[str, Any]:
    types = {D.building_type_of(c).code for c in state.buildings_in_play}
    specials = [sp.kind for sp in D.data().specials if sp.kind != "gold" and sp.source in types]
    players = {}
    for seat in state.seats:
        h = state.declared[seat]
        players[seat] = {
            "influence": dict(state.influence[seat]),
            "pop_jokers": h.pop_jokers,
            "swords": h.swords,
            "flutes": h.flutes,
            "passes": h.passes,
            "gold": h.gold,
            "victory_tokens": state.vp_points.get(seat, 0) if state.vp_mode == "printed" else state.vp[seat],
            "rats": rats[seat],
        }
    stacks = {cls: sorted(state.seats, key=lambda x: state.stamps[x][cls]) for cls in D.CLASS_CODES}
    return final_scores(
        players,
        nuns=nuns,
        specials_in_play=specials,
        treasure_in_play="TRE" in types,
        majority_ties=state.majority_ties,
        stacks=stacks,
    )


def _finish(ctx: _Ctx) -> None:
    s = ctx.state
    totals = {seat: rats_total(s.tokens[seat]) for seat in s.seats}
    ctx.emit(RatsRevealed(totals=totals))
    if s.nun_row == "digital":
        for _ in range(D.data().nun_row):
            ctx.emit(Drawn(deck="nuns", card=ctx.state.nuns.cards[0], to=NUN_ROW))
    nuns = nun_count(ctx.state)
    assert nuns is not None
    ctx.emit(GameScored(result=score_state(ctx.state, totals, nuns)))
    ctx.emit(PhaseBegan(phase="over"))


# -- apply -------------------------------------------------------------------------------------------------


def _bad(rule: str, msg: str) -> IllegalIntent:
    return IllegalIntent(rule, msg)


def _is_player(state: State, seat: str) -> bool:
    return seat in state.seats


def apply(state: State, intent: Intent, rng: Rng) -> list[Event]:
    seat = intent.seat
    is_admin = seat in (TABLE, HOST)
    if not _is_player(state, seat) and not is_admin:
        raise _bad("seat", f"no seat {seat!r} in this game ({', '.join(state.seats)}, table)")
    if state.phase == "over":
        raise _bad("game-over", "the game is over")
    ctx = _Ctx(state)
    if isinstance(intent, Convert):
        _convert(ctx, state, intent)
        return ctx.events
    if isinstance(intent, CorrectHand):
        _correct_hand(ctx, state, intent)
        return ctx.events
    if isinstance(intent, Support):
        _support(ctx, state, intent)
    elif isinstance(intent, Enter | PlayPass):
        _enter(ctx, state, intent)
    elif isinstance(intent, Reveal):
        _reveal(ctx, state, intent)
    elif isinstance(intent, ChooseTarget):
        _choose(ctx, state, intent)
    elif isinstance(intent, Hospital | Peek):
        _choice_action(ctx, state, intent)
    elif isinstance(intent, EndRound):
        _end_round(ctx, state, intent)
    elif isinstance(intent, DeclareHand):
        _declare_hand(ctx, state, intent)
    elif isinstance(intent, DeclareNuns):
        _declare_nuns(ctx, state, intent)
    elif isinstance(intent, DeclareVictoryPoints):
        _declare_vp(ctx, state, intent)
    else:
        raise _bad("intent", f"unknown intent {type(intent).__name__}")
    _advance(ctx)
    return ctx.events


def _need_player(state: State, seat: str) -> None:
    if seat not in state.seats:
        raise _bad("seat", f"only a player can do this, not {seat!r}")


def _convert(ctx: _Ctx, state: State, it: Convert) -> None:
    _need_player(state, it.seat)
    if it.into not in (3, 5):
        raise _bad("rats-convert", "value-1 rats convert into a value-3 or a value-5 token only")
    ones, threes, fives = state.tokens[it.seat]
    if ones < it.into:
        raise _bad(
            "rats-convert", f"converting into a {it.into} needs {it.into} value-1 tokens; you have {ones}"
        )
    new = (ones - it.into, threes + (it.into == 3), fives + (it.into == 5))
    ctx.emit(RatsChanged(seat=it.seat, reason="convert", tokens=new, delta=0))


def _correct_hand(ctx: _Ctx, state: State, it: CorrectHand) -> None:
    player = it.player or it.seat
    if player not in state.seats:
        raise _bad("seat", f"no player {player!r}")
    if it.seat != player and it.seat not in (TABLE, HOST):
        raise _bad("seat", "only the player or the table may correct a hand size")
    if it.size < 0:
        raise _bad("hand", "a hand size cannot be negative")
    _hand(ctx, player, it.size - state.hands[player], "correction")


def _support(ctx: _Ctx, state: State, it: Support) -> None:
    if state.phase != "B":
        raise _bad("phase", f"support actions are phase B; this is phase {state.phase}")
    _need_player(state, it.seat)
    if it.seat not in state.queue:
        raise _bad("support-once", f"{it.seat} already took a support action this round")
    if not state.simultaneous_support and state.queue[0] != it.seat:
        raise _bad(
            "turn-order", f"it is {state.queue[0]}'s turn (phase B goes clockwise from the first player)"
        )
    if not 0 <= it.building < len(state.row):
        raise _bad("building", f"building {it.building} is not in the row (0–{len(state.row) - 1})")
    if not 0 <= it.draw <= MAX_SUPPORT_DRAW or not 0 <= it.rats <= MAX_SUPPORT_RATS:
        raise _bad(
            "support",
            f"a support action draws 0–{MAX_SUPPORT_DRAW} cards and discards 0–{MAX_SUPPORT_RATS} rats",
        )
    if len(it.peek) > MAX_SUPPORT_PEEK or any(not 0 <= p < D.data().nun_row for p in it.peek):
        raise _bad("support", f"a support action looks at up to {MAX_SUPPORT_PEEK} nun card (positions 0–4)")
    if it.draw + it.rats + len(it.peek) == 0:
        raise _bad("support", "a support action has at least one symbol")
    printed = state.supports.get(state.row[it.building])
    if printed is not None and printed != (it.draw, it.rats, len(it.peek)):
        raise _bad(
            "support-card",
            f"this card shows draw {printed[0]}, discard {printed[1]} rat(s), look at {printed[2]} nun "
            "card(s)",
        )
    ctx.emit(
        SupportTaken(
            seat=it.seat,
            building=it.building,
            card=state.row[it.building],
            draw=it.draw,
            rats=it.rats,
            peek=it.peek,
        )
    )
    if it.draw:
        _hand(ctx, it.seat, it.draw, "support")
    if it.rats:
        _rats(ctx, it.seat, -it.rats, "support")
    if it.peek and state.nun_row == "digital":
        ctx.emit(
            Peeked(
                deck="nuns",
                seat=it.seat,
                cards=tuple(state.nuns.cards[p] for p in it.peek),
                positions=it.peek,
            )
        )


def _enter(ctx: _Ctx, state: State, it: Enter | PlayPass) -> None:
    if state.phase != "C":
        raise _bad("phase", f"entering buildings is phase C; this is phase {state.phase}")
    _need_player(state, it.seat)
    if not state.queue or state.queue[0] != it.seat:
        who = state.queue[0] if state.queue else "nobody"
        raise _bad("turn-order", f"it is {who}'s turn to enter a building")
    hand = state.hands[it.seat]
    if isinstance(it, PlayPass):
        _refuse_absent_specials(state, {"pass": 1})
        if hand < 1:
            raise _bad("pass", "playing a Laissez-passer needs a card in hand")
        ctx.emit(PassPlayed(seat=it.seat))
        _hand(ctx, it.seat, -1, "pass")
        return
    if not 0 <= it.building < len(state.row):
        raise _bad("building", f"building {it.building} is not in the row (0–{len(state.row) - 1})")
    if not 0 <= it.cards <= hand:
        raise _bad("cards", f"you can put 0 to {hand} cards (your hand), not {it.cards}")
    ctx.emit(
        Entered(
            seat=it.seat,
            building=it.building,
            slot=len(state.entries[it.building]) + 1,
            cards=it.cards,
            card=state.row[it.building],
        )
    )
    if it.cards:
        _hand(ctx, it.seat, -it.cards, "entered")


def _reveal(ctx: _Ctx, state: State, it: Reveal) -> None:
    if state.phase != "D" or state.d_step != "reveal":
        raise _bad("phase", "cards are revealed when their building resolves (phase D)")
    _need_player(state, it.seat)
    if it.seat in state.revealed:
        raise _bad("reveal-once", f"{it.seat} already revealed")
    if it.seat not in needed_reveals(state):
        raise _bad("reveal-turn", f"{it.seat} is not in the building being resolved")
    where = announced(state, it.seat)
    assert where is not None
    counts = (it.matching, it.other, it.jokers, it.swords, it.flutes)
    if any(c < 0 for c in counts):
        raise _bad("reveal", "counts cannot be negative")
    _refuse_absent_specials(state, {"sword": it.swords, "flute": it.flutes})
    if sum(counts) != where[1]:
        raise _bad("reveal", f"{it.seat} put {where[1]} cards face down, the reveal lists {sum(counts)}")
    ctx.emit(
        Revealed(
            seat=it.seat,
            building=where[0],
            matching=it.matching,
            other=it.other,
            jokers=it.jokers,
            swords=it.swords,
            flutes=it.flutes,
        )
    )


def _choose(ctx: _Ctx, state: State, it: ChooseTarget) -> None:
    aw = state.awaiting
    if aw is None or aw.kind not in ("sword", "flute"):
        raise _bad("choice", "no sword or flute choice is waiting")
    if it.seat != aw.seat:
        raise _bad("choice", f"{aw.seat} chooses, not {it.seat}")
    if it.target not in aw.options:
        raise _bad("choice", f"choose among {', '.join(aw.options)}")
    if aw.kind == "sword":
        _sword(ctx, aw.seat, it.target)
    else:
        _flute(ctx, aw.seat, it.target)


def _choice_action(ctx: _Ctx, state: State, it: Hospital | Peek) -> None:
    aw = state.awaiting
    kind = "hospital" if isinstance(it, Hospital) else "peek"
    if aw is None or aw.kind != kind:
        raise _bad("choice", f"no {kind} action is waiting")
    if it.seat != aw.seat:
        raise _bad("choice", f"it is {aw.seat}'s action")
    seat, akind = state.actions[0]
    if isinstance(it, Hospital):
        if not 0 <= it.cards <= aw.limit:
            raise _bad("hospital", f"discard 0 to {aw.limit} cards here, not {it.cards}")
        _do_action(ctx, seat, akind, it.cards)
    else:
        pos = it.positions
        if (
            len(pos) != aw.limit
            or len(set(pos)) != len(pos)
            or any(not 0 <= p < D.data().nun_row for p in pos)
        ):
            raise _bad("peek", f"look at {aw.limit} different nun cards (positions 0–4)")
        _do_action(ctx, seat, akind, pos)


def _end_round(ctx: _Ctx, state: State, it: EndRound) -> None:
    if state.phase != "E":
        raise _bad("phase", f"the round ends after every building is resolved; this is phase {state.phase}")
    for card in state.row:
        ctx.emit(Discarded(deck="buildings", card=card))
    i = state.seats.index(state.first_player)
    nxt = state.seats[(i + 1) % len(state.seats)]
    ctx.emit(RoundEnded(round=state.round, next_first=nxt))
    if state.round >= state.rounds:
        ctx.emit(PhaseBegan(phase="final"))
    else:
        _start_round(ctx, state.round + 1, nxt)


def _declare_hand(ctx: _Ctx, state: State, it: DeclareHand) -> None:
    if state.phase != "final":
        raise _bad("phase", "hands are declared at the end of the game")
    player = it.player or it.seat
    if player not in state.seats:
        raise _bad("seat", f"no player {player!r}")
    if it.seat != player and it.seat not in (TABLE, HOST):
        raise _bad("seat", "only the player or the table may declare a hand")
    if player in state.declared:
        raise _bad("declared", f"{player}'s hand is already declared (undo to correct it)")
    counts = (it.pop_jokers, it.swords, it.flutes, it.passes, it.gold)
    if any(c < 0 for c in counts):
        raise _bad("hand", "counts cannot be negative")
    _refuse_absent_specials(
        state, {"sword": it.swords, "flute": it.flutes, "pass": it.passes, "gold": it.gold}
    )
    if sum(counts) != state.hands[player]:
        raise _bad(
            "hand",
            f"{player} holds {state.hands[player]} cards by the log; the declaration lists {sum(counts)} "
            "(count again, or correct the hand size first)",
        )
    ctx.emit(
        HandDeclared(
            player=player,
            pop_jokers=it.pop_jokers,
            swords=it.swords,
            flutes=it.flutes,
            passes=it.passes,
            gold=it.gold,
        )
    )


def victory_points_awaited(state: State) -> list[str]:
    """Players holding victory tokens who have not yet said the points printed on them."""
    if state.vp_mode != "printed":
        return []
    return [s for s in state.seats if state.vp[s] > 0 and s not in state.vp_points]


def victory_totals(state: State, k: int) -> list[int]:
    """The totals ``k`` victory tokens may show: sums of ``k`` of the box's tokens when their values are
    known, else ``k`` (each at least 1) to ``MAX_TOKEN_POINTS`` each."""
    if not state.vp_values:
        return list(range(k, MAX_TOKEN_POINTS * k + 1))
    sums: list[set[int]] = [{0}] + [set() for _ in range(k)]
    for v in state.vp_values:
        for j in range(k, 0, -1):
            sums[j] |= {x + v for x in sums[j - 1]}
    return sorted(sums[k])


def _declare_vp(ctx: _Ctx, state: State, it: DeclareVictoryPoints) -> None:
    if state.phase != "final":
        raise _bad("phase", "victory points are counted at the end of the game")
    if state.vp_mode != "printed":
        raise _bad("victory-tokens", "in this game each victory token counts 1 (option victory_tokens 'one')")
    player = it.player or it.seat
    if player not in state.seats:
        raise _bad("seat", f"no player {player!r}")
    if it.seat != player and it.seat not in (TABLE, HOST):
        raise _bad("seat", "only the player or the table may say a player's victory points")
    k = state.vp[player]
    if k == 0:
        raise _bad("victory-tokens", f"{player} holds no victory token")
    if player in state.vp_points:
        raise _bad("declared", f"{player}'s victory points are already declared (undo to correct them)")
    totals = victory_totals(state, k)
    if it.points not in totals:
        if state.vp_values:
            raise _bad(
                "victory-points",
                f"{k} of this box's victory tokens ({', '.join(map(str, state.vp_values))}) "
                f"cannot show {it.points} points",
            )
        raise _bad(
            "victory-points", f"{k} victory token(s) show {totals[0]} to {totals[-1]} points, not {it.points}"
        )
    ctx.emit(VictoryPointsDeclared(player=player, points=it.points))


def _declare_nuns(ctx: _Ctx, state: State, it: DeclareNuns) -> None:
    if state.phase != "final":
        raise _bad("phase", "the nun row is counted at the end of the game")
    if state.nun_row != "cards":
        raise _bad("nuns", "this game keeps the nun row in the app: it is revealed, not declared")
    if state.nuns_declared is not None:
        raise _bad("declared", "the nun count is already declared (undo to correct it)")
    if not 0 <= it.count <= 4 * D.data().nun_row:
        raise _bad("nuns", f"five cards show 0 to {4 * D.data().nun_row} nuns, not {it.count}")
    ctx.emit(NunsDeclared(count=it.count))


# -- legal -------------------------------------------------------------------------------------------------


MAX_LISTED = 500


def _splits(n: int, allowed: tuple[bool, ...] = (True,) * 5) -> list[tuple[int, ...]]:
    """Ways to split ``n`` cards into 5 kinds (only the ``allowed`` kinds may be non-zero); beyond MAX_LISTED
    only the single-kind splits."""
    from math import comb

    free = [i for i, ok in enumerate(allowed) if ok]
    if comb(n + len(free) - 1, len(free) - 1) <= MAX_LISTED:
        out = []
        for part in _compositions(n, len(free)):
            full = [0] * 5
            for i, v in zip(free, part, strict=True):
                full[i] = v
            out.append(tuple(full))
        return out
    return [tuple(n if i == k else 0 for i in range(5)) for k in free]


def _compositions(n: int, parts: int) -> Iterable[tuple[int, ...]]:
    if parts == 1:
        yield (n,)
        return
    for i in range(n + 1):
        for rest in _compositions(n - i, parts - 1):
            yield (i,) + rest


def legal(state: State, seat: str) -> list[Intent]:
    """Every intent ``seat`` may send now (hand corrections aside). Reveals and hand declarations of more
    than 8 cards list only the five single-kind splits; any split with the right total is accepted."""
    out: list[Intent] = []
    if state.phase == "over":
        return out
    if seat in state.seats:
        ones = state.tokens[seat][0]
        out += [Convert(seat=seat, into=k) for k in (3, 5) if ones >= k]
    aw = state.awaiting
    if aw is not None:
        if aw.seat == seat:
            if aw.kind in ("sword", "flute"):
                out += [ChooseTarget(seat=seat, target=t) for t in aw.options]
            elif aw.kind == "hospital":
                out += [Hospital(seat=seat, cards=k) for k in range(aw.limit + 1)]
            elif aw.kind == "peek":
                out += [Peek(seat=seat, positions=p) for p in permutations(range(D.data().nun_row), aw.limit)]
        return out
    if state.phase == "B" and seat in state.queue and (state.simultaneous_support or state.queue[0] == seat):
        peeks: list[tuple[int, ...]] = [()] + [(p,) for p in range(D.data().nun_row)]
        for b in range(len(state.row)):
            printed = state.supports.get(state.row[b])
            for d in range(MAX_SUPPORT_DRAW + 1):
                for r in range(MAX_SUPPORT_RATS + 1):
                    for peek in peeks:
                        if d + r + len(peek) and (printed is None or printed == (d, r, len(peek))):
                            out.append(Support(seat=seat, building=b, draw=d, rats=r, peek=peek))
    elif state.phase == "C" and state.queue and state.queue[0] == seat:
        for b in range(len(state.row)):
            out += [Enter(seat=seat, building=b, cards=k) for k in range(state.hands[seat] + 1)]
        if state.hands[seat] and "pass" in specials_in_play(state):
            out.append(PlayPass(seat=seat))
    elif state.phase == "D" and state.d_step == "reveal" and seat in needed_reveals(state):
        if seat not in state.revealed:
            where = announced(state, seat)
            assert where is not None
            present = specials_in_play(state)
            for m, o, j, s, f in _splits(
                where[1], (True, True, True, "sword" in present, "flute" in present)
            ):
                out.append(Reveal(seat=seat, matching=m, other=o, jokers=j, swords=s, flutes=f))
    elif state.phase == "E" and (seat in state.seats or seat in (TABLE, HOST)):
        out.append(EndRound(seat=seat))
    elif state.phase == "final":
        players = [seat] if seat in state.seats else (list(state.seats) if seat in (TABLE, HOST) else [])
        present = specials_in_play(state)
        kinds = (True, *(k in present for k in ("sword", "flute", "pass", "gold")))
        for p in players:
            if p not in state.declared:
                for pj, sw, fl, pa, go in _splits(state.hands[p], kinds):
                    out.append(
                        DeclareHand(
                            seat=seat,
                            player="" if p == seat else p,
                            pop_jokers=pj,
                            swords=sw,
                            flutes=fl,
                            passes=pa,
                            gold=go,
                        )
                    )
        awaited = victory_points_awaited(state)
        for p in players:
            if p in awaited:
                out += [
                    DeclareVictoryPoints(seat=seat, player="" if p == seat else p, points=n)
                    for n in victory_totals(state, state.vp[p])
                ]
        if (
            state.nun_row == "cards"
            and state.nuns_declared is None
            and (seat in state.seats or seat in (TABLE, HOST))
        ):
            out += [DeclareNuns(seat=seat, count=k) for k in range(4 * D.data().nun_row + 1)]
    return out


def waiting_for(state: State) -> list[str]:
    """Seats the game is waiting for (empty: nobody, or anyone may end the round)."""
    if state.phase == "over":
        return []
    if state.awaiting is not None:
        return [state.awaiting.seat]
    if state.phase == "B":
        return list(state.queue) if state.simultaneous_support else list(state.queue[:1])
    if state.phase == "C":
        return list(state.queue[:1])
    if state.phase == "D" and state.d_step == "reveal":
        return [x for x in needed_reveals(state) if x not in state.revealed]
    if state.phase == "final":
        awaited = victory_points_awaited(state)
        return [x for x in state.seats if x not in state.declared or x in awaited]
    return []


# -- view & outcome ----------------------------------------------------------------------------------------


def _card(card: str, state: State) -> dict[str, Any]:
    bt = D.building_type_of(card)
    sup = state.supports.get(card)
    return {
        "id": card,
        "type": bt.code,
        "name": bt.fr,
        "name_en": bt.en,
        "class": bt.cls,
        "action": bt.action,
        "privilege": bt.privilege,
        "basic": bt.basic,
        "support": {"draw": sup[0], "rats": sup[1], "peek": sup[2]} if sup else None,
    }


def _prompt(state: State, seat: str) -> dict[str, Any] | None:
    if seat not in waiting_for(state) and not (state.phase == "E"):
        return None
    aw = state.awaiting
    if aw is not None:
        return {"kind": aw.kind, "options": list(aw.options), "limit": aw.limit}
    if state.phase == "B":
        return {
            "kind": "support",
            "max_draw": MAX_SUPPORT_DRAW,
            "max_rats": MAX_SUPPORT_RATS,
            "max_peek": MAX_SUPPORT_PEEK,
        }
    if state.phase == "C":
        return {
            "kind": "enter",
            "max_cards": state.hands[seat],
            "can_pass": state.hands[seat] > 0 and "pass" in specials_in_play(state),
        }
    if state.phase == "D":
        where = announced(state, seat)
        return {"kind": "reveal", "building": where[0] if where else None, "cards": where[1] if where else 0}
    if state.phase == "E":
        return {"kind": "end-round"}
    if state.phase == "final":
        return {
            "kind": "declare-hand",
            "cards": state.hands[seat],
            "declared": seat in state.declared,
            "likely": likely_hand(state, seat),
            "victory_tokens": state.vp[seat] if seat in victory_points_awaited(state) else 0,
            "victory_totals": victory_totals(state, state.vp[seat])
            if seat in victory_points_awaited(state)
            else [],
        }
    return None


def view(state: State, seat: str) -> dict[str, Any]:
    """What ``seat`` may see. Rat tokens: only the seat's own (the host sees all) until the final reveal."""
    nuns_row: list[dict[str, Any]] = []
    if state.nun_row == "digital":
        revealed = list(state.nun_cards)
        for i in range(D.data().nun_row):
            if i < len(revealed):
                nuns_row.append({"position": i, "card": revealed[i], "nuns": D.nuns_of(revealed[i])})
            else:
                nuns_row.append({"position": i, "card": None})
    out: dict[str, Any] = {
        "game": "cartus",
        "seats": list(state.seats),
        "round": state.round,
        "rounds": state.rounds,
        "last_round": state.round == state.rounds,
        "phase": state.phase,
        "first_player": state.first_player,
        "waiting_for": waiting_for(state),
        "row": [_card(c, state) for c in state.row],
        "building_deck": len(state.deck.cards),
        "replacement_pile": len(state.replacement.cards),
        "buildings_discarded": len(state.deck.discard),
        "buildings_in_play": sorted({D.building_type_of(c).code for c in state.buildings_in_play}),
        "specials_in_play": sorted(specials_in_play(state)),
        "entries": [
            [{"seat": s, "slot": i + 1, "cards": n} for i, (s, n) in enumerate(ent)] for ent in state.entries
        ],
        "supported": dict(state.supported),
        "revealed": {s: msgspec.to_builtins(r) for s, r in state.revealed.items()},
        "resolving": state.d_building if state.phase == "D" else None,
        "step": state.d_step if state.phase == "D" else None,
        "privilege": state.privilege,
        "actions_left": [list(a) for a in state.actions],
        "awaiting": msgspec.to_builtins(state.awaiting) if state.awaiting else None,
        "influence": {s: dict(v) for s, v in state.influence.items()},
        "hand_sizes": dict(state.hands),
        "victory_tokens": dict(state.vp),
        "victory_tokens_left": state.vp_left,
        "victory_tokens_count": state.vp_mode,
        "victory_token_values": list(state.vp_values),
        "victory_points_declared": dict(state.vp_points),
        "nun_row": state.nun_row,
        "nun_cards": nuns_row,
        "declared": {s: msgspec.to_builtins(h) for s, h in state.declared.items()},
        "rats_revealed": state.rats_revealed,
        "result": state.result,
    }
    if seat == HOST:
        out["rats"] = {s: {"tokens": list(t), "total": rats_total(t)} for s, t in state.tokens.items()}
        out["peeks"] = {s: {str(k): v for k, v in p.items()} for s, p in state.peeks.items()}
        out["nun_row_cards"] = list(state.nuns.cards[: D.data().nun_row])
    elif seat in state.seats:
        t = state.tokens[seat]
        out["my_rats"] = {"tokens": list(t), "total": rats_total(t)}
        out["my_peeks"] = {
            str(k): {"card": v, "nuns": D.nuns_of(v)} for k, v in sorted(state.peeks.get(seat, {}).items())
        }
        out["prompt"] = _prompt(state, seat)
    else:
        out["prompt"] = _table_prompt(state)
    return out


def _table_prompt(state: State) -> dict[str, Any] | None:
    """The shared tablet may end a round and type the final counts for everybody."""
    if state.phase == "E":
        return {"kind": "end-round"}
    if state.phase == "final":
        return {
            "kind": "final-counts",
            "hands": {s: state.hands[s] for s in state.seats if s not in state.declared},
            "likely": {s: likely_hand(state, s) for s in state.seats if s not in state.declared},
            "victory_tokens": {s: state.vp[s] for s in victory_points_awaited(state)},
            "nuns": state.nun_row == "cards" and state.nuns_declared is None,
        }
    return None


def outcome(state: State) -> dict[str, Any] | None:
    return state.result
