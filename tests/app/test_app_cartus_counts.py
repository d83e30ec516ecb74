"""Rattus Cartus on the screens: the cards revealed at a building and the final hand counted with steppers
that start at the likeliest answer (not 20 or 91 buttons, the usual one last), and the end said in words."""

from __future__ import annotations

import msgspec

import engine.games.cartus as C
from companion.session import Choice
from companion.ui.cartus import counts
from companion.ui.cartus.model import cartus_board, cartus_phase, cartus_todo
from companion.ui.pickers import is_listed
from engine import texts
from engine.games.cartus import rules as R
from tests.cartus.cartus_fixtures import WITH_SPECIALS, act, enter_all, new, set_hands, support_all

NAMES = {"p1": "Léa", "p2": "Marc", "p3": "Inès"}


def choices(state: R.State, seat: str) -> list[Choice]:
    out = []
    for i in C.legal(state, seat):
        intent = msgspec.to_builtins(i) | {"type": type(i).__name__}
        out.append(Choice(intent, texts.describe("cartus", i, "fr"), texts.describe("cartus", i, "en")))
    return out


def send(state: R.State, intent: dict) -> R.State:
    typ = getattr(C, intent["type"])
    state, _ = act(state, msgspec.convert({k: v for k, v in intent.items() if k != "type"}, typ))
    return state


def at_reveal(cards: int = 3) -> R.State:
    s, _ = new(3, seed=2, **WITH_SPECIALS)
    s = support_all(s)
    s = enter_all(s, [(seat, 0, cards) for seat in list(s.queue)])
    assert s.phase == "D" and s.d_step == "reveal"
    return s


def test_a_reveal_starts_at_every_card_of_the_buildings_class_one_tap_to_confirm() -> None:
    s = at_reveal(3)
    seat = R.waiting_for(s)[0]
    listed = choices(s, seat)
    assert len([c for c in listed if c.intent["type"] == "Reveal"]) == 35  # one button per split, before
    p = counts.reveal_plan(listed, C.view(s, seat))
    assert p is not None and p.cards == 3 and p.kinds == ("other", "jokers", "swords", "flutes")
    assert p.cls == "CHE" and p.building == "CHA"  # Château: Chivalry
    first = p.intent({})  # nothing moved: all three of the class
    assert first is not None and (first["matching"], first["other"]) == (3, 0)
    s2 = send(s, first)
    assert s2.revealed[seat].matching == 3
    one_other = p.intent({"other": 1, "swords": 1})
    assert one_other is not None and (one_other["matching"], one_other["other"], one_other["swords"]) == (
        1,
        1,
        1,
    )
    assert p.intent({"other": 2, "jokers": 2}) is None  # four of three cards: refused before the host sees it


def test_a_final_hand_of_twelve_with_swords_and_gold_is_two_steppers_not_ninety_one_buttons() -> None:
    opts = {
        "selection": "agreed",
        "buildings": ["FER"] * 5 + ["MAR"] * 5 + ["MON"] * 5 + ["CHA"] * 5 + ["TEN"] * 5 + ["TRE"] * 5,
    }
    s, _ = new(3, seed=1, **opts)
    s = msgspec.structs.replace(s, round=s.rounds, phase="E", queue=())
    s, _ = act(s, C.EndRound(seat="table"))
    s = set_hands(s, p1=12)
    s = msgspec.structs.replace(s, specials={"p1": {"swords": 2, "gold": 3}})
    listed = [c for c in choices(s, "p1") if c.intent["type"] == "DeclareHand"]
    assert len(listed) == 91  # what a phone offered: 91 buttons
    p = counts.hand_plan(listed, C.view(s, "p1"))
    assert p is not None and p.players == ["p1"] and p.kinds == ("swords", "gold") and p.cards == {"p1": 12}
    start = p.start("p1")
    assert start == {"swords": 2, "gold": 3}  # what the game saw taken and not played
    intent = p.intent("p1", start)
    assert intent is not None and intent["pop_jokers"] == 7 and intent["player"] == ""
    s2 = send(s, intent)
    assert s2.declared["p1"] == R.Hand(pop_jokers=7, swords=2, gold=3)


def test_the_table_declares_every_hand_and_a_split_listed_only_by_its_total_is_accepted() -> None:
    s, _ = new(3, seed=1, **WITH_SPECIALS)
    s = msgspec.structs.replace(s, round=s.rounds, phase="E", queue=())
    s, _ = act(s, C.EndRound(seat="table"))
    s = set_hands(s, p1=12, p2=4, p3=0)
    listed = [c for c in choices(s, "table") if c.intent["type"] == "DeclareHand"]
    p = counts.hand_plan(listed, C.view(s, "table"))
    assert (
        p is not None
        and p.players == ["p1", "p2", "p3"]
        and p.kinds == ("swords", "flutes", "passes", "gold")
    )
    mixed = p.intent("p1", {"swords": 1, "flutes": 2, "passes": 1, "gold": 3})
    assert mixed is not None and mixed["player"] == "p1" and mixed["seat"] == "table"
    assert mixed not in [c.intent for c in listed]  # 12 cards in 5 kinds: the engine lists the 5 pure splits
    assert is_listed("cartus", mixed, listed)  # the screen takes it as the same choice
    assert not is_listed("cartus", {**mixed, "seat": "p2"}, listed)
    s2 = send(s, mixed)
    assert s2.declared["p1"] == R.Hand(pop_jokers=5, swords=1, flutes=2, passes=1, gold=3)


def test_the_end_on_the_board_is_said_in_words_and_each_players_rats_shown() -> None:
    assert cartus_phase("over", "fr") == "Partie terminée" and cartus_phase("over", "en") == "Game over"
    assert cartus_phase("A", "fr") == "Mise en place de la manche"
    s, _ = new(3, seed=1)
    s = msgspec.structs.replace(s, round=s.rounds, phase="E", queue=())
    s, _ = act(s, C.EndRound(seat="table"))
    for seat in ("p1", "p2", "p3"):
        s, _ = act(s, C.DeclareHand(seat=seat, pop_jokers=s.hands[seat]))
    assert s.phase == "over"
    for lang in ("fr", "en"):
        b = cartus_board(C.view(s, "table"), lang, "table", NAMES)
        phase = dict(b.counters)["Phase"]
        assert phase == ("Partie terminée" if lang == "fr" else "Game over"), b.counters
        rats = C.view(s, "table")["rats_revealed"]
        for line in b.players:  # "3 rats révélés", "1 rat révélé", "0 rat révélé"
            n = rats[line.seat]
            fr = f"{n} rat{'s' if n > 1 else ''} révélé{'s' if n > 1 else ''}"
            en = f"{n} rat{'' if n == 1 else 's'} revealed"
            assert (fr if lang == "fr" else en) in line.detail, line.detail


def test_a_reveal_prompt_names_the_building_not_its_place_in_the_row() -> None:
    s = at_reveal(2)
    seat = R.waiting_for(s)[0]
    assert cartus_todo(C.view(s, seat), "fr", seat, NAMES) == "Révélez vos cartes posées dans Château."
    assert cartus_todo(C.view(s, seat), "en", seat, NAMES) == "Reveal your cards placed in Castle."


def test_the_victory_tokens_points_and_a_cardboard_nun_row_are_one_number_each_not_a_button_per_total() -> (
    None
):
    s, _ = new(3, seed=1, nun_row="cards")
    s = msgspec.structs.replace(s, round=s.rounds, phase="E", queue=(), vp={"p1": 3, "p2": 0, "p3": 1})
    s, _ = act(s, C.EndRound(seat="table"))
    listed = choices(s, "table")
    vp = counts.number_plan("DeclareVictoryPoints", listed, C.view(s, "table"))
    assert vp is not None and vp.players == ["p1", "p3"] and vp.tokens == {"p1": 3, "p3": 1}
    assert len([c for c in listed if c.intent["type"] == "DeclareVictoryPoints"]) > 20  # one button per total
    assert sorted(vp.values["p1"]) == list(range(3, 31))  # 3 tokens: 3 to 30 points
    s2 = send(s, vp.values["p1"][7])
    assert s2.vp_points == {"p1": 7}
    nuns = counts.number_plan("DeclareNuns", listed, C.view(s, "table"))
    assert nuns is not None and nuns.players == [""] and sorted(nuns.values[""]) == list(range(21))
    s3 = send(s2, nuns.values[""][9])
    assert s3.nuns_declared == 9
