"""What a screen may ask of the page it is on: :class:`Navigator`, which the shell
(:class:`companion.ui.shell.Shell`) implements.

Screens and panels import this protocol, never the shell: the shell knows every screen (it opens them), a
screen knows only where it can go next and the page's services (its language, a toast, the camera, the
hub of tables this process hosts).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import flet as ft

    from companion.session import Session

    from .access import Access
    from .alerts import Alerts
    from .hub import Hosted, Hub


class Navigator(Protocol):
    # -- the page and its services ------------------------------------------------------------------------
    @property
    def page(self) -> ft.Page: ...

    @property
    def lang(self) -> str:
        """The page's language, ``fr`` or ``en``."""
        ...

    @property
    def hub(self) -> Hub:
        """The tables this process hosts, its data folder, whether it announces tables on the LAN."""
        ...

    @property
    def access(self) -> Access:
        """Who this page is (decided on the server: the host's own window, a proven PIN, a device token)."""
        ...

    @property
    def alerts(self) -> Alerts:
        """The announcements' banner of this page."""
        ...

    @property
    def screen(self) -> object:
        """The screen shown now (a screen checks it is still the one shown before it redraws itself)."""
        ...

    @property
    def phone(self) -> bool:
        """The page is as narrow as a phone."""
        ...

    def refresh(self, top: bool = False) -> None:
        """Draw the screen again (``top``: scrolled back to its top)."""
        ...

    async def redraw(self, screen: object) -> None:
        """Draw ``screen`` again, if it is still the one shown, for an update that came from elsewhere
        (another device's action): the app's pages one at a time, each page's update written as soon as it is
        drawn."""
        ...

    def toast(self, message: str, error: bool = False) -> None: ...

    def is_local_client(self) -> bool:
        """This page is the hosting device (its window, or the browser that opened the host's secret link)."""
        ...

    def camera_kind(self) -> str:
        """Where the page's live viewfinder gets its frames: ``browser``, ``app``, ``webcam`` or "" (none)."""
        ...

    @property
    def camera_command(self) -> ft.Text:
        """The page's hidden text its own script reads the browser camera's command from
        (:mod:`companion.ui.viewfinder`)."""
        ...

    async def remember(self, **changes: Any) -> None:
        """Update where this device sits (a province tablet's province, playing in turn on it)."""
        ...

    # -- where a screen goes next -------------------------------------------------------------------------
    async def open_new_table(self, game: str | None = None, profile: Path | None = None) -> None: ...

    async def open_join(self) -> None: ...

    async def open_resume(self) -> None: ...

    async def open_census(self) -> None: ...

    async def open_hosted(self, hosted: Hosted) -> None: ...

    async def open_overview(self, hosted: Hosted) -> None:
        """The whole table at a glance (the hosting device only; games that have one)."""
        ...

    async def open_local(
        self,
        hosted: Hosted,
        seat: str,
        pin: str = "",
        province: str = "",
        follow: bool = False,
        seen: int | None = None,
        hold: bool = True,
    ) -> None: ...

    async def open_remote(
        self,
        session: Session,
        host: str,
        port: int,
        pin: str,
        seat: str,
        name: str = "",
        province: str = "",
        follow: bool = False,
        seen: int | None = None,
    ) -> None: ...


__all__ = ["Navigator"]
