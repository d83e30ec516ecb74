from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import (
    Deck,
    Discarded,
    Drawn,
    InconsistentLog,
    Placed,
    RemovedFromDiscard,
    SeededRng,
    commitment,
    fold_deck,
    make_shuffle,
    pile_sizes,
    split_with_inserts,
)


def test_draw_top_and_bottom():
    d = Deck("d", ("A", "B", "C"))
    d = fold_deck(d, Drawn(deck="d", card="A"))
    d = fold_deck(d, Drawn(deck="d", card="C", end="bottom"))
    assert d.cards == ("B",)


def test_a_draw_that_is_not_the_top_card_is_refused():
    with pytest.raises(InconsistentLog, match="top card is A"):
        fold_deck(Deck("d", ("A", "B")), Drawn(deck="d", card="B"))


def test_discard_then_shuffle_discard_onto_top():
    rng = SeededRng(1)
    d = Deck("inf", ("X", "Y"))
    for c in ("A", "B", "C"):
        d = fold_deck(d, Discarded(deck="inf", card=c))
    assert d.discard == ("A", "B", "C")
    ev = make_shuffle(rng, "inf", d.discard, "discard", "inf#2")
    d = fold_deck(d, ev)
    assert d.discard == ()
    assert sorted(d.cards[:3]) == ["A", "B", "C"] and d.cards[3:] == ("X", "Y")


def test_shuffle_of_different_cards_is_refused():
    d = Deck("inf", (), ("A", "B"))
    ev = make_shuffle(SeededRng(1), "inf", ("A", "Z"), "discard", "x")
    with pytest.raises(InconsistentLog):
        fold_deck(d, ev)


def test_removed_from_discard_and_placed():
    d = Deck("d", ("A",), ("B", "C"))
    d = fold_deck(d, RemovedFromDiscard(deck="d", card="B"))
    assert d.discard == ("C",)
    d = fold_deck(d, Placed(deck="d", cards=("P", "Q"), end="top"))
    d = fold_deck(d, Placed(deck="d", cards=("Z",), end="bottom"))
    assert d.cards == ("P", "Q", "A", "Z")


def test_commitment_depends_on_order_and_salt():
    assert commitment(["A", "B"], "00") != commitment(["B", "A"], "00")
    assert commitment(["A", "B"], "00") != commitment(["A", "B"], "01")
    ev = make_shuffle(SeededRng(3), "d", ["A", "B", "C"], "new", "d#1")
    assert ev.commitment == commitment(ev.order, ev.salt)
    red = ev.redacted()
    assert red.order == () and red.salt == "" and red.commitment == ev.commitment and red.size == 3


@given(st.integers(0, 80), st.integers(1, 7), st.integers(0, 2**32))
def test_rupture_split_one_insert_per_near_equal_pile(n_cards, n_inserts, seed):
    cards = [f"c{i}" for i in range(n_cards)]
    inserts = [f"R{i}" for i in range(n_inserts)]
    order = split_with_inserts(SeededRng(seed), cards, inserts)
    assert Counter(order) == Counter(cards + inserts)
    sizes = pile_sizes(n_cards, n_inserts)
    assert max(sizes) - min(sizes) <= 1 and sorted(sizes, reverse=True) == sizes
    start = 0
    for size in sizes:
        pile = order[start : start + size]
        assert sum(1 for c in pile if c.startswith("R")) == 1
        start += size


def test_seeded_shuffles_are_reproducible_and_differ_by_seed():
    a = make_shuffle(SeededRng(7), "d", list("ABCDEFGHIJ"), "new", "1").order
    b = make_shuffle(SeededRng(7), "d", list("ABCDEFGHIJ"), "new", "1").order
    c = make_shuffle(SeededRng(8), "d", list("ABCDEFGHIJ"), "new", "1").order
    assert a == b and a != c
