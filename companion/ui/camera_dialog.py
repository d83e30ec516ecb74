"""What the camera's parts of the app share: the platform test for the phone app, and an error's words.

The camera itself is the live viewfinder (:mod:`companion.ui.viewfinder`): no picture is taken in a dialog.
"""

from __future__ import annotations

import flet as ft


def err_text(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def is_mobile(page: ft.Page) -> bool:
    return page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)
