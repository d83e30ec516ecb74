"""Announcements (companion.announce): detected from what a seat really received in real games, and the
sounds shipped with the app."""

from __future__ import annotations

import io
import wave
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest

from companion import sounds
from companion.announce import Announcement, detect, province_of, session_events, turn_seats
from companion.session import Snapshot
from companion.sync.tables import Projector
from engine.core import SeededRng, Table, get_game
from engine.core.events import TABLE


def _snap(
    seq: int, view: dict[str, Any], outcome: dict[str, Any] | None = None, choices: bool = False
) -> Snapshot:
    from companion.session import Choice

    ch = [Choice({"type": "X"}, "x", "x")] if choices else []
    return Snapshot("g", "t", "p1", seq, view, ch, [], outcome)


def _play_until(
    game: str, options: dict[str, Any], seats: list[str], stop: Any, seed: int = 1, limit: int = 4000
) -> tuple[Table, Projector, dict[str, list[tuple[Snapshot, Snapshot, int]]]]:
    """Play the first legal intent of whoever may act until ``stop(table)``; record, per seat, every
    (old snapshot, new snapshot) pair the seat's screen would have seen."""
    table = Table.new(get_game(game), options, SeededRng(seed))
    pj = Projector(table, game, "t")
    last = {s: pj.snapshot(s) for s in seats}
    pairs: dict[str, list[tuple[Snapshot, Snapshot, int]]] = {s: [] for s in seats}
    for _ in range(limit):
        if stop(table):
            break
        actor = next((s for s in seats if table.game.legal(table.state, s)), None)
        if actor is None:
            break
        legal = table.game.legal(table.state, actor)
        table.act(legal[(table.seq * 7) % len(legal)])
        for s in seats:
            new = pj.snapshot(s)
            pairs[s].append((last[s], new, table.seq))
            last[s] = new
    return table, pj, pairs


def _events(pj: Projector, seat: str, after: int, upto: int) -> list[tuple[int, dict[str, Any]]]:
    return [(e.seq, msgspec.to_builtins(e.event)) for e in pj.entries_after(seat, after) if e.seq <= upto]


def _all(
    pj: Projector, seat: str, pairs: list[tuple[Snapshot, Snapshot, int]], province: str | None = None
) -> list[Announcement]:
    out: list[Announcement] = []
    for old, new, _seq in pairs:
        out += detect(seat, _events(pj, seat, old.seq, new.seq), old, new, province=province)
    return out


def _has(table: Table, kind: str) -> bool:
    return any(type(e.event).__name__ == kind for e in table.entries)


class _Hosted:
    """The hosting device's session of ``seat`` as announcements see it: the projector's snapshot and events
    (``session_events`` reads them there), and each snapshot told to whoever listens (:meth:`tell`)."""

    def __init__(self, pj: Projector, seat: str) -> None:
        self._server = SimpleNamespace(projector=pj)
        self.seat = seat
        self.snapshot = pj.snapshot(seat)
        self.hooks: list[Any] = []

    def on_change(self, fn: Any) -> None:
        self.hooks.append(fn)

    def tell(self, snap: Snapshot | None = None) -> None:
        self.snapshot = snap if snap is not None else self._server.projector.snapshot(self.seat)
        for fn in self.hooks:
            fn(self.snapshot)


def test_pandemie_turns_ruptures_and_surges_are_announced_to_the_right_seats():
    opts = {"provinces": ["G", "H"], "players": [2, 2], "difficulty": "expert"}
    seats = ["p1", "p2", "p3", "p4"]
    table, pj, pairs = _play_until(
        "pandemie", opts, seats, lambda t: _has(t, "RuptureRevealed") and _has(t, "Surged"), limit=6000
    )
    assert _has(table, "RuptureRevealed") and _has(table, "Surged"), (
        "the seeded game reached a Rupture and a surge"
    )
    got = {s: _all(pj, s, pairs[s]) for s in seats}
    ruptures = [e for e in table.entries if type(e.event).__name__ == "RuptureRevealed"]
    for s in seats:  # every seat hears of every Rupture, naming the province
        kinds = [a for a in got[s] if a.kind == "rupture"]
        assert len(kinds) == len(ruptures)
        assert all(("Gallia" in a.text_fr or "Hispania" in a.text_fr) for a in kinds), kinds
    start = pairs["p1"][0][0].seq  # the first screen: turns begun before it are not news
    for s in seats:
        want = [
            e.seq
            for e in table.entries
            if type(e.event).__name__ == "TurnBegan" and e.event.seat == s and e.seq > start
        ]
        mine = [a for a in got[s] if a.kind == "turn"]
        assert [a.seq for a in mine] == want
        assert all(a.text_en == "Your turn!" for a in mine)
    # a surge is announced to the players of its province, not to the other province's players
    surges = [e for e in table.entries if type(e.event).__name__ == "Surged"]
    codes = ["G", "H"]
    for e in surges:
        code = province_of(e.event.city, codes)
        home = [s for s in seats if table.view(s)["players"][s]["province"] == code]
        away = [s for s in seats if s not in home]
        for s in home:  # a chain is one announcement, at its last surge
            assert any(a.kind == "surge" and a.seq >= e.seq for a in got[s]), (s, e)
        for s in away:
            assert not any(a.kind == "surge" and a.seq == e.seq for a in got[s]), (s, e)


def test_a_surge_arriving_from_another_province_is_announced_there():
    view = {
        "provinces": [
            {"code": "G", "name": "Gallia", "turn": "p1"},
            {"code": "H", "name": "Hispania", "turn": "p3"},
        ],
        "players": {"p1": {"province": "G"}, "p3": {"province": "H"}},
    }
    old, new = _snap(10, view), _snap(14, view)
    evs = [
        (11, {"type": "Surged", "city": "G07", "colour": "red"}),
        (12, {"type": "PinsPlaced", "city": "G08", "colour": "red", "n": 1}),
        (13, {"type": "PinsPlaced", "city": "H02", "colour": "red", "n": 1}),
        (14, {"type": "PinsPlaced", "city": "H03", "colour": "red", "n": 1}),
    ]
    gallia = detect("p1", evs, old, new)
    hispania = detect("p3", evs, old, new)
    assert [a.kind for a in gallia] == ["surge"]
    assert [a.kind for a in hispania] == ["surge_in"], "one banner for the arrival, not one per city"
    assert hispania[0].text_fr == "Des barbares arrivent de Gallia en Hispania !"
    assert hispania[0].text_en == "Barbarians arrive in Hispania from Gallia!"
    # a province tablet of Hispania hears the arrival; a tablet with no province hears the surge itself
    assert [a.kind for a in detect("table", evs, old, new, province="H")] == ["surge_in"]
    assert [a.kind for a in detect("table", evs, old, new)] == ["surge"]
    # events already shown (seq <= old.seq) are never announced again
    assert detect("p1", evs, _snap(14, view), new) == []
    # a chain of three surges is said once, with how many (it read "Déferlement barbare en Gallia !" three
    # times)
    chain = [
        (11, {"type": "Surged", "city": "G07", "colour": "red"}),
        (12, {"type": "Surged", "city": "G08", "colour": "red"}),
        (13, {"type": "Surged", "city": "G09", "colour": "red"}),
    ]
    said = [a for a in detect("p1", chain, old, new) if a.kind == "surge"]
    assert [(a.text_fr, a.seq) for a in said] == [("3 déferlements barbares en Gallia !", 13)]


def test_rattus_token_revealed_and_ravage_from_a_real_game():
    from tests.rattus.rattus_fixtures import options  # made-up token faces (test data), the digital bag

    opts = options(players=2)
    seats = ["p1", "p2"]
    try:
        table, pj, pairs = _play_until(
            "rattus", opts, seats, lambda t: _has(t, "TokenRevealed") and _has(t, "RavageStarted")
        )
    except Exception as exc:  # noqa: BLE001 - say why the real game could not be played
        pytest.fail(f"could not play a Rattus game: {exc}")
    assert _has(table, "RavageStarted") and _has(table, "TokenRevealed")
    got = _all(pj, "p1", pairs["p1"])
    assert any(a.kind == "ravage" for a in got)
    assert any(a.kind == "rat_token" for a in got)
    assert any(a.kind == "turn" for a in got)


def test_plague_war_plague_roll_and_end():
    view = {"waiting_for": ["p2"]}
    old, new = _snap(3, view), _snap(9, {"waiting_for": ["p1"]}, choices=True)
    evs = [
        (4, {"type": "ActPlayed", "seat": "p2", "card": "major_war", "target": "p1"}),
        (
            5,
            {
                "type": "WarRound",
                "card": "major_war",
                "aggressor": "p2",
                "defender": "p1",
                "aggressor_total": 7,
                "defender_total": 7,
                "winner": "",
            },
        ),
        (
            6,
            {
                "type": "WarRound",
                "card": "major_war",
                "aggressor": "p2",
                "defender": "p1",
                "aggressor_total": 9,
                "defender_total": 4,
                "winner": "p2",
            },
        ),
        (7, {"type": "PhaseChanged", "phase": "plague", "resume_with": "p1"}),
        (8, {"type": "DiceRolled", "seat": "p1", "purpose": "plague", "dice": [3, 4], "total": 7}),
    ]
    names = {"p1": "Léa", "p2": "Tom"}
    got = detect("p1", evs, old, new, name=lambda s: names.get(s, s))
    assert [a.kind for a in got] == ["plague", "plague", "war", "turn"]
    assert got[2].text_fr == "Guerre : Tom contre Léa", "one war banner for the tie and the decisive round"
    assert got[0].text_en == "Plague roll: 7"
    over = detect(
        "p1",
        [(10, {"type": "GameOver", "winner": "p2"})],
        new,
        _snap(10, view, outcome={"winner": "p2"}),
        name=lambda s: names.get(s, s),
    )
    assert [(a.kind, a.text_fr) for a in over] == [("end", "Partie terminée : Tom gagne")]
    assert over[0].sound == "end" and over[0].vibration == "heavy"


def test_end_of_a_won_or_lost_pandemie_and_a_screen_opening_on_it():
    old = _snap(5, {})
    assert detect("p1", [], old, _snap(6, {}, outcome={"won": True}))[0].text_en == "Game won!"
    assert detect("p1", [], old, _snap(6, {}, outcome={"won": False}))[0].text_fr == "Partie perdue"
    assert [a.kind for a in detect("p1", [], None, _snap(6, {}, outcome={"won": False}))] == ["end"]
    assert detect("p1", [(3, {"type": "TurnBegan", "seat": "p1", "province": "G"})], None, _snap(6, {})) == []


def test_turn_from_the_view_when_no_event_names_it():
    assert turn_seats({"waiting_for": ["p2", "p3"]}) == ["p2", "p3"]
    old, new = _snap(1, {"waiting_for": ["p2"]}), _snap(2, {"waiting_for": ["p1"]}, choices=True)
    assert [a.kind for a in detect("p1", [], old, new)] == ["turn"]
    assert detect("p2", [], old, new) == []
    assert detect("p1", [], new, _snap(3, {"waiting_for": ["p1"]}, choices=True)) == [], (
        "still my turn: said once"
    )


def test_a_finished_game_is_nobodys_turn():
    """A lost Pandémie still names the province's last player in its view: the host's screen said « À son
    tour : Cid » under a finished game."""
    view = {"provinces": [{"code": "H", "turn": "p3"}], "outcome": {"won": False}}
    assert turn_seats(view) == [] and turn_seats({**view, "outcome": None}) == ["p3"]


def test_a_rattus_cartus_shared_tablet_announces_whose_turn_it_is_by_name():
    """Rattus Cartus names no turn in an event: the shared tablet still says whose turn it is (it said
    nothing while its players passed it around), from the players the game waits for."""
    seats = ["p1", "p2", TABLE]
    table, pj, pairs = _play_until("cartus", {"players": 2}, seats, lambda t: t.seq > 60, seed=3)
    names = {"p1": "Anaïs", "p2": "Bérénice"}
    said: list[Announcement] = []
    for old, new, _seq in pairs[TABLE]:
        said += detect(TABLE, _events(pj, TABLE, old.seq, new.seq), old, new, name=lambda s: names.get(s, s))
    turns = [a.text_fr for a in said if a.kind == "turn"]
    assert "À Anaïs de jouer" in turns and "À Bérénice de jouer" in turns, turns
    for old, new, _seq in pairs[TABLE]:  # each time the game starts waiting for someone new, and only then
        fresh = [s for s in turn_seats(new.view) if s not in turn_seats(old.view)]
        got = [a for a in detect(TABLE, _events(pj, TABLE, old.seq, new.seq), old, new) if a.kind == "turn"]
        assert bool(got) == bool(fresh and new.outcome is None), (old.seq, new.seq, fresh, got)


def test_session_events_on_the_hosting_device():
    table = Table.new(get_game("pandemie"), {"provinces": ["G"], "players": [2]}, SeededRng(3))
    pj = Projector(table, "pandemie", "t")

    evs = session_events(_Hosted(pj, "p1"), table.seq - 3)
    assert [s for s, _ in evs] == [e.seq for e in pj.entries_after("p1", table.seq - 3)]
    assert all(isinstance(e, dict) and "type" in e for _, e in evs)


@pytest.mark.parametrize("name", sounds.NAMES)
def test_sounds_are_shipped_short_wav_files(name):
    data = sounds.data(name)
    assert data == sounds.synth(name), "the shipped file is what synth() makes (python -m companion.sounds)"
    with wave.open(io.BytesIO(data)) as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2
        secs = w.getnframes() / w.getframerate()
    assert 0.1 <= secs <= 1.0
    assert len(data) < 40_000


def test_unknown_sound_is_named():
    with pytest.raises(ValueError, match="no sound 'boom'"):
        sounds.path("boom")


def test_the_shared_tablet_announces_whose_turn_it_is_in_its_province():
    view = {"provinces": [{"code": "G", "name": "Gallia"}, {"code": "H", "name": "Hispania"}]}
    old, new = _snap(1, view), _snap(3, view)
    evs = [
        (2, {"type": "TurnBegan", "province": "G", "seat": "p1"}),
        (3, {"type": "TurnBegan", "province": "H", "seat": "p3"}),
    ]
    names = {"p1": "Léa", "p3": "Tom"}.get
    assert [a.text_fr for a in detect("table", evs, old, new, name=lambda s: names(s) or s)] == [
        "À Tom de jouer",
        "À Léa de jouer",
    ]  # most recent first
    gallia = detect("table", evs, old, new, province="G", name=lambda s: names(s) or s)
    assert [a.text_en for a in gallia] == ["Léa's turn"]
    assert [
        a.text_fr for a in detect("table", evs, old, new, province="H", name=lambda s: names(s) or s)
    ] == ["À Tom de jouer"]


class _Page:
    """Just what Alerts asks of a page: a way to run a task and its platform (the browser tests use the real
    one; the race below is one a browser rarely hits on cue)."""

    platform = None
    web = False

    def run_task(self, fn: Any) -> None:
        """Runs what finishes at once (showing a banner); what waits (an error fading) is left waiting."""
        import asyncio

        async def briefly() -> None:
            try:
                await asyncio.wait_for(fn(), 0.2)
            except TimeoutError:
                pass

        asyncio.run(briefly())


def _seen_tap(alerts: Any) -> Any:
    """The "Seen" button's handler of the banner shown now (the button inside its test id)."""
    row = alerts.slot.content
    return row.controls[-1].content.on_click


def _words(alerts: Any) -> list[str]:
    row = alerts.slot.content
    import flet as ft

    lines = row.controls[1].content.content.controls  # test id → container → column

    def text(c: Any) -> str:  # an error: its test id → its band → [icon?, text]; "… and N more": its test id
        if isinstance(c, ft.Semantics):
            if isinstance(c.content, ft.Text):
                return c.content.value
            return next(x.value for x in c.content.content.controls if isinstance(x, ft.Text))
        return c.value

    return [text(c) for c in lines]


def test_a_seen_tap_on_a_replaced_banner_leaves_the_newer_announcement_shown():
    """The finger was on its way to "Seen" on a surge when "your turn" arrived: the turn was not seen, it
    stays on screen until its own banner is tapped."""
    from companion.ui.alerts import Alerts

    page = _Page()
    alerts = Alerts(page, lambda: "fr")  # type: ignore[arg-type]
    alerts.sound = False
    alerts.announce([Announcement("surge", 5, "Éclosion à Lyon", "Surge in Lyon")])
    assert alerts.shown and _words(alerts) == ["Éclosion à Lyon"]
    tap_first = _seen_tap(alerts)
    alerts.announce([Announcement("turn", 7, "À vous de jouer", "Your turn")])
    assert _words(alerts) == ["À vous de jouer", "Éclosion à Lyon"]  # (the newest first)
    tap_first(None)  # the late tap on the old banner
    assert alerts.shown and any(a.kind == "turn" for a in alerts.unseen)
    _seen_tap(alerts)(None)
    assert not alerts.shown and not alerts.unseen and alerts.slot.content is None


def test_the_banner_is_a_control_of_the_page_drawn_without_flutters_sliding_banner():
    """The banner is the page's own control, always in its place (empty when there is nothing to see): shown
    and hidden in one frame, not Flutter's MaterialBanner (~30 whole-page animation frames sliding in, and
    out again for each new one), and no control appears or goes away (the browser rebuilt the whole page,
    map included, for that: a 150-300 ms frame on a loaded tablet)."""
    import flet as ft

    from companion.ui.alerts import Alerts

    page = _Page()
    alerts = Alerts(page, lambda: "en")  # type: ignore[arg-type]
    alerts.sound = False
    assert isinstance(alerts.slot, ft.Container) and not alerts.shown and alerts.slot.visible
    alerts.announce([Announcement("rupture", 4, "Rupture !", "Rupture!")])
    assert (
        alerts.shown and alerts.slot.visible and not any(isinstance(c, ft.Banner) for c in _walk(alerts.slot))
    )
    alerts.error("Refused.")
    assert _words(alerts) == ["Refused.", "Rupture!"]
    alerts.dismiss()
    assert not alerts.shown and alerts.slot.visible and not alerts.unseen and not alerts.errors


def _walk(control: Any) -> list[Any]:
    out = [control]
    for name in ("content", "controls", "actions"):
        kids = getattr(control, name, None)
        for kid in kids if isinstance(kids, list) else [kids] if kids is not None else []:
            out += _walk(kid)
    return out


def test_news_goes_with_the_pages_next_update_and_its_sound_is_a_cue_for_the_pages_script():
    """What a snapshot announces is sent with the screen's update that the same snapshot brings (one frame);
    in a browser its sound and vibration are a numbered cue for the page's own script (companion.cue),
    forgotten once sent (a reloaded page is sent no old cue to play again)."""
    from companion import cue
    from companion.ui.alerts import Alerts

    class _Web(_Page):
        web = True

        def run_task(self, fn: Any) -> None:  # the fallback (news with no update to go with) waits
            self.waiting = fn

    page = _Web()
    alerts = Alerts(page, lambda: "fr")  # type: ignore[arg-type]

    def update() -> list[str]:
        """What the shell's next page update takes with it: (the cue's text when it goes)."""
        owed = alerts.owed()
        said = [alerts.cue.value for c in owed if c is alerts.cue]
        assert not owed or any(c is alerts.slot for c in owed)  # a cue goes with its banner
        alerts.sent()
        return said

    alerts.announce([Announcement("turn", 7, "À vous de jouer", "Your turn")])
    first = update()
    alerts.announce([Announcement("rupture", 9, "Rupture !", "Rupture!")])
    second = update()
    assert len(first) == 1 and len(second) == 1 and all(cue.CUE.match(x) for x in first + second)
    assert first[0].endswith(":1:turn:medium") and second[0].endswith(":2:alarm:heavy"), (first, second)
    assert first[0].split(":")[1] == second[0].split(":")[1]  # one page's cues, numbered
    assert alerts.cue.value == "" and update() == [], "a cue sent is forgotten"
    # a Rupture with your turn, in one snapshot: the alarm, then your turn's own sound; the strongest
    # vibration
    alerts.announce(
        [
            Announcement("turn", 12, "À vous de jouer", "Your turn"),
            Announcement("rupture", 11, "Rupture !", "Rupture!"),
        ]
    )
    both = update()
    assert both[0].endswith(":3:alarm+turn:heavy") and cue.CUE.match(both[0]), both
    alerts.sound = False  # sound off on this device: the phone still vibrates
    alerts.announce([Announcement("surge", 13, "Déferlement", "Surge")])
    assert update()[0].endswith(":4::heavy")


def test_news_with_no_page_update_to_go_with_is_sent_by_itself_a_moment_later():
    import asyncio

    from companion.ui import alerts as mod

    sent: list[str] = []

    class _Loop(_Page):
        web = True

        def run_task(self, fn: Any) -> None:
            asyncio.get_running_loop().create_task(fn())

    async def go() -> None:
        a = mod.Alerts(_Loop(), lambda: "fr")  # type: ignore[arg-type]
        a.slot.update = lambda: sent.append("banner")  # type: ignore[method-assign]
        a.cue.update = lambda: sent.append(a.cue.value)  # type: ignore[method-assign]
        a.announce([Announcement("turn", 7, "À vous de jouer", "Your turn")])
        assert sent == []  # waiting for the screen's update
        await asyncio.sleep(mod.OWED_SECONDS + 0.2)
        assert sent[0] == "banner" and sent[1].endswith(":1:turn:medium") and a.cue.value == "", sent
        assert a.owed() == []

    asyncio.run(go())


def test_the_same_error_said_again_is_one_line_that_stays_its_time_from_the_last_saying(monkeypatch):
    """Three wrong PINs in a row: one line « Code PIN incorrect », not three; it fades ERROR_SECONDS after the
    last of them, not after the first. Alone in the banner, an error has the banner's icon, not one of its
    own beside it too."""
    import asyncio

    import flet as ft

    from companion.ui import alerts as mod

    monkeypatch.setattr(mod, "ERROR_SECONDS", 0.4)

    class _Loop(_Page):
        def run_task(self, fn: Any) -> None:
            asyncio.get_running_loop().create_task(fn())

    async def go() -> None:
        a = mod.Alerts(_Loop(), lambda: "fr")  # type: ignore[arg-type]
        a.sound = False
        for _ in range(3):
            a.error("Code PIN incorrect")
            await asyncio.sleep(0.25)
        a.error("Partie introuvable")
        a.error("Code PIN incorrect")
        assert a.errors == ["Partie introuvable", "Code PIN incorrect"]
        assert _words(a) == ["Partie introuvable", "Code PIN incorrect"]
        icons = [x for x in _walk(a.slot) if isinstance(x, ft.Icon)]
        assert len(icons) == 1, "the banner's icon only"
        await asyncio.sleep(0.25)  # the first saying's time is over, not the last one's
        assert "Code PIN incorrect" in a.errors
        await asyncio.sleep(0.3)
        assert a.errors == [] and not a.shown
        a.announce([Announcement("turn", 7, "À vous de jouer", "Your turn")])
        a.error("Refusé.")  # beside an announcement, an error keeps its own icon
        assert len([x for x in _walk(a.slot) if isinstance(x, ft.Icon)]) == 2

    asyncio.run(go())


def test_switching_language_redraws_announcements_and_drops_errors_said_in_the_old_one():
    from companion.ui.alerts import Alerts

    page = _Page()
    lang = ["fr"]
    alerts = Alerts(page, lambda: lang[0])  # type: ignore[arg-type]
    alerts.sound = False
    alerts.announce([Announcement("turn", 7, "À vous de jouer", "Your turn")])
    alerts.error("La partie a changé entre-temps : vérifiez, puis choisissez à nouveau.")
    lang[0] = "en"
    alerts.relabel()
    assert alerts.shown and not alerts.errors and [a.kind for a in alerts.unseen] == ["turn"]
    assert _words(alerts) == ["Your turn"]
    alerts.error("Refusé.")
    lang[0] = "fr"
    alerts.dismiss()
    alerts.error("Code vide")
    lang[0] = "en"
    alerts.relabel()  # only an error was shown: the banner goes with it
    assert not alerts.shown


class _SteppedPage(_Page):
    """A page inside a running event loop: a task runs at once up to its first wait (the banner is shown
    before the sound and the vibration are awaited)."""

    def run_task(self, fn: Any) -> None:
        coro = fn()
        try:
            coro.send(None)
        except StopIteration:
            return
        coro.close()


def test_leaving_a_table_takes_its_announcements_away_and_drops_those_still_on_their_way(tmp_path):
    """A ravage announced at a Rattus table does not follow the device to the next screen or table."""
    import asyncio

    from companion.sync.hosting import HostServer
    from companion.ui.alerts import Alerts
    from engine.core.rng import SeededRng

    async def go() -> None:
        h = HostServer(
            "rattus",
            "R",
            tmp_path / "r.sqlite",
            {"players": 2, "mode": "physical"},
            pin="4821",
            advertise=False,
            rng=SeededRng(2),
            bind="127.0.0.1",
        )
        await h.start()
        try:
            session = h.local_session(TABLE)
            page = _SteppedPage()
            alerts = Alerts(page, lambda: "fr")  # type: ignore[arg-type]
            alerts.sound = False
            alerts.attach(session, TABLE)
            alerts.announce(
                [Announcement("ravage", 9, "La peste ravage Italia", "The plague ravages Italia")]
            )
            assert alerts.shown
            alerts.detach(session)  # the table's screen is left
            assert not alerts.unseen and not alerts.shown
            alerts.announce([Announcement("turn", 10, "À Bruno de jouer", "Bruno's turn")])  # late news
            assert not alerts.unseen and not alerts.shown
            other = h.local_session("p1")
            alerts.attach(other, "p1")  # another table's screen: its news is shown again
            alerts.announce([Announcement("turn", 11, "À vous de jouer", "Your turn")])
            assert [a.kind for a in alerts.unseen] == ["turn"] and alerts.shown
            await session.close()
            await other.close()
        finally:
            await h.stop()

    asyncio.run(go())


def test_a_turn_no_longer_true_leaves_the_banner_when_a_later_turn_or_the_end_comes():
    """The Gallia tablet's banner read "Partie perdue / … / À Alice de jouer / À Bruno de jouer" at the end:
    a "turn" not yet seen goes when a later turn of the same province comes, and every one when the game
    ends; other news stays until seen."""
    from companion.ui.alerts import Alerts

    page = _Page()
    alerts = Alerts(page, lambda: "fr")  # type: ignore[arg-type]
    alerts.sound = False
    alerts.announce([Announcement("turn", 3, "À Alice de jouer", "Alice's turn", {"at": "G"})])
    alerts.announce([Announcement("turn", 4, "À Chloé de jouer", "Chloé's turn", {"at": "H"})])
    alerts.announce([Announcement("surge", 5, "Déferlement en Gallia", "Surge in Gallia")])
    alerts.announce([Announcement("turn", 6, "À Bruno de jouer", "Bruno's turn", {"at": "G"})])
    assert sorted(a.text_fr for a in alerts.unseen) == [
        "Déferlement en Gallia",
        "À Bruno de jouer",
        "À Chloé de jouer",
    ]
    alerts.announce([Announcement("end", 9, "Partie perdue", "Game lost")])
    assert [a.text_fr for a in alerts.unseen] == ["Partie perdue", "Déferlement en Gallia"]


def test_a_page_coming_back_shows_again_the_news_it_had_not_seen_without_its_sound():
    """A device remembers up to which event it saw its news (a "Seen" tap); a page that comes back as a new
    page (a host restart, a reload made a new session) shows again what came after, unseen, and plays no
    sound again; what was seen is not shown again."""
    from companion.ui.alerts import Alerts

    def p2_turn(table: Table) -> bool:
        return any(
            msgspec.to_builtins(e.event).get("type") == "TurnBegan"
            and msgspec.to_builtins(e.event).get("seat") == "p2"
            for e in pj_box[0].entries_after("p2", 0)
        )

    pj_box: list[Projector] = []
    table = Table.new(get_game("pandemie"), {"provinces": ["G"], "players": [2]}, SeededRng(3))
    pj_box.append(Projector(table, "pandemie", "t"))
    pj = pj_box[0]
    for _ in range(400):
        if p2_turn(table):
            break
        actor = next(s for s in ("p1", "p2") if table.game.legal(table.state, s))
        table.act(table.game.legal(table.state, actor)[0])
    turn_seq = next(
        e.seq
        for e in pj.entries_after("p2", 0)
        if msgspec.to_builtins(e.event).get("type") == "TurnBegan"
        and msgspec.to_builtins(e.event).get("seat") == "p2"
    )

    local = _Hosted(pj, "p2")

    class _Web(_Page):
        web = True

    remembered: list[int] = []
    back = Alerts(_Web(), lambda: "fr")  # type: ignore[arg-type]
    back.on_seen = remembered.append
    back.attach(local, "p2", since=turn_seq - 1)  # seen up to just before p2's turn began
    assert [a.kind for a in back.unseen] == ["turn"] and back.shown
    assert back.cue.value == "", "a sound heard (or missed) before is not played again"
    _seen_tap(back)(None)  # now seen: remembered up to the table's last event
    assert remembered[-1] == local.snapshot.seq and not back.shown
    again = Alerts(_Web(), lambda: "fr")  # type: ignore[arg-type]
    again.attach(_Hosted(pj, "p2"), "p2", since=remembered[-1])
    assert not again.unseen and not again.shown


def test_your_turn_leaves_the_banner_once_the_turn_has_passed_to_another_player():
    """A phone left in a pocket through its player's turn read "À vous de jouer !" all through the next
    player's turn (the benchmark's last screenshots): an unseen "your turn" goes once the view names
    another player in turn; other news (a surge) stays until seen."""
    from companion.ui.alerts import Alerts

    table = Table.new(get_game("pandemie"), {"provinces": ["G"], "players": [2]}, SeededRng(3))
    pj = Projector(table, "pandemie", "t")
    local = _Hosted(pj, "p1")
    alerts = Alerts(_Page(), lambda: "fr")  # type: ignore[arg-type]
    alerts.sound = False
    alerts.attach(local, "p1")

    def play_until(test: Any) -> None:
        for _ in range(600):
            if test():
                return
            actor = next(s for s in ("p1", "p2") if table.game.legal(table.state, s))
            table.act(table.game.legal(table.state, actor)[0])
            local.tell()
        raise AssertionError("the game never got there")

    def in_turn() -> list[str]:
        return turn_seats(local.snapshot.view or {})

    play_until(lambda: in_turn() == ["p2"])
    play_until(lambda: in_turn() == ["p1"])  # p1's turn: announced
    assert [a.text_fr for a in alerts.unseen if a.kind == "turn"] == ["À vous de jouer !"] and alerts.shown
    alerts.announce([Announcement("surge", local.snapshot.seq, "Déferlement en Gallia", "Surge in Gallia")])
    play_until(lambda: in_turn() == ["p2"])  # p1 never looked: the turn has passed
    assert not any(a.kind == "turn" for a in alerts.unseen), [a.text_fr for a in alerts.unseen]
    assert "Déferlement en Gallia" in [a.text_fr for a in alerts.unseen] and alerts.shown
    assert "À vous de jouer !" not in "\n".join(_words(alerts))
    alerts.dismiss()
    play_until(lambda: in_turn() == ["p1"])  # p1's next turn is announced again
    assert [a.kind for a in alerts.unseen if a.kind == "turn"] == ["turn"]
    play_until(lambda: in_turn() == ["p2"])
    assert not any(a.kind == "turn" for a in alerts.unseen) and alerts.shown == bool(alerts.unseen)
    # only the turn was there: the banner goes (its place stays, empty); a province tablet's "À Léa de
    # jouer" is not this rule's (a later turn of its province replaces it)
    seq = local.snapshot.seq
    alerts.dismiss()
    alerts.announce([Announcement("turn", seq, "À Léa de jouer", "Léa's turn", {"who": "Léa", "at": "H"})])
    alerts.announce([Announcement("turn", seq + 1, "À vous de jouer !", "Your turn!")])
    local.tell(_snap(seq + 2, {"provinces": [{"turn": "p2"}]}))
    assert [a.text_fr for a in alerts.unseen] == ["À Léa de jouer"] and alerts.shown
    alerts.dismiss()
    alerts.announce([Announcement("turn", seq + 3, "À vous de jouer !", "Your turn!")])
    local.tell(_snap(seq + 4, {"provinces": [{"turn": "p2"}]}))
    assert not alerts.unseen and not alerts.shown


def test_a_phone_banner_keeps_to_what_fits_the_newest_first_and_counts_the_rest():
    """Six announcements stacked over half a phone's screen until "Seen": a phone shows the newest two (two
    lines each at most) and "… et 4 autres nouvelles"; a tablet the newest four; "Seen" clears them all."""
    import flet as ft

    from companion.ui.alerts import Alerts, unbroken

    news = [
        Announcement("surge", 3, "Déferlement barbare en Gallia !", "Barbarian surge in Gallia!"),
        Announcement("rupture", 4, "Rupture en Gallia !", "Rupture in Gallia!"),
        Announcement("ravage", 5, "La peste ravage Italia", "The plague ravages Italia"),
        Announcement("rat_token", 6, "Jeton rat révélé en Italia", "Rat token revealed in Italia"),
        Announcement("war", 7, "Guerre : Léa contre Marc", "War: Léa against Marc"),
        Announcement("turn", 8, "À vous de jouer !", "Your turn!"),
    ]
    for width, shown in ((390, 2), (1280, 4)):
        page = _Page()
        page.width = width  # type: ignore[attr-defined]
        alerts = Alerts(page, lambda: "fr")  # type: ignore[arg-type]
        alerts.sound = False
        for a in news:
            alerts.announce([a])
        words = _words(alerts)
        assert words[:shown] == [unbroken(a.text_fr) for a in reversed(news)][:shown], words  # newest first
        more = "… et 4 autres nouvelles" if shown == 2 else "… et 2 autres nouvelles"
        assert words[shown:] == [more], words
        lines = alerts.slot.content.controls[1].content.content.controls
        texts = [c for c in lines if isinstance(c, ft.Text)]
        assert all(t.max_lines == (2 if width == 390 else None) for t in texts[:shown])
        alerts.error("Refusé : un")
        alerts.error("Refusé : deux")
        errors = [
            c for c in alerts.slot.content.controls[1].content.content.controls if isinstance(c, ft.Semantics)
        ]
        assert len([e for e in errors if e.identifier == "error"]) == (1 if width == 390 else 2)
        _seen_tap(alerts)(None)
        assert not alerts.unseen and not alerts.shown
