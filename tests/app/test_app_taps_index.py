"""``companion.runtime.taps`` reaches into Flet 1.0.5's session (its control index, its event dispatch): these
checks fail loudly if a Flet upgrade moves either, instead of taps going missing again in silence."""

from __future__ import annotations

import types
import weakref

import flet as ft
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.runtime import taps


def _session() -> Session:
    taps.install()
    return Session(types.SimpleNamespace(pubsubhub=PubSubHub()))  # the connection is not used here


def test_a_session_index_keeps_a_removed_button_and_a_tap_for_it_finds_it() -> None:
    session = _session()
    assert isinstance(session.index, taps._Index), "Flet's session index was not wrapped (Flet changed?)"
    button = ft.OutlinedButton(content=ft.Text("Aller à Lugdunum"), on_click=lambda _e: None)
    session.index[button._i] = button
    session.index.pop(button._i, None)  # what Flet does when a re-render takes the button off the page
    assert button._i not in session.index
    assert taps._recover(session, button._i) is button


def test_a_removed_text_is_not_kept() -> None:
    session = _session()
    text = ft.Text("3 actions")
    session.index[text._i] = text
    session.index.pop(text._i, None)
    assert taps._recover(session, text._i) is None  # only controls taking taps or typing are kept


def test_a_tap_delivered_to_a_kept_control_keeps_its_old_parents_until_its_handler_ran() -> None:
    """Flet's parent links are weak: the kept button's old column and card, which nothing on the page holds
    any more, would be collected in the middle of its handler (and the button find itself on no page) unless
    the delivery keeps them."""
    import gc

    page = ft.Column()  # stands for the page the button hangs from again
    button = ft.OutlinedButton(content=ft.Text("Aller à Lugdunum"), on_click=lambda _e: None)
    column = ft.Column([button])
    card = ft.Container(content=column)  # its old card and column, about to go: linked as Flet's diff links
    button._parent, column._parent = weakref.ref(column), weakref.ref(card)  # a drawn control to its parent
    card.data = card  # as on a real page, the old tree is in a cycle: only a garbage collection frees it
    del column, card
    held = taps._reattach(button, page)
    gc.collect()
    assert [type(c).__name__ for c in held] == ["OutlinedButton", "Column", "Container"]
    assert button.parent is held[1] and held[1].parent is held[2] and held[2].parent is page
    del held
    gc.collect()
    assert button.parent is None  # what a handler would have met without them held
