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


def test_rattus_log_lines_say_how_many_in_words() -> None:
    line = describe(ev.CubesPlaced(seat="p1", region="Anglia", count=2, reason="rats"), "fr", {"p1": "Léa"})
    assert "2 cubes" in line and "(s)" not in line, line
    line = describe(ev.CubesPlaced(seat="p1", region="Anglia", count=1, reason="rats"), "en", {"p1": "Léa"})
    assert "1 cube " in line and "(s)" not in line, line
