"""Plague and Pestilence: the turn, every card, parries, improvements, wars, the Death ship, elimination.

Each test stacks a table (plague_helpers.stack), scripts the dice where there are dice, and reads like the
rules: "Drought: the target loses 10 PPs; Aqueduct protects from it".
"""

from __future__ import annotations

import pytest

from engine.core import Drawn, Shuffled
from engine.core.events import IllegalIntent
from engine.games import plague as game
from engine.games.plague.cards import key_of
from engine.games.plague.events import (
    ActCancelled,
    DestroyChoice,
    DestroyImprovement,
    DiceRolled,
    Discard,
    EndTurn,
    GameOver,
    ImprovementLost,
    Pass,
    PhaseChanged,
    PlayCard,
    PlayParry,
    Protected,
    RemovedFromGame,
    Roll,
    WarRound,
)
from tests.plague.plague_helpers import DiceRng, card, new, of, play, pop, stack


def table(players: int = 3, mode: str = "one", **kw):  # type: ignore[no-untyped-def]
    """A stacked table; ``mode`` is the ``improvements`` option."""
    state, _ = new(players=players, improvements=mode)
    return stack(state, **kw)


def act(state, seat: str, key: str, target: str = "", opponent: str = "", rng=None):  # type: ignore[no-untyped-def]
    return play(
        state, PlayCard(seat=seat, card=card(state, seat, key), target=target, opponent=opponent), rng
    )


def everyone_passes(state, rng=None):  # type: ignore[no-untyped-def]
    events = []
    for seat in list(game.waiting_for(state)):
        state, ev = play(state, Pass(seat=seat), rng)
        events += ev
    return state, events


# -- the turn ------------------------------------------------------------------------------------------------


def test_prosperity_roll_gains_the_table_value_then_the_hand_is_refilled_to_six() -> None:
    s = table(hands={"p1": ["famine", "flood"]}, stage="roll")
    s, ev = play(s, Roll(seat="p1"), DiceRng([3, 4]))
    assert pop(s, "p1") == 57  # test profile: prosperity 7 -> 7 PPs
    assert of(ev, DiceRolled)[0].dice == (3, 4)
    assert len(s.player("p1").hand) == 6
    assert all(d.private_to == ("p1",) for d in of(ev, Drawn))
    assert s.stage == "act"
    assert game.view(s, "table")["rolls"][-1] == {
        "seat": "p1",
        "purpose": "prosperity",
        "dice": [3, 4],
        "modifier": 0,
        "total": 7,
    }


def test_an_improvement_adds_one_to_the_prosperity_roll_capped_at_twelve() -> None:
    s = table(improvements={"p1": ["aqueduct"]}, stage="roll")
    s1, _ = play(s, Roll(seat="p1"), DiceRng([3, 4]))
    assert pop(s1, "p1") == 58
    s2, ev = play(s, Roll(seat="p1"), DiceRng([6, 6]))
    assert of(ev, DiceRolled)[0].total == 12 and pop(s2, "p1") == 62


def test_an_improvement_takes_one_from_the_plague_roll_never_below_two() -> None:
    s = table(improvements={"p1": ["sewer"]}, stage="roll", phase="plague")
    s1, _ = play(s, Roll(seat="p1"), DiceRng([3, 4]))
    assert pop(s1, "p1") == 50 - 12  # total 6 -> loses 12 on the test profile
    s2, ev = play(s, Roll(seat="p1"), DiceRng([1, 1]))
    assert of(ev, DiceRolled)[0].total == 2 and pop(s2, "p1") == 46


def test_several_improvements_add_up_when_the_group_plays_one_of_each() -> None:
    s = table(mode="one_of_each", improvements={"p1": ["sewer", "city_walls"]}, stage="roll")
    s, ev = play(s, Roll(seat="p1"), DiceRng([2, 2]))
    assert of(ev, DiceRolled)[0].modifier == 2 and pop(s, "p1") == 56


def test_one_act_per_turn_then_the_next_player() -> None:
    s = table(hands={"p1": ["famine", "flood"]})
    s, _ = play(s, Discard(seat="p1", card=card(s, "p1", "famine")))
    assert s.current == "p2" and s.stage == "roll"
    assert key_of(s.deck.discard[-1]) == "famine"
    with pytest.raises(IllegalIntent) as e:
        act(s, "p1", "flood", "p2")
    assert e.value.rule == "turn order"


def test_not_your_turn_and_not_your_card_are_refused() -> None:
    s = table(hands={"p1": ["famine"], "p2": ["flood"]})
    with pytest.raises(IllegalIntent, match="p1's turn"):
        play(s, Discard(seat="p2", card=card(s, "p2", "flood")))
    with pytest.raises(IllegalIntent, match="not in p1's hand"):
        play(s, Discard(seat="p1", card=card(s, "p2", "flood")))
    with pytest.raises(IllegalIntent, match="not a seat"):
        play(s, Roll(seat="p9"))


def test_end_turn_only_with_an_empty_hand() -> None:
    s = table(hands={"p1": ["famine"]})
    with pytest.raises(IllegalIntent, match="one act per turn"):
        play(s, EndTurn(seat="p1"))
    s = table(hands={})
    assert game.legal(s, "p1") == [EndTurn(seat="p1")]
    s, _ = play(s, EndTurn(seat="p1"))
    assert s.current == "p2"


# -- the Death ship ------------------------------------------------------------------------------------------


def test_the_death_ship_drawn_must_be_played_at_once_on_another_player() -> None:
    s = table(
        hands={"p1": ["famine", "flood", "fire"]},
        pile_top=["pestilence", "death_ship", "drought"],
        stage="roll",
    )
    s, ev = play(s, Roll(seat="p1"), DiceRng([1, 1]))
    assert s.stage == "death_ship" and len(s.player("p1").hand) == 5
    assert of(ev, Drawn)[-1].private_to == ()  # everyone sees it: it is played at once
    ds = card(s, "p1", "death_ship")
    assert {(i.card, i.target) for i in game.legal(s, "p1")} == {(ds, "p2"), (ds, "p3")}
    with pytest.raises(IllegalIntent, match="death_ship by p1"):
        play(s, Discard(seat="p1", card=ds))
    with pytest.raises(IllegalIntent, match="Death ship must be played at once"):
        act(s, "p1", "famine", "p2")
    with pytest.raises(IllegalIntent, match="target"):
        play(s, PlayCard(seat="p1", card=ds, target="p1"))


def test_death_ship_target_loses_ten_plague_begins_deck_rebuilt_and_play_resumes_with_the_target() -> None:
    s = table(hands={"p1": ["death_ship"]}, stage="death_ship")
    s, _ = play(s, PlayCard(seat="p1", card=card(s, "p1", "death_ship"), target="p3"))
    assert pop(s, "p3") == 40
    assert s.phase == "plague"
    assert [key_of(c) for c in s.removed] == ["death_ship"]
    assert s.current == "p3" and s.stage == "roll"
    assert not s.deck.discard


def test_death_ship_rebuild_shuffles_pile_and_discard_together() -> None:
    s = table(
        hands={"p1": ["famine", "flood", "fire", "drought", "pestilence", "sewer"]}, pile_top=["death_ship"]
    )
    s, _ = play(s, Discard(seat="p1", card=card(s, "p1", "famine")))  # discard holds one card
    s, _ = play(s, Roll(seat="p2"), DiceRng([1, 1]))
    assert s.stage == "death_ship"
    pile, discard = len(s.deck.cards), len(s.deck.discard)
    s, ev = play(s, PlayCard(seat="p2", card=card(s, "p2", "death_ship"), target="p1"))
    sh = of(ev, Shuffled)[0]
    assert sh.source == "all" and sh.size == pile + discard and discard == 1
    assert of(ev, RemovedFromGame) and of(ev, PhaseChanged)[0].resume_with == "p1"
    assert s.current == "p1" and s.phase == "plague"


def test_a_death_ship_that_eliminates_its_target_passes_play_to_the_next_player() -> None:
    s = table(hands={"p1": ["death_ship"]}, populations={"p2": 10}, stage="death_ship")
    s, _ = play(s, PlayCard(seat="p1", card=card(s, "p1", "death_ship"), target="p2"))
    assert s.player("p2").out and s.current == "p3"


# -- acts ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key,target,change",
    [
        ("bumper_harvest", "", {"p1": 5}),
        ("trade_center", "", {"p1": 10}),
        ("pestilence", "p2", {"p2": -5}),
        ("famine", "p2", {"p2": -10}),
        ("drought", "p2", {"p2": -10}),
        ("flood", "p2", {"p2": -10}),
        ("viking_raid", "p2", {"p2": -10}),
        ("earthquake", "p2", {"p2": -5}),
        ("fire", "p2", {"p2": -5}),
        ("pied_piper", "p2", {"p1": 15, "p2": -15}),
        ("mass_migration", "", {"p1": 10, "p2": -5, "p3": -5}),
        ("mongol_raid", "", {"p2": -10, "p3": -10}),
    ],
)
def test_each_act_card(key: str, target: str, change: dict[str, int]) -> None:
    s = table(hands={"p1": [key, "famine"]})
    s, _ = act(s, "p1", key, target)
    for seat in ("p1", "p2", "p3"):
        assert pop(s, seat) == 50 + change.get(seat, 0), seat
    assert key_of(s.deck.discard[-1]) == key and not s.in_play
    assert s.current == "p2" and s.stage == "roll"


def test_crusade_waits_for_parries_then_the_target_loses_ten() -> None:
    s = table(hands={"p1": ["crusade"]})
    s, _ = act(s, "p1", "crusade", "p3")
    assert s.stage == "reaction" and game.waiting_for(s) == ["p1", "p2", "p3"]
    s, _ = play(s, Pass(seat="p2"))
    with pytest.raises(IllegalIntent, match="already passed"):
        play(s, Pass(seat="p2"))
    s, _ = play(s, Pass(seat="p1"))
    assert s.stage == "reaction" and game.waiting_for(s) == ["p3"]
    s, _ = play(s, Pass(seat="p3"))
    assert pop(s, "p3") == 40 and s.current == "p2"


@pytest.mark.parametrize(
    "key,shield",
    [("drought", "aqueduct"), ("fire", "aqueduct"), ("flood", "sewer"), ("viking_raid", "city_walls")],
)
def test_improvements_protect_from_their_cards(key: str, shield: str) -> None:
    s = table(hands={"p1": [key]}, improvements={"p2": [shield]})
    s, ev = act(s, "p1", key, "p2")
    assert pop(s, "p2") == 50 and of(ev, Protected)[0].by == shield
    assert [key_of(c) for c in s.player("p2").improvements] == [shield]


def test_earthquake_and_fire_destroy_an_improvement() -> None:
    for key in ("earthquake", "fire"):
        s = table(hands={"p1": [key]}, improvements={"p2": ["sewer"]})
        s, ev = act(s, "p1", key, "p2")
        assert pop(s, "p2") == 45 and not s.player("p2").improvements
        assert key_of(of(ev, ImprovementLost)[0].card) == "sewer" and key_of(s.deck.discard[0]) == "sewer"


def test_pied_piper_takes_only_what_the_target_has() -> None:
    s = table(hands={"p1": ["pied_piper"]}, populations={"p2": 10, "p3": 30})
    s, _ = act(s, "p1", "pied_piper", "p2")
    assert pop(s, "p1") == 60 and s.player("p2").out


def test_mongol_raid_city_walls_reduce_by_five_even_when_destroyed() -> None:
    s = table(hands={"p1": ["mongol_raid"]}, improvements={"p2": ["city_walls"], "p3": ["sewer"]})
    s, _ = act(s, "p1", "mongol_raid")
    assert pop(s, "p1") == 50 and pop(s, "p2") == 45 and pop(s, "p3") == 40
    assert not s.player("p2").improvements and not s.player("p3").improvements


def test_harmful_cards_need_another_player_still_in_the_game() -> None:
    s = table(hands={"p1": ["famine", "trade_center"]}, populations={"p3": 0})
    for target in ("p1", "p3", "p7"):
        with pytest.raises(IllegalIntent) as e:
            act(s, "p1", "famine", target)
        assert e.value.rule == "target"
    with pytest.raises(IllegalIntent, match="takes no target"):
        act(s, "p1", "trade_center", "p2")


# -- wars ----------------------------------------------------------------------------------------------------


def _war(key: str, dice: list[int], **kw):  # type: ignore[no-untyped-def]
    s = table(hands={"p1": [key]}, **kw)
    s, _ = act(s, "p1", key, "p2", "p3")
    assert s.stage == "reaction"
    rng = DiceRng(dice)
    s, ev = everyone_passes(s, rng)
    assert not rng.dice
    return s, ev


def test_major_war_winner_loses_ten_loser_twenty_and_an_improvement() -> None:
    s, ev = _war("major_war", [6, 6, 1, 1], improvements={"p3": ["sewer"]})
    assert pop(s, "p2") == 40 and pop(s, "p3") == 30 and pop(s, "p1") == 50
    assert not s.player("p3").improvements
    assert of(ev, WarRound)[0].winner == "p2"


def test_major_war_city_walls_reduce_losses_even_when_destroyed_in_the_same_action() -> None:
    s, _ = _war("major_war", [6, 6, 1, 1], improvements={"p3": ["city_walls"], "p2": ["city_walls"]})
    assert pop(s, "p2") == 45 and pop(s, "p3") == 35
    assert not s.player("p3").improvements and s.player("p2").improvements


def test_war_ties_cost_both_the_winners_losses_and_are_rolled_again() -> None:
    s, ev = _war("major_war", [3, 3, 2, 4, 1, 2, 5, 5])
    rounds = of(ev, WarRound)
    assert [r.winner for r in rounds] == ["", "p3"]
    assert pop(s, "p2") == 50 - 10 - 20 and pop(s, "p3") == 50 - 10 - 10
    assert len(of(ev, DiceRolled)) == 4


def test_minor_war_winner_five_loser_ten() -> None:
    s, _ = _war("minor_war", [1, 2, 4, 4], improvements={"p2": ["sewer"]})
    assert pop(s, "p3") == 45 and pop(s, "p2") == 40 and s.player("p2").improvements


def test_the_opponent_may_be_anyone_but_the_player_of_the_card() -> None:
    s = table(hands={"p1": ["major_war"]})
    with pytest.raises(IllegalIntent, match="neither"):
        act(s, "p1", "major_war", "p2", "p1")
    with pytest.raises(IllegalIntent):
        act(s, "p1", "major_war", "p2", "p2")
    with pytest.raises(IllegalIntent):
        act(s, "p1", "major_war", "p2")


def test_two_players_left_the_target_takes_the_losers_losses_and_the_player_nothing() -> None:
    s = table(players=2, hands={"p1": ["major_war"]}, improvements={"p2": ["city_walls"]})
    with pytest.raises(IllegalIntent, match="only two players"):
        act(s, "p1", "major_war", "p2", "p1")
    s, _ = act(s, "p1", "major_war", "p2")
    s, ev = everyone_passes(s)
    assert not of(ev, DiceRolled)
    assert pop(s, "p1") == 50 and pop(s, "p2") == 35 and not s.player("p2").improvements


def test_two_players_rule_applies_when_others_are_eliminated() -> None:
    s, _ = new(players=4)
    s = stack(s, hands={"p1": ["minor_war"]})
    from msgspec.structs import replace

    s = replace(
        s,
        players=tuple(
            replace(p, out=p.seat in ("p3", "p4"), population=0 if p.seat in ("p3", "p4") else p.population)
            for p in s.players
        ),
    )
    s, _ = act(s, "p1", "minor_war", "p2")
    s, _ = everyone_passes(s)
    assert pop(s, "p2") == 40 and pop(s, "p1") == 50


# -- parries -------------------------------------------------------------------------------------------------


def test_buy_indulgence_cancels_a_war() -> None:
    s = table(hands={"p1": ["major_war"], "p3": ["buy_indulgence"]})
    s, _ = act(s, "p1", "major_war", "p2", "p3")
    s, ev = play(s, PlayParry(seat="p3", card=card(s, "p3", "buy_indulgence"), on="p3"))
    assert of(ev, ActCancelled) and not of(ev, DiceRolled)
    assert all(pop(s, x) == 50 for x in s.seats)
    assert {key_of(c) for c in s.deck.discard} == {"major_war", "buy_indulgence"}
    assert s.current == "p2" and s.stage == "roll"


def test_negotiated_peace_cancels_a_minor_war_and_the_log_never_says_it_applied() -> None:
    """« Paix négociée annule Guerre mineure » was followed by « Guerre mineure : effet appliqué »: the war
    had no effect (nobody lost a PP, no dice): the log says once it went to the discard, then no effect."""
    from engine.games.plague.events import ActResolved
    from engine.games.plague.text import describe

    s = table(hands={"p1": ["minor_war"], "p2": ["buy_indulgence"]})
    s, _ = act(s, "p1", "minor_war", "p2", "p3")
    s, ev = play(s, PlayParry(seat="p2", card=card(s, "p2", "buy_indulgence"), on="p2"))
    assert of(ev, ActCancelled) and not of(ev, DiceRolled) and all(pop(s, x) == 50 for x in s.seats)
    (done,) = of(ev, ActResolved)
    assert done.cancelled
    names = {"p1": "Léa", "p2": "Inès", "p3": "Marc"}
    lines = [describe(e, "fr", names) for e in ev]
    assert "Guerre mineure : sans effet" in lines
    assert not any("effet appliqué" in line for line in lines), lines
    assert lines.count("Guerre mineure va à la défausse") == 1, lines  # said once, not again with "no effect"
    assert "Minor War has no effect" in [describe(e, "en", names) for e in ev]
    # a war that was not cancelled still says it was resolved
    assert describe(ActResolved(card=done.card), "fr") == "Guerre mineure : effet appliqué"


def test_buy_indulgence_cancels_a_crusade_and_anyone_may_play_it() -> None:
    s = table(hands={"p1": ["crusade"], "p2": ["buy_indulgence"]})
    s, _ = act(s, "p1", "crusade", "p3")
    s, _ = play(s, PlayParry(seat="p2", card=card(s, "p2", "buy_indulgence"), on="p3"))
    assert pop(s, "p3") == 50


def test_tactical_advantage_adds_one_to_the_war_roll_and_reopens_the_window() -> None:
    s = table(hands={"p1": ["minor_war", "tactical_advantage"]})
    s, _ = act(s, "p1", "minor_war", "p2", "p3")
    s, _ = play(s, Pass(seat="p2"))
    s, _ = play(s, PlayParry(seat="p1", card=card(s, "p1", "tactical_advantage"), on="p3"))
    assert game.waiting_for(s) == ["p1", "p2", "p3"]  # everyone may answer the parry
    rng = DiceRng([3, 3, 3, 3])
    s, ev = everyone_passes(s, rng)
    rolls = of(ev, DiceRolled)
    assert rolls[1].seat == "p3" and rolls[1].modifier == 1 and rolls[1].total == 7
    assert of(ev, WarRound)[0].winner == "p3"
    assert pop(s, "p3") == 45 and pop(s, "p2") == 40
    assert "tactical_advantage" in {key_of(c) for c in s.deck.discard}


def test_parries_answer_only_wars_and_crusades() -> None:
    s = table(hands={"p1": ["famine", "tactical_advantage"], "p2": ["buy_indulgence"]})
    with pytest.raises(IllegalIntent, match="answers an act"):
        act(s, "p1", "tactical_advantage", "p2")
    with pytest.raises(IllegalIntent, match="parry"):
        play(s, PlayParry(seat="p2", card=card(s, "p2", "buy_indulgence"), on="p2"))
    s2, _ = act(s, "p1", "famine", "p2")  # no parry window for a Famine
    assert pop(s2, "p2") == 40 and s2.stage == "roll"
    s = table(hands={"p1": ["crusade", "tactical_advantage"]})
    s, _ = act(s, "p1", "crusade", "p2")
    with pytest.raises(IllegalIntent, match="cannot answer Crusade"):
        play(s, PlayParry(seat="p1", card=card(s, "p1", "tactical_advantage"), on="p2"))


def test_no_tactical_advantage_when_a_two_player_war_has_no_dice() -> None:
    s = table(players=2, hands={"p1": ["major_war"], "p2": ["tactical_advantage", "buy_indulgence"]})
    s, _ = act(s, "p1", "major_war", "p2")
    kinds = {key_of(i.card) for i in game.legal(s, "p2") if isinstance(i, PlayParry)}
    assert kinds == {"buy_indulgence"}


# -- improvements --------------------------------------------------------------------------------------------


def test_building_an_improvement_is_the_act_of_the_turn() -> None:
    s = table(hands={"p1": ["aqueduct", "famine"]})
    s, _ = act(s, "p1", "aqueduct")
    assert [key_of(c) for c in s.player("p1").improvements] == ["aqueduct"] and s.current == "p2"


def test_one_improvement_at_a_time() -> None:
    s = table(hands={"p1": ["sewer"]}, improvements={"p1": ["aqueduct"]})
    assert not any(isinstance(i, PlayCard) for i in game.legal(s, "p1"))
    with pytest.raises(IllegalIntent, match="only one improvement"):
        act(s, "p1", "sewer")


def test_one_of_each_no_duplicates_and_the_player_of_the_act_chooses_what_is_lost() -> None:
    s = table(
        mode="one_of_each",
        hands={"p1": ["aqueduct", "sewer", "earthquake"]},
        improvements={"p1": ["aqueduct"]},
    )
    with pytest.raises(IllegalIntent, match="no improvement twice"):
        act(s, "p1", "aqueduct")
    s, _ = act(s, "p1", "sewer")
    assert len(s.player("p1").improvements) == 2
    s = stack(s, hands={"p2": ["earthquake"]}, improvements={"p1": ["aqueduct", "sewer"]}, current="p2")
    s, ev = act(s, "p2", "earthquake", "p1")
    assert of(ev, DestroyChoice)[0].chooser == "p2" and s.stage == "destroy"
    sewer = card(s, "p1", "sewer")
    with pytest.raises(IllegalIntent, match="chooses"):
        play(s, DestroyImprovement(seat="p1", victim="p1", card=sewer))
    s, _ = play(s, DestroyImprovement(seat="p2", victim="p1", card=sewer))
    assert [key_of(c) for c in s.player("p1").improvements] == ["aqueduct"]
    assert s.current == "p3" and pop(s, "p1") == 45


# -- elimination ---------------------------------------------------------------------------------------------


def test_a_player_without_population_is_eliminated_and_the_last_one_wins() -> None:
    s = table(
        players=2,
        hands={"p1": ["famine"], "p2": ["flood", "sewer"]},
        improvements={"p2": ["aqueduct"]},
        populations={"p2": 10},
    )
    s, ev = act(s, "p1", "famine", "p2")
    assert s.player("p2").out and not s.player("p2").hand and not s.player("p2").improvements
    assert of(ev, GameOver)[0].winner == "p1"
    assert game.outcome(s) == {"winner": "p1", "tied": [], "eliminated": ["p2"]}
    assert game.legal(s, "p1") == []
    with pytest.raises(IllegalIntent, match="over"):
        play(s, Roll(seat="p1"))


def test_a_player_out_of_the_game_is_said_so_without_an_adjective_to_agree_with_the_name() -> None:
    """« Inès est éliminé »: the app does not know a player's gender, so no word agrees with the name."""
    from engine.games.plague.events import Eliminated
    from engine.games.plague.text import describe

    for name in ("Inès", "Marc"):
        assert (
            describe(Eliminated(seat="p2"), "fr", {"p2": name}) == f"{name} est hors jeu : plus de population"
        )
    assert (
        describe(Eliminated(seat="p2"), "en", {"p2": "Inès"}) == "Inès is out of the game: no population left"
    )


def test_eliminated_players_are_skipped_and_cannot_be_targeted() -> None:
    s = table(hands={"p1": ["famine"], "p3": ["famine"]}, populations={"p2": 5})
    s, _ = act(s, "p1", "famine", "p2")
    assert s.current == "p3"
    s = stack(s, hands={"p3": ["famine"]}, current="p3")
    with pytest.raises(IllegalIntent, match="target"):
        act(s, "p3", "famine", "p2")


def test_the_plague_roll_can_eliminate_the_roller() -> None:
    s = table(hands={"p1": ["famine"]}, populations={"p1": 4}, stage="roll", phase="plague")
    s, ev = play(s, Roll(seat="p1"), DiceRng([1, 1]))
    assert s.player("p1").out and not of(ev, Drawn) and s.current == "p2"


def test_french_card_texts_name_cards_in_french():
    """A French rule text names other cards by their French names (it said "protège de Flood")."""
    from engine.games.plague.cards import card_types

    english = {c.name for c in card_types().values() if c.name != c.fr_name}
    for c in card_types().values():
        for name in english:
            assert name not in c.fr, (c.name, name, c.fr)
        assert "PROSPERITE" not in c.fr, c.fr


def test_the_log_elides_de_before_a_players_name():
    from engine.games.plague import events as ev
    from engine.games.plague.text import describe

    line = describe(
        ev.PopulationChanged(seat="p1", delta=None, population=None, cause="war"), "fr", {"p1": "Inès"}
    )
    assert line == "La population d'Inès change", line
