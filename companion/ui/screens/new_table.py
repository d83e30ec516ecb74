"""The new-table screen: the game, its options (and box profile), the table's name, create."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

from engine.core.events import TABLE
from engine.core.game import GAMES, get_game

from .. import model
from ..estimate import Estimate, Estimator, options_key
from ..games import GAME_UIS, game_title, game_ui, option_specs
from ..gameui import ProfilePanel
from ..hub import Hosted, SyncUnavailable
from ..i18n import form_error, pairs, refusal_text, tr
from ..spawn import spawn
from ..typed import track
from ..widgets import big_button, card, heading, ident, vcol
from .base import Screen, err_text

if TYPE_CHECKING:
    from ..navigator import Navigator

log = logging.getLogger("tablekeeper.app")

TEXTS: dict[str, tuple[str, str]] = {
    "title": ("Chances de victoire, mesurées", "Chances of winning, measured"),
    "running": (
        "Mesure en cours : l'ordinateur joue ces réglages…",
        "Measuring: the computer plays this set-up…",
    ),
    "rate": ("{pct} des parties gagnées", "{pct} of games won"),
    "interval": (
        "entre {low} et {high} (intervalle à 95 %), sur {n} partie(s) simulée(s)",
        "between {low} and {high} (95% interval), over {n} simulated game(s)",
    ),
    "more": ("— la mesure continue", "— still measuring"),
    "failed": ("Pas de mesure pour ces réglages : {err}", "No measure for this set-up: {err}"),
    "caveat": (
        "L'ordinateur joue chaque action sans plan d'équipe : un groupe qui se concerte fait souvent mieux. "
        "Changez une option : la mesure est refaite.",
        "The computer plays each action without a team plan: a group that talks usually does better. "
        "Change an option: it is measured again.",
    ),
    "levers": ("Ce qui change la difficulté :", "What changes the difficulty:"),
}
t = pairs(TEXTS)
TYPING_PAUSE_S = 0.7  # a number typed in the form is measured once the typing pauses this long


def percent(x: float, lang: str) -> str:
    """``0.055`` → ``5,5 %`` (French) or ``5.5%``; a whole number from 10 % up."""
    text = f"{100 * x:.1f}" if x < 0.095 else f"{100 * x:.0f}"
    return f"{text.replace('.', ',')} %" if lang == "fr" else f"{text}%"


def game_availability() -> dict[str, str]:
    """game → "" when its engine imports (with its declaration), else why not."""
    out: dict[str, str] = {}
    for g in GAMES:
        try:
            get_game(g)
            out[g] = ""
        except Exception as exc:  # noqa: BLE001 - any failure makes the game unavailable; say why
            out[g] = f"{type(exc).__name__}: {exc}"
    return out


NAMES_FILE = "last-names.json"


def last_names(data_dir: Path) -> str:
    """The names typed for the last table made here, as they are typed ("Ana, Bea, …"), or ""."""
    try:
        names = json.loads((Path(data_dir) / NAMES_FILE).read_text())
    except (OSError, ValueError):
        return ""
    if not isinstance(names, list):
        return ""
    return ", ".join(str(n) for n in names if isinstance(n, str) and n.strip())


def remember_names(data_dir: Path, names: list[str]) -> None:
    """Keep ``names`` for the next table's form (not written: this table still has them)."""
    try:
        (Path(data_dir) / NAMES_FILE).write_text(json.dumps(names, ensure_ascii=False))
    except OSError as exc:
        log.warning("could not keep the players' names for the next game: %s", exc)


class NewTableScreen(Screen):
    title_key = "new.title"

    def __init__(self, shell: Navigator, game: str | None = None, profile: Path | None = None) -> None:
        """``game``: the game chosen at first (else the first one available); ``profile``: its saved box
        profile chosen (a census just made)."""
        super().__init__(shell)
        self.available = game_availability()
        self.game: str | None = (
            game if game is not None else next((g for g in GAMES if not self.available.get(g, "x")), None)
        )
        # kept between renders: what is typed is read from each change event (companion/ui/typed.py)
        self.name = track(ft.TextField(value="", text_size=18, height=64))
        # the names of the last game made here, ready for the next one (the same troop plays again)
        self.players = track(
            ft.TextField(
                value=last_names(shell.hub.data_dir), text_size=18, multiline=True, min_lines=1, max_lines=4
            )
        )
        self.advanced = track(ft.TextField(value="", multiline=True, min_lines=1, max_lines=6, text_size=16))
        self.advertise = shell.hub.advertise  # started with --no-advertise: never announced (see Hub.create)
        self.fields: dict[str, ft.Control] = {}
        self.values: dict[str, Any] = {}
        self.choice_values: dict[str, Any] = {}
        self.busy = False
        self.inputs: dict[tuple[str, str], ft.TextField] = {}  # the number fields, kept between renders
        self._typed_at = 0.0
        # the win rate of the set-up on the form, measured while it is filled in (companion.ui.estimate)
        self.estimators: dict[str, Estimator] = {}
        self.estimate_box = ft.Container()  # kept: the measure's progress redraws it alone
        # each game's box profile panel (Rattus: the census of the tokens' faces; Plague: the 2d6 tables)
        self.panels: dict[str, ProfilePanel] = {
            g: ui.profile_panel(shell) for g, ui in GAME_UIS.items() if ui.profile_panel is not None
        }
        if game is not None and profile is not None and game in self.panels:
            self.panels[game].choose(profile)

    def _set_choice(self, key: str, value: Any) -> Callable[[Any], None]:
        def pick(_e: Any) -> None:
            self._keep_values()
            self.choice_values[key] = value
            self.shell.refresh()

        return pick

    def _yes_no(self, label: str, key: str, identifier: str) -> ft.Control:
        """A yes/no option as two large buttons (``key`` "" is the LAN-visibility switch)."""
        lang = self.lang
        value = self.advertise if not key else bool(self.choice_values.get(key))

        def setter(v: bool) -> Callable[[Any], None]:
            def set_(_e: Any) -> None:
                self._keep_values()
                if key:
                    self.choice_values[key] = v
                else:
                    self.advertise = v
                self.shell.refresh()

            return set_

        col = {"xs": 6, "md": 3}
        return vcol(
            [
                ft.Text(label, size=16, weight=ft.FontWeight.W_600),
                ft.ResponsiveRow(
                    [
                        big_button(
                            tr("view.yes", lang), setter(True), f"{identifier}-yes", primary=value, col=col
                        ),
                        big_button(
                            tr("view.no", lang), setter(False), f"{identifier}-no", primary=not value, col=col
                        ),
                    ],
                    spacing=8,
                    run_spacing=8,
                ),
            ],
            spacing=6,
        )

    def _select(self, game: str) -> Callable[[Any], None]:
        def pick(_e: Any) -> None:
            self._keep_values()
            self.game = game
            for other, est in self.estimators.items():  # another game's measure stops at once
                if other != game:
                    est.stop()
            self.values = {}
            self.choice_values = {}
            if (self.name.value or "") in {game_title(g, la) for g in GAMES for la in ("fr", "en")}:
                self.name.value = ""  # a default name follows the game; a typed one stays
            self.shell.refresh()

        return pick

    def _keep_values(self) -> None:
        for k, f in self.fields.items():
            self.values[k] = getattr(f, "value", None)

    def render(self) -> ft.Control:
        lang = self.lang
        self._keep_values()
        games: list[ft.Control] = []
        reasons: list[ft.Control] = []
        for g in GAMES:
            why = self.available.get(g, "")
            label = (
                game_title(g, lang)
                if not why
                else f"{game_title(g, lang)} — {tr('new.unavailable.short', lang)}"
            )
            games.append(
                big_button(
                    label,
                    self._select(g),
                    f"game-{g}",
                    primary=(g == self.game),
                    disabled=bool(why),
                    col={"xs": 12, "sm": 6},
                )
            )
            if why:
                reasons.append(
                    ft.Text(
                        f"{game_title(g, lang)} : {tr('new.unavailable', lang, why=why)}",
                        size=12,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    )
                )
        self.name.label = tr("new.name", lang)
        typed_name = self.name.value or ""
        if self.game and (
            not typed_name or typed_name in {game_title(g, la) for g in GAMES for la in ("fr", "en")}
        ):
            self.name.value = game_title(self.game, lang)
        self.advanced.label = tr("new.advanced", lang)
        opts: list[ft.Control] = []
        self.fields = {}
        panel = self.panels.get(self.game or "")
        # the form's first values the chosen box profile implies (Rattus: a full census, the hidden bag)
        implied = panel.defaults() if panel is not None and not self.choice_values else {}
        for spec in option_specs(self.game or ""):
            value = self.values.get(spec.key, spec.default)
            if spec.kind == "bool":  # two big buttons rather than a small switch
                self.choice_values.setdefault(spec.key, bool(implied.get(spec.key, spec.default)))
                opts.append(self._yes_no(spec.label(lang), spec.key, f"opt-{spec.key}"))
                continue
            if spec.kind == "choice":
                self.choice_values.setdefault(spec.key, implied.get(spec.key, spec.default))
                opts.append(ft.Text(spec.label(lang), size=16, weight=ft.FontWeight.W_600))
                opts.append(
                    ft.ResponsiveRow(
                        [
                            big_button(
                                spec.choice_label(c, lang),
                                self._set_choice(spec.key, c),
                                f"opt-{spec.key}-{c}",
                                primary=(str(c) == str(self.choice_values[spec.key])),
                                col={"xs": 12, "sm": 6, "lg": 4},
                            )
                            for c in spec.choices
                        ],
                        spacing=8,
                        run_spacing=8,
                    )
                )
                continue
            f = self.inputs.get((self.game or "", spec.key))
            if f is None:
                f = track(
                    ft.TextField(
                        value=str(value),
                        text_size=18,
                        height=64,
                        keyboard_type=ft.KeyboardType.NUMBER if spec.kind == "int" else None,
                        on_change=self._typed,
                    )
                )
                self.inputs[(self.game or "", spec.key)] = f
            f.label = spec.label(lang)
            self.fields[spec.key] = f
            opts.append(ident(f, f"opt-{spec.key}"))
        body = [
            card(
                vcol(
                    [
                        heading(tr("new.game", lang)),
                        ft.ResponsiveRow(games, spacing=10, run_spacing=10),
                        *reasons,
                    ],
                    spacing=10,
                    tight=True,
                )
            ),
            card(
                vcol(
                    [
                        heading(tr("new.options", lang)),
                        ident(self.name, "table-name"),
                        *opts,
                        self._names_field(),
                        *self._profile_panel(),
                        ident(self.advanced, "advanced"),
                        self._visibility(),
                    ],
                    spacing=12,
                    tight=True,
                )
            ),
            *self._difficulty(),
            big_button(
                tr("new.create", lang),
                self.create,
                "create",
                icon=ft.Icons.CHECK_CIRCLE,
                primary=True,
                height=72,
            ),
        ]
        return vcol(body, spacing=14)

    # -- the set-up's difficulty, measured ----------------------------------------------------------------
    def _typed(self, _e: Any = None) -> None:
        """A number typed in the form: measured again once the typing pauses (not at every key)."""
        self._typed_at = at = time.monotonic()

        async def later() -> None:
            await asyncio.sleep(TYPING_PAUSE_S)
            if self._typed_at == at and self.shell.screen is self:
                self._show_estimate()

        spawn(self.shell.page, later)

    def _estimator(self, game: str) -> Estimator | None:
        ui = game_ui(game)
        if ui is None or ui.difficulty is None:
            return None
        if game not in self.estimators:

            def progress() -> None:
                if self.shell.screen is self and self.game == game:
                    self._show_estimate()

            self.estimators[game] = Estimator(ui.difficulty, progress)
        return self.estimators[game]

    def _show_estimate(self) -> None:
        """Only the measure's part of the form drawn again: never the fields someone is typing in (a game
        with no measure, Plague's form typed in: nothing to draw)."""
        if self._estimator(self.game or "") is None:
            return
        self.estimate_box.content = self._estimate_content()
        try:
            self.estimate_box.update()
        except Exception:  # noqa: BLE001 - not on the page (the form was left, or not drawn yet)
            pass

    def _difficulty(self) -> list[ft.Control]:
        """The chosen set-up's win rate (measured in a worker process, shown as it comes, with its
        interval), and the options the rules offer to change it."""
        if self._estimator(self.game or "") is None:
            return []
        self.estimate_box.content = self._estimate_content()
        return [card(self.estimate_box, "estimate")]

    def _estimate_content(self) -> ft.Control:
        game = self.game or ""
        est = self._estimator(game)
        ui = game_ui(game)
        assert est is not None and ui is not None and ui.difficulty is not None
        lang = self.lang
        typed = {k: getattr(f, "value", None) for k, f in self.fields.items()}
        try:
            options = model.build_options(
                option_specs(game),
                {**self.values, **typed, **self.choice_values},
                (self.advanced.value or ""),
            )
        except model.OptionError as exc:
            options, problem = None, form_error(exc.message, lang)
        else:
            problem = ""
        lines: list[ft.Control] = [heading(t("title", lang), 18)]
        if options is not None:
            key = options_key(game, options)
            if key != est.key:
                spawn(self.shell.page, est.want, key, options)
                shown: Estimate | None = None
            else:
                shown = est.estimate
            lines += self._measure(shown, lang)
            lines.append(ft.Text(t("levers", lang), size=16, weight=ft.FontWeight.W_600))
            lines += [ft.Text(f"• {lever}", size=15) for lever in ui.difficulty.levers(options, lang)]
        else:
            lines.append(ident(ft.Text(t("failed", lang, err=problem), size=17), "estimate-rate"))
        return vcol(lines, spacing=8, tight=True)

    def _measure(self, est: Estimate | None, lang: str) -> list[ft.Control]:
        if est is not None and est.error:
            return [
                ident(
                    ft.Text(
                        t(
                            "failed",
                            lang,
                            err=refusal_text("options", est.error, lang) if est.refused else est.error,
                        ),
                        size=17,
                    ),
                    "estimate-rate",
                )
            ]
        if est is None or not est.played:
            return [ident(ft.Text(t("running", lang), size=17, italic=True), "estimate-rate")]
        low, high = est.interval()
        said = t("interval", lang, low=percent(low, lang), high=percent(high, lang), n=est.played)
        return [
            ident(
                ft.Text(t("rate", lang, pct=percent(est.rate, lang)), size=26, weight=ft.FontWeight.BOLD),
                "estimate-rate",
            ),
            ident(ft.Text(said + ("" if est.done else f" {t('more', lang)}"), size=16), "estimate-interval"),
            ft.Text(t("caveat", lang), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        ]

    async def leave(self) -> None:
        for est in self.estimators.values():
            est.stop()

    def _visibility(self) -> ft.Control:
        """Announced on the LAN or not; a process started with --no-advertise announces nothing and says
        so."""
        if not self.shell.hub.advertise:
            return ident(ft.Text(tr("new.advertise_off", self.lang), size=15), "advertise-off")
        return self._yes_no(tr("new.advertise", self.lang), "", "advertise")

    def _profile_panel(self) -> list[ft.Control]:
        panel = self.panels.get(self.game or "")
        return [] if panel is None else [panel.render()]

    def _profile_option(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """The box profile chosen on the form, merged under the options (the advanced JSON field wins)."""
        panel = self.panels.get(self.game or "")
        if "profile" in options or panel is None:
            return options
        return panel.with_profile(options)

    async def create(self, _e: Any = None) -> None:
        lang = self.lang
        if self.busy:
            return
        if not self.game:
            self.shell.toast(tr("new.no_game", lang), error=True)
            return
        self._keep_values()
        try:
            options = model.build_options(
                option_specs(self.game), {**self.values, **self.choice_values}, (self.advanced.value or "")
            )
        except model.OptionError as exc:
            if exc.key == "json":
                self.shell.toast(tr("new.bad_json", lang, err=form_error(exc.message, lang)), error=True)
            else:
                label = next((s.label(lang) for s in option_specs(self.game) if s.key == exc.key), exc.key)
                self.shell.toast(
                    tr("new.bad_option", lang, name=label, err=form_error(exc.message, lang)), error=True
                )
            return
        with_profile = self._profile_option(options)
        if with_profile is None:
            return
        options = with_profile
        name = (self.name.value or "").strip() or game_title(self.game, lang)
        self.busy = True
        try:
            hosted = await self.shell.hub.create(self.game, name, options, advertise=self.advertise)
        except SyncUnavailable as exc:
            self.shell.toast(tr("join.unavailable", lang, err=exc), error=True)
            return
        except (
            ValueError
        ) as exc:  # a game refusing its options (each game's OptionsError): said, no traceback
            log.info("a table refused its options: %s", exc)
            self.shell.toast(tr("new.failed", lang, err=err_text(exc, lang)), error=True)
            return
        except Exception as exc:
            log.exception("creating a table")
            self.shell.toast(tr("new.failed", lang, err=err_text(exc, lang)), error=True)
            return
        finally:
            self.busy = False
        self._name_seats(hosted)
        await self.shell.open_hosted(hosted)

    def _names_field(self) -> ft.Control:
        self.players.label = tr("new.names", self.lang)
        self.players.hint_text = tr("new.names.hint", self.lang)
        return ident(self.players, "player-names")

    def _name_seats(self, hosted: Hosted) -> None:
        """The names typed at creation, given to the seats in order (p1, p2, …)."""
        typed = [n.strip() for n in re.split(r"[,;\n]", (self.players.value or "")) if n.strip()]
        if not typed:
            return
        remember_names(self.shell.hub.data_dir, typed)
        srv = hosted.server
        try:
            seats = [i.seat for i in srv.snapshot(TABLE).seats]
            for seat, name in zip(seats, typed, strict=False):
                srv.set_seat_name(seat, name)
        except Exception as exc:  # noqa: BLE001 - the table is made; the names can still be given on joining
            log.warning("naming the seats failed: %s", exc)
            self.shell.toast(tr("new.failed", self.lang, err=err_text(exc, self.lang)), error=True)
