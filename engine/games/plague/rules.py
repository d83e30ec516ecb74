"""Plague and Pestilence: options, state, fold, apply, legal, view, outcome.

Seats are ``p1``..``pN`` (2 to 6 players) in clockwise order; ``table`` sees what is public.

``apply`` works on a scratch copy: each event it decides is folded at once (:class:`_Work`), so the rules
read the state as it really is after every step, and ``fold`` of the same events reproduces it exactly.

Stages: ``roll`` (the current player rolls Prosperity/Plague, then refills to 6) → ``act`` (play or discard
one card) or ``death_ship`` (the Death ship was drawn and must be played on another player); an act that a
parry can answer opens ``reaction`` (every player still in the game plays a parry or passes); ``destroy``
(the player of the act chooses which improvement a victim loses, when there is a choice); ``last_chance``
(optional rule 4); ``over``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from engine.core.deck import Deck, Discarded, Drawn, Placed, Shuffled, make_shuffle
from engine.core.deckfold import fold_deck
from engine.core.events import HOST, Event, IllegalIntent, InconsistentLog, Intent
from engine.core.rng import Rng, roll

from . import profile as profile_mod
from .cards import DEATH_SHIP, CardError, card_type, deck_ids, default_counts, key_of
from .events import (
    ActCancelled,
    ActPlayed,
    ActResolved,
    DeathShipReturned,
    DestroyChoice,
    DestroyImprovement,
    DiceRolled,
    Discard,
    Eliminated,
    EndTurn,
    FirstPlayer,
    GameOver,
    GameStarted,
    ImprovementBuilt,
    ImprovementLost,
    LastChance,
    ParryPlayed,
    Pass,
    Passed,
    PhaseChanged,
    PlayCard,
    PlayParry,
    PopulationChanged,
    Protected,
    RemovedFromGame,
    Roll,
    TurnStarted,
    WarRound,
    WarStopped,
)

DECK = "action"
DEAL = 5
HAND = 6
DEATH_SHIP_LOSS = 10
WALLS_REDUCTION = 5
IMPROVEMENT_MODES = ("one", "one_of_each")


class OptionsError(ValueError):
    """Options that cannot start a game; the message names every problem."""


# -- options -----------------------------------------------------------------------------------------------

_DEFAULTS: dict[str, Any] = {
    "starting_population": 50,
    "hidden_population": False,
    "doubles": False,
    "last_chance": False,
    "last_chance_refill": False,
    "improvements": "one",
}


def normalise_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Validated options with defaults filled in (this dict is recorded in :class:`GameStarted`).

    ``players`` (2..6, required), ``profile`` (the box profile, required: see :mod:`.profile`),
    ``starting_population`` (50; optional rule 2), ``hidden_population`` (False; optional rule 1),
    ``doubles`` (False; optional rule 3), ``last_chance`` (False; optional rule 4), ``last_chance_refill``
    (False: a player whose own roll takes its last PP plays its last card from the hand it holds; True: the
    hand is refilled to 6 first, as the turn would have done), ``improvements``
    ("one": at most one improvement in front of a player, as the French text says; "one_of_each": several,
    never two of the same), ``card_counts`` (counts that differ from the rules text, by card key).
    """
    if not isinstance(options, Mapping):
        raise OptionsError(f"options must be a mapping, not {type(options).__name__}")
    problems: list[str] = []
    known = {"players", "profile", "card_counts", *_DEFAULTS}
    for k in sorted(set(options) - known):
        problems.append(f"unknown option {k!r} (known: {', '.join(sorted(known))})")
    out: dict[str, Any] = {}
    players = options.get("players")
    if players is None:
        problems.append("players: missing (2 to 6)")
    elif isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        problems.append(f"players: {players!r} is not a number of players from 2 to 6")
    out["players"] = players
    sp = options.get("starting_population", _DEFAULTS["starting_population"])
    if isinstance(sp, bool) or not isinstance(sp, int) or sp < 1:
        problems.append(f"starting_population: {sp!r} is not a whole number of PPs >= 1")
    out["starting_population"] = sp
    for flag in ("hidden_population", "doubles", "last_chance", "last_chance_refill"):
        v = options.get(flag, _DEFAULTS[flag])
        if not isinstance(v, bool):
            problems.append(f"{flag}: {v!r} is not true or false")
        out[flag] = v
    mode = options.get("improvements", _DEFAULTS["improvements"])
    if mode not in IMPROVEMENT_MODES:
        problems.append(f"improvements: {mode!r} is not one of {', '.join(IMPROVEMENT_MODES)}")
    out["improvements"] = mode
    if "profile" not in options:
        problems.append(
            "profile: missing — the 2d6 tables are printed only on the reference cards; enter them once in a "
            "box profile (engine.games.plague.profile)"
        )
    else:
        try:
            out["profile"] = profile_mod.validate(options["profile"], "profile")
        except profile_mod.ProfileError as exc:
            problems.append(str(exc))
    cc = options.get("card_counts", {})
    if not isinstance(cc, Mapping):
        problems.append(f"card_counts: expected a mapping of card key to count, not {type(cc).__name__}")
        cc = {}
    try:
        counts = default_counts(cc)
        out["card_counts"] = dict(cc)
        out["counts"] = counts
        total = sum(counts.values())
        if isinstance(players, int) and total < players * HAND + 1:
            problems.append(f"card_counts: a deck of {total} cards is too small for {players} players")
    except CardError as exc:
        problems.append(f"card_counts: {exc}")
    if problems:
        raise OptionsError("invalid Plague and Pestilence options: " + "; ".join(problems))
    return out


# -- state -------------------------------------------------------------------------------------------------


class Player(msgspec.Struct, frozen=True):
    seat: str
    population: int
    hand: tuple[str, ...] = ()
    improvements: tuple[str, ...] = ()
    out: bool = False


class Act(msgspec.Struct, frozen=True):
    """The act card on the table while it resolves."""

    seat: str
    card: str
    target: str = ""
    opponent: str = ""
    two_players: bool = False
    last_chance: bool = False
    parries: tuple[tuple[str, str], ...] = ()
    passed: tuple[str, ...] = ()
    cancelled: bool = False
    victims: tuple[str, ...] = ()


class State(msgspec.Struct, frozen=True):
    options: dict[str, Any]
    seats: tuple[str, ...]
    players: tuple[Player, ...]
    deck: Deck
    in_play: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    phase: str = "prosperity"
    turn: int = 0
    current: str = ""
    stage: str = "setup"
    act: Act | None = None
    last_chance: str = ""
    resume_with: str = ""
    alive_at_turn_start: tuple[str, ...] = ()
    rolls: tuple[DiceRolled, ...] = ()
    shuffles: int = 0
    eliminated: tuple[str, ...] = ()
    winner: str = ""
    tied: tuple[str, ...] = ()

    def player(self, seat: str) -> Player:
        return self.players[self.seats.index(seat)]

    def alive(self, seat: str) -> bool:
        p = self.player(seat)
        return not p.out and p.population > 0


def _with_player(s: State, p: Player) -> State:
    i = s.seats.index(p.seat)
    return msgspec.structs.replace(s, players=s.players[:i] + (p,) + s.players[i + 1 :])


def _without(cards: tuple[str, ...], card: str, where: str) -> tuple[str, ...]:
    if card not in cards:
        raise InconsistentLog(f"{card} is not in {where}")
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def all_cards(s: State) -> list[str]:
    """Every action card wherever it is (pile, discard, hands, improvements, table, out of the game)."""
    out = list(s.deck.cards) + list(s.deck.discard) + list(s.in_play) + list(s.removed)
    for p in s.players:
        out += list(p.hand) + list(p.improvements)
    return out


# -- fold --------------------------------------------------------------------------------------------------


def fold(state: State | None, event: Event) -> State:
    if state is None:
        if not isinstance(event, GameStarted):
            raise InconsistentLog(f"a game starts with GameStarted, not {type(event).__name__}")
        sp = event.options["starting_population"]
        return State(
            options=event.options,
            seats=tuple(event.seats),
            players=tuple(Player(seat=s, population=sp) for s in event.seats),
            deck=Deck(DECK),
        )
    s = state
    R = msgspec.structs.replace
    if isinstance(event, GameStarted):
        raise InconsistentLog("a second GameStarted in one log")
    if isinstance(event, Shuffled):
        return R(s, deck=fold_deck(s.deck, event), shuffles=s.shuffles + 1)
    if isinstance(event, Drawn):
        s = R(s, deck=fold_deck(s.deck, event))
        if event.to in s.seats:
            p = s.player(event.to)
            s = _with_player(s, R(p, hand=p.hand + (event.card,)))
        if key_of(event.card) == DEATH_SHIP and s.stage != "setup":
            s = R(s, stage="death_ship")
        return s
    if isinstance(event, Placed):
        return R(s, deck=fold_deck(s.deck, event))
    if isinstance(event, Discarded):
        card = event.card
        if card in s.in_play:
            s = R(s, in_play=_without(s.in_play, card, "play"))
        else:
            for p in s.players:
                if card in p.hand:
                    s = _with_player(s, R(p, hand=_without(p.hand, card, p.seat)))
                    break
                if card in p.improvements:
                    s = _with_player(s, R(p, improvements=_without(p.improvements, card, p.seat)))
                    break
            else:
                raise InconsistentLog(f"discarded {card}, which is neither on the table nor held")
        return R(s, deck=fold_deck(s.deck, event))
    if isinstance(event, DeathShipReturned):
        p = s.player(event.seat)
        return _with_player(s, R(p, hand=_without(p.hand, event.card, event.seat)))
    if isinstance(event, DiceRolled):
        s = R(s, rolls=s.rolls + (event,))
        if event.purpose in ("prosperity", "plague"):
            s = R(s, stage="act")
        return s
    if isinstance(event, FirstPlayer):
        return R(s, current=event.seat)
    if isinstance(event, TurnStarted):
        alive = tuple(x for x in s.seats if s.alive(x))
        return R(
            s, current=event.seat, turn=event.turn, stage="roll", resume_with="", alive_at_turn_start=alive
        )
    if isinstance(event, PopulationChanged):
        if event.population is None:
            raise InconsistentLog("a redacted PopulationChanged cannot be folded")
        return _with_player(s, R(s.player(event.seat), population=event.population))
    if isinstance(event, ImprovementBuilt):
        p = s.player(event.seat)
        return _with_player(
            s,
            R(p, hand=_without(p.hand, event.card, event.seat), improvements=p.improvements + (event.card,)),
        )
    if isinstance(event, ImprovementLost):
        p = s.player(event.seat)
        if event.card not in p.improvements:
            raise InconsistentLog(f"{event.seat} has no {event.card} to lose")
        if s.act is not None and event.seat in s.act.victims:
            s = R(s, act=R(s.act, victims=_without(s.act.victims, event.seat, "victims")))
        return s
    if isinstance(event, ActPlayed):
        p = s.player(event.seat)
        s = _with_player(s, R(p, hand=_without(p.hand, event.card, event.seat)))
        act = Act(
            seat=event.seat,
            card=event.card,
            target=event.target,
            opponent=event.opponent,
            two_players=event.two_players,
            last_chance=event.last_chance,
        )
        stage = "reaction" if card_type(event.card).parry else "resolving"
        return R(s, in_play=s.in_play + (event.card,), act=act, stage=stage)
    if isinstance(event, ParryPlayed):
        parried = s.act
        if parried is None:
            raise InconsistentLog("a parry with no act on the table")
        p = s.player(event.seat)
        s = _with_player(s, R(p, hand=_without(p.hand, event.card, event.seat)))
        act = R(parried, parries=parried.parries + ((event.card, event.on),), passed=())
        return R(s, in_play=s.in_play + (event.card,), act=act)
    if isinstance(event, Passed):
        if s.stage == "reaction" and s.act is not None:
            return R(s, act=R(s.act, passed=s.act.passed + (event.seat,)))
        return s
    if isinstance(event, ActCancelled):
        if s.act is None:
            raise InconsistentLog("cancelled an act that is not on the table")
        return R(s, act=R(s.act, cancelled=True), stage="resolving")
    if isinstance(event, DestroyChoice):
        if s.act is None:
            raise InconsistentLog("an improvement choice with no act on the table")
        return R(s, act=R(s.act, victims=tuple(event.victims)), stage="destroy")
    if isinstance(event, RemovedFromGame):
        return R(s, in_play=_without(s.in_play, event.card, "play"), removed=s.removed + (event.card,))
    if isinstance(event, PhaseChanged):
        return R(s, phase=event.phase, resume_with=event.resume_with)
    if isinstance(event, ActResolved):
        if s.in_play:
            raise InconsistentLog(f"act resolved with cards still on the table: {s.in_play}")
        return R(s, act=None, stage="resolving")
    if isinstance(event, LastChance):
        return R(s, last_chance=event.seat, stage="last_chance")
    if isinstance(event, Eliminated):
        p = s.player(event.seat)
        if p.hand or p.improvements:
            raise InconsistentLog(f"{event.seat} eliminated with cards still held")
        s = _with_player(s, R(p, out=True, population=0))
        return R(
            s,
            eliminated=s.eliminated + (event.seat,),
            last_chance="" if s.last_chance == event.seat else s.last_chance,
        )
    if isinstance(event, GameOver):
        return R(s, stage="over", winner=event.winner, tied=tuple(event.tied))
    if isinstance(event, WarRound | WarStopped | Protected):
        return s
    raise InconsistentLog(f"Plague and Pestilence does not know the event {type(event).__name__}")


# -- apply -------------------------------------------------------------------------------------------------


class _Work:
    def __init__(self, state: State | None, rng: Rng) -> None:
        self.state = state
        self.rng = rng
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.state = fold(self.state, event)
        self.events.append(event)

    @property
    def s(self) -> State:
        assert self.state is not None
        return self.state


def setup(options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
    opts = normalise_options(options)
    seats = tuple(f"p{i}" for i in range(1, opts["players"] + 1))
    w = _Work(None, rng)
    w.emit(GameStarted(options=opts, seats=seats))
    w.emit(make_shuffle(rng, DECK, deck_ids(opts["counts"]), "new", f"{DECK}-1"))
    for _ in range(DEAL):
        for seat in seats:
            _deal_one(w, seat)
    contenders = list(seats)
    while True:
        totals: dict[str, int] = {}
        for seat in contenders:
            dice = roll(rng, 6, 1)
            w.emit(DiceRolled(seat=seat, purpose="first_player", dice=dice, total=dice[0]))
            totals[seat] = dice[0]
        best = max(totals.values())
        contenders = [x for x in contenders if totals[x] == best]
        if len(contenders) == 1:
            break
    w.emit(FirstPlayer(seat=contenders[0]))
    w.emit(TurnStarted(seat=contenders[0], turn=1))
    return w.s, w.events


def _deal_one(w: _Work, seat: str) -> None:
    while True:
        top = w.s.deck.cards[0]
        if key_of(top) != DEATH_SHIP:
            w.emit(Drawn(deck=DECK, card=top, to=seat, private_to=(seat,)))
            return
        # Dealt the Death ship: shown, put back, the pile reshuffled, another card drawn.
        w.emit(Drawn(deck=DECK, card=top, to=seat))
        w.emit(DeathShipReturned(seat=seat, card=top))
        w.emit(Placed(deck=DECK, cards=(top,)))
        w.emit(make_shuffle(w.rng, DECK, w.s.deck.cards, "pile", f"{DECK}-{w.s.shuffles + 1}"))


def _refill(w: _Work, seat: str, last_chance: bool = False) -> None:
    """Draw up to 6 cards. ``last_chance``: before a last card, the Death ship is left on the pile."""
    while len(w.s.player(seat).hand) < HAND:
        d = w.s.deck
        if d.empty:
            if not d.discard:
                return
            w.emit(make_shuffle(w.rng, DECK, d.discard, "all", f"{DECK}-{w.s.shuffles + 1}"))
            d = w.s.deck
        top = d.cards[0]
        if key_of(top) == DEATH_SHIP and last_chance:
            return
        if key_of(top) == DEATH_SHIP:
            w.emit(Drawn(deck=DECK, card=top, to=seat))  # public: it must be played at once
            return
        w.emit(Drawn(deck=DECK, card=top, to=seat, private_to=(seat,)))


def _change(w: _Work, seat: str, delta: int, cause: str) -> int:
    """Move ``seat``'s population by ``delta`` (never below 0); the change actually made."""
    p = w.s.player(seat)
    if p.out or delta == 0:
        return 0
    if delta > 0 and p.population <= 0:
        return 0  # a player who lost its last PP gains nothing any more (last chance or not)
    new = max(0, p.population + delta)
    actual = new - p.population
    if actual:
        hidden = bool(w.s.options["hidden_population"])
        w.emit(PopulationChanged(seat=seat, delta=actual, population=new, cause=cause, hidden=hidden))
    return actual


def _alive_others(s: State, seat: str) -> list[str]:
    return [x for x in _order_after(s, seat) if x != seat and s.alive(x)]


def _order_after(s: State, seat: str, inclusive: bool = False) -> list[str]:
    i = s.seats.index(seat)
    n = len(s.seats)
    start = 0 if inclusive else 1
    return [s.seats[(i + k) % n] for k in range(start, n + start)]


def _act_choices(s: State, actor: str, card: str) -> list[tuple[str, str]]:
    """Every (target, opponent) the rules allow for this act card."""
    t = card_type(card)
    others = _alive_others(s, actor)
    if t.effect in ("gain", "steal_each", "raid"):
        return [("", "")]
    if t.effect in ("loss", "steal", "death_ship"):
        return [(x, "") for x in others]
    if t.effect == "war":
        if len(others) < 2:
            return [(x, "") for x in others]
        return [(a, b) for a in others for b in others if a != b]
    return []


def _actor(s: State) -> str:
    return s.last_chance if s.stage == "last_chance" else s.current


def _participants(s: State) -> list[str]:
    return [x for x in s.seats if not s.player(x).out]


def _parry_targets(s: State, card: str) -> list[str]:
    a = s.act
    if a is None or a.cancelled:
        return []
    t = card_type(card)
    at = card_type(a.card)
    if not at.parry:
        return []
    if t.effect == "parry_cancel":
        return [x for x in (a.target, a.opponent) if x]
    if t.effect == "parry_advantage" and at.effect == "war" and not a.two_players:
        return [a.target, a.opponent]
    return []


def _can_build(s: State, seat: str, card: str) -> tuple[bool, str]:
    p = s.player(seat)
    if s.options["improvements"] == "one":
        if p.improvements:
            return False, "a player may have only one improvement at a time"
        return True, ""
    if any(key_of(c) == key_of(card) for c in p.improvements):
        return False, f"{seat} already has a {card_type(card).name}; no improvement twice"
    return True, ""


def apply(state: State, intent: Intent, rng: Rng) -> list[Event]:
    s = state
    seat = intent.seat
    if seat not in s.seats:
        raise IllegalIntent("seat", f"{seat!r} is not a seat of this game ({', '.join(s.seats)})")
    if s.stage == "over":
        raise IllegalIntent("game over", "the game is over")
    w = _Work(s, rng)
    if isinstance(intent, Roll):
        _need(s, seat, "roll")
        _roll(w, seat)
    elif isinstance(intent, PlayCard):
        _play(w, seat, intent)
    elif isinstance(intent, Discard):
        _need(s, seat, "act")
        if intent.card not in s.player(seat).hand:
            raise IllegalIntent("hand", f"that card is not in {seat}'s hand")
        w.emit(Discarded(deck=DECK, card=intent.card))
        _settle(w)
    elif isinstance(intent, EndTurn):
        _need(s, seat, "act")
        if s.player(seat).hand:
            raise IllegalIntent(
                "one act per turn", "play or discard a card; a turn ends by itself after that"
            )
        _settle(w)
    elif isinstance(intent, PlayParry):
        _parry(w, seat, intent)
    elif isinstance(intent, Pass):
        if s.stage == "reaction":
            if seat not in _participants(s):
                raise IllegalIntent("parry", f"{seat} is out of the game")
            if s.act is not None and seat in s.act.passed:
                raise IllegalIntent("parry", f"{seat} has already passed")
            w.emit(Passed(seat=seat))
            act = w.s.act
            if act is not None and all(x in act.passed for x in _participants(w.s)):
                _resolve(w)
        elif s.stage == "last_chance" and seat == s.last_chance:
            w.emit(Passed(seat=seat))
            _settle(w)
        else:
            raise IllegalIntent("turn", f"{seat} has nothing to pass now")
    elif isinstance(intent, DestroyImprovement):
        _destroy(w, seat, intent)
    else:
        raise IllegalIntent("intent", f"unknown intent {type(intent).__name__}")
    return w.events


def _need(s: State, seat: str, stage: str) -> None:
    if s.stage != stage:
        raise IllegalIntent("turn order", f"not the time to {stage} (waiting for: {_waiting_text(s)})")
    if seat != s.current:
        raise IllegalIntent("turn order", f"it is {s.current}'s turn, not {seat}'s")


def _roll(w: _Work, seat: str) -> None:
    s = w.s
    p = s.player(seat)
    phase = s.phase
    imps = len(p.improvements)
    dice = roll(w.rng, 6, 2)
    mod = imps if phase == "prosperity" else -imps
    total = min(12, max(2, sum(dice) + mod))
    amount = s.options["profile"][phase][total - 2]
    if s.options["doubles"] and dice[0] == dice[1]:
        amount *= 2
    w.emit(DiceRolled(seat=seat, purpose=phase, dice=dice, modifier=mod, total=total))
    _change(w, seat, amount if phase == "prosperity" else -amount, phase)
    if w.s.player(seat).population <= 0:
        if s.options["last_chance"] and s.options.get("last_chance_refill", False):
            _refill(w, seat, last_chance=True)  # the turn's refill, before the last card
        _settle(w)
        return
    _refill(w, seat)


def _play(w: _Work, seat: str, intent: PlayCard) -> None:
    s = w.s
    if s.stage not in ("act", "death_ship", "last_chance"):
        raise IllegalIntent("turn order", f"no card may be played now (waiting for: {_waiting_text(s)})")
    actor = _actor(s)
    if seat != actor:
        raise IllegalIntent("turn order", f"{actor} plays now, not {seat}")
    card = intent.card
    if card not in s.player(seat).hand:
        raise IllegalIntent("hand", f"that card is not in {seat}'s hand")
    t = card_type(card)
    if s.stage == "death_ship" and t.key != DEATH_SHIP:
        raise IllegalIntent("Death ship", "the Death ship must be played at once, on another player")
    if t.kind == "parry":
        raise IllegalIntent("parry", f"{t.name} answers an act (it is played while an act is announced)")
    if t.kind == "improvement":
        if s.stage != "act":
            raise IllegalIntent("last chance", "a last chance is an Act card, not an improvement")
        if intent.target or intent.opponent:
            raise IllegalIntent("target", f"{t.name} is built in front of you: it takes no target")
        ok, why = _can_build(s, seat, card)
        if not ok:
            raise IllegalIntent("one improvement", why)
        w.emit(ImprovementBuilt(seat=seat, card=card))
        _settle(w)
        return
    choices = _act_choices(s, seat, card)
    if (intent.target, intent.opponent) not in choices:
        raise IllegalIntent("target", _target_help(s, seat, card, intent, choices))
    two = t.effect == "war" and not intent.opponent
    w.emit(
        ActPlayed(
            seat=seat,
            card=card,
            target=intent.target,
            opponent=intent.opponent,
            two_players=two,
            last_chance=s.stage == "last_chance",
        )
    )
    if w.s.stage != "reaction":
        _resolve(w)


def _target_help(s: State, seat: str, card: str, intent: PlayCard, choices: list[tuple[str, str]]) -> str:
    t = card_type(card)
    if not choices:
        return f"{t.name} has no possible target now"
    if t.effect in ("gain", "steal_each", "raid"):
        return f"{t.name} takes no target (got target={intent.target!r}, opponent={intent.opponent!r})"
    targets = sorted({a for a, _ in choices})
    if t.effect == "war" and choices[0][1]:
        return (
            f"{t.name}: the target and its opponent must be two different players still in the game, neither "
            f"of them {seat} (targets: {', '.join(targets)})"
        )
    return f"{t.name}: target one of {', '.join(targets)}" + (
        " (only two players left: no opponent)" if t.effect == "war" else ""
    )


def _parry(w: _Work, seat: str, intent: PlayParry) -> None:
    s = w.s
    if s.stage != "reaction" or s.act is None:
        raise IllegalIntent("parry", "a parry is played while a war or a Crusade is announced")
    if seat not in _participants(s):
        raise IllegalIntent("parry", f"{seat} is out of the game")
    if intent.card not in s.player(seat).hand:
        raise IllegalIntent("hand", f"that card is not in {seat}'s hand")
    t = card_type(intent.card)
    if t.kind != "parry":
        raise IllegalIntent("parry", f"{t.name} is not a parry")
    ons = _parry_targets(s, intent.card)
    if not ons:
        raise IllegalIntent("parry", f"{t.name} cannot answer {card_type(s.act.card).name} here")
    if intent.on not in ons:
        raise IllegalIntent("parry", f"{t.name} is played on one of {', '.join(ons)}")
    w.emit(ParryPlayed(seat=seat, card=intent.card, on=intent.on))
    if t.effect == "parry_cancel":
        w.emit(ActCancelled(card=s.act.card, by=intent.card))
        _finish(w)


def _resolve(w: _Work) -> None:
    s = w.s
    a = s.act
    assert a is not None
    t = card_type(a.card)
    walls = {x for x in s.seats if any(key_of(c) == "city_walls" for c in s.player(x).improvements)}

    def reduced(seat: str, loss: int) -> int:
        return max(0, loss - WALLS_REDUCTION) if t.walls and seat in walls else loss

    victims: list[str] = []
    cause = t.key
    if t.effect == "gain":
        _change(w, a.seat, t.gain, cause)
    elif t.effect == "loss":
        shield = [b for b in t.blocked_by if any(key_of(c) == b for c in s.player(a.target).improvements)]
        if shield:
            w.emit(Protected(seat=a.target, card=a.card, by=shield[0]))
        else:
            _change(w, a.target, -t.loss, cause)
            if t.improvement:
                victims.append(a.target)
    elif t.effect == "steal":
        taken = -_change(w, a.target, -t.gain, cause)
        _change(w, a.seat, taken, cause)
    elif t.effect == "steal_each":
        taken = 0
        for x in _alive_others(s, a.seat):
            taken += -_change(w, x, -t.gain, cause)
        _change(w, a.seat, taken, cause)
    elif t.effect == "raid":
        for x in _alive_others(s, a.seat):
            _change(w, x, -reduced(x, t.loss), cause)
            victims.append(x)
    elif t.effect == "death_ship":
        _change(w, a.target, -DEATH_SHIP_LOSS, cause)
        w.emit(RemovedFromGame(card=a.card))
        w.emit(PhaseChanged(phase="plague", resume_with=a.target))
        d = w.s.deck
        if d.cards or d.discard:
            w.emit(make_shuffle(w.rng, DECK, d.cards + d.discard, "all", f"{DECK}-{w.s.shuffles + 1}"))
    elif t.effect == "war":
        if a.two_players:
            _change(w, a.target, -reduced(a.target, t.loser_loss), cause)
            if t.improvement:
                victims.append(a.target)
        else:
            victims += _war(w, a, reduced)
    _lose_improvements(w, victims)


def _war(w: _Work, a: Act, reduced: Any) -> list[str]:
    t = card_type(a.card)
    bonus = {
        x: sum(1 for c, on in a.parries if on == x and key_of(c) == "tactical_advantage")
        for x in (a.target, a.opponent)
    }
    while True:
        totals: dict[str, int] = {}
        for x in (a.target, a.opponent):
            dice = roll(w.rng, 6, 2)
            totals[x] = sum(dice) + bonus[x]
            w.emit(DiceRolled(seat=x, purpose="war", dice=dice, modifier=bonus[x], total=totals[x]))
        ta, td = totals[a.target], totals[a.opponent]
        if ta == td:
            w.emit(
                WarRound(
                    card=a.card,
                    aggressor=a.target,
                    defender=a.opponent,
                    aggressor_total=ta,
                    defender_total=td,
                )
            )
            for x in (a.target, a.opponent):
                _change(w, x, -reduced(x, t.winner_loss), t.key)
            if not (w.s.alive(a.target) and w.s.alive(a.opponent)):
                w.emit(WarStopped(card=a.card))
                return []
            continue
        winner, loser = (a.target, a.opponent) if ta > td else (a.opponent, a.target)
        w.emit(
            WarRound(
                card=a.card,
                aggressor=a.target,
                defender=a.opponent,
                aggressor_total=ta,
                defender_total=td,
                winner=winner,
            )
        )
        _change(w, winner, -reduced(winner, t.winner_loss), t.key)
        _change(w, loser, -reduced(loser, t.loser_loss), t.key)
        return [loser] if t.improvement else []


def _lose_improvements(w: _Work, victims: Iterable[str]) -> None:
    a = w.s.act
    assert a is not None
    choose: list[str] = []
    for v in victims:
        imps = w.s.player(v).improvements
        if len(imps) == 1:
            w.emit(ImprovementLost(seat=v, card=imps[0], by=a.card))
            w.emit(Discarded(deck=DECK, card=imps[0]))
        elif len(imps) > 1:
            choose.append(v)
    if choose:
        w.emit(DestroyChoice(chooser=a.seat, card=a.card, victims=tuple(choose)))
        return
    _finish(w)


def _destroy(w: _Work, seat: str, intent: DestroyImprovement) -> None:
    s = w.s
    if s.stage != "destroy" or s.act is None or not s.act.victims:
        raise IllegalIntent("improvement", "no improvement is to be destroyed now")
    if seat != s.act.seat:
        raise IllegalIntent("improvement", f"the player of the act ({s.act.seat}) chooses, not {seat}")
    if intent.victim != s.act.victims[0]:
        raise IllegalIntent("improvement", f"choose {s.act.victims[0]}'s improvement first")
    if intent.card not in s.player(intent.victim).improvements:
        # the card is not named back: it may be one the seat cannot see (in a hand, in the pile)
        raise IllegalIntent("improvement", f"that card is not among {intent.victim}'s improvements")
    w.emit(ImprovementLost(seat=intent.victim, card=intent.card, by=s.act.card))
    w.emit(Discarded(deck=DECK, card=intent.card))
    act = w.s.act
    if act is not None and not act.victims:
        _finish(w)


def _finish(w: _Work) -> None:
    a = w.s.act
    assert a is not None
    for c in w.s.in_play:
        w.emit(Discarded(deck=DECK, card=c))
    w.emit(ActResolved(card=a.card, cancelled=a.cancelled))
    _settle(w)


def _eliminate(w: _Work, seat: str) -> None:
    p = w.s.player(seat)
    for c in p.hand + p.improvements:
        w.emit(Discarded(deck=DECK, card=c))
    w.emit(Eliminated(seat=seat))


def _settle(w: _Work) -> None:
    """After an act: last chances, eliminations, the end of the game, or the next turn."""
    if w.s.last_chance:
        _eliminate(w, w.s.last_chance)
    s = w.s
    zeros = [
        x
        for x in _order_after(s, s.current, inclusive=True)
        if not s.player(x).out and s.player(x).population <= 0
    ]
    if zeros and s.options["last_chance"]:
        w.emit(LastChance(seat=zeros[0]))
        return
    for z in zeros:
        _eliminate(w, z)
    s = w.s
    alive = [x for x in s.seats if not s.player(x).out]
    if len(alive) == 1:
        w.emit(GameOver(winner=alive[0]))
        return
    if not alive:
        w.emit(GameOver(tied=tuple(x for x in s.alive_at_turn_start)))
        return
    if s.resume_with:
        nxt = next(x for x in _order_after(s, s.resume_with, inclusive=True) if s.alive(x))
    else:
        nxt = next(x for x in _order_after(s, s.current) if s.alive(x))
    w.emit(TurnStarted(seat=nxt, turn=s.turn + 1))


# -- legal, view, outcome ----------------------------------------------------------------------------------


def legal(state: State, seat: str) -> list[Intent]:
    s = state
    if seat not in s.seats or s.stage == "over" or s.player(seat).out:
        return []
    out: list[Intent] = []
    hand = s.player(seat).hand
    if s.stage == "roll" and seat == s.current:
        out.append(Roll(seat=seat))
    elif s.stage == "death_ship" and seat == s.current:
        for c in hand:
            if key_of(c) == DEATH_SHIP:
                out += [PlayCard(seat=seat, card=c, target=a) for a, _ in _act_choices(s, seat, c)]
    elif s.stage in ("act", "last_chance") and seat == _actor(s):
        for c in hand:
            t = card_type(c)
            if t.kind == "act":
                out += [
                    PlayCard(seat=seat, card=c, target=a, opponent=b) for a, b in _act_choices(s, seat, c)
                ]
            elif t.kind == "improvement" and s.stage == "act" and _can_build(s, seat, c)[0]:
                out.append(PlayCard(seat=seat, card=c))
        if s.stage == "act":
            out += [Discard(seat=seat, card=c) for c in hand]
            if not hand:
                out.append(EndTurn(seat=seat))
        else:
            out.append(Pass(seat=seat))
    elif s.stage == "reaction" and s.act is not None:
        for c in hand:
            if card_type(c).kind == "parry":
                out += [PlayParry(seat=seat, card=c, on=x) for x in _parry_targets(s, c)]
        if seat not in s.act.passed:
            out.append(Pass(seat=seat))
    elif s.stage == "destroy" and s.act is not None and seat == s.act.seat and s.act.victims:
        v = s.act.victims[0]
        out += [DestroyImprovement(seat=seat, victim=v, card=c) for c in s.player(v).improvements]
    return out


def waiting_for(s: State) -> list[str]:
    if s.stage in ("roll", "act", "death_ship"):
        return [s.current]
    if s.stage == "last_chance":
        return [s.last_chance]
    if s.stage == "reaction" and s.act is not None:
        return [x for x in _participants(s) if x not in s.act.passed]
    if s.stage == "destroy" and s.act is not None:
        return [s.act.seat]
    return []


def _waiting_text(s: State) -> str:
    return f"{s.stage} by {', '.join(waiting_for(s)) or 'nobody'}"


def view(state: State, seat: str) -> dict[str, Any]:
    s = state
    host = seat == HOST
    hidden = bool(s.options["hidden_population"])
    players = []
    for p in s.players:
        players.append(
            {
                "seat": p.seat,
                "population": p.population if (host or not hidden or seat == p.seat) else None,
                "hand_size": len(p.hand),
                "improvements": list(p.improvements),
                "out": p.out,
                "last_chance": s.last_chance == p.seat,
            }
        )
    a = s.act
    out: dict[str, Any] = {
        "game": "plague",
        "seat": seat,
        "seats": list(s.seats),
        "phase": s.phase,
        "turn": s.turn,
        "current": s.current,
        "stage": s.stage,
        "waiting_for": waiting_for(s),
        "players": players,
        "hand": list(s.player(seat).hand) if seat in s.seats else [],
        "deck": {"pile": len(s.deck.cards), "discard": list(s.deck.discard), "removed": list(s.removed)},
        "in_play": list(s.in_play),
        "act": None
        if a is None
        else {
            "seat": a.seat,
            "card": a.card,
            "target": a.target,
            "opponent": a.opponent,
            "two_players": a.two_players,
            "last_chance": a.last_chance,
            "parries": [list(x) for x in a.parries],
            "passed": list(a.passed),
            "cancelled": a.cancelled,
            "victims": list(a.victims),
        },
        "rolls": [
            {
                "seat": r.seat,
                "purpose": r.purpose,
                "dice": list(r.dice),
                "modifier": r.modifier,
                "total": r.total,
            }
            for r in s.rolls
        ],
        "options": {k: v for k, v in s.options.items() if k != "counts"}
        | {"counts": dict(s.options["counts"])},
        "outcome": outcome(s),
    }
    if host:
        out["hands"] = {p.seat: list(p.hand) for p in s.players}
        out["pile"] = list(s.deck.cards)
    return out


def outcome(state: State) -> dict[str, Any] | None:
    if state.stage != "over":
        return None
    return {
        "winner": state.winner or None,
        "tied": list(state.tied),
        "eliminated": list(state.eliminated),
    }
