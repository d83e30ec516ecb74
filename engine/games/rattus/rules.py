"""Rattus + Pied Piper rules: setup, apply (intent → events), outcome (``legal`` is in :mod:`.choices`).

Pure: no I/O, no clock, randomness only from the injected ``rng``. ``apply`` builds its events by folding
them one by one on a scratch state (:class:`_Em`), so that chains (spread, ravage, end of turn, final
round) read the state exactly as the log will rebuild it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.deck import Drawn, make_shuffle
from engine.core.events import HOST, TABLE, Event, IllegalIntent, InconsistentLog, Intent
from engine.core.rng import Rng, choice, shuffled

from .characters import CHARACTERS, CLASSES, KNIGHTLY, PRESETS, character_key
from .events import (
    AddPotion,
    BakerCubesPlaced,
    BakerPlace,
    BakerStore,
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
    EndTurn,
    FinalCubes,
    FlipToken,
    GameOver,
    GameStarted,
    MoveCubes,
    MovePlague,
    MoveRat,
    NunsSet,
    OrderTokens,
    PhysicalSetup,
    PipeCube,
    PiperMoved,
    PlaceCubes,
    PlaceCubesBurgomaster,
    PlagueMoved,
    PlaguePlaced,
    PlagueWalledIn,
    PotionPlaced,
    RampartsSet,
    RatMoved,
    RatPlaced,
    RavageEnded,
    RavageStarted,
    SetBishop,
    SetNuns,
    SetRamparts,
    SetupCubes,
    SoldierRat,
    SpreadEnded,
    SpreadRat,
    SpreadStarted,
    SwapCubes,
    TakeCard,
    ToCastle,
    TokenPeeked,
    TokenRevealed,
    TokensSwapped,
    TurnEnded,
    TurnStarted,
    WitchPeek,
    WitchSwap,
)
from .profile import (
    Face,
    Profile,
    ProfileError,
    TokenCodeError,
    default_profile,
    from_dict,
    parse_face,
    to_dict,
    token_id_of,
)
from .seen import for_seat
from .state import BISHOPS, NUNS, RAMPARTS, REMOVED, State, fold, orphan_potions, rampart

SEATS = ("p1", "p2", "p3", "p4")
MODES = ("digital", "physical")


class OptionsError(ValueError):
    pass


# ------------------------------------------------------------------------------------------- options
def resolve_options(options: Mapping[str, Any], rng: Rng) -> dict[str, Any]:
    """Validate the options; returns them resolved (random card choices made) for the first event."""
    if not isinstance(options, Mapping):
        raise OptionsError("options must be a table of keys")
    known = {"players", "mode", "characters", "profile", "final_potions"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise OptionsError(f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    players = options.get("players", 4)
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise OptionsError(f"players must be 2, 3 or 4, not {players!r}")
    mode = options.get("mode", "digital")
    if mode not in MODES:
        raise OptionsError(
            f"mode must be 'digital' (the app's hidden bag) or 'physical' (real tokens), not {mode!r}"
        )
    raw_profile = options.get("profile")
    try:
        if raw_profile is None:
            profile = default_profile()
        elif isinstance(raw_profile, Profile):
            profile = raw_profile
        else:
            profile = from_dict(raw_profile, source="profile option")
    except ProfileError as exc:
        raise OptionsError(str(exc)) from None
    if mode == "digital" and not profile.complete:
        faces_known, total = len(profile.tokens) - len(profile.missing_faces()), len(profile.tokens)
        raise OptionsError(
            f"the app's hidden bag needs the faces of all {total} rat tokens and this box profile knows "
            f"{faces_known}. Two ways out: play with the real tokens (each face typed when a token is turned "
            "over is kept in the box profile, and the hidden bag opens once all are known), or record the "
            "missing faces now with the census"
        )
    final_potions = options.get("final_potions", False)
    if not isinstance(final_potions, bool):
        raise OptionsError(
            f"final_potions is true (potions still protect after the last turn) or false (the "
            f"rulebook: only « lors de l'action n°3 »), not {final_potions!r}"
        )
    return {
        "players": players,
        "final_potions": final_potions,
        "seats": list(SEATS[:players]),
        "mode": mode,
        "characters": list(_characters(options.get("characters", "base"), rng)),
        "profile": to_dict(profile),
    }


def _characters(spec: Any, rng: Rng) -> tuple[str, ...]:
    if isinstance(spec, str):
        if spec in PRESETS:
            return PRESETS[spec]
        if spec == "random":
            return tuple(shuffled(rng, list(CHARACTERS)))[:6]
        if spec == "one-per-class":
            return tuple(choice(rng, [c.key for c in CHARACTERS.values() if c.cls == cls]) for cls in CLASSES)
        raise OptionsError(
            f"characters {spec!r}: give a list of 6, or one of "
            f"{', '.join([*PRESETS, 'random', 'one-per-class'])}"
        )
    if not isinstance(spec, list | tuple):
        raise OptionsError("characters must be a list of 6 character names or a preset name")
    keys: list[str] = []
    for name in spec:
        k = character_key(str(name))
        if k is None:
            raise OptionsError(f"unknown character {name!r}; known: {', '.join(CHARACTERS)}")
        if k in keys:
            raise OptionsError(f"character {name!r} chosen twice")
        keys.append(k)
    if len(keys) != 6:
        raise OptionsError(f"a game uses 6 characters, not {len(keys)}")
    return tuple(keys)


# ------------------------------------------------------------------------------------------- emitter
class _Em:
    def __init__(self, state: State) -> None:
        self.s = state
        self.events: list[Event] = []

    @classmethod
    def starting(cls, event: GameStarted) -> _Em:
        """The emitter of a new game, its first event folded."""
        em = cls(fold(None, event))
        em.events.append(event)
        return em

    def __call__(self, event: Event) -> State:
        self.events.append(event)
        self.s = fold(self.s, event)
        return self.s


def setup(options: dict[str, Any], rng: Rng) -> tuple[State, list[Event]]:
    opts = resolve_options(options, rng)
    em = _Em.starting(GameStarted(options=opts))
    s = em.s
    players = len(s.seats)
    if s.digital:
        em(make_shuffle(rng, "start", s.profile.start_ids(), "new", "start#1"))
        for region in s.regions:
            em(Drawn(deck="start", card=em.s.start.cards[0], to=region, private_to=(HOST,)))
        unused = list(em.s.start.cards)
        for card in unused:
            em(Drawn(deck="start", card=card, to="bag", private_to=(HOST,)))
        classics = [t.id for t in s.profile.tokens if not t.start]
        em(make_shuffle(rng, "bag", classics + unused, "new", "bag#1"))
        for _ in range(REMOVED[players]):
            em(Drawn(deck="bag", card=em.s.bag.cards[0], to="out", private_to=(HOST,)))
    else:
        removed = REMOVED[players]
        em(PhysicalSetup(regions=s.regions, removed=removed, supply=49 - len(s.regions) - removed))
    em(PlaguePlaced(region=choice(rng, list(s.regions))))
    snake = list(s.seats) + list(reversed(s.seats))
    em(TurnStarted(seat=snake[0], phase="setup", queue=tuple(snake[1:])))
    return em.s, em.events


# ------------------------------------------------------------------------------------------- helpers
def _ill(rule: str, message: str) -> IllegalIntent:
    return IllegalIntent(rule, message)


def _region(s: State, region: str) -> None:
    if region not in s.slots:
        raise _ill("region", f"{region!r} is not a region in play ({', '.join(s.regions)})")


def _adjacent(s: State, a: str, b: str, what: str) -> None:
    _region(s, a)
    _region(s, b)
    if b not in s.adj[a]:
        raise _ill("neighbours", f"{a} and {b} are not neighbours ({what})")
    if s.blocked(a, b):
        raise _ill("rampart", f"a rampart stands between {a} and {b}: nothing crosses it ({what})")


def _card(s: State, seat: str, card: str) -> None:
    name = CHARACTERS[card].fr
    if card not in s.characters:
        raise _ill("card-not-in-play", f"{name} is not among this game's characters")
    if s.holders.get(card) != seat:
        raise _ill("card-not-held", f"{seat} does not hold {name}")
    if card in s.used:
        raise _ill("card-used", f"{name} was already used this turn (once per turn)")
    if s.phase not in ("actions", "final"):
        raise _ill("card-timing", f"{name} is used before moving the plague (action 3), not in {s.phase}")


def _rat_room(s: State, region: str) -> str:
    """Why no rat may be added to ``region`` ('' if it may)."""
    if len(s.slots[region]) >= 3:
        return f"{region} already holds 3 rats"
    if s.bishop_in(region):
        return f"a bishop keeps rats out of {region}"
    return ""


def _spread_targets(s: State, region: str) -> list[str]:
    return [r for r in s.adj[region] if not s.blocked(region, r) and not _rat_room(s, r)]


def majority_regions(s: State, seat: str) -> list[str]:
    """Regions where ``seat`` has more cubes than any other player (the Burgomaster's regions)."""
    out = []
    for r in s.regions:
        mine = s.cubes[r].get(seat, 0)
        if mine and all(n < mine for o, n in s.cubes[r].items() if o != seat):
            out.append(r)
    return out


def connected_regions(s: State, seat: str) -> int:
    """The Queen's measure: the largest group of neighbouring regions holding ``seat``'s cubes
    (a lone region connects nothing: 0)."""
    mine = {r for r in s.regions if s.cubes[r].get(seat, 0)}
    best, seen = 0, set()
    for r in mine:
        if r in seen:
            continue
        group, todo = {r}, [r]
        while todo:
            for q in s.adj[todo.pop()]:
                if q in mine and q not in group:
                    group.add(q)
                    todo.append(q)
        seen |= group
        if len(group) > 1:
            best = max(best, len(group))
    return best


def queen_ok(s: State, seat: str) -> bool:
    mine = connected_regions(s, seat)
    return mine > 0 and all(connected_regions(s, o) < mine for o in s.seats if o != seat)


def _locate(s: State, token: str) -> tuple[str, int] | None:
    for r, slots in s.slots.items():
        if token in slots:
            return r, slots.index(token)
    return None


def _typed_face(tid: str, face_text: str) -> Face:
    try:
        return parse_face(face_text)
    except ValueError as exc:
        raise _ill("face", f"{tid or 'the token'}: {exc}") from None


def _physical_token(
    s: State, seat: str, region: str, raw: str, face_text: str = "", *, check_region: bool = True
) -> tuple[str, Face]:
    """Physical tokens: the id of a scanned/tapped token, checked against what ``seat`` may know of where the
    tokens are (never against a record it may not see: a choice or a refusal must not tell it)."""
    s = for_seat(s, seat)
    try:
        tid = token_id_of(raw)
    except TokenCodeError as exc:  # a damaged code is not said to be "not in the box profile"
        raise _ill({"damaged": "damaged-code"}.get(exc.kind, "not-a-token"), str(exc)) from None
    if s.profile.token(tid) is None:
        raise _ill("unknown-token", f"{tid} is not in this box profile")
    if any(t == tid for t, _, _ in s.revealed) or any(t == tid for t, _ in s.pending):
        raise _ill("token-already-revealed", f"{tid} was already turned over and is out of play")
    if tid in s.out_down:
        raise _ill("token-out-of-play", f"{tid} is out of play")
    where = _locate(s, tid)
    if check_region:
        if where is not None and where[0] != region:
            raise _ill("token-not-in-region", f"{tid} lies in {where[0]}, not in {region}")
        if where is None and "" not in s.slots[region]:
            raise _ill("token-not-in-region", f"{tid} is not one of the rats in {region}")
    elif where is not None:
        raise _ill("token-on-board", f"{tid} already lies in {where[0]}")
    face = s.profile.face(tid)
    if face_text:
        given = _typed_face(tid, face_text)
        if face is not None and given != face:
            raise _ill("face-mismatch", f"{tid}: the profile says {face.text()!r}, not {given.text()!r}")
        face = given
    if face is None:
        raise _ill(
            "no-face", f"{tid} has no face in the profile: enter the face printed on it (or run the census)"
        )
    return tid, face


# ------------------------------------------------------------------------------------------- ravage
def _face_of(s: State, token: str) -> Face:
    """A token's face in a digital game: its box profile knows them all (the game cannot start otherwise)."""
    face = s.profile.face(token)
    if face is None:
        raise InconsistentLog(f"the box profile of this digital game has no face for {token}")
    return face


def _resolve(em: _Em, region: str, token: str, face: Face) -> None:
    s = em.s
    pop = s.population(region)
    effective = pop >= face.threshold
    em(
        TokenRevealed(
            region=region,
            token=token,
            threshold=face.threshold,
            symbols=face.symbols,
            population=pop,
            effective=effective,
        )
    )
    if not effective:
        return
    s = em.s
    cubes = dict(s.cubes[region])
    # « si ce dernier devait être retiré du jeu lors de l'action n°3 »: after the last regular turn (final
    # round, final plague) a potion no longer protects, unless the group chose so (option final_potions)
    pots = dict(s.potions.get(region, {})) if s.stage == "game" or s.final_potions else {}
    lost: dict[str, int] = {}
    used: dict[str, int] = {}

    def hit(seat: str) -> None:
        if cubes.get(seat, 0) <= 0:
            return
        if pots.get(seat, 0) > 0:
            pots[seat] -= 1
            used[seat] = used.get(seat, 0) + 1
        else:
            cubes[seat] -= 1
            lost[seat] = lost.get(seat, 0) + 1

    top = max(cubes.values(), default=0)
    majority = [seat for seat in s.seats if top and cubes.get(seat, 0) == top]
    for sym in face.symbols:
        if sym == "M":
            for seat in majority:
                hit(seat)
    for sym in face.symbols:
        if sym in CLASSES:
            for seat in s.seats:
                for card in s.characters:
                    if CHARACTERS[card].cls == sym and s.holders.get(card) == seat:
                        hit(seat)
    for sym in face.symbols:
        if sym == "A":
            for seat in [x for x in s.seats if cubes.get(x, 0) > 0]:
                hit(seat)
    if lost or used:
        left = {r: dict(v) for r, v in s.potions.items()}
        for seat, n in used.items():
            left[region][seat] -= n
        kept = {**s.cubes, region: {seat: n for seat, n in cubes.items() if n > 0}}
        back = orphan_potions(left, kept, region)
        em(CubesLost(region=region, token=token, cubes=lost, potions=used, potions_back=back))
    serf = em.s.serf
    if serf and any(n > 0 for seat, n in lost.items() if seat != serf) and em.s.reserve[serf] > 0:
        em(CubesPlaced(seat=serf, region=region, count=1, reason="serf"))


def _go_on(s: State) -> bool:
    return bool(s.slots[s.ravage]) and s.total_cubes(s.ravage) > 0


def _start_ravage(em: _Em, region: str, kind: str) -> None:
    s = em.s
    em(RavageStarted(region=region, serf=s.serf, crusader=s.crusader, kind=kind))
    s = em.s
    if not _go_on(s):
        _end_ravage(em)
        return
    if s.crusader:
        if s.digital:
            toks = s.slots[region]
            faces = tuple((f.threshold, f.symbols) for f in (s.profile.face(t) for t in toks) if f)
            em(CrusaderRevealed(seat=s.crusader, region=region, tokens=toks, faces=faces))
        return  # wait for the order (and, with physical tokens, for the flips)
    if s.digital:
        while _go_on(em.s):
            tok = em.s.slots[region][0]
            _resolve(em, region, tok, _face_of(em.s, tok))
        _end_ravage(em)


def _end_ravage(em: _Em) -> None:
    s = em.s
    em(RavageEnded(region=s.ravage, discarded=len(s.pending)))
    if em.s.phase == "turn_end":
        _end_turn(em)


def _end_turn(em: _Em) -> None:
    s = em.s
    seat = s.active
    em(TurnEnded(seat=seat))
    s = em.s
    reason = ""
    if s.supply_left() == 0:
        reason = "rats"
    elif s.exhausted_seat:
        reason = "cubes"
    if reason:
        em(EndTriggered(last=seat, reason=reason))
        order = [s.next_seat(seat, -k) for k in range(1, len(s.seats))]
        em(TurnStarted(seat=order[0], phase="final", queue=tuple(order[1:])))
    else:
        em(TurnStarted(seat=s.next_seat(seat), phase="actions"))


def _after_final_round(em: _Em) -> None:
    s = em.s
    if "boulanger" in s.characters and s.baker > 0:
        holder = s.holders.get("boulanger") or s.baker_owner
        em(TurnStarted(seat=s.next_seat(holder), phase="baker"))
        return
    _final_plague(em)


def _final_plague(em: _Em) -> None:
    em(TurnStarted(seat="", phase="final_plague"))
    if em.s.digital:
        for region in em.s.regions:
            while em.s.slots[region] and em.s.total_cubes(region) > 0:
                tok = em.s.slots[region][0]
                _resolve(em, region, tok, _face_of(em.s, tok))
        _game_over(em)
    elif not _final_left(em.s):
        _game_over(em)


def _final_left(s: State) -> list[str]:
    return [r for r in s.regions if s.slots[r] and s.total_cubes(r) > 0]


def scores(s: State) -> dict[str, int]:
    return {seat: sum(s.cubes[r].get(seat, 0) for r in s.regions) + s.castle[seat] for seat in s.seats}


def _game_over(em: _Em) -> None:
    s = em.s
    sc = scores(s)
    last = s.last_regular or s.seats[-1]
    order = [s.next_seat(last, k) for k in range(1, len(s.seats) + 1)]  # who would have played first
    ranking = tuple(sorted(s.seats, key=lambda x: (-sc[x], order.index(x))))
    em(GameOver(scores=sc, ranking=ranking, winner=ranking[0]))


# ------------------------------------------------------------------------------------------- apply
def apply(state: State, intent: Intent, rng: Rng) -> list[Event]:
    s = state
    if s.phase == "over":
        raise _ill("game-over", "the game is over")
    handler = _HANDLERS.get(type(intent))
    if handler is None:
        raise _ill("intent", f"rattus does not know {type(intent).__name__}")
    seat = intent.seat
    if seat not in s.seats and seat not in (TABLE, HOST):
        raise _ill("seat", f"no seat {seat!r} at this table ({', '.join(s.seats)})")
    if not isinstance(intent, FlipToken) and seat != s.active:
        who = s.active or "nobody (the final plague)"
        raise _ill("not-your-turn", f"it is {who}'s turn, not {seat}'s")
    em = _Em(s)
    handler(em, intent, rng)
    return em.events


def _phase(s: State, *phases: str) -> None:
    if s.phase not in phases:
        raise _ill("phase", f"not now: the game is in phase {s.phase!r} (needs {' or '.join(phases)})")


def _h_setup_cubes(em: _Em, i: SetupCubes, rng: Rng) -> None:
    s = em.s
    _phase(s, "setup")
    _region(s, i.region)
    em(CubesPlaced(seat=i.seat, region=i.region, count=2, reason="setup"))
    if s.queue:
        em(TurnStarted(seat=s.queue[0], phase="setup", queue=s.queue[1:]))
    else:
        em(TurnStarted(seat=s.seats[0], phase="actions"))


def _h_take_card(em: _Em, i: TakeCard, rng: Rng) -> None:
    s = em.s
    _phase(s, "actions")
    if s.took_card:
        raise _ill("one-card-per-turn", "a player takes at most one class card per turn")
    if i.card not in s.characters:
        raise _ill(
            "card-not-in-play", f"{i.card!r} is not among this game's characters ({', '.join(s.characters)})"
        )
    holder = s.holders.get(i.card, "")
    if holder == i.seat:
        raise _ill("card-already-held", f"{i.seat} already holds {CHARACTERS[i.card].fr}")
    baker = i.card == "boulanger" and s.baker > 0 and holder
    if baker:
        if not i.region:
            raise _ill("baker-region", "taking the Baker: name the region where its cubes go")
        _region(s, i.region)
    elif i.region:
        raise _ill("region", "a region is only given when taking a Baker that holds cubes")
    em(CardTaken(seat=i.seat, card=i.card, from_seat=holder))
    if baker:
        em(BakerCubesPlaced(owner=s.baker_owner, by=i.seat, region=i.region, count=s.baker))


def _bonus(s: State, seat: str, peasant: bool, queen: bool) -> None:
    if peasant:
        _card(s, seat, "paysan")
    if queen:
        _card(s, seat, "reine")
        if not queen_ok(s, seat):
            raise _ill(
                "queen-condition", "the Queen needs your cubes to connect more regions than anyone else's"
            )


def _place(em: _Em, seat: str, parts: list[tuple[str, int, str]]) -> None:
    left = em.s.reserve[seat]
    if left <= 0:
        raise _ill("no-cubes", f"{seat} has no cube left in reserve")
    for region, n, reason in parts:
        n = min(n, em.s.reserve[seat])
        if n > 0:
            em(CubesPlaced(seat=seat, region=region, count=n, reason=reason))


def _h_place(em: _Em, i: PlaceCubes, rng: Rng) -> None:
    s = em.s
    _phase(s, "actions")
    if s.placed:
        raise _ill("one-placement", "cubes are placed once per turn (action 2)")
    _region(s, i.region)
    _bonus(s, i.seat, i.peasant, i.queen)
    rats = s.rats(i.region)
    if rats == 0 and not i.peasant:
        raise _ill("no-rats", f"no cube may be placed in {i.region}: it holds no rat (only the Peasant may)")
    _place(
        em,
        i.seat,
        [
            (i.region, rats, "rats"),
            (i.region, int(i.peasant), "peasant"),
            (i.region, 2 * int(i.queen), "queen"),
        ],
    )


def _h_burgomaster(em: _Em, i: PlaceCubesBurgomaster, rng: Rng) -> None:
    s = em.s
    _phase(s, "actions")
    if s.placed:
        raise _ill("one-placement", "cubes are placed once per turn (action 2)")
    _card(s, i.seat, "bourgmestre")
    regions = majority_regions(s, i.seat)
    if not regions:
        raise _ill("burgomaster", "you have more cubes than anyone else in no region")
    _bonus(s, i.seat, bool(i.peasant_region), bool(i.queen_regions))
    extra = ([i.peasant_region] if i.peasant_region else []) + list(i.queen_regions)
    for r in extra:
        if r not in regions:
            raise _ill("burgomaster", f"{r} is not a region where you have more cubes than anyone else")
    if len(i.queen_regions) > 2:
        raise _ill("queen", "the Queen's 2 cubes go to one or two regions")
    if len(i.queen_regions) == 2 and i.queen_regions[0] == i.queen_regions[1]:
        raise _ill("queen", f"both of the Queen's cubes in {i.queen_regions[0]}: name the region once")
    parts = [(r, 1, "burgomaster") for r in regions]
    if i.peasant_region:
        parts.append((i.peasant_region, 1, "peasant"))
    if len(i.queen_regions) == 1:
        parts.append((i.queen_regions[0], 2, "queen"))
    else:
        parts += [(r, 1, "queen") for r in i.queen_regions]
    _place(em, i.seat, parts)


def _h_final_cubes(em: _Em, i: FinalCubes, rng: Rng) -> None:
    s = em.s
    _phase(s, "final")
    if i.card not in ("paysan", "reine", "bourgmestre"):
        raise _ill(
            "final-cubes", "in the final round only the Peasant, the Queen and the Burgomaster add cubes"
        )
    _card(s, i.seat, i.card)
    _region(s, i.region)
    if i.card == "reine" and not queen_ok(s, i.seat):
        raise _ill("queen-condition", "the Queen needs your cubes to connect more regions than anyone else's")
    if i.card == "bourgmestre" and i.region not in majority_regions(s, i.seat):
        raise _ill("burgomaster", f"you do not have more cubes than anyone else in {i.region}")
    _place(em, i.seat, [(i.region, 2 if i.card == "reine" else 1, f"final-{i.card}")])


def _h_castle(em: _Em, i: ToCastle, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "roi")
    _region(s, i.region)
    if not s.cubes[i.region].get(i.seat):
        raise _ill("no-cube-there", f"{i.seat} has no cube in {i.region}")
    if s.rats(i.region):
        raise _ill(
            "king-rats", f"the King takes a cube only from a region without rats ({i.region} has some)"
        )
    em(CubeToCastle(seat=i.seat, region=i.region))


def _h_move_rat(em: _Em, i: MoveRat, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "moine")
    _adjacent(s, i.src, i.dst, "Monk")
    if not 0 <= i.index < s.rats(i.src):
        raise _ill("no-rat", f"{i.src} has no rat number {i.index + 1}")
    why = _rat_room(s, i.dst)
    if why:
        raise _ill("rat-room", why)
    em(RatMoved(seat=i.seat, src=i.src, index=i.index, dst=i.dst))


def _h_move_cubes(em: _Em, i: MoveCubes, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "marchand")
    _adjacent(s, i.src, i.dst, "Merchant")
    if not 1 <= i.count <= 3:
        raise _ill("merchant-count", "the Merchant moves 1 to 3 cubes")
    if s.cubes[i.src].get(i.seat, 0) < i.count:
        raise _ill("no-cube-there", f"{i.seat} has fewer than {i.count} cubes in {i.src}")
    em(CubesMoved(seat=i.seat, src=i.src, dst=i.dst, count=i.count))


def _witch_may_peek(s: State, seat: str) -> None:
    if "sorciere" in s.used and (len(s.peeks) != 1 or s.swapped):
        raise _ill("card-used", "the Witch looks at two tokens per turn")
    if "sorciere" not in s.used:
        _card(s, seat, "sorciere")
    elif s.phase not in ("actions", "final"):
        raise _ill("card-timing", "the Witch is used before moving the plague")


def _h_peek(em: _Em, i: WitchPeek, rng: Rng) -> None:
    s = em.s
    _witch_may_peek(s, i.seat)
    _region(s, i.region)
    if not 0 <= i.index < s.rats(i.region):
        raise _ill("no-rat", f"{i.region} has no rat number {i.index + 1}")
    slot = for_seat(s, i.seat).slots[i.region][i.index]
    if (
        s.peeks
        and (s.peeks[0][0], s.peeks[0][1]) == (i.region, i.index)
        and (not slot or slot == s.peeks[0][2])
    ):
        raise _ill("witch-second", "the second look is at another token")
    if s.digital:
        if i.token:
            raise _ill("digital-bag", "with the digital bag the app shows the token; do not scan one")
        face = s.profile.face(slot)
        em(
            TokenPeeked(
                seat=i.seat,
                region=i.region,
                index=i.index,
                token=slot,
                threshold=face.threshold if face else 0,
                symbols=face.symbols if face else (),
            )
        )
        return
    if not i.token:
        em(TokenPeeked(seat=i.seat, region=i.region, index=i.index))
        return
    tid, face = _physical_token(s, i.seat, i.region, i.token, check_region=True)
    if slot and slot != tid:
        raise _ill("token-not-in-region", f"rat number {i.index + 1} of {i.region} is {slot}, not {tid}")
    em(
        TokenPeeked(
            seat=i.seat,
            region=i.region,
            index=i.index,
            token=tid,
            threshold=face.threshold,
            symbols=face.symbols,
        )
    )


def _h_witch_swap(em: _Em, i: WitchSwap, rng: Rng) -> None:
    s = em.s
    if s.holders.get("sorciere") != i.seat or len(s.peeks) != 2 or s.swapped:
        raise _ill("witch-swap", "the Witch swaps the two tokens she has just looked at (two looks first)")
    _phase(s, "actions", "final")
    places: list[tuple[str, int]] = []
    for region, index, token in s.peeks:
        where = _locate(s, token) if token else None
        if token and where is None:
            raise _ill("witch-swap", f"{token} is no longer on the board")
        if where is None:
            if index >= s.rats(region):
                raise _ill("witch-swap", f"the token looked at in {region} is no longer there")
            where = (region, index)
        places.append(where)
    (ra, ia), (rb, ib) = places
    if ra == rb:
        raise _ill("witch-swap", "both tokens lie in the same region: swapping them changes nothing")
    for r in (ra, rb):
        if s.bishop_in(r):
            raise _ill("bishop", f"a bishop keeps new rats out of {r}")
    em(TokensSwapped(seat=i.seat, region_a=ra, index_a=ia, region_b=rb, index_b=ib))


def _h_swap_cubes(em: _Em, i: SwapCubes, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "messager")
    for seat, region in ((i.seat_a, i.region_a), (i.seat_b, i.region_b)):
        if seat not in s.seats:
            raise _ill("seat", f"no seat {seat!r}")
        _region(s, region)
        if not s.cubes[region].get(seat):
            raise _ill("no-cube-there", f"{seat} has no cube in {region}")
    if i.seat_a == i.seat_b:
        raise _ill("messenger", "the Messenger swaps the cubes of two different players")
    if i.region_a == i.region_b:
        raise _ill("messenger", "both cubes are in the same region: swapping them changes nothing")
    em(CubesSwapped(seat=i.seat, seat_a=i.seat_a, region_a=i.region_a, seat_b=i.seat_b, region_b=i.region_b))


def _h_ramparts(em: _Em, i: SetRamparts, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "empereur")
    if len(i.edges) > RAMPARTS:
        raise _ill("ramparts", f"there are {RAMPARTS} ramparts")
    keys: list[tuple[str, str]] = []
    for edge in i.edges:
        if len(edge) != 2:
            raise _ill("ramparts", "a rampart stands between two regions")
        a, b = edge
        _region(s, a)
        _region(s, b)
        if b not in s.adj[a]:
            raise _ill("neighbours", f"a rampart stands between neighbours; {a} and {b} are not")
        key = rampart(a, b)
        if key in keys:
            raise _ill("ramparts", f"two ramparts between {a} and {b}")
        keys.append(key)
    em(RampartsSet(seat=i.seat, edges=tuple(keys)))


def _h_nuns(em: _Em, i: SetNuns, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "nonne")
    if not 1 <= len(i.regions) <= NUNS:
        raise _ill("nuns", f"place 1 to {NUNS} nuns")
    for r in i.regions:
        _region(s, r)
    em(NunsSet(seat=i.seat, regions=tuple(i.regions)))


def _h_bishop(em: _Em, i: SetBishop, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "eveque")
    if i.bishop not in range(BISHOPS):
        raise _ill("bishop", f"bishop is 0 or 1 (there are {BISHOPS})")
    _region(s, i.region)
    em(BishopSet(seat=i.seat, bishop=i.bishop, region=i.region))


def _h_potion(em: _Em, i: AddPotion, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "magicien")
    _region(s, i.region)
    if s.potions_left <= 0:
        raise _ill("potions", "all 10 potions are on the board")
    if not s.cubes[i.region].get(i.seat):
        raise _ill("no-cube-there", f"a potion goes beside one of your cubes; none in {i.region}")
    em(PotionPlaced(seat=i.seat, region=i.region))


def _h_pipe(em: _Em, i: PipeCube, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "piedpiper")
    _adjacent(s, i.src, i.dst, "Pied Piper")
    if not s.cubes[i.src].get(i.seat):
        raise _ill("no-cube-there", f"{i.seat} has no cube in {i.src}")
    rats = 0 if s.bishop_in(i.dst) else min(s.rats(i.src), 3 - s.rats(i.dst))
    em(PiperMoved(seat=i.seat, src=i.src, dst=i.dst, rats=rats))


def _h_baker_store(em: _Em, i: BakerStore, rng: Rng) -> None:
    s = em.s
    _card(s, i.seat, "boulanger")
    if s.reserve[i.seat] <= 0:
        raise _ill("no-cubes", "no cube left in reserve to put on the Baker")
    em(BakerStored(seat=i.seat))


def _path(s: State, path: tuple[str, ...], longest: int) -> None:
    if not 1 <= len(path) <= longest:
        raise _ill("plague-steps", f"the plague moves {'1 or 2 regions' if longest == 2 else '1 region'}")
    here = s.plague
    for k, step in enumerate(path):
        if step == here:
            if k == 0:
                raise _ill(
                    "plague-stays",
                    f"the plague may not stay in {here}: it moves to a neighbouring region "
                    f"({', '.join(s.adj[here])})",
                )
            raise _ill(
                "plague-steps",
                f"the second move goes on from {here} to one of its neighbours "
                f"({', '.join(r for r in s.adj[here] if r != s.plague)})",
            )
        _adjacent(s, here, step, "plague")
        here = step
    if path[-1] == s.plague:
        raise _ill("plague-stays", "the plague may not stay in its region")


def _h_move_plague(em: _Em, i: MovePlague, rng: Rng) -> None:
    s = em.s
    if s.phase == "final":
        _final_plague_move(em, i)
        return
    _phase(s, "actions")
    if not i.path:
        if any(not s.blocked(s.plague, r) for r in s.adj[s.plague]):
            raise _ill("plague-steps", "the plague must move to a neighbouring region")
        if i.neutral or i.crusader or i.soldier or i.serf:
            raise _ill(
                "plague-walled",
                "ramparts close every border of the plague's region: it stays, "
                "and no card acts on it this turn",
            )
        em(PlagueWalledIn(seat=i.seat, region=s.plague))  # ramparts on every border: it cannot move
        _end_turn(em)
        return
    knightly = any(s.holds(i.seat, c) for c in KNIGHTLY)
    _path(s, i.path, 2 if knightly else 1)
    for flag, card in (
        (i.neutral, "chevalier"),
        (i.crusader, "croise"),
        (i.soldier, "soldat"),
        (i.serf, "serf"),
    ):
        if flag and not s.holds(i.seat, card):
            raise _ill("card-not-held", f"{i.seat} does not hold {CHARACTERS[card].fr}")
    region = i.path[-1]
    em(PlagueMoved(seat=i.seat, path=tuple(i.path), neutral=i.neutral, crusader=i.crusader, serf=i.serf))
    s = em.s
    n = s.rats(region)
    count = 0 if n == 0 else (1 if n == 1 else 2)
    if count and i.soldier:
        count += 1
    count = min(count, s.supply_left())
    if count and _spread_targets(s, region):
        em(SpreadStarted(region=region, count=count))
        return
    if count:
        em(SpreadEnded(region=region, reason="no-room"))
    _start_ravage(em, region, "turn")


def _final_plague_move(em: _Em, i: MovePlague) -> None:
    s = em.s
    if "plague" in s.used:
        raise _ill("card-used", "the plague piece moves once in your final turn")
    cards = [c for c in ("chevalier", "croise", "serf") if s.holds(i.seat, c)]
    if not cards:
        raise _ill(
            "final-plague", "in the final round only the Knight, the Crusader or the Serf move the plague"
        )
    if i.soldier:
        raise _ill("final-soldier", "in the final round the Soldier adds a rat instead (SoldierRat)")
    _path(s, i.path, 2 if ("chevalier" in cards or "croise" in cards) else 1)
    for flag, card in ((i.neutral, "chevalier"), (i.crusader, "croise"), (i.serf, "serf")):
        if flag and card not in cards:
            raise _ill("card-not-held", f"{i.seat} does not hold {CHARACTERS[card].fr}")
    knight = "chevalier" in cards  # the Knight's plague then counts as 2 neutral cubes until the end
    em(
        PlagueMoved(
            seat=i.seat,
            path=tuple(i.path),
            neutral=knight,
            permanent=knight,
            crusader=i.crusader,
            serf=i.serf,
        )
    )
    if i.crusader or i.serf:
        _start_ravage(em, i.path[-1], "final")


def _after_spread_step(em: _Em) -> None:
    s = em.s
    region = s.spread_region
    if s.spread_left > 0 and s.supply_left() > 0 and _spread_targets(s, region):
        return
    reason = "" if s.spread_left == 0 else ("supply-empty" if s.supply_left() == 0 else "no-room")
    em(SpreadEnded(region=region, reason=reason))
    _start_ravage(em, s.plague, "turn")


def _h_spread(em: _Em, i: SpreadRat, rng: Rng) -> None:
    s = em.s
    _phase(s, "spread")
    _region(s, i.region)
    if i.region not in s.adj[s.spread_region]:
        raise _ill("spread-neighbour", f"new rats go to the neighbours of {s.spread_region}")
    if s.blocked(s.spread_region, i.region):
        raise _ill("rampart", f"a rampart stands between {s.spread_region} and {i.region}")
    why = _rat_room(s, i.region)
    if why:
        raise _ill("rat-room", why)
    _add_rat(em, i.region, i.token, i.seat)
    _after_spread_step(em)


def _add_rat(em: _Em, region: str, token: str, seat: str, *, retired: bool = False) -> None:
    s = em.s
    if s.digital:
        if token:
            raise _ill("digital-bag", "with the digital bag the app draws the token; do not scan one")
        deck = "retired" if retired else "bag"
        em(Drawn(deck=deck, card=(s.retired if retired else s.bag).cards[0], to=region, private_to=(HOST,)))
        return
    tid = ""
    if token:
        tid, _ = _physical_token(s, seat, region, token, check_region=False)
    em(RatPlaced(region=region, token=tid, retired=retired))


def _h_flip(em: _Em, i: FlipToken, rng: Rng) -> None:
    s = em.s
    if s.digital:
        raise _ill("digital-bag", "with the digital bag the app turns the tokens over itself")
    if i.seat not in (s.active, TABLE, HOST) and s.phase != "final_plague":
        raise _ill("not-your-turn", f"tokens are turned over by {s.active}, the table or the host")
    _phase(s, "ravage", "crusader_flip", "final_plague")
    _region(s, i.region)
    if s.phase in ("ravage", "crusader_flip") and i.region != s.ravage:
        raise _ill("ravage-region", f"the plague ravages {s.ravage}, not {i.region}")
    if s.phase == "final_plague" and i.region not in _final_left(s):
        raise _ill("ravage-region", f"nothing left to turn over in {i.region} (no rats or no cubes)")
    if not s.slots[i.region]:
        raise _ill("no-rat", f"{i.region} holds no rat")
    if i.token:
        tid, face = _physical_token(s, i.seat, i.region, i.token, i.face)
    else:  # a token without a sticker: its face typed in, nothing to remember it by
        if s.phase == "crusader_flip":
            raise _ill(
                "crusader-sticker",
                "the Crusader orders the tokens she turns over: scan or tap each one's sticker (RAT:nn)",
            )
        if not i.face:
            raise _ill("no-face", "a token without a sticker: enter the face printed on it")
        if "" not in for_seat(s, i.seat).slots[i.region]:
            raise _ill("token-known", f"you know every rat of {i.region}: name the one turned over")
        tid, face = "", _typed_face("", i.face)
    if s.phase == "crusader_flip":
        em(
            CrusaderRevealed(
                seat=s.crusader, region=i.region, tokens=(tid,), faces=((face.threshold, face.symbols),)
            )
        )
        return
    _resolve(em, i.region, tid, face)
    if s.phase == "ravage":
        if not _go_on(em.s):
            _end_ravage(em)
    elif not _final_left(em.s):
        _game_over(em)


def _h_order(em: _Em, i: OrderTokens, rng: Rng) -> None:
    s = em.s
    _phase(s, "crusader")
    pending = [t for t, _ in s.pending]
    if sorted(i.order) != sorted(pending):
        raise _ill("crusader-order", f"order all the revealed tokens: {', '.join(pending)}")
    faces = dict(s.pending)
    region = s.ravage
    for tok in i.order:
        if em.s.total_cubes(region) <= 0:
            break
        _resolve(em, region, tok, faces[tok])
    _end_ravage(em)


def _h_soldier(em: _Em, i: SoldierRat, rng: Rng) -> None:
    s = em.s
    _phase(s, "final")
    _card(s, i.seat, "soldat")
    _adjacent(s, s.plague, i.region, "Soldier")
    why = _rat_room(s, i.region)
    if why:
        raise _ill("rat-room", why)
    retired = s.supply_left() == 0
    if retired:
        out = [t for t in s.out_down] + [t for t, _, _ in s.revealed]
        if not out:
            raise _ill("no-rat", "no rat left in the supply nor out of play")
    em(CardUsed(seat=i.seat, card="soldat"))
    if retired and s.digital:
        em(make_shuffle(rng, "retired", out, "new", f"retired#{len(em.events)}-{len(s.revealed)}"))
    _add_rat(em, i.region, "", i.seat, retired=retired)


def _h_end_turn(em: _Em, i: EndTurn, rng: Rng) -> None:
    s = em.s
    _phase(s, "final")
    if s.queue:
        em(TurnStarted(seat=s.queue[0], phase="final", queue=s.queue[1:]))
    else:
        _after_final_round(em)


def _h_baker_place(em: _Em, i: BakerPlace, rng: Rng) -> None:
    s = em.s
    _phase(s, "baker")
    _region(s, i.region)
    em(BakerCubesPlaced(owner=s.baker_owner, by=i.seat, region=i.region, count=s.baker))
    _final_plague(em)


_HANDLERS: dict[type, Callable[[_Em, Any, Rng], None]] = {
    SetupCubes: _h_setup_cubes,
    TakeCard: _h_take_card,
    PlaceCubes: _h_place,
    PlaceCubesBurgomaster: _h_burgomaster,
    FinalCubes: _h_final_cubes,
    ToCastle: _h_castle,
    MoveRat: _h_move_rat,
    MoveCubes: _h_move_cubes,
    WitchPeek: _h_peek,
    WitchSwap: _h_witch_swap,
    SwapCubes: _h_swap_cubes,
    SetRamparts: _h_ramparts,
    SetNuns: _h_nuns,
    SetBishop: _h_bishop,
    AddPotion: _h_potion,
    PipeCube: _h_pipe,
    BakerStore: _h_baker_store,
    MovePlague: _h_move_plague,
    SpreadRat: _h_spread,
    FlipToken: _h_flip,
    OrderTokens: _h_order,
    SoldierRat: _h_soldier,
    EndTurn: _h_end_turn,
    BakerPlace: _h_baker_place,
}

INTENTS: tuple[type[Intent], ...] = tuple(_HANDLERS)


def outcome(state: State) -> dict[str, Any] | None:
    return dict(state.result) if state.result is not None else None
