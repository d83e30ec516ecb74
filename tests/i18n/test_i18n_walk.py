"""Every event, intent and refusal of every game, in French and in English: one language at a time.

The walk (``i18n_walk.py``) plays seeded games of each game and provokes refusals; every event type and intent
type a game declares is covered (those the walk did not meet are rebuilt from values it met). Each text is
checked by ``i18n_langcheck.problems``: no word of the other language, no raw id, no Python repr, no bare seat
id (seats are shown by the players' names).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine import texts
from engine.core import get_game
from engine.core.game import Undone
from tests.i18n.i18n_langcheck import problems
from tests.i18n.i18n_walk import Walk, synthesized, walk

GAMES = ("pandemie", "rattus", "cartus", "plague")
NAMES = {
    f"p{i}": n
    for i, n in enumerate(
        (
            "Léa",
            "Marc",
            "Zoé",
            "Noah",
            "Inès",
            "Hugo",
            "Jade",
            "Louis",
            "Lina",
            "Adam",
            "Rose",
            "Paul",
            "Anna",
            "Théo",
            "Emma",
            "Tom",
            "Lou",
            "Gabin",
            "Mia",
            "Jules",
        ),
        start=1,
    )
}
PEOPLE = tuple(NAMES.values())


@cache
def walked(game: str) -> Walk:
    return walk(game, seeds=2, steps=300)


def _items(game: str) -> list[object]:
    w = walked(game)
    mod = get_game(game)
    extra = synthesized(w, (*mod.events, *mod.intents), random.Random(1))
    by_type: dict[type, list[object]] = {}
    for x in (*w.events, *w.intents, *extra, Undone(action=3)):
        lst = by_type.setdefault(type(x), [])
        if len(lst) < 25 and x not in lst:
            lst.append(x)
    return [x for lst in by_type.values() for x in lst]


@pytest.mark.parametrize("game", GAMES)
def test_every_event_and_intent_type_is_met(game: str) -> None:
    mod = get_game(game)
    met = {type(x) for x in _items(game)}
    missing = [t.__name__ for t in (*mod.events, *mod.intents) if t not in met]
    assert not missing, f"{game}: the walk met and could rebuild no {missing}"


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_every_event_and_intent_reads_in_one_language(game: str, lang: str) -> None:
    bad: dict[str, str] = {}
    for item in _items(game):
        text = texts.describe(game, item, lang, NAMES)
        found = problems(text, lang, people=PEOPLE)
        if found:
            bad.setdefault(type(item).__name__, f"{text!r}: {'; '.join(found)}")
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())


def _refusals(game: str) -> list[tuple[str, str]]:
    return sorted({(r.rule, r.message) for r in walked(game).refusals})


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_met_has_an_entry(game: str) -> None:
    found = _refusals(game)
    assert len({r for r, _ in found}) >= 5, f"{game}: the walk provoked too few kinds of refusal"
    unknown = [f"{r}: {m}" for r, m in found if not texts.known_refusal(game, r, m)]
    assert not unknown, f"{game}: refusals with no entry in engine/games/{game}/refusals.py:\n" + "\n".join(
        unknown
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_reads_in_one_language(game: str, lang: str) -> None:
    bad = {}
    for rule, message in _refusals(game):
        text = texts.refusal(game, rule, message, lang, NAMES)
        found = problems(text, lang, people=PEOPLE)
        if found:
            bad.setdefault(rule, f"{message!r} → {text!r}: {'; '.join(found)}")
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())


def test_a_refusal_names_seats_and_cards_in_the_language_asked() -> None:
    msg = "a forced march needs the card of the destination (Vesontio): PC:G12 is not in p3's hand"
    assert texts.refusal("pandemie", "forced-march-card", msg, "fr", NAMES) == (
        "une marche forcée demande la carte de la destination (Vesontio) : Vesontio n'est pas dans la main "
        "de Zoé"
    )
    assert texts.refusal("pandemie", "forced-march-card", msg, "en", NAMES) == (
        "a forced march needs the card of the destination (Vesontio): Vesontio is not in Zoé's hand"
    )
    assert texts.refusal(
        "pandemie", "wrong-phase", "draw after your four actions (now: propagate)", "fr"
    ) == ("on pioche après ses quatre actions (maintenant : propagation)")


def test_an_unknown_refusal_is_never_shown_in_english_on_a_french_screen() -> None:
    assert (
        texts.refusal("cartus", "phase", "something new the rules say", "fr")
        == "Pas à ce moment de la manche."
    )
    assert texts.refusal("cartus", "brand-new-rule", "something new", "fr") == "La règle refuse cette action."
    assert texts.refusal("cartus", "brand-new-rule", "something new", "en") == "something new"


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["cartus", "plague"])
def test_every_prompt_met_reads_in_one_language(game: str, lang: str) -> None:
    """What a seat is asked to do (the prompt line of Cartus and Plague), for every view the walk met."""
    from companion.ui.cartus.model import cartus_todo
    from companion.ui.plague.model import plague_todo

    todo = cartus_todo if game == "cartus" else plague_todo
    kinds: set[str] = set()
    bad = {}
    for seat, view in walked(game).views:
        prompt = view.get("prompt") if game == "cartus" else view.get("stage")
        key = str(prompt.get("kind") if isinstance(prompt, dict) else prompt)
        kinds.add(key)
        text = todo(view, lang, seat, NAMES)
        if text and (found := problems(text, lang, people=PEOPLE)):
            bad.setdefault(key, f"{text!r}: {'; '.join(found)}")
    assert len(kinds) >= 3, f"{game}: the walk met too few prompts ({kinds})"
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())
