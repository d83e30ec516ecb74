"""What deserves an announcement (a banner that stays until seen, a sound, a vibration) for one seat.

:func:`detect` is pure: it reads the events a seat received since its last screen (already projected for
it, as JSON objects with their ``type``) and the seat's previous and new :class:`Snapshot`, and returns
the :class:`Announcement` list, most important first. Nothing here knows Flet; the screens show them
(see ``companion/ui``) and :mod:`companion.sounds` holds the sounds.

Announced: your turn; a Rupture; a barbarian surge (and pins arriving from a surge in another province);
a rat token revealed; a plague ravage (Rattus' plague piece, the Plague & Pestilence plague roll and the
Death ship); a war; the end of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from companion.session import Snapshot

# kind -> (sound, vibration, priority: lower first)
KINDS: dict[str, tuple[str, str, int]] = {
    "end": ("end", "heavy", 0),
    "rupture": ("alarm", "heavy", 1),
    "surge": ("alarm", "heavy", 2),
    "surge_in": ("alarm", "heavy", 2),
    "ravage": ("alarm", "heavy", 3),
    "plague": ("alarm", "heavy", 3),
    "war": ("alarm", "heavy", 4),
    "rat_token": ("reveal", "medium", 5),
    "turn": ("turn", "medium", 6),
}

TEXTS: dict[str, tuple[str, str]] = {
    "end": ("Partie terminée", "Game over"),
    "end.won": ("Partie gagnée !", "Game won!"),
    "end.lost": ("Partie perdue", "Game lost"),
    "end.winner": ("Partie terminée : {who} gagne", "Game over: {who} wins"),
    "rupture": ("Rupture en {province} !", "Rupture in {province}!"),
    "surge": ("Déferlement barbare en {province} !", "Barbarian surge in {province}!"),
    "surge.many": ("{n} déferlements barbares en {province} !", "{n} barbarian surges in {province}!"),
    "surge_in": (
        "Des barbares arrivent de {origin} en {province} !",
        "Barbarians arrive in {province} from {origin}!",
    ),
    "ravage": ("La peste ravage {region}", "The plague ravages {region}"),
    "plague.roll": ("Jet de peste : {total}", "Plague roll: {total}"),
    "plague.ship": (
        "Le navire de la mort arrive : la peste commence",
        "The Death ship arrives: the plague begins",
    ),
    "war": ("Guerre : {a} contre {b}", "War: {a} against {b}"),
    "rat_token": ("Jeton rat révélé en {region}", "Rat token revealed in {region}"),
    "rat_token.many": ("{n} jetons rat révélés", "{n} rat tokens revealed"),
    "turn": ("À vous de jouer !", "Your turn!"),
    "turn.of": ("À {who} de jouer", "{who}'s turn"),
}

TURN_EVENTS = ("TurnBegan", "TurnStarted")
TABLE = "table"  # the shared tablet's seat (engine.core.events.TABLE)
END_EVENTS = ("GameWon", "GameLost", "GameOver", "GameScored")


@dataclass(frozen=True)
class Announcement:
    kind: str  # a key of KINDS
    seq: int  # the event (or snapshot) sequence number it comes from: a screen shows each one once
    text_fr: str
    text_en: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return self.text_en if lang == "en" else self.text_fr

    @property
    def sound(self) -> str:
        return KINDS[self.kind][0]

    @property
    def vibration(self) -> str:
        """``heavy`` or ``medium`` (the strength of the haptic feedback on a phone)."""
        return KINDS[self.kind][1]

    @property
    def priority(self) -> int:
        return KINDS[self.kind][2]


def _make(kind: str, seq: int, key: str | None = None, **params: Any) -> Announcement:
    fr, en = TEXTS[key or kind]
    return Announcement(kind, seq, fr.format(**params), en.format(**params), dict(params))


def province_of(city: str, codes: Sequence[str]) -> str:
    """The province code of a Pandémie city id (``G05`` -> ``G``): the longest code it starts with."""
    best = ""
    for c in codes:
        if c and city.startswith(c) and len(c) > len(best):
            best = c
    return best


# where a view names the seat whose turn it is, when it has no provinces' turns nor a waiting list
TURN_KEYS = ("current_seat", "current", "active", "active_seat", "to_play", "turn_of", "player", "turn")


def whose_turn(view: Mapping[str, Any]) -> str | None:
    """The seat whose turn it is, when the view says so under a usual key (a seat-like string)."""
    for k in TURN_KEYS:
        v = view.get(k)
        if isinstance(v, str) and v:
            return v
        if isinstance(v, Mapping):
            s = v.get("seat")
            if isinstance(s, str) and s:
                return s
    return None


def turn_seats(view: Mapping[str, Any]) -> list[str]:
    """The seats whose turn it is in a view (each game names it its own way): the provinces' turns
    (Pandémie: one per province), else the seats the game waits for, else the seat under a usual key. A
    finished game (its view has an outcome): nobody's."""
    if view.get("outcome"):
        return []
    out = [
        p["turn"]
        for p in view.get("provinces") or []
        if isinstance(p, Mapping) and isinstance(p.get("turn"), str) and p["turn"]
    ]
    if out:
        return out
    waiting = view.get("waiting_for")
    if isinstance(waiting, list | tuple):
        out = [w for w in waiting if isinstance(w, str)]
        if out:
            return out
    who = whose_turn(view)
    return [who] if who else []


def detect(
    seat: str,
    events: Iterable[tuple[int, Mapping[str, Any]]],
    old: Snapshot | None,
    new: Snapshot,
    *,
    province: str | None = None,
    name: Callable[[str], str] = str,
) -> list[Announcement]:
    """The announcements for ``seat`` given the events it received after ``old`` (``(seq, event)`` pairs,
    each event a JSON object with its ``type``) and its new snapshot, most important first.

    ``province``: the Pandémie province this screen belongs to (a player's own, a province tablet's);
    ``None`` takes the player's province from the view, and on a tablet with none every province is its
    own. On the shared tablet (seat ``table``) a turn is announced with the player's name. ``name`` turns a
    seat, a province code or a region into the words shown (default: as is).
    With ``old`` None (a screen that just opened) only the end of a game already over is announced.
    """
    view = new.view if isinstance(new.view, Mapping) else {}
    provinces = [p for p in view.get("provinces") or [] if isinstance(p, Mapping)]
    codes = [str(p.get("code", "")) for p in provinces]
    pnames = {str(p.get("code", "")): str(p.get("name") or p.get("code", "")) for p in provinces}
    if province is None:
        me = (view.get("players") or {}).get(seat) if isinstance(view.get("players"), Mapping) else None
        if isinstance(me, Mapping) and isinstance(me.get("province"), str):
            province = me["province"]
    mine: set[str] = {province} if province else set(codes)

    def pname(code: str) -> str:
        return name(pnames.get(code, code))

    out: list[Announcement] = []
    if old is None:
        if new.outcome is not None:
            out.append(_end(new, new.seq, name))
        return out
    evs = [(int(s), e) for s, e in events if isinstance(e, Mapping) and s > old.seq]
    surged: dict[str, int] = {}  # province code -> seq of its last surge in this batch
    chains: dict[
        str, tuple[int, int]
    ] = {}  # a province of this screen -> (its surges in this batch, last seq)
    tokens: list[tuple[int, str]] = []
    wars: set[str] = set()
    for s, e in evs:
        t = e.get("type")
        if t in TURN_EVENTS and e.get("seat") == seat and (t != "TurnStarted" or e.get("phase") != "setup"):
            out.append(_make("turn", s))
        elif (
            t in TURN_EVENTS
            and seat == TABLE
            and isinstance(e.get("seat"), str)
            and (t != "TurnStarted" or e.get("phase") != "setup")
            and (not province or e.get("province", province) == province)
        ):
            out.append(_make("turn", s, "turn.of", who=name(e["seat"]), at=str(e.get("province") or "")))
        elif t == "RuptureRevealed":
            out.append(_make("rupture", s, province=pname(str(e.get("province", "")))))
        elif t == "Surged":
            code = province_of(str(e.get("city", "")), codes)
            surged[code] = s
            if code in mine:  # a chain is said once per province, with how many surges it made
                chains[code] = (chains.get(code, (0, s))[0] + 1, s)
        elif t == "PinsPlaced":
            code = province_of(str(e.get("city", "")), codes)
            origins = [o for o in surged if o != code and o not in mine]
            if (
                code in mine
                and origins
                and not any(a.kind == "surge_in" and a.params.get("code") == code for a in out)
            ):
                a = _make("surge_in", s, origin=pname(origins[-1]), province=pname(code))
                out.append(Announcement(a.kind, a.seq, a.text_fr, a.text_en, {**a.params, "code": code}))
        elif t in ("TokenRevealed", "CrusaderRevealed"):
            tokens.append((s, name(str(e.get("region", "")))))
        elif t == "RavageStarted":
            out.append(_make("ravage", s, region=name(str(e.get("region", "")))))
        elif t == "DiceRolled" and e.get("purpose") == "plague":
            out.append(_make("plague", s, "plague.roll", total=e.get("total", "")))
        elif t == "PhaseChanged" and e.get("phase") == "plague":
            out.append(_make("plague", s, "plague.ship"))
        elif t == "WarRound" and str(e.get("card", "")) not in wars:
            wars.add(str(e.get("card", "")))
            out.append(
                _make("war", s, a=name(str(e.get("aggressor", ""))), b=name(str(e.get("defender", ""))))
            )
    for code, (n, s) in chains.items():
        out.append(
            _make("surge", s, province=pname(code))
            if n == 1
            else _make("surge", s, "surge.many", n=n, province=pname(code))
        )
    if len(tokens) == 1:
        out.append(_make("rat_token", tokens[0][0], region=tokens[0][1]))
    elif tokens:
        out.append(_make("rat_token", tokens[-1][0], "rat_token.many", n=len(tokens)))
    # the turn from the views, for games that name it without an event (or an event this seat did not get)
    if (
        not any(a.kind == "turn" for a in out)
        and seat not in turn_seats(old.view or {})
        and seat in turn_seats(view)
        and new.choices
    ):
        out.append(_make("turn", new.seq))
    # the shared tablet of a game without turn events (Rattus Cartus, Plague & Pestilence): whose turn it
    # is now, by name (several at once: all named in one line)
    if seat == TABLE and not codes and not any(a.kind == "turn" for a in out) and new.outcome is None:
        before = set(turn_seats(old.view or {}))
        now = [s for s in turn_seats(view) if s not in before and s != TABLE]
        if now:
            out.append(_make("turn", new.seq, "turn.of", who=", ".join(name(s) for s in now), at=""))
    if new.outcome is not None and old.outcome is None:
        out.append(_end(new, new.seq, name))
    out.sort(key=lambda a: (a.priority, -a.seq))
    return out


def _end(snap: Snapshot, seq: int, name: Callable[[str], str]) -> Announcement:
    o = snap.outcome or {}
    if o.get("won") is True or o.get("result") == "won":
        return _make("end", seq, "end.won")
    if o.get("won") is False or o.get("result") == "lost":
        return _make("end", seq, "end.lost")
    winner = o.get("winner")
    if isinstance(winner, str) and winner:
        return _make("end", seq, "end.winner", who=name(winner))
    return _make("end", seq)


def session_events(session: Any, after: int) -> list[tuple[int, dict[str, Any]]]:
    """The events ``session`` received after ``after``, as ``(seq, JSON object)``: a joined device's own
    log (``RemoteSession.entries``), or on the hosting device its seat's projection of the table."""
    entries = getattr(session, "entries", None)
    if isinstance(entries, list):
        out = []
        for e in entries:
            if e.seq > after:
                try:
                    out.append((e.seq, msgspec.json.decode(e.event)))
                except (msgspec.DecodeError, TypeError):
                    continue
        return out
    events_after = getattr(session, "events_after", None)
    if callable(events_after):
        return [(s, dict(e)) for s, e in events_after(after)]
    server = getattr(session, "_server", None)
    projector = getattr(server, "projector", None)
    seat = getattr(session, "seat", None)
    if projector is not None and isinstance(seat, str):
        return [(e.seq, msgspec.to_builtins(e.event)) for e in projector.entries_after(seat, after)]
    return []
