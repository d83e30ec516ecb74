"""The printable/scannable Cartus cards, and texts for every event and intent."""

from __future__ import annotations

import random
from collections import Counter

import engine.games.cartus as C
from engine.catalogue import by_game, get
from engine.core import TABLE, SeededRng
from engine.core.codes import parse, payload
from engine.games.cartus import rules as R
from tests.cartus.cartus_fixtures import new, random_game


def test_every_cartus_card_has_a_short_valid_code():
    cards = by_game("cartus")
    assert len(cards) == 84 + 60 + 51 + 15 + 1
    assert len({c.id for c in cards}) == len(cards)
    for c in cards:
        assert c.id.startswith("RCC:")
        code = payload(c.id)
        assert len(code) <= 20 and parse(code).component_id == c.id


def test_card_counts_by_kind_and_names_keep_their_accents():
    cards = by_game("cartus")
    kinds = Counter(c.kind for c in cards)
    assert kinds == Counter({"population": 84, "building": 60, "special": 51, "joker": 15, "first-player": 1})
    specials = Counter(c.name for c in cards if c.kind == "special")
    assert specials == Counter({"Épée": 12, "Flûte": 12, "Laissez-passer": 12, "Or": 15})
    names = {c.name for c in cards if c.kind == "building"}
    assert {"Monastère", "Hôpital", "Château", "Trésor", "Cabane du joueur de flûte"} <= names
    assert get("RCC:B:TEN5").name == "Tente de la cartomancienne"
    assert get("RCC:P:MAG01").name == "Sorcière (Magie)"


def test_population_nun_symbols_match_the_box():
    nuns = Counter(c.attrs["nuns"] for c in by_game("cartus") if c.kind == "population")
    assert nuns == Counter({4: 24, 3: 12, 2: 12, 1: 12, 0: 24})
    per_class = Counter(c.attrs["class"] for c in by_game("cartus") if c.kind == "population")
    assert set(per_class.values()) == {14} and len(per_class) == 6


def test_twelve_buildings_two_per_class_five_copies():
    b = [c for c in by_game("cartus") if c.kind == "building"]
    per_type = Counter(c.attrs["type"] for c in b)
    assert len(per_type) == 12 and set(per_type.values()) == {5}
    assert Counter(c.attrs["class"] for c in b) == Counter(
        {k: 10 for k in ("PAY", "BOU", "CLE", "CHE", "MAG", "NOB")}
    )


def test_every_event_and_intent_has_a_french_and_english_line():
    _, events = random_game(3, 4, selection="random-five")
    seen = {type(e) for e in events}
    for e in events:
        fr, en = C.describe(e, "fr"), C.describe(e, "en")
        assert fr and en and "\n" not in fr
    state, _ = new(4)
    for i in C.legal(state, "p1")[:5]:
        assert C.describe(i, "fr") != C.describe(i, "en")
    assert len(seen) > 20


def test_legal_intents_all_apply_and_only_the_waited_seat_has_any():
    rnd = random.Random(4)
    for seed in range(3):
        state, _ = new(3, seed=seed)
        for _ in range(120):
            if state.phase == "over":
                break
            waiting = R.waiting_for(state)
            for seat in state.seats:
                moves = [i for i in C.legal(state, seat) if not isinstance(i, C.Convert)]
                if state.phase != "E" and seat not in waiting:
                    assert moves == [], (seat, state.phase, moves[:2])
                for intent in rnd.sample(moves, min(8, len(moves))):
                    C.apply(state, intent, SeededRng(0))  # never raises
            seat = rnd.choice(waiting) if waiting else TABLE
            moves = [i for i in C.legal(state, seat) if not isinstance(i, C.Convert)]
            intent = rnd.choice([m for m in moves if not isinstance(m, C.Enter) or m.cards <= 2] or moves)
            for e in C.apply(state, intent, SeededRng(0)):
                state = C.fold(state, e)
