"""Departures from the rulebook found by an audit of the rulebook against the code, each as a rulebook
scenario."""

from __future__ import annotations

import pytest

import engine.games.pandemie as pan
from engine.core import IllegalIntent
from engine.games.pandemie import events as E
from tests.pandemie.pandemie_scenarios import (
    act,
    at,
    city_card,
    hand,
    key,
    new_game,
    no_pins,
    pins,
    pins_at,
    role,
    turn,
)


def hidden_board(**options):
    """Hidden hands, no pins; p1 to play at Lugdunum with p2 beside him, both Magistrats, empty hands."""
    st = no_pins(new_game(open_hands=False, **options))
    st = role(role(turn(st, "p1"), "p1", "Magistrat"), "p2", "Magistrat")
    return hand(hand(st, "p1"), "p2")


def refusal(state, intent) -> IllegalIntent:
    with pytest.raises(IllegalIntent) as exc:
        pan.apply(state, intent, None)
    return exc.value


def test_partager_ses_connaissances_with_hidden_hands_the_partner_chooses_the_card():
    """« deux joueurs doivent se trouver sur la même ville pour échanger la carte correspondante à cette
    ville »: with hidden hands the player whose turn it is asks; the partner, who sees their own hand, gives
    the card or declines; nothing the asker may not see is named on the way."""
    st = hidden_board()
    lug, lut = city_card(st, "Lugdunum"), city_card(st, "Lutetia")
    st = hand(st, "p2", lug, lut)
    offered = pan.legal(st, "p1")
    assert E.AskCard(seat="p1", other="p2") in offered
    assert not any(isinstance(i, E.ShareKnowledge) and not i.give for i in offered)
    # taking a named card is refused in the same words whether p2 holds it or not: no probe of a hand
    words = {
        str(refusal(st, E.ShareKnowledge(seat="p1", other="p2", card=c, give=False)))
        for c in (lug, lut, city_card(st, "Massilia"))
    }
    assert len(words) == 1 and "AskCard" in words.pop()
    st, ev = act(st, E.AskCard(seat="p1", other="p2"))
    assert [type(e).__name__ for e in ev] == ["CardAsked"]
    assert pan.view(st, "p1")["asks"] == [{"asker": "p1", "giver": "p2"}]
    # the province waits for the answer; p2 may give only Lugdunum's card (not a Sénateur), or decline
    assert refusal(st, E.Move(seat="p1", to=key(st, "Vienna"))).rule == "ask-pending"
    assert set(pan.legal(st, "p2")) == {E.AnswerAsk(seat="p2"), E.AnswerAsk(seat="p2", card=lug)}
    assert refusal(st, E.AnswerAsk(seat="p2", card=lut)).rule == "share-card"
    given, ev = act(st, E.AnswerAsk(seat="p2", card=lug))
    assert [type(e).__name__ for e in ev] == ["AskAnswered", "CardGiven", "ActionUsed"]
    assert lug in given.hands[0] and given.provs[0].actions == 3 and given.asks == ()
    declined, _ = act(st, E.AnswerAsk(seat="p2"))
    assert declined.provs[0].actions == 4 and declined.hands == st.hands and declined.asks == ()


def test_the_senateur_asked_may_give_any_city_card_of_his_hand():
    st = role(hidden_board(), "p2", "Sénateur")
    lut = city_card(st, "Lutetia")
    st = hand(st, "p2", lut, "PE:G1")
    st, _ = act(st, E.AskCard(seat="p1", other="p2"))
    answers = {i for i in pan.legal(st, "p2") if isinstance(i, E.AnswerAsk)}
    assert answers == {E.AnswerAsk(seat="p2"), E.AnswerAsk(seat="p2", card=lut)}  # events are no city cards
    st, _ = act(st, E.AnswerAsk(seat="p2", card=lut))
    assert lut in st.hands[0]


def test_with_open_hands_the_card_is_taken_as_before():
    st = no_pins(new_game())
    st = hand(hand(role(role(turn(st, "p1"), "p1", "Magistrat"), "p2", "Magistrat"), "p1"), "p2")
    assert refusal(st, E.AskCard(seat="p1", other="p2")).rule == "ask-open-hands"
    lug = city_card(st, "Lugdunum")
    st = hand(st, "p2", lug)
    assert E.ShareKnowledge(seat="p1", other="p2", card=lug, give=False) in pan.legal(st, "p1")


def test_a_pawn_moved_away_while_asked_can_only_decline():
    st = hidden_board()
    lug = city_card(st, "Lugdunum")
    st = hand(st, "p2", lug)
    st, _ = act(st, E.AskCard(seat="p1", other="p2"))
    st = at(st, "p2", "Vienna")  # e.g. a Mission secrète played meanwhile
    assert pan.legal(st, "p2") == [E.AnswerAsk(seat="p2")]
    assert refusal(st, E.AnswerAsk(seat="p2", card=lug)).rule == "share-same-city"


def quiet(**options):
    st = no_pins(new_game(**options))
    st = role(role(turn(st, "p1"), "p1", "Magistrat"), "p2", "Magistrat")
    return hand(hand(st, "p1"), "p2")


def test_combat_on_the_city_where_the_player_stands_unless_the_group_reads_d_une_ville():
    """« un joueur peut ôter une punaise invasion d'une ville pour une action … de la ville qu'il soigne »:
    by default (as in Pandemic) the city where the player stands; option combat=anywhere: any city of the
    province."""
    st = pins(quiet(), "Vienna", "red", 2)
    assert refusal(st, E.Combat(seat="p1", colour="red", city=key(st, "Vienna"))).rule == "combat-here"
    assert not any(isinstance(i, E.Combat) for i in pan.legal(st, "p1"))
    far = pins(quiet(combat="anywhere"), "Vienna", "red", 2)
    assert E.Combat(seat="p1", colour="red", city=key(far, "Vienna")) in pan.legal(far, "p1")
    far, _ = act(far, E.Combat(seat="p1", colour="red", city=key(far, "Vienna")))
    assert pins_at(far, "Vienna", "red") == 1 and far.provs[0].actions == 3


def test_events_a_tout_moment_even_between_two_propagation_cards():
    """« Ceux-ci peuvent être joués absolument à tout moment »: the propagation cards may be drawn one at a
    time; between two of them an event is played (here Ville fantôme on the card just drawn)."""
    st = turn(hand(quiet(), "p2", "PE:G3", "PE:G1"), "p1", phase="propagate")
    speed = 2
    assert E.Propagate(seat="p1", cards=1) in pan.legal(st, "p1")
    st, ev = act(st, E.Propagate(seat="p1", cards=1))
    drawn = [e.card for e in ev if type(e).__name__ == "Drawn"]
    assert len(drawn) == 1 and st.provs[0].phase == "propagate" and st.paused[0] == 1
    assert pan.view(st, "p1")["provinces"][0]["propagation_drawn"] == 1
    st, _ = act(st, E.PlayEvent(seat="p2", card="PE:G3", target=drawn[0]))
    assert drawn[0] in st.removed
    # a Nuit tranquille played now is for the next propagation: this one goes on
    st, _ = act(st, E.PlayEvent(seat="p2", card="PE:G1"))
    st, ev = act(st, E.Propagate(seat="p1"))
    assert len([e for e in ev if type(e).__name__ == "Drawn"]) == speed - 1
    assert st.provs[0].turn == 1 and st.provs[0].quiet and st.paused[0] == 0


def test_the_simulated_team_asks_for_cards_when_hands_are_hidden():
    """The simulation policy plays hidden hands too: it asks (AskCard) where it would have taken a card, and
    the partner's answer is one the rules list; every intent it sends is legal."""
    from engine.core import SeededRng
    from engine.games.pandemie.simulate import by_apply, play_state

    seen = {"AskCard": 0, "AnswerAsk": 0}

    def check(state, intent) -> None:
        name = type(intent).__name__
        if name in seen:
            seen[name] += 1
            assert intent in pan.legal(state, intent.seat), intent

    for seed in range(6):
        state, _, _ = play_state(
            {"provinces": 1, "players": 4, "open_hands": False},
            SeededRng(f"hidden:{seed}"),
            advance=by_apply,
            check=check,
        )
        assert state.over is not None and state.asks == ()
    assert seen["AskCard"] and seen["AnswerAsk"] == seen["AskCard"]
