"""Counted words said as the count says: no "1 cube(s)" where the number is known."""

from __future__ import annotations

from engine.core.lang import counted
from engine.games.rattus import events as ev
from engine.games.rattus.text import describe


def test_a_known_count_drops_the_s_in_brackets() -> None:
    assert counted("Placer 1 cube(s) en Anglia", "fr") == "Placer 1 cube en Anglia"
    assert counted("Placer 0 cube(s) en Anglia", "fr") == "Placer 0 cube en Anglia"
    assert counted("Place 0 cube(s) in Anglia", "en") == "Place 0 cubes in Anglia"
    assert counted("1 nouveau(x) rat(s)", "fr") == "1 nouveau rat"
    assert counted("2 nouveau(x) rat(s)", "fr") == "2 nouveaux rats"
    assert counted("une carte(s)", "fr") == "une carte(s)"  # no number: left as it is
    assert counted("takes 2 pass(es)", "en") == "takes 2 passes"
    # a word or a bracket between the number and the counted word
    assert counted("The plague spreads around Gallia: 1 new rat(s)", "en").endswith("1 new rat")
    assert counted("1 Huns (yellow) pin(s) on Cularo", "en") == "1 Huns (yellow) pin on Cularo"
    assert (
        counted("3 punaise(s) Vandales (rouge) sur Vienna", "fr") == "3 punaises Vandales (rouge) sur Vienna"
    )
    assert counted("entre dans le bâtiment n° 1 (place 1) avec 2 carte(s)", "fr").endswith("avec 2 cartes")


def test_rattus_log_lines_say_how_many_in_words() -> None:
    line = describe(ev.CubesPlaced(seat="p1", region="Anglia", count=2, reason="rats"), "fr", {"p1": "Léa"})
    assert "2 cubes" in line and "(s)" not in line, line
    line = describe(ev.CubesPlaced(seat="p1", region="Anglia", count=1, reason="rats"), "en", {"p1": "Léa"})
    assert "1 cube " in line and "(s)" not in line, line


def test_walk_through_words() -> None:
    """A single nun, 'du paquet', no double space for a token with no sticker."""
    from engine.core.deck import Shuffled
    from engine.games.cartus import events as ce
    from engine.games.cartus.describe import describe as cartus
    from engine.games.plague.text import describe as plague
    from engine.games.rattus.text import token

    assert cartus(ce.Peek(seat="p1", positions=(1,)), "fr") == "Regarder la nonne n° 2"  # (0-based)
    assert "les nonnes" in cartus(ce.Peek(seat="p1", positions=(1, 3)), "fr")
    shuffled = Shuffled(deck="cards", shuffle_id="s1", source="new", size=70, commitment="c")
    assert plague(shuffled, "fr").startswith("Mélange du paquet")
    assert token("", "fr") == "jeton" and token("RAT:07", "fr") == "jeton 07"
