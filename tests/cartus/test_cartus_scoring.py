"""The final scoring calculator, one worked case per rule (usable without a game: plain counts)."""

from __future__ import annotations

import pytest

from engine.games.cartus import PlayerCounts, ScoringError, final_scores
from engine.games.cartus.scoring import gold_points, majority_points, most_cards


def P(**kw) -> PlayerCounts:
    return PlayerCounts(**kw)


def pts(result, seat, key):
    return result["players"][seat]["breakdown"][key]


def test_class_majorities_score_10_5_2_and_a_fourth_nothing():
    r = final_scores(
        {
            "anna": P(influence={"CLE": 7}),
            "bert": P(influence={"CLE": 5}),
            "cleo": P(influence={"CLE": 3}),
            "dan": P(influence={"CLE": 1}),
        },
        nuns=20,
    )
    assert [pts(r, s, "CLE") for s in ("anna", "bert", "cleo", "dan")] == [10, 5, 2, 0]


def test_no_majority_points_with_zero_influence():
    r = final_scores({"a": P(influence={"NOB": 2}), "b": P(influence={"NOB": 0}), "c": P()}, nuns=20)
    assert [pts(r, s, "NOB") for s in "abc"] == [10, 0, 0]


def test_majority_tie_marker_on_top_ranks_first_by_default():
    # b reached 4 after a: b's marker is on top of a's
    got = majority_points({"a": 4, "b": 4, "c": 2}, "top", ["a", "b", "c"], "MAG")
    assert got == {"b": 10, "a": 5, "c": 2}
    assert majority_points({"a": 4, "b": 4, "c": 2}, "bottom", ["a", "b", "c"]) == {"a": 10, "b": 5, "c": 2}


def test_majority_tie_shared_points_rounded_down():
    assert majority_points({"a": 4, "b": 4, "c": 2}, "share") == {"a": 7, "b": 7, "c": 2}
    assert majority_points({"a": 3, "b": 3, "c": 3, "d": 3}, "share") == {"a": 4, "b": 4, "c": 4, "d": 4}
    assert majority_points({"a": 5, "b": 1, "c": 1, "d": 1}, "share") == {"a": 10, "b": 2, "c": 2, "d": 2}


def test_majority_tie_without_the_stack_order_is_a_clear_error():
    with pytest.raises(ScoringError, match="CHE: a, b are tied"):
        final_scores({"a": P(influence={"CHE": 3}), "b": P(influence={"CHE": 3})}, nuns=10)


def test_most_population_and_jokers_two_points_ties_one_each():
    assert most_cards({"a": 6, "b": 4}) == {"a": 2, "b": 0}
    assert most_cards({"a": 6, "b": 6, "c": 1}) == {"a": 1, "b": 1, "c": 0}
    assert most_cards({"a": 0, "b": 0}) == {"a": 0, "b": 0}
    r = final_scores({"a": P(pop_jokers=3), "b": P(pop_jokers=3)}, nuns=10)
    assert pts(r, "a", "pop_jokers") == pts(r, "b", "pop_jokers") == 1


def test_each_special_type_in_play_two_points_ties_one():
    r = final_scores(
        {"a": P(swords=3, flutes=1, passes=2), "b": P(swords=1, flutes=1, passes=0)},
        nuns=10,
        specials_in_play=("sword", "flute", "pass"),
    )
    assert (pts(r, "a", "sword"), pts(r, "b", "sword")) == (2, 0)
    assert (pts(r, "a", "flute"), pts(r, "b", "flute")) == (1, 1)
    assert (pts(r, "a", "pass"), pts(r, "b", "pass")) == (2, 0)


def test_a_special_type_not_in_play_scores_nothing():
    r = final_scores({"a": P(swords=3), "b": P()}, nuns=10, specials_in_play=("flute",))
    assert "sword" not in r["players"]["a"]["breakdown"]


def test_gold_six_for_the_most_three_for_the_second():
    assert gold_points({"a": 4, "b": 2, "c": 1}) == {"a": 6, "b": 3, "c": 0}


def test_gold_tie_for_most_shares_nine_rounded_down_and_no_second():
    assert gold_points({"a": 3, "b": 3, "c": 2}) == {"a": 4, "b": 4, "c": 0}
    assert gold_points({"a": 3, "b": 3, "c": 3, "d": 1}) == {"a": 3, "b": 3, "c": 3, "d": 0}


def test_gold_tie_for_second_shares_three_rounded_down():
    assert gold_points({"a": 5, "b": 2, "c": 2}) == {"a": 6, "b": 1, "c": 1}
    assert gold_points({"a": 5, "b": 2, "c": 2, "d": 2, "e": 2}) == {"a": 6, "b": 0, "c": 0, "d": 0, "e": 0}


def test_gold_scores_only_with_the_treasury_in_play():
    r = final_scores({"a": P(gold=2), "b": P()}, nuns=10, treasure_in_play=False)
    assert "gold" not in r["players"]["a"]["breakdown"]
    assert pts(final_scores({"a": P(gold=2), "b": P()}, nuns=10), "a", "gold") == 6


def test_victory_tokens_count():
    r = final_scores({"a": P(victory_tokens=4), "b": P(victory_tokens=1)}, nuns=10)
    assert r["players"]["a"]["total"] == 4 and r["players"]["b"]["total"] == 1


def test_more_rats_than_nuns_kills_even_the_highest_score():
    r = final_scores({"a": P(influence={"PAY": 5}, rats=9), "b": P(influence={"PAY": 1}, rats=8)}, nuns=8)
    assert r["players"]["a"]["alive"] is False and r["players"]["b"]["alive"] is True
    assert r["winners"] == ["b"]


def test_as_many_rats_as_nuns_survives():
    assert final_scores({"a": P(rats=7)}, nuns=7)["players"]["a"]["alive"]


def test_equal_points_fewer_rats_wins_then_the_victory_is_shared():
    r = final_scores({"a": P(victory_tokens=3, rats=4), "b": P(victory_tokens=3, rats=2)}, nuns=10)
    assert r["winners"] == ["b"]
    r = final_scores({"a": P(victory_tokens=3, rats=2), "b": P(victory_tokens=3, rats=2)}, nuns=10)
    assert r["winners"] == ["a", "b"]


def test_everybody_dead_nobody_wins():
    assert final_scores({"a": P(rats=5), "b": P(rats=6)}, nuns=4)["winners"] == []


def test_a_full_sheet():
    r = final_scores(
        {
            "p1": P(influence={"PAY": 6, "CLE": 2}, pop_jokers=5, swords=2, gold=3, victory_tokens=2, rats=6),
            "p2": P(influence={"PAY": 4, "CLE": 5, "MAG": 1}, pop_jokers=5, flutes=1, gold=1, rats=3),
            "p3": P(influence={"PAY": 1, "NOB": 3}, passes=2, rats=12),
        },
        nuns=9,
    )
    # p1: PAY 10 + CLE 5 + pop/jokers 1 + sword 2 + gold 6 + tokens 2 = 26
    # p2: PAY 5 + CLE 10 + MAG 10 + pop/jokers 1 + flute 2 + gold 3 = 31
    # p3: PAY 2 + NOB 10 + pass 2 = 14, but 12 rats > 9 nuns
    assert [r["players"][s]["total"] for s in ("p1", "p2", "p3")] == [26, 31, 14]
    assert r["winners"] == ["p2"] and r["ranking"] == ["p2", "p1", "p3"]


@pytest.mark.parametrize(
    "players,kw,words",
    [
        ({}, {"nuns": 3}, "no players"),
        ({"a": {"influence": {"XXX": 1}}}, {"nuns": 3}, "unknown class"),
        ({"a": {"gold": -1}}, {"nuns": 3}, "gold cannot be negative"),
        ({"a": {"golds": 1}}, {"nuns": 3}, "golds"),
        ({"a": {}}, {"nuns": -1}, "nuns"),
        ({"a": {}}, {"nuns": 2, "specials_in_play": ("gold",)}, "treasure_in_play"),
        ({"a": {}}, {"nuns": 2, "majority_ties": "coin"}, "majority_ties"),
    ],
)
def test_bad_counts_are_refused_with_a_clear_error(players, kw, words):
    with pytest.raises(ScoringError, match=words):
        final_scores(players, **kw)


def test_the_calculator_runs_on_a_typed_file(tmp_path, capsys):
    from engine.games.cartus.sheet import main

    f = tmp_path / "counts.json"
    f.write_text(
        '{"nuns": 6, "players": {"Anna": {"influence": {"CLE": 4}, "rats": 7},'
        ' "Bo": {"influence": {"CLE": 2}, "gold": 1, "rats": 2}}}',
        encoding="utf-8",
    )
    assert main([str(f)]) == 0  # the score sheet in words, French by default
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Bo hérite de la couronne !" and out[1].startswith("Soutien des nonnes : 6 nonnes")
    assert out[2] == "1. Bo : 11 points, 2 rats" and out[3] == "Influence : Clergé 5 · Main : Or 6"
    assert out[4].startswith("† Anna : 10 points, mais 7 rats pour 6 nonnes — victime de la peste")
    assert main([str(f), "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Bo inherits the crown!" and out[3] == "Influence: Clergy 5 · Hand: Gold 6"
    f.write_text('{"players": {}}', encoding="utf-8")
    assert main([str(f)]) == 2 and "needs 'nuns'" in capsys.readouterr().err
