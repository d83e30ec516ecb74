import pytest

from engine.core import Exhausted, Graph, GraphError, OsRng, SeededRng, Supply, Track, roll, shuffled


def test_supply_exhaustion_names_the_supply():
    s = Supply.full("blue pins", 24).take(23)
    assert s.left == 1 and s.out == 23
    with pytest.raises(Exhausted, match="blue pins"):
        s.take(2)
    assert s.take(1).exhausted
    with pytest.raises(ValueError):
        Supply.full("x", 3).put_back(1)


def test_track_advances_and_can_pass_the_end():
    t = Track.of("speed", (2, 2, 3, 4))
    assert t.value == 2
    t = t.advance(3)
    assert t.value == 4 and t.at_end and not t.past_end
    t = t.advance()
    assert t.past_end and t.value == 4


def test_graph_links_cross_boards():
    g = Graph()
    for p, b in (("Lugdunum", "G"), ("Vienna", "G"), ("Massilia", "G"), ("Tarraco", "H")):
        g.add_place(p, b)
    g.connect("Lugdunum", "Vienna")
    g.connect("Massilia", "Tarraco")
    assert g.neighbours("Massilia") == {"Tarraco"}
    assert g.is_link("Massilia", "Tarraco") and not g.is_link("Lugdunum", "Vienna")
    only_g = g.restricted(["G"])
    assert "Tarraco" not in only_g and only_g.neighbours("Massilia") == frozenset()
    with pytest.raises(GraphError, match="unknown place"):
        g.connect("Lugdunum", "Roma")
    with pytest.raises(GraphError):
        g.add_place("Lugdunum", "H")


def test_rngs():
    r = SeededRng(5)
    assert all(0 <= r.randbelow(6) < 6 for _ in range(100))
    assert all(1 <= d <= 6 for d in roll(r, 6, 50))
    assert sorted(shuffled(OsRng(), range(10))) == list(range(10))
    with pytest.raises(ValueError):
        OsRng().randbelow(0)
