"""What the host computes for one seat: its projected log, its Snapshot, its audit.

Everything a device receives is built here from :func:`engine.core.project` and the game's
``view(state, seat)``, so that a seat's bytes only ever hold what that seat may see.
"""

from __future__ import annotations

import bisect
import logging
from collections.abc import Iterable
from typing import Any

import msgspec

from companion.session import Choice, LogLine, SeatInfo, Snapshot
from engine.core import HOST, TABLE, Entry, GameSpec, Table, effective, project
from engine.core.audit import reveal, verify
from engine.core.game import Undone
from engine.texts import describe

log = logging.getLogger("tablekeeper.sync")

LOG_LINES = 300
SEATS_META = "seats"  # the save file's meta key: JSON {seat: {"name": ..., "colour": ...}}
NAME_MAX = 40
COLOURS = ("red", "blue", "yellow", "green", "purple", "orange", "black", "white")


def seats_of(game: GameSpec, state: Any) -> list[str]:
    """The seats of a game in play (its ``seats(state)``), then ``table`` (the shared tablet)."""
    out = [s for s in dict.fromkeys(str(s) for s in game.seats(state)) if s != TABLE]
    return out + [TABLE]


def said(game: GameSpec, item: Any, lang: str, names: dict[str, str] | None = None) -> str:
    """:func:`engine.texts.describe`, for a log line or a button: a game failing to say something shows
    the type's name (a log line must never stop the table)."""
    try:
        return describe(game, item, lang, names)
    except Exception as exc:  # noqa: BLE001 - a log line must never stop the table
        log.warning("describe(%s) failed: %s", type(item).__name__, exc)
        return type(item).__name__


def seat_names(infos: list[SeatInfo], lang: str) -> dict[str, str]:
    """seat → how a log line or a button says it: the player's name, else "Joueur 7" (never ``p7``)."""
    word = "Joueur" if lang == "fr" else "Player"
    out = {}
    for i in infos:
        if i.name:
            out[i.seat] = i.name
        elif i.seat[:1] == "p" and i.seat[1:].isdigit():
            out[i.seat] = f"{word} {i.seat[1:]}"
    return out


def _json(obj: Any) -> Any:
    """``obj`` as plain JSON data (lists, not tuples), exactly what a remote device decodes."""
    return msgspec.json.decode(msgspec.json.encode(obj))


class Projector:
    """Per-seat projections of one :class:`Table`, cached by sequence number."""

    def __init__(self, table: Table, game_name: str, table_name: str) -> None:
        self._undo_seq = -1
        self._undo: tuple[bool, str | None] = (False, None)
        self.table = table
        self.game = table.game
        self.game_name = game_name
        self.table_name = table_name
        self._logs: dict[str, list[LogLine]] = {}
        self._log_seq: dict[str, int] = {}
        self._told: dict[str, int] = {}  # seat -> the last action its log has a line of (log_quiet)
        # seat -> action -> its first line (fr, en, part)
        self._firsts: dict[str, dict[int, tuple[str, str, str]]] = {}
        self._names_of: list[SeatInfo] | None = None
        self._names_cache: dict[str, dict[str, str]] = {}
        self._snaps: dict[str, Snapshot] = {}
        # (intent as JSON, the names it may say) -> its choice, said once in both languages: every seat's
        # choices are listed again at each change of the table, and most of them were there before (an event
        # card playable at any moment, the moves of a player whose turn goes on); the seats offered it and the
        # snapshots until it is played share it (nobody changes a choice: its intent is what is sent)
        self._choices: dict[tuple[bytes, tuple[tuple[str, str], ...]], Choice] = {}
        self._seats: list[SeatInfo] | None = None  # cached until the seats' names change
        self.held: frozenset[str] = frozenset()  # the seats a device holds (set_held)
        self.away: frozenset[str] = frozenset()  # the seats whose device has been gone a while (set_away)
        self._seats_seq = -1

    # -- who sits where ---------------------------------------------------------------------------------
    def _people(self) -> dict[str, dict[str, str]]:
        store = getattr(self.table, "store", None)
        raw = store.meta.get(SEATS_META, "") if store is not None else ""
        try:
            data = msgspec.json.decode(raw) if raw else {}
        except msgspec.DecodeError:
            log.warning("the save file's seat names are not JSON; ignored")
            return {}
        return {str(k): v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}

    def seat_infos(self) -> list[SeatInfo]:
        """Every player seat of the game (not ``table``) with its name, colour and (Pandémie) province."""
        if self._seats is not None and self._seats_seq == self.table.seq:
            return self._seats
        people = self._people()
        try:
            public = self.game.view(self.table.state, TABLE)
        except Exception:  # noqa: BLE001 - a game without a table view: names only
            public = {}
        players = public.get("players") if isinstance(public, dict) else None
        provinces = (
            {
                str(p.get("code")): str(p.get("name") or p.get("code"))
                for p in (public.get("provinces") or [])
                if isinstance(p, dict)
            }
            if isinstance(public, dict)
            else {}
        )
        out = []
        for seat in seats_of(self.game, self.table.state):
            if seat == TABLE:
                continue
            person = people.get(seat, {})
            code = ""
            if isinstance(players, dict) and isinstance(players.get(seat), dict):
                code = str(players[seat].get("province") or "")
            out.append(
                SeatInfo(
                    seat,
                    str(person.get("name", "")),
                    str(person.get("colour", "")),
                    provinces.get(code, code),
                    code,
                    seat in self.held,
                    seat in self.away,
                )
            )
        self._seats, self._seats_seq = out, self.table.seq
        return out

    def set_held(self, seats: Iterable[str]) -> bool:
        """The seats a device holds now (every snapshot's ``seats`` says so); True when that changed."""
        held = frozenset(s for s in seats if s != TABLE)
        if held == self.held:
            return False
        self.held = held
        self._seats = None
        self._snaps.clear()  # the snapshots carry the seats: made again (the logs stay)
        return True

    def set_away(self, seats: Iterable[str]) -> bool:
        """The seats whose device has been gone a while (every snapshot's ``seats`` says so); True when that
        changed."""
        away = frozenset(s for s in seats if s != TABLE)
        if away == self.away:
            return False
        self.away = away
        self._seats = None
        self._snaps.clear()
        return True

    def _names(self, lang: str) -> dict[str, str]:
        infos = self.seat_infos()  # a new list whenever the table or a name changes
        if self._names_of is not infos:
            self._names_of, self._names_cache = infos, {}
        if lang not in self._names_cache:
            self._names_cache[lang] = seat_names(infos, lang)
        return self._names_cache[lang]

    def set_seat_name(self, seat: str, name: str, colour: str | None = None) -> None:
        """Name ``seat`` (and its box colour), kept in the save file's meta; "" forgets the name."""
        seats = seats_of(self.game, self.table.state)
        if seat not in seats or seat == TABLE:
            raise ValueError(
                f"no player seat {seat!r} at this table; seats: {', '.join(s for s in seats if s != TABLE)}"
            )
        name = " ".join(str(name).split())[:NAME_MAX]
        if colour is not None and colour not in ("", *COLOURS):
            raise ValueError(f"unknown colour {colour!r}; colours: {', '.join(COLOURS)}")
        people = self._people()
        person = dict(people.get(seat, {}))
        person["name"] = name
        if colour is not None:
            person["colour"] = colour
        people[seat] = person
        store = getattr(self.table, "store", None)
        if store is None:
            raise RuntimeError("this table has no save file to keep the seat names in")
        store.set_meta(SEATS_META, msgspec.json.encode(people).decode())
        self._seats = None
        self._snaps.clear()
        self._logs.clear()  # the log says seats by their names: said again with the new one
        self._log_seq.clear()
        self._told.clear()
        self._firsts.clear()

    def entries_after(self, seat: str, after: int) -> list[Entry]:
        """The entries with ``seq > after``, each projected for ``seat`` (left out when it sees nothing)."""
        entries = self.table.entries
        i = bisect.bisect_right(entries, after, key=lambda e: e.seq)
        out = []
        for e in entries[i:]:
            p = project(e.event, seat)
            if p is not None:
                out.append(Entry(e.seq, e.action, p))
        return out

    def _log(self, seat: str) -> list[LogLine]:
        lines = self._logs.setdefault(seat, [])
        done = self._log_seq.get(seat, 0)
        fr, en = self._names("fr"), self._names("en")
        quiet = self.game.log_quiet  # said only when nothing else of its action was
        told = self._told.get(seat, -1)  # the last action this seat's log has a line of
        firsts = self._firsts.setdefault(seat, {})
        part = self.game.log_part
        for e in self.entries_after(seat, done):
            if type(e.event).__name__ in quiet and e.action == told:
                continue
            told = e.action
            if isinstance(e.event, Undone) and e.event.action in firsts:  # what was undone, in words
                was_fr, was_en, where = firsts[e.event.action]
                line = LogLine(e.seq, f"« {was_fr} » annulé", f"“{was_en}” undone", where)
            else:
                where = part(e.event, self.table.state) if part is not None else ""
                line = LogLine(
                    e.seq, said(self.game, e.event, "fr", fr), said(self.game, e.event, "en", en), where
                )
                firsts.setdefault(e.action, (line.text_fr, line.text_en, where))
                if len(firsts) > 4 * LOG_LINES:  # the oldest actions are forgotten (no undo reaches them)
                    del firsts[min(firsts)]
            lines.append(line)
        self._told[seat] = told
        if len(lines) > 2 * LOG_LINES:
            del lines[: len(lines) - LOG_LINES]
        self._log_seq[seat] = self.table.seq
        return lines[-LOG_LINES:]

    def snapshot(self, seat: str) -> Snapshot:
        cached = self._snaps.get(seat)
        if cached is not None and cached.seq == self.table.seq and self._seats is not None:
            return cached
        state = self.table.state
        game = self.game
        try:
            view = _json(game.view(state, seat))
        except Exception as exc:
            log.exception("view(%s) failed", seat)
            view = {"error": f"{type(exc).__name__}: {exc}"}
        choices = []
        try:
            fr, en = self._names("fr"), self._names("en")
            names = tuple(sorted(fr.items()))  # the English names follow the same seats' names
            for intent in game.legal(state, seat):
                raw = msgspec.json.encode(intent)
                choice = self._choices.get((raw, names))
                if choice is None:
                    if len(self._choices) > 4096:  # a long game: the old ones go
                        self._choices.clear()
                    choice = self._choices[raw, names] = Choice(
                        msgspec.json.decode(raw), said(game, intent, "fr", fr), said(game, intent, "en", en)
                    )
                choices.append(choice)
        except Exception:
            log.exception("legal(%s) failed", seat)
        outcome = _json(self.table.outcome())
        snap = Snapshot(
            game=self.game_name,
            table_name=self.table_name,
            seat=seat,
            seq=self.table.seq,
            view=view,
            choices=choices,
            log=self._log(seat),
            outcome=outcome,
            can_undo=self._may_undo(seat),
            undo_seat=(self._undo[1] or "") if self._may_undo(seat) else "",
            audit=self.audit(seat) if outcome is not None else None,
            seats=self.seat_infos(),
        )
        self._snaps[seat] = snap
        return snap

    def _may_undo(self, seat: str) -> bool:
        """Whether ``seat`` may take the last action back: it can be undone, and the seat made it (or is a
        table tablet). Worked out once per change of the table, not once per seat."""
        seq = self.table.seq
        if self._undo_seq != seq:
            ok = self.table.can_undo()[0]
            store = self.table.store
            last = self.table.last_effective_action() if ok else 0
            self._undo = (ok, store.action_seat(last) if ok and store is not None and last else None)
            self._undo_seq = seq
        ok, by = self._undo
        return ok and (seat in (TABLE, HOST) or by == seat)

    def audit(self, seat: str) -> dict[str, Any]:
        """The end-of-game shuffle audit: every shuffle's order and salt, checked against ``seat``'s log."""
        eff = effective(self.table.entries)
        reveals = reveal(e.event for e in eff)
        seen = [p for p in (project(e.event, seat) for e in eff) if p is not None]
        report = verify(seen, reveals)
        return {
            "reveals": _json(reveals),
            "ok": report.ok,
            "shuffles_checked": report.shuffles_checked,
            "draws_checked": report.draws_checked,
            "problems": list(report.problems),
            "checked_by": "host",
        }
