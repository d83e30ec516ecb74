"""Rattus Cartus and Plague & Pestilence screens, the Plague 2d6 profile form and the Rattus token census
(view-model code: no browser)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.ui import i18n
from companion.ui import profiles as P
from companion.ui.cartus import model as cm
from companion.ui.plague import model as pm
from engine.core.rng import SeededRng

plague = pytest.importorskip("engine.games.plague")
cartus = pytest.importorskip("engine.games.cartus")
rattus = pytest.importorskip("engine.games.rattus")

PROSPERITY = [0, 5, 5, 10, 10, 15, 15, 20, 20, 25, 30]
PLAGUE = [20, 15, 15, 10, 10, 5, 5, 10, 10, 15, 20]


def _form(name: str = "our box", prosperity=PROSPERITY, plague_=PLAGUE) -> P.PlagueForm:
    return P.PlagueForm(
        name=name,
        values={
            "prosperity": {t: str(v) for t, v in zip(range(2, 13), prosperity, strict=True)},
            "plague": {t: str(v) for t, v in zip(range(2, 13), plague_, strict=True)},
        },
    )


def _profile() -> dict:
    prof = P.plague_check(_form())
    assert prof is not None
    return prof


# -- the Plague profile form -----------------------------------------------------------------------------
def test_plague_form_gives_the_validated_profile():
    prof = _profile()
    assert prof["prosperity"] == PROSPERITY and prof["plague"] == PLAGUE and prof["name"] == "our box"
    state, _ = plague.setup({"players": 3, "profile": prof}, SeededRng(1))  # the engine takes it as is
    assert state is not None


def test_plague_form_puts_each_problem_on_its_field():
    form = _form()
    form.values["prosperity"][4] = "x"
    form.values["plague"][7] = "5-"
    form.values["plague"][12] = ""
    form.values["prosperity"][11] = "5000"
    form.name = " "
    assert P.plague_check(form) is None
    assert form.errors["prosperity-4"].startswith("not a whole number")
    assert form.errors["plague-7"].startswith("not a whole number")
    assert form.errors["plague-12"] == "empty"
    assert "more than" in form.errors["prosperity-11"]
    assert form.errors["name"] == "empty"
    assert set(form.errors) == {"prosperity-4", "plague-7", "plague-12", "prosperity-11", "name"}


def test_plague_form_takes_each_value_as_the_card_prints_it():
    """A cell accepts "-10" or "10" on the Plague side (a loss either way), and the other sign where a card
    shows it: "-2" on the Prosperity side loses 2 PPs, "+1" on the Plague side gains 1."""
    form = _form()
    form.values["plague"][2] = "-20"
    form.values["prosperity"][2] = "-2"
    form.values["plague"][12] = "+1"
    prof = P.plague_check(form)
    assert prof is not None, form.errors
    assert prof["plague"][0] == 20 and prof["prosperity"][0] == -2 and prof["plague"][10] == -1
    again = P.plague_form_from(prof)
    assert again.values["prosperity"][2] == "-2" and again.values["plague"][12] == "+1"
    assert again.values["plague"][2] == "20"


def test_an_empty_form_is_refused_field_by_field_never_filled_in():
    form = P.PlagueForm(name="x")
    assert P.plague_check(form) is None
    assert len([k for k in form.errors if k]) == 22


def test_plague_profiles_are_saved_listed_and_never_overwritten(tmp_path):
    prof = _profile()
    a = P.plague_save(tmp_path, prof)
    b = P.plague_save(tmp_path, prof)
    assert a != b and a.parent == tmp_path / "profiles" / "plague"
    (a.parent / "broken.json").write_text("{", encoding="utf-8")
    saved = P.plague_profiles(tmp_path)
    good = [s for s in saved if not s.error]
    assert [s.name for s in good] == ["our box", "our box"] and good[0].profile["plague"] == PLAGUE
    assert any(s.error and "not JSON" in s.error for s in saved)
    assert not list(tmp_path.glob("*.sqlite")), "profiles are not mistaken for saved tables"
    again = P.plague_form_from(good[0].profile)
    assert P.plague_check(again) == prof


class _FakeShell:
    def __init__(self, data_dir: Path) -> None:
        self.hub = SimpleNamespace(data_dir=data_dir, advertise=True)
        self.lang = "fr"
        self.toasts: list[tuple[str, bool]] = []
        self.refreshed = 0
        self.phone = True

    def toast(self, message: str, error: bool = False) -> None:
        self.toasts.append((message, error))

    def refresh(self) -> None:
        self.refreshed += 1

    def camera_kind(self) -> str:
        return ""


def test_plague_panel_shows_errors_on_fields_then_saves_and_selects(tmp_path):
    from companion.ui.plague.profile_panel import PlagueProfilePanel

    shell = _FakeShell(tmp_path)
    panel = PlagueProfilePanel(shell)  # type: ignore[arg-type]
    panel.render()
    assert panel.entering, "no saved profile: the form is open"
    assert panel.selected_profile() is None
    panel.name.value = "notre boîte"
    for t, v in zip(range(2, 13), PROSPERITY, strict=True):
        panel.fields[f"prosperity-{t}"].value = str(v)
    for t, v in zip(range(2, 13), PLAGUE, strict=True):
        panel.fields[f"plague-{t}"].value = str(v)
    panel.fields["plague-9"].value = "dix"
    panel.save()
    assert panel.fields["plague-9"].error == i18n.tr("pp.err.number", "fr")
    assert panel.fields["plague-8"].error is None and "1 valeur" in panel.summary
    assert panel.selected_profile() is None and not P.plague_profiles(tmp_path)
    panel.fields["plague-9"].value = "10"
    panel.save()
    assert panel.fields["plague-9"].error is None
    chosen = panel.selected_profile()
    assert chosen is not None and chosen["name"] == "notre boîte" and not panel.entering
    # next time (a new form): the saved profile is offered and, being the only one, chosen
    panel2 = PlagueProfilePanel(shell)  # type: ignore[arg-type]
    panel2.render()
    assert not panel2.entering and panel2.selected_profile() == chosen


# -- the Rattus census -----------------------------------------------------------------------------------
def _faces() -> dict[str, str]:
    """A made-up face for each token (tests only: the real ones come from a group's own box)."""
    classes = ["paysannerie", "bourgeoisie", "clerge", "chevalerie", "magie", "noblesse"]
    return {f"RAT:{i:02d}": f"{1 + i % 4} M {classes[i % 6]}" for i in range(1, 50)}


def test_census_is_saved_after_every_token_and_resumes(tmp_path):
    cf = P.CensusFile.new(tmp_path, "Notre boîte")
    assert cf.path.parent == tmp_path / "profiles" / "rattus" and cf.progress().done == 0
    cf.record("PT1:RAT:07:" + _check("RAT:07"), "2 M clergé")  # a scanned sticker text
    cf.record("rat:8", "3 A")
    on_disk = json.loads(cf.path.read_text(encoding="utf-8"))
    faces = {t["id"]: (t.get("threshold"), t.get("symbols")) for t in on_disk["tokens"]}
    assert faces["RAT:07"] == (2, ["M", "clerge"]) and faces["RAT:08"] == (3, ["A"])
    again = P.CensusFile.open(cf.path)
    assert again.progress().done == 2 and again.name == "Notre boîte"
    with pytest.raises(rattus.profile.CensusError, match="already recorded"):
        again.record("RAT:07", "4 M")
    again.record("RAT:07", "4 M", replace=True)
    assert again.face("RAT:07").threshold == 4
    with pytest.raises(rattus.profile.CensusError, match="still to record"):
        again.finish()
    with pytest.raises(ValueError):
        again.record("RAT:50", "1 M")
    listed = P.rattus_profiles(tmp_path)
    assert [(s.name, s.done, s.total, s.complete) for s in listed] == [("Notre boîte", 2, 49, False)]


def _check(cid: str) -> str:
    from engine.core.codes import payload

    return payload(cid).rsplit(":", 1)[1]


def test_a_complete_census_makes_a_rattus_table(tmp_path):
    cf = P.CensusFile.new(tmp_path, "box")
    for tid, face in _faces().items():
        cf.record(tid, face)
    prof = cf.finish()
    assert prof.complete
    saved = P.rattus_profiles(tmp_path)
    assert saved[0].complete
    opts = {"players": 3, "mode": "digital", **P.rattus_option(saved[0])}
    state, _ = rattus.setup(opts, SeededRng(4))  # the digital bag needs every face: accepted
    assert state is not None


def test_census_screen_records_taps_and_refuses_bad_tokens(tmp_path):
    from companion.ui.screens.census import CensusScreen

    shell = _FakeShell(tmp_path)
    screen = CensusScreen(shell)  # type: ignore[arg-type]
    screen.render()
    screen.new_name.value = "camp"
    screen._start()
    assert screen.census is not None and screen.token.value == "RAT:01", "the next missing token is offered"
    screen._set_threshold(2)(None)
    screen._toggle("M")(None)
    screen._toggle("magie")(None)
    screen.record()
    assert screen.census.progress().done == 1 and screen.token.value == "RAT:02"
    assert P.rattus_profiles(tmp_path)[0].done == 1, "saved at once"
    screen.token.value = "RAT:99"
    screen._set_threshold(1)(None)
    screen._toggle("A")(None)
    screen.record()
    assert shell.toasts[-1][1] and "RAT:99" in shell.toasts[-1][0]
    screen.token.value = "RAT:03"
    screen.threshold = None
    screen.symbols = []
    screen.record()  # no face tapped: refused with the reason, nothing recorded
    assert shell.toasts[-1][1] and screen.census.progress().done == 1
    screen.render()


# -- the Cartus and Plague screens -----------------------------------------------------------------------
def test_cartus_board_shows_the_rat_total_only_to_its_owner():
    state, _ = cartus.setup({"players": 3}, SeededRng(1))
    table = cm.cartus_board(cartus.view(state, "table"), "fr", "table")
    mine = cm.cartus_board(cartus.view(state, "p1"), "en", "p1")
    assert table.private is None
    total = cartus.view(state, "p1")["my_rats"]["total"]
    assert mine.private is not None and str(total) in mine.private.rats_line
    assert "Support a building" in mine.todo
    assert [p.seat for p in mine.players] == ["p1", "p2", "p3"] and mine.players[0].acting
    assert mine.row and all(name for name, _ in mine.row)
    assert dict(table.counters)["Manche"].startswith("1 /")
    assert dict(table.counters)["Premier joueur"] == "Joueur 1", "a seat by its player, never p1"


def test_the_rat_total_adds_up_from_the_tokens_it_is_made_of():
    """The rats are tokens of 1, 3 and 5: the total is shown with the sum it is made of."""
    import msgspec

    state, _ = cartus.setup({"players": 3}, SeededRng(1))
    state = msgspec.structs.replace(state, tokens={**state.tokens, "p1": (2, 1, 1)})
    mine = cm.cartus_board(cartus.view(state, "p1"), "fr", "p1")
    assert mine.private is not None
    assert mine.private.rats_line == "Total de vos rats : 10  (2 × 1 + 1 × 3 + 1 × 5)"


def test_plague_board_hides_populations_and_shows_hand_and_dice():
    prof = _profile()
    state, _ = plague.setup({"players": 3, "profile": prof, "hidden_population": True}, SeededRng(1))
    table = pm.plague_board(plague.view(state, "table"), "en", "table")
    assert table.private is None
    assert all("population hidden" in p.detail for p in table.players)
    assert table.dice and all(re.search(r"= \d+$", d) for d in table.dice)
    p1 = pm.plague_board(plague.view(state, "p1"), "en", "p1")
    assert p1.private is not None and p1.private.population == 50 and len(p1.private.hand) == 5
    assert all(" — " in c for c in p1.private.hand), "cards named with their effect"
    current = plague.view(state, "table")["current"]
    theirs = pm.plague_board(plague.view(state, current), "fr", current)
    assert theirs.todo.startswith("Lancez les dés")
    assert "On attend" in pm.plague_board(plague.view(state, "table"), "fr", "table").todo


def test_plague_open_populations_are_not_repeated_as_private():
    state, _ = plague.setup({"players": 2, "profile": _profile()}, SeededRng(2))
    b = pm.plague_board(plague.view(state, "table"), "fr", "table")
    assert all("50 PP" in p.detail for p in b.players)
    assert pm.plague_board(plague.view(state, "p1"), "fr", "p1").private.population is None


def _playout(game, state, steps: int, seed: int):
    rng = SeededRng(seed)
    for _ in range(steps):
        seats = [s for s in game.view(state, "table").get("waiting_for") or []] or list(state.seats)
        moves = [(s, i) for s in seats for i in game.legal(state, s)]
        if not moves:
            break
        _s, intent = moves[rng.randbelow(len(moves))]
        for ev in game.apply(state, intent, rng):
            state = game.fold(state, ev)
        yield state


@pytest.mark.parametrize("name", ["cartus", "plague"])
def test_renderers_follow_a_random_game_without_falling_back(name):
    import flet as ft

    from companion.ui import games

    game = {"cartus": cartus, "plague": plague}[name]
    opts = {"players": 3} | ({"profile": _profile(), "hidden_population": True} if name == "plague" else {})
    start, _ = game.setup(opts, SeededRng(7))
    renderer = games.GAME_UIS[name].board
    build = cm.cartus_board if name == "cartus" else pm.plague_board
    n = 0
    for state in _playout(game, start, 60, 11):
        for seat in ("table", "p1"):
            for lang in ("fr", "en"):
                view = game.view(state, seat)
                assert isinstance(renderer(view, lang, seat), ft.Column)
                b = build(view, lang, seat)
                assert "{" not in b.todo and not b.todo.startswith(("À vous :", "Your move:")), b.todo
                assert (b.private is None) == (seat == "table")
        n += 1
    assert n > 10


def test_new_table_form_passes_the_chosen_profiles(tmp_path):
    from companion.ui.screens.new_table import NewTableScreen

    shell = _FakeShell(tmp_path)
    screen = NewTableScreen(shell)  # type: ignore[arg-type]
    screen.game = "plague"
    assert screen._profile_option({"players": 3}) is None, "no profile: refused, nothing invented"
    assert shell.toasts[-1] == (i18n.tr("pp.need", "fr"), True)
    P.plague_save(tmp_path, _profile())
    screen.panels["plague"].render()  # the only saved profile is chosen
    opts = screen._profile_option({"players": 3})
    assert opts is not None and opts["profile"]["plague"] == PLAGUE and opts["players"] == 3
    typed = {"players": 3, "profile": {"name": "typed"}}
    assert screen._profile_option(typed) == typed, "the advanced JSON field wins"

    screen.game = "rattus"
    assert screen._profile_option({"players": 3}) == {"players": 3}, "default board"
    cf = P.CensusFile.new(tmp_path, "half")
    cf.record("RAT:01", "1 M")
    screen.panels["rattus"].choose(cf.path)
    half = screen._profile_option({"players": 3, "mode": "physical"})  # it serves the real tokens
    assert half is not None and half["profile"]["name"] == "half"
    assert rattus.setup(half, SeededRng(1))[0].profile.face("RAT:01") is not None
    with pytest.raises(rattus.OptionsError, match="Two ways out"):  # the hidden bag needs every face
        rattus.setup({**half, "mode": "digital"}, SeededRng(1))
    for tid, face in _faces().items():
        cf.record(tid, face, replace=True)
    opts = screen._profile_option({"players": 3, "mode": "digital"})
    assert opts is not None and len(opts["profile"]["tokens"]) == 49
    state, _ = rattus.setup(opts, SeededRng(1))
    assert state is not None


def test_entering_a_building_is_one_stepper_and_a_building_not_a_button_per_pair():
    """Phase C: the cards laid are set once (one tap), then the building is tapped by its name: every legal
    Enter is reachable, and nothing that is not legal."""
    import msgspec

    from companion.session import Choice
    from companion.ui.cartus.picker import enter_plan

    state, _ = cartus.setup({"players": 3}, SeededRng(1))
    while state.phase == "B":  # phase B: everybody supports the first building (draw 1)
        seat = cartus.rules.waiting_for(state)[0]
        for e in cartus.apply(state, cartus.Support(seat=seat, building=0, draw=1), SeededRng(0)):
            state = cartus.fold(state, e)
    seat = cartus.rules.waiting_for(state)[0]
    choices = [Choice(json.loads(msgspec.json.encode(i)), "", "") for i in cartus.legal(state, seat)]
    plan = enter_plan(choices, cartus.view(state, seat))
    assert plan is not None
    enters = {
        (int(c.intent["building"]), int(c.intent["cards"])) for c in choices if c.intent["type"] == "Enter"
    }
    assert len(enters) > len(plan.buildings) + len(plan.counts), "fewer controls than buttons"
    for b in plan.buildings:
        for n in plan.counts:
            assert (plan.pick(b, n) is not None) == ((b, n) in enters)
    name = plan.name(plan.buildings[0], "fr")
    assert name and not name.isdigit(), "a building by its name"


def test_a_plague_hand_reads_in_the_screens_language_with_the_printed_name_to_find_the_card():
    """One language at a time: a French hand says "Inondation (Flood)", an English one "Flood"; the log and
    the buttons say "Inondation" alone."""
    from engine.games.plague.cards import card_types, key_of
    from engine.games.plague.events import Discard
    from engine.games.plague.text import describe

    state, _ = plague.setup({"players": 3, "profile": _profile()}, SeededRng(1))
    hand = plague.view(state, "p1")["hand"]
    fr = pm.plague_board(plague.view(state, "p1"), "fr", "p1").private.hand
    en = pm.plague_board(plague.view(state, "p1"), "en", "p1").private.hand
    for card, f, e in zip(hand, fr, en, strict=True):
        t = card_types()[key_of(card)]
        assert e.startswith(f"{t.name} — ") and t.en in e
        shown = t.fr_name if t.fr_name == t.name else f"{t.fr_name} ({t.name})"
        assert f.startswith(f"{shown} — ") and t.fr in f
        assert describe(Discard(seat="p1", card=card), "fr") == f"Défausser {t.fr_name}"
    assert pm.plague_card("flood-1", "fr").startswith("Inondation (Flood) — ")


def test_a_cartus_screen_shows_every_part_of_its_view_in_words_nothing_left_to_other_information():
    """ "Autres informations" listed what the screen did not show, raw: "Specials in play: sword",
    "Victory tokens count: printed" on a French screen. Each part is now said (the special cards in play
    by their names) or deliberately left out (how the group counts its tokens: a setup option)."""
    state, _ = cartus.setup({"players": 3}, SeededRng(1))
    view = cartus.view(state, "p1")
    assert not set(view) - cm.CARTUS_SHOWN, sorted(set(view) - cm.CARTUS_SHOWN)
    counters = dict(cm.cartus_board(view, "fr", "p1").counters)
    assert counters["Cartes spéciales en jeu"] == "Épée"
    assert dict(cm.cartus_board(view, "en", "p1").counters)["Special cards in play"] == "Sword"


def test_the_cartus_log_names_the_building_entered_and_whose_actions_begin():
    """ "Anaïs entre dans le bâtiment n° 1 (place 1)": the events now carry their building card, and the log
    names it (a save made before says the number, as then)."""
    from engine.core import Table
    from engine.games.cartus import events as ce
    from engine.games.cartus.describe import describe

    seen: dict[str, str] = {}
    table = Table.new(cartus.GAME, {"players": 3}, SeededRng(1))
    rng = SeededRng(5)
    for _ in range(600):
        if "Entered" in seen and "ActionsBegan" in seen:
            break
        seats = cartus.view(table.state, "table").get("waiting_for") or []
        moves = [i for s in seats for i in cartus.legal(table.state, s)]
        if not moves:
            break
        for entry in table.act(moves[rng.randbelow(len(moves))]):
            if isinstance(entry.event, ce.Entered | ce.ActionsBegan):
                seen.setdefault(type(entry.event).__name__, describe(entry.event, "fr"))
    assert set(seen) == {"Entered", "ActionsBegan"}, seen
    assert all("n°" not in text for text in seen.values()), seen
    old = ce.Entered(seat="p1", building=0, slot=1, cards=2)  # an event from an older save
    assert describe(old, "fr") == "p1 entre dans le bâtiment n° 1 (place 1) avec 2 cartes"


def test_typing_in_plagues_new_table_form_measures_nothing_and_raises_nothing(tmp_path):
    """Plague has no win-rate measure: a pause in typing its form (which asks the measure to draw again)
    leaves the form as it is, with no error in the background."""
    from types import SimpleNamespace

    from companion.ui.screens.new_table import NewTableScreen

    shell = SimpleNamespace(hub=SimpleNamespace(data_dir=tmp_path, advertise=False), lang="fr", phone=False)
    form = NewTableScreen(shell, game="plague")  # type: ignore[arg-type]
    form._show_estimate()  # what the typing pause runs
    assert form.estimate_box.content is None and form._difficulty() == []
