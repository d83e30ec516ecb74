"""Words once wrong on the screens: French without elision (*au tour de Alice*), roles and peoples
left in French on an English screen (*Sénateur*, *Vandales*), a move said twice in the log. (The province
panel's phase and roles as a screen draws them: ``tests/app/test_app_pandemie_events.py``.)"""

from __future__ import annotations

from typing import Any

from engine.core.lang import Table
from engine.games.pandemie import names as pan_names
from engine.games.pandemie import text as pan_text
from engine.games.rattus import text as rat_text


def test_french_elides_de_before_a_name_that_starts_with_a_vowel() -> None:
    t = Table({"turn": ("{province} : au tour de {seat}", "{province}: {seat}'s turn")})
    assert t.text("turn", "fr", province="Gallia", seat="Alice") == "Gallia : au tour d'Alice"
    assert t.text("turn", "fr", province="Gallia", seat="Bruno") == "Gallia : au tour de Bruno"
    assert t.text("turn", "en", province="Gallia", seat="Alice") == "Gallia: Alice's turn"
    (pan,) = [tb for tb in _tables(pan_text) if "TurnBegan" in tb]
    assert pan.text("TurnBegan", "fr", province="Gallia", seat="Alice") == "Gallia : au tour d'Alice"
    (rat,) = [tb for tb in _tables(rat_text) if "TurnEnded" in tb]
    assert rat.text("TurnEnded", "fr", seat="Emma") == "Fin du tour d'Emma"


def _tables(module: Any) -> list[Table]:
    return [v for v in vars(module).values() if isinstance(v, Table)]


def test_roles_and_peoples_are_in_english_on_an_english_screen() -> None:
    assert pan_names.role_name("Sénateur", "en") == "Senator"
    assert pan_names.role_name("Sénateur", "fr") == "Sénateur"
    assert pan_names.role_name("Augure", "en") == "Augure"  # a user-made province's own role, as it names it
    assert pan_names.people("red", "en") == "Vandals (red)"
    assert pan_names.people("red", "fr") == "Vandales (rouge)"
    assert pan_names.card("PO:G1", "en") in pan_names.ROLES_EN.values()


def test_a_move_is_one_line_of_the_log_not_two() -> None:
    """It read "Alice va à Vienna (à pied)" then "Alice : déplacement": the action's bookkeeping is said only
    when nothing else of its action was."""
    from companion.sync.tables import Projector
    from engine.core import SeededRng, get_game
    from engine.core import Table as GameTable

    game = get_game("pandemie")
    table = GameTable.new(game, {"provinces": 1, "players": 2}, SeededRng(3))
    projector = Projector(table, "pandemie", "Camp")
    before = len(projector.snapshot("p2").log)
    table.act(next(i for i in game.legal(table.state, "p1") if type(i).__name__ == "Move"))
    for seat in ("p1", "p2", "table"):
        new = (
            [ln.text_fr for ln in projector.snapshot(seat).log][before:]
            if seat == "p2"
            else [ln.text_fr for ln in projector.snapshot(seat).log][-1:]
        )
        assert len(new) == 1 and " va à " in new[0], (seat, new)
