"""The app's view-model: generic rendering, choices, scan matching, options, saved tables, i18n."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.session import Choice, LogLine
from companion.ui import i18n, model

UI = Path(__file__).resolve().parents[2] / "companion" / "ui"


# -- i18n -------------------------------------------------------------------------------------------
def test_every_text_has_french_and_english():
    for table in (i18n.STRINGS, i18n.KEY_LABELS, i18n.REASONS):
        for key, entry in table.items():
            assert set(entry) == {"fr", "en"}, key
            assert all(v.strip() for v in entry.values()), key


def test_placeholders_are_the_same_in_both_languages():
    for key, entry in i18n.STRINGS.items():
        fields = [sorted(re.findall(r"{(\w+)}", v)) for v in entry.values()]
        assert fields[0] == fields[1], key


def test_every_key_used_by_the_screens_exists():
    used: set[str] = set()
    for path in UI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "tr" and node.args:
                arg = node.args[0]
                branches = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                used.update(b.value for b in branches if isinstance(b, ast.Constant))
            if isinstance(node, ast.IfExp):  # key = "a" if x else "b", passed to tr() later
                for b in (node.body, node.orelse):
                    if isinstance(b, ast.Constant) and isinstance(b.value, str) and b.value in i18n.STRINGS:
                        used.add(b.value)
    assert used, "no tr() call found"
    assert used <= set(i18n.STRINGS), sorted(used - set(i18n.STRINGS))
    # the start tiles build "<key>.sub" at run time
    for k in ("start.new", "start.join", "start.resume"):
        assert k + ".sub" in i18n.STRINGS


def test_french_is_the_default_and_missing_keys_fail_loudly():
    assert i18n.tr("start.new") == "Nouvelle table"
    assert i18n.tr("start.new", "en") == "New table"
    assert i18n.tr("table.turn", "en", who="p2") == "Turn: p2"
    with pytest.raises(KeyError):
        i18n.tr("no.such.key")


def test_key_labels_translate_known_words_and_humanise_others():
    assert i18n.key_label("outbreaks", "fr") == "Éclosions"
    assert i18n.key_label("outbreaks", "en") == "Outbreaks"
    assert i18n.key_label("rat_total", "en") == "Rat total"
    assert i18n.key_label("p3", "fr") == "p3"


# -- generic renderer -------------------------------------------------------------------------------
def test_generic_sections_cover_scalars_lists_dicts_and_nested():
    view = {
        "turn": "p2",
        "outbreaks": 3,
        "hand": ["PC:LUG01", "PC:NAR02"],
        "hand_sizes": {"p1": 2, "p2": 5},
        "hands_by_colour": {"red": ["a", "b"], "blue": []},
        "boards": {"gaul": {"cubes": 12, "cities": {"Lugdunum": 2}}},
        "history": [{"city": "Roma", "cubes": 3}],
        "over": False,
    }
    secs = model.sections(view, "fr")
    head = secs[0]
    assert head.title == "En bref"
    assert ("Tour", "p2") in head.counters and ("Éclosions", "3") in head.counters
    assert ("Main", ["PC:LUG01", "PC:NAR02"]) in head.lists
    assert ("Over", "non") in head.counters
    by_title = {s.title: s for s in secs}
    assert by_title["Cartes en main"].counters == [("p1", "2"), ("p2", "5")]
    assert by_title["Hands by colour"].lists == [("Red", ["a", "b"]), ("Blue", [])]
    boards = by_title["Plateaux"]
    gaul = boards.children[0]
    assert gaul.title == "Gaul" and ("Cubes", "12") in gaul.counters
    assert gaul.children[0].title == "Villes" and gaul.children[0].counters == [("Lugdunum", "2")]
    assert by_title["History"].lists == [("", ["Ville Roma · Cubes 3"])]


def test_generic_sections_skip_keys_and_handle_empty_view():
    assert model.sections({}, "en") == []
    secs = model.sections({"a": 1, "secret": 2}, "en", skip=("secret",))
    assert secs[0].counters == [("A", "1")]


def test_deep_views_are_cut_to_a_line():
    deep: dict = {"x": 1}
    for _ in range(8):
        deep = {"k": deep, "n": 1}
    secs = model.sections({"root": deep}, "en")
    assert secs  # no recursion error; the deepest levels become one text line
    flat = repr(secs)
    assert "X: 1" in flat or "x" in flat.lower()


def test_fmt():
    assert model.fmt(True, "fr") == "oui" and model.fmt(False, "en") == "no"
    assert model.fmt(None) == "—"
    assert model.fmt(2.50) == "2.5" and model.fmt(3.0) == "3"
    assert model.fmt([], "en") == "(empty)"
    assert model.fmt({"cubes": 2}, "en") == "Cubes: 2"


def test_whose_turn():
    from companion.announce import whose_turn

    assert whose_turn({"current": "p3"}) == "p3"
    assert whose_turn({"turn": {"seat": "p1", "n": 4}}) == "p1"
    assert whose_turn({"turn": 4}) is None
    assert whose_turn({}) is None


def test_turn_seats_reads_provinces_waiting_lists_and_usual_keys():
    from companion.announce import turn_seats

    assert turn_seats({"provinces": [{"turn": "p1"}, {"turn": "p5"}, {"turn": None}]}) == ["p1", "p5"]
    assert turn_seats({"waiting_for": ["p2", "p3"]}) == ["p2", "p3"]
    assert turn_seats({"active": "p4"}) == ["p4"]
    assert turn_seats({"waiting_for": [], "current": "p2"}) == ["p2"]  # nobody awaited: the usual key
    assert turn_seats({}) == []


def test_seat_labels():
    assert model.seat_label("table", "fr").startswith("Tablette")
    assert model.seat_label("p2", "en") == "Player 2", "never a bare p2"


# -- choices and scans ------------------------------------------------------------------------------
CHOICES = [
    Choice({"type": "Move", "seat": "p1", "to": "Roma"}, "Aller à Roma", "Go to Roma"),
    Choice({"type": "Move", "seat": "p1", "to": "Lugdunum"}, "Aller à Lugdunum", "Go to Lugdunum"),
    Choice({"type": "PlayCard", "seat": "p1", "card": "PC:GA01"}, "Jouer Lugdunum", "Play Lugdunum"),
    Choice({"type": "DiscardMany", "seat": "p1", "cards": ["PC:GA01", "PC:IT02"]}, "Défausser", "Discard"),
    Choice({"type": "treat_disease", "seat": "p1", "target": {"card": "PI:IT02"}}, "", "Treat"),
]


def test_group_choices_by_intent_type_in_game_order():
    groups = model.group_choices(CHOICES, "en")
    assert [g.kind for g in groups] == ["Move", "PlayCard", "DiscardMany", "treat_disease"]
    assert groups[0].title == "Move" and groups[0].items == [(0, "Go to Roma"), (1, "Go to Lugdunum")]
    assert groups[1].title == "Play card"
    assert groups[3].title == "Treat disease"
    fr = model.group_choices(CHOICES, "fr", titles={"Move": {"fr": "Se déplacer", "en": "Move"}})
    assert fr[0].title == "Se déplacer"
    assert fr[3].items == [(4, "Treat")]  # no French label: the English one rather than nothing


def test_a_scanned_component_matches_the_intents_that_name_it():
    assert model.matching_choices(CHOICES, "PC:GA01") == [2, 3]
    assert model.matching_choices(CHOICES, "PC:IT02") == [3]
    assert model.matching_choices(CHOICES, "PI:IT02") == [4]
    assert model.matching_choices(CHOICES, "RAT:07") == []
    assert model.matching_choices(CHOICES, "p1") == []  # the seat field is not a component


def test_scans_match_payload_fields_and_short_keys():
    from engine.core.codes import payload

    choices = [
        Choice({"type": "FlipToken", "seat": "p1", "region": "R3", "token": payload("RAT:07")}, "a", "a"),
        Choice({"type": "Move", "seat": "p1", "to": "G09"}, "b", "b"),
        Choice({"type": "PlayEvent", "seat": "p1", "card": "PE:G5", "city": "G09"}, "c", "c"),
        Choice({"type": "Bid", "seat": "p1", "amount": "07"}, "d", "d"),
    ]
    assert model.matching_choices(choices, "RAT:07") == [0]  # not the bid of "07": too short a key
    assert model.matching_choices(choices, "PC:G09") == [1, 2]  # the city card names the city G09
    assert model.matching_choices(choices, "PE:G5") == [2]  # exact matches win over short keys
    assert model.match_choices(choices, "PC:G09") == ([1, 2], False)  # short-key matches: offered, not played
    assert model.match_choices(choices, "RAT:07") == ([0], True)


def test_every_refusal_reason_of_codes_is_translated():
    from engine.core import codes

    for raw in ("hello", "PT1:RAT:07", "PT1:RAT:07:Z", "", "PT1:RATX:" + codes.check_char("PT1:RATX")):
        reason = model.parse_entry(raw).reason
        assert reason in i18n.REASONS, reason
        assert i18n.reason_text(reason, "fr") != reason or reason == "vide"
    assert i18n.reason_text("some new reason", "fr") == "some new reason"


def test_parse_entry_accepts_payloads_and_typed_ids():
    from engine.core.codes import payload

    assert model.parse_entry(payload("RAT:07")).component_id == "RAT:07"
    assert model.parse_entry("  rat:07 ").component_id == "RAT:07"
    bad = model.parse_entry("PT1:RAT:07:Z")
    assert bad.component_id is None and "check" in bad.reason
    assert model.parse_entry("hello world").foreign
    assert model.parse_entry("").reason == "empty"


def test_log_lines_newest_first_in_the_chosen_language():
    log = [LogLine(i, f"fr{i}", f"en{i}") for i in range(1, 60)]
    lines = model.log_lines(log, "en", limit=3)
    assert lines == [(59, "en59"), (58, "en58"), (57, "en57")]
    assert model.log_lines([LogLine(1, "seul", "")], "en") == [(1, "seul")]


def test_audit_summary():
    assert model.audit_summary(None) == (None, [])
    ok, lines = model.audit_summary(
        {
            "ok": True,
            "shuffles_checked": 3,
            "draws_checked": 20,
            "problems": [],
            "reveals": [{"order": ["secret"]}],
            "checked_by": "host",
        },
        "en",
    )
    assert ok is True and lines[0].startswith("Every shuffle") and "3 shuffles, 20 draws" in lines[1]
    assert not any("secret" in x for x in lines)
    bad, lines = model.audit_summary({"shuffles_checked": 1, "problems": ["shuffle x: no reveal"]}, "fr")
    assert bad is False and "! shuffle x: no reveal" in lines


def test_audit_needs_the_devices_own_check_too():
    audit = {
        "ok": True,
        "shuffles_checked": 2,
        "draws_checked": 5,
        "problems": [],
        "device_check": {
            "ok": False,
            "shuffles_checked": 2,
            "draws_checked": 4,
            "problems": ["main: drew C03 where the committed order has C01"],
        },
    }
    ok, lines = model.audit_summary(audit, "fr")
    assert ok is False and lines[0].startswith("Problème")
    assert (
        any("cet appareil" in x for x in lines)
        and "! main: drew C03 where the committed order has C01" in lines
    )


# -- options ------------------------------------------------------------------------------------------
def test_build_options_from_form_and_advanced_json():
    specs = (
        model.OptionSpec("players", "int", 4, "J", "P", (2, 4)),
        model.OptionSpec("hard", "bool", False, "D", "H"),
        model.OptionSpec("board", "choice", "gaul", "P", "B", ("gaul", "italia")),
    )
    opts = model.build_options(specs, {"players": "3", "hard": True, "board": "italia"}, '{"seed": 4}')
    assert opts == {"players": 3, "hard": True, "board": "italia", "seed": 4}
    with pytest.raises(model.OptionError) as e:
        model.build_options(specs, {"players": "9"})
    assert e.value.key == "players" and "between 2 and 4" in e.value.message
    with pytest.raises(model.OptionError, match="whole number"):
        model.build_options(specs, {"players": "trois"})
    with pytest.raises(model.OptionError) as e:
        model.build_options(specs, {}, "{bad")
    assert e.value.key == "json"
    with pytest.raises(model.OptionError, match="object"):
        model.build_options(specs, {}, "[1]")
    with pytest.raises(model.OptionError, match="not one of"):
        model.build_options(specs, {"board": "mars"})


# -- saved tables -------------------------------------------------------------------------------------
def test_saved_tables_lists_stores_and_reports_damaged_files(tmp_path):
    from engine.core.store import Store

    assert model.saved_tables(tmp_path / "none") == []
    p = model.new_store_path(tmp_path, "Feu de camp !")
    assert p.name.startswith("feu-de-camp-") and p.suffix == ".sqlite"
    with Store.create(p, "coretoy", {"players": 2}, extra={"name": "Feu de camp"}):
        pass
    (tmp_path / "junk.sqlite").write_bytes(b"not a database at all, sorry")
    saved = model.saved_tables(tmp_path)
    good = [s for s in saved if not s.error]
    bad = [s for s in saved if s.error]
    assert [(s.name, s.game, s.events) for s in good] == [("Feu de camp", "coretoy", 0)]
    assert good[0].created is not None and good[0].when() != "?"
    assert len(bad) == 1 and "not an SQLite file" in bad[0].error
    assert (tmp_path / "junk.sqlite").read_bytes() == b"not a database at all, sorry"  # never written
    p2 = model.new_store_path(tmp_path, "Feu de camp !", now=None)
    assert not p2.exists()


def test_a_finished_game_is_marked_in_the_resume_list(tmp_path):
    """A real Plague game played to its end in a real save file is listed as over (an undo after the end,
    where a game allows one, reopens it)."""
    from engine.core import SeededRng, Table, get_game
    from engine.core.store import Store
    from tests.plague.plague_helpers import options  # a made-up box profile (test data)

    game = get_game("plague")
    path = model.new_store_path(tmp_path, "Peste")
    store = Store.create(path, "plague", options(), extra={"name": "Peste"})
    table = Table.new(game, options(), SeededRng(2), store=store)
    assert [s.over for s in model.saved_tables(tmp_path)] == [False]
    for _ in range(5000):
        if game.outcome(table.state) is not None:
            break
        actor = next(s for s in ("p1", "p2", "p3") if game.legal(table.state, s))
        legal = game.legal(table.state, actor)
        table.act(legal[(table.seq * 7) % len(legal)])
    assert game.outcome(table.state) is not None
    assert [s.over for s in model.saved_tables(tmp_path)] == [True]
    store.close()
    assert model.game_over(["GameStarted", "GameOver"]) and not model.game_over(["GameOver", "Undone"])


# -- per-game screens -------------------------------------------------------------------------------
def test_game_texts_have_french_and_english():
    from companion.ui import games

    for g, ui in games.GAME_UIS.items():
        assert set(ui.title) == {"fr", "en"}, g
    from companion.ui.pandemie.screen import PAN_TEXT
    from companion.ui.rattus.screen import RAT_TEXT

    for table in (PAN_TEXT, RAT_TEXT):
        for key, entry in table.items():
            assert set(entry) == {"fr", "en"}, key
    for g, ui in games.GAME_UIS.items():
        for kind, entry in ui.group_titles.items():
            assert set(entry) == {"fr", "en"} and all(entry.values()), (g, kind)
    for g, ui in games.GAME_UIS.items():
        for s in ui.option_specs:
            assert s.label_fr and s.label_en, (g, s.key)
            for c in s.choices if s.kind == "choice" else ():
                assert c in s.labels or not s.labels, (g, s.key, c)


def test_group_titles_name_real_intents():
    import importlib

    from companion.ui import games

    for g, ui in games.GAME_UIS.items():
        groups = ui.group_titles
        try:
            mod = importlib.import_module(f"engine.games.{g}")
            names = {c.__name__ for c in mod.GAME.intents}
        except (ImportError, AttributeError):
            continue  # that engine is not there yet
        assert set(groups) <= names, (g, sorted(set(groups) - names))


def test_option_forms_are_accepted_by_the_engines():
    import importlib

    from companion.ui import games
    from engine.core.rng import SeededRng

    tried = 0
    for g, ui in games.GAME_UIS.items():
        specs = ui.option_specs
        try:
            mod = importlib.import_module(f"engine.games.{g}")
            setup = mod.setup
        except (ImportError, AttributeError):
            continue
        opts = model.build_options(specs, {})
        if g == "pandemie":
            opts["players"] = 2
        try:
            setup(opts, SeededRng(3))
        except ValueError as exc:  # only what the form cannot hold (Plague's box profile) may be missing
            assert "profile" in str(exc) and not any(f"{s.key}:" in str(exc) for s in specs), exc
        tried += 1
    if not tried:
        pytest.skip("no game engine imports yet")


def test_pandemie_board_renders_a_real_view():
    pandemie = pytest.importorskip("engine.games.pandemie")
    import flet as ft

    from companion.announce import turn_seats
    from companion.ui import games
    from engine.core.rng import SeededRng

    state, _ = pandemie.setup({"provinces": 2, "players": 2}, SeededRng(5))
    for seat in ("table", "p1"):
        view = pandemie.view(state, seat)
        control = games.board_control("pandemie", view, "fr", seat)
        assert isinstance(control, ft.Column)
        texts = _texts(control)
        assert any("Gallia" in t for t in texts)
        assert turn_seats(view) and all(s.startswith("p") for s in turn_seats(view))
        if seat == "p1":
            hand = view["players"]["p1"]["hand"]
            assert any(games.component_name(hand[0]) in t for t in texts)


def test_rattus_board_renders_a_real_view():
    rattus = pytest.importorskip("engine.games.rattus")
    import flet as ft

    from companion.ui import games
    from engine.core.rng import SeededRng

    state, _ = rattus.setup({"players": 3, "mode": "physical"}, SeededRng(2))
    view = rattus.view(state, "p2")
    control = games.GAME_UIS["rattus"].board(view, "en", "p2")  # the game's own renderer, not the fallback
    assert isinstance(control, ft.Column)
    texts = _texts(control)
    assert any(view["plague"] in t for t in texts) and any("Regions" in t for t in texts)


def test_unknown_views_fall_back_to_the_generic_renderer():
    import flet as ft

    from companion.ui import games
    from companion.ui.gameui import GameUI

    def broken(view, lang, seat):
        raise KeyError("provinces")

    games.GAME_UIS["brokengame"] = GameUI("brokengame", {"fr": "x", "en": "x"}, board=broken)
    try:
        c = games.board_control("brokengame", {"score": {"p1": 3}}, "en", "p1")
    finally:
        del games.GAME_UIS["brokengame"]
    assert isinstance(c, ft.Column) and any("Score" in t for t in _texts(c))


def _texts(control) -> list[str]:
    out: list[str] = []
    stack = [control]
    while stack:
        c = stack.pop()
        v = getattr(c, "value", None)
        if isinstance(v, str):
            out.append(v)
        for attr in ("controls", "content"):
            ch = getattr(c, attr, None)
            if isinstance(ch, list):
                stack.extend(ch)
            elif ch is not None and not isinstance(ch, str):
                stack.append(ch)
    return out


def test_a_lost_pandemie_says_why_in_the_screens_language_and_the_header_keeps_no_stale_facts():
    """Played with the engine until the Empire falls: the end card says where and why in French (the rules
    raise it in English), and the header of a finished game shows no actions left, phase or awaited seat."""
    pytest.importorskip("engine.games.pandemie")
    from companion.ui import games, header
    from engine.core import SeededRng, Table, get_game

    table = Table.new(get_game("pandemie"), {"provinces": 2, "players": 2}, SeededRng(3))
    seats = ["p1", "p2", "p3", "p4"]
    for _ in range(20_000):
        if table.game.outcome(table.state) is not None:
            break
        actor = next((s for s in seats if table.game.legal(table.state, s)), None)
        assert actor is not None
        legal = table.game.legal(table.state, actor)
        table.act(legal[(table.seq * 7) % len(legal)])
    outcome = table.game.outcome(table.state)
    assert outcome is not None and outcome["won"] is False, outcome
    fr = games.outcome_lines("pandemie", outcome, "fr")
    en = games.outcome_lines("pandemie", outcome, "en")
    assert fr and fr[0] == "Partie perdue" and en and en[0] == "Game lost"
    assert outcome["detail"] not in fr[1], fr  # said in French, not the rules' English
    assert fr[1].split(" : ")[0] in ("Gallia", "Hispania"), fr  # the province by its name, not its code
    assert en[1].startswith(fr[1].split(" : ")[0] + ": "), en
    view = table.game.view(table.state, "p1")
    h = header.header("pandemie", view, "p1", "fr", [], {})
    assert h.turn == "Partie terminée" and not (h.actions or h.where or h.awaited), h
    assert games.outcome_lines("toy", {"winner": "p1"}, "fr") is None  # a game without words: the sections


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_end_of_a_real_rattus_cartus_game_is_a_score_sheet_in_words(lang: str) -> None:
    """Played with the engine to its end: the heir by name, the nuns, then each player by name with their
    points as the rules count them (influence per class, the hand, victory tokens) and their rats — never a
    seat id, an English key (*Nuns, Ranking, Breakdown*) on a French screen, nor a raw count key."""
    from companion.ui import games
    from engine.core import SeededRng, Table, get_game
    from tests.cartus.cartus_fixtures import WITH_SPECIALS
    from tests.i18n.i18n_langcheck import problems

    table = Table.new(get_game("cartus"), {"players": 3, **WITH_SPECIALS}, SeededRng(4))
    seats = ["p1", "p2", "p3", "table"]
    for _ in range(5000):
        if table.game.outcome(table.state) is not None:
            break
        plays = {
            s: [i for i in table.game.legal(table.state, s) if type(i).__name__ != "Convert"] for s in seats
        }
        legal = next(p for p in plays.values() if p)
        table.act(legal[(table.seq * 7) % len(legal)])
    outcome = table.game.outcome(table.state)
    assert outcome is not None
    names = {"p1": "Léa", "p2": "Marc", "p3": "Inès"}
    lines = games.outcome_lines("cartus", outcome, lang, names)
    assert lines and len(lines) == 2 + 2 * 3
    for line in lines:
        assert not problems(line, lang, people=tuple(names.values())), (line, problems(line, lang))
        assert not re.search(r"\b(?:p\d|pop_jokers|breakdown|ranking|alive)\b", line, re.I), line
    winners = outcome["winners"]
    if len(winners) == 1:
        assert names[winners[0]] in lines[0] and ("couronne" if lang == "fr" else "crown") in lines[0]
    nuns = outcome["nuns"]
    assert str(nuns) in lines[1]
    first = outcome["ranking"][0]
    total = outcome["players"][first]["total"]
    assert lines[2].startswith(f"1. {names[first]}") and f"{total} point" in lines[2]


@pytest.mark.parametrize("game", ["rattus", "plague"])
def test_the_end_of_a_real_rattus_or_plague_game_is_said_with_names(game: str):
    """Played with the engine to its end: the winner said by name (never ``p2``), in either language; Rattus
    also gives its ranking with each player's people on the board and why the game ended."""
    from companion.ui import games
    from engine.core import SeededRng, Table, get_game

    if game == "rattus":
        from tests.rattus.rattus_fixtures import options  # made-up token faces (test data)

        opts, seats = options(players=2), ["p1", "p2"]
    else:
        from tests.plague.plague_helpers import options  # a made-up box profile (test data)

        opts, seats = options(), ["p1", "p2", "p3"]
    table = Table.new(get_game(game), opts, SeededRng(2))
    for _ in range(5000):
        if table.game.outcome(table.state) is not None:
            break
        actor = next(s for s in seats if table.game.legal(table.state, s))
        legal = table.game.legal(table.state, actor)
        table.act(legal[(table.seq * 7) % len(legal)])
    outcome = table.game.outcome(table.state)
    assert outcome is not None
    names = {"p1": "Léa", "p2": "Marc", "p3": "Zoé"}
    fr = games.outcome_lines(game, outcome, "fr", names)
    en = games.outcome_lines(game, outcome, "en", names)
    assert fr and en and len(fr) == len(en)
    assert names[outcome["winner"]] + " gagne !" == fr[0] and en[0].endswith(" wins!"), (fr, en)
    assert not any(re.search(r"\bp\d\b", line) for line in fr + en), (fr, en)
    if game == "rattus":
        assert fr[1] in ("Fin : la réserve de rats est vide.", "Fin : un joueur a posé tous ses cubes.")
        ranked = [line for line in fr if re.match(r"\d\. ", line)]
        assert len(ranked) == 2 and ranked[0].startswith(f"1. {names[outcome['winner']]} : "), ranked
        n = outcome["scores"][outcome["winner"]]
        assert f"{n} habitant{'s' if n > 1 else ''}" in ranked[0] and "(s)" not in ranked[0], ranked
    else:
        assert fr[1].startswith("Hors jeu : ") and en[1].startswith("Out of the game: ")


def test_a_code_that_is_not_a_piece_of_this_game_is_said_in_words_in_both_languages() -> None:
    from companion.ui.games import component_label, scan_refusal
    from companion.ui.model import parse_entry

    garbage = parse_entry("ZZZ-GARBAGE?!42")
    fr = scan_refusal(garbage.raw, garbage.component_id, "pandemie", "fr")
    en = scan_refusal(garbage.raw, garbage.component_id, "pandemie", "en")
    assert (
        fr == "« ZZZ-GARBAGE?!42 » n'est pas un code de pièce de Pandémie — Invasion barbare "
        "(un code ressemble à PC:G01)."
    )
    assert en is not None and "PC:G01" in en and "RAT:07" not in en and "expected" not in en
    assert (
        scan_refusal("RAT:07", "RAT:07", "pandemie", "fr")
        == "RAT:07 est une pièce de Rattus, pas de Pandémie — Invasion barbare."
    )
    assert (
        scan_refusal("PC:G09", "PC:G09", "pandemie", "fr") is None
    )  # a piece of this game: the choices decide
    assert scan_refusal("RAT:99", "RAT:99", "rattus", "en") == "RAT:99: no Rattus piece has this code."
    assert component_label("PC:G09", "fr") == "Vienna (PC:G09)"
    assert component_label("RCC:B:PAL1", "en") == "Palace (RCC:B:PAL1)"
    assert component_label("RAT:07", "en") == "RAT:07"


def test_french_elides_de_before_a_name_that_starts_with_a_vowel_or_an_h() -> None:
    from companion.ui.i18n import tr

    assert tr("head.turn", "fr", who="Anne") == "Au tour d'Anne"
    assert tr("head.turn", "fr", who="Bruno") == "Au tour de Bruno"
    assert tr("tablet.province", "fr", province="Hispania") == "Tablette d'Hispania"
    assert tr("head.turn", "en", who="Anne") == "Anne's turn"


def test_a_run_of_identical_log_lines_is_one_line_with_its_count():
    same = "Divinations : une carte cachée regardée (Propagation (Gallia))"
    log = [LogLine(1, "Anaïs regarde les 6 cartes du dessus", "")] + [
        LogLine(k, same, "") for k in range(2, 8)
    ]
    log.append(LogLine(8, "Anaïs a fini", ""))
    assert model.log_lines(log, "fr") == [
        (8, "Anaïs a fini"),
        (7, f"{same} (×6)"),
        (1, "Anaïs regarde les 6 cartes du dessus"),
    ]
    assert model.log_lines(log[:2], "fr") == [(2, same), (1, "Anaïs regarde les 6 cartes du dessus")]


def test_the_log_shown_is_read_from_the_newest_line_back_and_the_oldest_run_shown_is_counted_whole():
    """The newest ``limit`` runs of a long log, each run counted in full even when it began before the lines
    shown (a page reads only the tail of the snapshot's few hundred lines)."""
    import random

    def reference(log: list[LogLine], limit: int) -> list[tuple[int, str]]:  # the whole log, then the tail
        runs: list[tuple[int, str, int]] = []
        for ln in log:
            if runs and runs[-1][1] == ln.text_fr:
                runs[-1] = (ln.seq, ln.text_fr, runs[-1][2] + 1)
            else:
                runs.append((ln.seq, ln.text_fr, 1))
        return [(q, t if n == 1 else f"{t} (×{n})") for q, t, n in reversed(runs[-limit:])]

    rng = random.Random(7)
    for _ in range(300):
        log = [LogLine(k, rng.choice(["a", "b", "c"]), "") for k in range(1, rng.randint(0, 60))]
        limit = rng.randint(1, 15)
        assert model.log_lines(log, "fr", limit=limit) == reference(log, limit), (log, limit)
    log = [LogLine(k, "pareil", "") for k in range(1, 9)] + [LogLine(9, "fin", "")]
    assert model.log_lines(log, "fr", limit=2) == [(9, "fin"), (8, "pareil (×8)")]
    assert model.log_lines(log, "fr", limit=1) == [(9, "fin")]
    assert model.log_lines([], "fr") == []


def test_a_play_resets_the_pickers_but_keeps_a_first_tap_on_the_picker_it_opened():
    """Playing Divinations opened its order picker before the play's answer came back; the first card tapped
    then was wiped with the rest ("Ordre choisi : 1. Tolosa", Cabillonum lost)."""
    from types import SimpleNamespace

    from companion.ui.screens.table import TableScreen

    screen = SimpleNamespace(picker_state={"p2": {"event.card": "PE:G4", "event.step": 1}})
    played = {"p2": {"event.card": "PE:G4", "event.step": 1}}  # what the play was chosen with
    screen.picker_state["p2"]["div.order"] = ["PI:G12"]  # the first tap on the picker the play opened
    TableScreen._reset_pickers(screen, played)  # type: ignore[arg-type]
    assert screen.picker_state == {"p2": {"div.order": ["PI:G12"]}}


def test_a_phones_title_takes_two_lines_rather_than_being_cut():
    """On a 390 px phone, "Rejoindre une table" beside the language and theme buttons read "Rejoindre une …":
    the title may wrap (two lines, a size smaller); a tablet keeps one line at its size."""
    from types import SimpleNamespace

    import flet as ft

    from companion.ui.screens.join import JoinScreen
    from companion.ui.shell import Shell

    def appbar(width: int) -> ft.AppBar:
        shell = object.__new__(Shell)  # only what the app bar reads: the language and the page's width
        shell.lang = "fr"
        shell.page = SimpleNamespace(width=width, web=True, theme_mode=None, platform_brightness=None)
        return Shell._appbar(shell, object.__new__(JoinScreen))

    phone, tablet = appbar(390).title, appbar(1000).title
    assert phone.value == "Rejoindre une table" and phone.max_lines == 2 and phone.size < tablet.size


def test_rattus_characters_are_named_in_the_screens_language():
    """The board's character cards: 'Peasant — free' on an English screen (it said 'Paysan — free' above a
    log saying 'Merchant: Marc moves…')."""
    from companion.ui.rattus.screen import board

    view = {
        "active": "p1",
        "phase": "actions",
        "cards": {
            "paysan": {"name": "Paysan", "holder": None},
            "marchand": {"name": "Marchand", "holder": "p1"},
        },
    }
    en = " | ".join(_texts(board(view, "en", "p1", {"p1": "Marc"})))
    fr = " | ".join(_texts(board(view, "fr", "p1", {"p1": "Marc"})))
    assert "Peasant — free" in en and "Merchant — Marc" in en and "Paysan" not in en, en
    assert "Paysan — libre" in fr and "Marchand — Marc" in fr, fr


def test_two_plays_that_read_alike_are_told_apart():
    """The Knight's plague move reads '(Chevalier : +2 cubes neutres)'; the Monk's hidden rats of one region,
    alike but for which one, are numbered (a walk-through saw 'Moine : déplacer un rat d'Anglia en Scandia'
    three times)."""
    from companion.session import Choice

    def choice(intent: dict, fr: str) -> Choice:
        return Choice(intent=intent, label_fr=fr, label_en=fr)

    monk = [
        choice(
            {"type": "MoveRat", "src": "Anglia", "dst": "Scandia", "index": k},
            "Moine : déplacer un rat d'Anglia en Scandia",
        )
        for k in range(3)
    ]
    other = choice(
        {"type": "MoveRat", "src": "Gallia", "dst": "Scandia", "index": 0},
        "Moine : déplacer un rat de Gallia en Scandia",
    )
    groups = model.group_choices([*monk, other], "fr")
    labels = [label for g in groups for _i, label in g.items]
    assert labels == [
        "Moine : déplacer un rat d'Anglia en Scandia (1)",
        "Moine : déplacer un rat d'Anglia en Scandia (2)",
        "Moine : déplacer un rat d'Anglia en Scandia (3)",
        "Moine : déplacer un rat de Gallia en Scandia",
    ]
    from engine.games.rattus import events as ev
    from engine.games.rattus.text import describe

    plain = describe(ev.MovePlague(seat="p1", path=("Anglia",)), "fr")
    knight = describe(ev.MovePlague(seat="p1", path=("Anglia",), neutral=True), "fr")
    assert (
        plain == "Déplacer la Peste : Anglia"
        and knight == "Déplacer la Peste : Anglia (Chevalier : +2 cubes neutres)"
    )
    assert (
        describe(ev.MovePlague(seat="p1", path=("Anglia",), soldier=True), "en")
        == "Move the plague: Anglia (Soldier: +1 rat)"
    )


def test_a_play_grows_with_its_lines_rather_than_cutting_them():
    """The plays sit two or three to a row: a 26-character label took two lines of a half-width button whose
    fixed height cut the second line ('Placer 2 cubes en Hispania'). A play's button has no fixed height;
    its padding makes one line as tall as a fixed button (64 px)."""
    import flet as ft

    from companion.ui.widgets import LABEL_LINE, TOUCH, big_button

    def box(c):
        while not (isinstance(c, ft.Container) and c.on_click is not None):
            c = c.content if hasattr(c, "content") and c.content is not None else c.controls[0]
        return c

    play = box(big_button("Placer 2 cubes en Hispania", lambda _e: None, "choice-0", flat=True))
    assert play.height is None
    assert play.padding.top + play.padding.bottom + LABEL_LINE >= TOUCH - 1


def test_a_play_is_three_controls_or_five_with_an_icon():
    """A turn's end brings the new player ~20 plays at once, each control of them set up, sent and built in
    the browser: a play is its button's semantics, its box and its label (an icon, and a row holding both,
    when it has one). Drawn the same as with two rows more (checked pixel for pixel in a browser when they
    were taken out)."""
    import flet as ft

    from companion.ui.widgets import big_button

    def count(c):
        kids = [getattr(c, "content", None)] + list(getattr(c, "controls", None) or [])
        return 1 + sum(count(k) for k in kids if isinstance(k, ft.Control))

    play = big_button("Aller à Vienna", lambda _e: None, "choice-0", col={"xs": 12, "sm": 6}, flat=True)
    assert (
        count(play) == 3
        and isinstance(play, ft.Semantics)
        and play.button
        and play.col == {"xs": 12, "sm": 6}
    )
    assert isinstance(play.content, ft.Container) and isinstance(play.content.content, ft.Text)
    assert play.content.alignment == ft.Alignment.CENTER and play.content.on_click is not None
    more = big_button(
        "Voir les 11 autres", lambda _e: None, "more-x", icon=ft.Icons.EXPAND_MORE, tone="tonal", flat=True
    )
    assert count(more) == 5
    off = big_button("Indisponible", lambda _e: None, "d", disabled=True, flat=True)
    assert off.disabled and off.content.on_click is None


def test_the_names_typed_for_a_table_are_offered_for_the_next_one(tmp_path):
    from companion.ui.screens.new_table import NAMES_FILE, last_names, remember_names

    assert last_names(tmp_path) == ""
    remember_names(tmp_path, ["Ana", "Noé", "Léa"])
    assert last_names(tmp_path) == "Ana, Noé, Léa"
    (tmp_path / NAMES_FILE).write_text("{not json")
    assert last_names(tmp_path) == "", "a damaged file offers nothing (and breaks nothing)"


def test_a_propagation_card_shown_while_ville_fantome_may_take_it_out_is_that_one_choice():
    """« Ville fantôme » takes a card out of the propagation discard: shown that printed card (``PI:``), the
    one choice that removes it is found, exactly (the printed propagation cards are read in play)."""
    import msgspec

    pan = pytest.importorskip("engine.games.pandemie")
    from tests.pandemie.pandemie_scenarios import hand, prov
    from tests.pandemie.test_pandemie_rules import quiet_board

    st = hand(quiet_board(), "p1", "PE:G3")  # Ville fantôme in hand
    target = prov(st).prop.discard[0]
    assert target.startswith("PI:")
    choices = [Choice(msgspec.to_builtins(i), "", "") for i in pan.legal(st, "p1")]
    found, exact = model.match_choices(choices, target)
    assert exact and [choices[i].intent["target"] for i in found] == [target], found
    assert choices[found[0]].intent["type"] == "PlayEvent"


def test_a_save_or_profile_file_is_named_after_its_accented_name_without_losing_letters():
    assert model.slug("Boîte d'Élise") == "boite-d-elise"
    assert model.slug("Feu de camp — Hiver 2026") == "feu-de-camp-hiver-2026"
    assert model.slug("???") == "table"
