"""What a component shown to the camera means at each moment of each game (``GameUI.shown``), against real
game states projected as a seat sees them (the sync host's own :class:`companion.sync.tables.Projector`)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.session import Snapshot
from companion.sync.tables import Projector
from companion.ui.meaning import meaning
from companion.ui.shown import Moment, Shown, not_ours, tag
from engine.core import SeededRng
from engine.core.game import Table


def snap(table: Table, game: str, seat: str) -> Snapshot:
    return Projector(table, game, "t").snapshot(seat)


def shown(table: Table, game: str, seat: str, *ids: str, fresh: tuple[str, ...] | None = None) -> Shown:
    s = snap(table, game, seat)
    return meaning(game, Moment(tuple(ids), tuple(ids) if fresh is None else fresh, s, "fr"))


# -- Rattus --------------------------------------------------------------------------------------------------
def rattus_turn(characters: str = "base") -> Table:
    from engine.games import rattus

    table = Table.new(rattus.GAME, {"players": 2, "mode": "physical", "characters": characters}, SeededRng(7))
    while table.state.phase == "setup":
        table.act(rattus.SetupCubes(seat=table.state.active, region=table.state.regions[0]))
    return table


def test_a_class_card_shown_at_ones_turn_takes_it() -> None:
    table = rattus_turn()
    what = shown(table, "rattus", "p1", "RCL:5")
    assert what.send == ({"type": "TakeCard", "seat": "p1", "card": "sorciere", "region": ""},)
    assert not what.confirm and "Sorcière" in what.say and what.used == ("RCL:5",)


def test_a_class_card_shown_when_it_may_not_be_taken_says_why() -> None:
    from engine.games import rattus

    table = rattus_turn()
    assert not shown(table, "rattus", "p2", "RCL:5").send  # not p2's turn
    table.act(rattus.TakeCard(seat="p1", card="sorciere"))
    again = shown(table, "rattus", "p1", "RCL:6")
    assert not again.acts and "déjà pris une carte" in again.say
    held = shown(table, "rattus", "p1", "RCL:5")
    assert not held.acts and "déjà" in held.say
    piper = shown(table, "rattus", "p1", "RPP:05")  # Nonne: not a character of a base game
    assert not piper.acts and "Nonne" in piper.say and "pas un personnage de cette partie" in piper.say


def test_a_pied_piper_card_shown_while_it_may_be_taken_takes_it() -> None:
    table = rattus_turn("controle-des-rats")
    what = shown(table, "rattus", "p1", "RPP:05")
    assert [i["card"] for i in what.send] == ["nonne"]


def test_two_class_cards_at_once_are_offered_one_card_a_turn() -> None:
    what = shown(rattus_turn(), "rattus", "p1", "RCL:5", "RCL:6")
    assert not what.send and {i["card"] for i in what.offer} == {"sorciere", "roi"}


def rattus_ravage(faces: bool) -> tuple[Table, str, dict[str, Any]]:
    """p2's ravage with real tokens: every face known to the profile (``faces``), or none; the table, the
    region ravaged and the table's options."""
    from engine.games import rattus
    from engine.games.rattus import profile as rp

    prof = rp.default_profile()
    if faces:
        syms = ["paysannerie", "bourgeoisie", "clerge", "chevalerie", "magie", "noblesse"]
        prof = prof.with_faces({t.id: rp.make_face(9, [syms[i % 6]]) for i, t in enumerate(prof.tokens)})
    options = {"players": 4, "mode": "physical", "characters": "base", "profile": rp.to_dict(prof)}
    table = Table.new(rattus.GAME, options, SeededRng(7))
    s = table.state
    n1 = s.adj[s.plague][0]
    n2 = next(r for r in s.adj[n1] if r != s.plague)
    while table.state.phase == "setup":
        table.act(rattus.SetupCubes(seat=table.state.active, region=n2))
    table.act(rattus.MovePlague(seat="p1", path=(n1,)))
    table.act(rattus.SpreadRat(seat="p1", region=n2))
    table.act(rattus.MovePlague(seat="p2", path=(n2,)))
    while table.state.phase == "spread":
        table.act(rattus.legal(table.state, "p2")[0])
    assert table.state.phase == "ravage" and table.state.ravage == n2
    return table, n2, options


def test_a_sticker_whose_face_is_known_turns_the_token_over() -> None:
    table, region, _ = rattus_ravage(faces=True)
    what = shown(table, "rattus", "table", "RAT:20")
    assert what.send == (
        {"type": "FlipToken", "seat": "table", "region": region, "token": "RAT:20", "face": ""},
    )
    assert not what.confirm and "RAT:20" in what.say and region in what.say


def test_a_regions_tokens_shown_at_once_are_turned_over_together() -> None:
    table, region, _ = rattus_ravage(faces=True)
    what = shown(table, "rattus", "p2", "RAT:20", "RAT:31")
    assert [i["token"] for i in what.send] == ["RAT:20", "RAT:31"] and {i["region"] for i in what.send} == {
        region
    }


def test_a_sticker_whose_face_is_unknown_opens_the_face_prompt_with_it() -> None:
    table, _region, _ = rattus_ravage(faces=False)
    what = shown(table, "rattus", "table", "RAT:13")
    assert not what.send and what.prompt == {"sticker": "RAT:13"} and "face n'est pas connue" in what.say


def test_a_sticker_shown_by_a_player_who_does_not_turn_over_says_who_does() -> None:
    table, _region, _ = rattus_ravage(faces=True)
    what = shown(table, "rattus", "p3", "RAT:20")
    assert not what.acts and "retourne les jetons" in what.say


# -- Rattus Cartus -------------------------------------------------------------------------------------------
def cartus_reveal() -> Table:
    """2 players; each put 3 cards face down on building 0 (a Ferme: Paysannerie); p1 reveals first."""
    from engine.games import cartus as C
    from engine.games.cartus import rules as R

    t = Table.new(C.GAME, {"players": 2}, SeededRng(1))
    while t.state.phase == "B":
        seat = R.waiting_for(t.state)[0]
        t.act(next(i for i in C.legal(t.state, seat) if isinstance(i, C.Support)))
    while t.state.phase == "C":
        t.act(C.Enter(seat=R.waiting_for(t.state)[0], building=0, cards=3))
    assert t.state.phase == "D" and t.state.d_step == "reveal"
    return t


def test_population_cards_shown_at_a_reveal_count_toward_it() -> None:
    t = cartus_reveal()
    one = shown(t, "cartus", "p1", "RCC:P:PAY01")
    assert one.wait and not one.send and "1 / 3" in one.say and "1 de la classe" in one.say
    two = shown(t, "cartus", "p1", "RCC:P:PAY01", "RCC:P:CLE03", fresh=("RCC:P:CLE03",))
    assert two.wait and "2 / 3" in two.say and "1 autre" in two.say
    three = shown(t, "cartus", "p1", "RCC:P:PAY01", "RCC:P:CLE03", "RCC:J:01", fresh=("RCC:J:01",))
    assert three.send == (
        {"type": "Reveal", "seat": "p1", "matching": 1, "other": 1, "jokers": 1, "swords": 0, "flutes": 0},
    )
    assert three.confirm and three.confirm.endswith("?")  # what was face down: asked once


def test_too_many_cards_at_a_reveal_are_said_and_nothing_is_played() -> None:
    t = cartus_reveal()
    ids = ("RCC:P:PAY01", "RCC:P:PAY02", "RCC:P:CLE03", "RCC:J:01")
    what = shown(t, "cartus", "p1", *ids)
    assert not what.send and what.wait and "4 cartes montrées pour 3" in what.say


def test_a_building_card_does_not_count_at_a_reveal() -> None:
    what = shown(cartus_reveal(), "cartus", "p1", "RCC:B:FER1")
    assert not what.send and "RCC:B:FER1 ne compte pas ici" in what.say


def cartus_final(seed: int = 0) -> Table:
    """2 players at the end of a whole game played through the rules, each keeping about 3 cards in hand (the
    fewest cards drawn, all but 3 put into buildings); seed 0: p1 holds 3 cards and p2 2, seed 1: 3 each; the
    box's usual buildings put swords in play."""
    import random

    from engine.core import TABLE
    from engine.games import cartus as C
    from engine.games.cartus import rules as R

    rnd = random.Random(seed)
    t = Table.new(C.GAME, {"players": 2}, SeededRng(seed))
    while t.state.phase != "final":
        waiting = R.waiting_for(t.state)
        seat = waiting[0] if waiting else TABLE
        options = [i for i in C.legal(t.state, seat) if not isinstance(i, C.Convert)]
        enters = [i for i in options if isinstance(i, C.Enter)]
        keep = max(0, t.state.hands[seat] - 3) if enters else 0
        options = [i for i in enters if i.cards == keep] or options
        supports = [i for i in options if isinstance(i, C.Support)]
        options = [min(supports, key=lambda i: (i.draw, -i.rats))] if supports else options
        t.act(rnd.choice(options))
    return t


def test_a_hand_shown_at_the_end_counts_it_and_is_declared_once_confirmed() -> None:
    from engine.games.cartus.rules import specials_in_play

    t = cartus_final(0)
    assert t.state.hands == {"p1": 3, "p2": 2} and "sword" in specials_in_play(t.state)
    one = shown(t, "cartus", "p1", "RCC:P:PAY01")
    assert one.wait and not one.send and "1 / 3" in one.say and "1 carte Population ou Joker" in one.say
    two = shown(t, "cartus", "p1", "RCC:P:PAY01", "RCC:J:02", fresh=("RCC:J:02",))
    assert two.wait and not two.send and "2 / 3" in two.say and "2 cartes Population ou Joker" in two.say
    hand = ("RCC:P:PAY01", "RCC:J:02", "RCC:S:EPE03")
    three = shown(t, "cartus", "p1", *hand, fresh=("RCC:S:EPE03",))
    assert three.send == (
        {
            "type": "DeclareHand",
            "seat": "p1",
            "player": "",
            "pop_jokers": 2,
            "swords": 1,
            "flutes": 0,
            "passes": 0,
            "gold": 0,
        },
    )
    assert three.confirm.startswith("Main de Joueur 1") and "1 épée" in three.confirm  # hidden: asked once
    four = shown(t, "cartus", "p1", *hand, "RCC:P:CLE04", fresh=("RCC:P:CLE04",))
    assert not four.send and four.wait and "4 cartes montrées pour 3" in four.say
    en = meaning("cartus", Moment(hand[:1], hand[:1], snap(t, "cartus", "p1"), "en"))
    assert en.say == "1 / 3 cards: 1 population or joker card"


def test_a_hand_shown_to_the_table_tablet_is_declared_for_the_player_whose_hand_it_can_be() -> None:
    uneven = cartus_final(0)  # p1 holds 3 cards, p2 2: three cards shown are p1's
    what = shown(uneven, "cartus", "table", "RCC:P:PAY01", "RCC:P:PAY02", "RCC:P:PAY03")
    assert [(i["player"], i["pop_jokers"]) for i in what.send] == [("p1", 3)] and what.confirm
    even = cartus_final(1)  # 3 cards each: whose hand is asked
    assert even.state.hands == {"p1": 3, "p2": 3}
    whose = shown(even, "cartus", "table", "RCC:P:PAY01", "RCC:P:PAY02", "RCC:P:PAY03")
    assert not whose.send and {i["player"] for i in whose.offer} == {"p1", "p2"}
    assert "Main de qui" in whose.say


# -- Pandémie ------------------------------------------------------------------------------------------------
def test_a_board_citys_code_opens_that_city_as_a_tap_does() -> None:
    from engine.games import pandemie as P

    t = Table.new(P.GAME, {"provinces": ["G"], "players": [2]}, SeededRng(3))
    what = shown(t, "pandemie", "p1", "PB:G09")
    assert what.place is not None and what.place[0] == "G09" and what.place[1]


def test_several_board_cities_seen_at_once_are_listed_to_choose_one() -> None:
    from engine.games import pandemie as P

    t = Table.new(P.GAME, {"provinces": ["G"], "players": [2]}, SeededRng(3))
    what = shown(t, "pandemie", "p1", "PB:G09", "PB:G10", "PB:G09")
    assert what.place is None and not what.send and what.acts  # a tap selects one city: nothing done together
    assert what.places == (("G09", "Vienna"), ("G10", "Augustodunum")) and what.used == ("PB:G09", "PB:G10")
    assert what.say == "2 villes vues : choisissez-en une."
    s = snap(t, "pandemie", "p1")
    en = meaning("pandemie", Moment(("PB:G09", "PB:G10"), ("PB:G09", "PB:G10"), s, "en"))
    assert en.say == "2 cities seen: choose one."
    # one of them still in view (already opened) and another one appearing: that one opens
    one = shown(t, "pandemie", "p1", "PB:G09", "PB:G10", fresh=("PB:G10",))
    assert one.place == ("G10", "Augustodunum") and not one.places


# -- every game ----------------------------------------------------------------------------------------------
def test_a_component_naming_one_choice_plays_it_and_none_says_so(toy_game: str) -> None:
    from engine.core.game import get_game

    t = Table.new(get_game(toy_game), {"seats": 2}, SeededRng(1))
    nothing = shown(t, toy_game, "p1", "BLK:001")
    assert not nothing.acts and "BLK:001" in nothing.say and "aucune action" in nothing.say


@pytest.mark.parametrize(
    ("raw", "says", "tags"),
    [
        ("https://example.org/not-ours", "Pas un code tablekeeper", "code étranger"),
        ("PT1:RAT:07:Z", "Code abîmé", "code abîmé"),
        ("tk://192.168.1.4:8765/?pin=1234", "rejoindre une table", "QR de table"),
    ],
)
def test_a_foreign_or_damaged_code_is_named(raw: str, says: str, tags: str) -> None:
    line, short = not_ours(raw, "fr")
    assert says in line and short == tags
    assert not_ours(raw, "en")[1] != short  # in the screen's language


def test_a_component_is_named_on_its_outline() -> None:
    assert tag("RCL:5", "fr") == "Sorcière" and tag("RCL:5", "en") == "Witch"
    assert tag("RCC:P:PAY01") == "Paysan" and tag("PB:G09") == "Vienna"
    assert tag("RAT:07") == "RAT:07"
