"""The settings menu: the brain (offline or an OpenAI-compatible server: URL, model, API key,
and its routes — one model, a small + a large one, or a routes file: the labor pool — how
long a call may take and each step's output budget), the
speed a town starts at, autosave, who speaks next in group talks (Group talk), the memory
server (empty: the memories in this process; else a Chroma server's URL), and Test
connection (on a worker thread; with several endpoints, each is tested; a memory server
too). A read-only line shows the log file's path.

The API key typed here is for this session only: it travels in `SaveSettings.api_key` to the
app's memory and is never part of `UserSettings`, so it cannot reach the settings file.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from pydantic import ValidationError

from game.files.logs import current_log_file, log_file
from game.files.settings import (
    AUTOSAVE_CHOICES,
    GROUP_STRATEGY_CHOICES,
    ROUTES_CHOICES,
    Backend,
    RoutesChoice,
    UserSettings,
)
from game.render.text import PixelText
from game.town.speed import SPEEDS
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import Back, SaveSettings
from game.ui.menus.items import ButtonItem, ButtonRow, FieldItem, Item, OptionItem, TextLine
from game.ui.widgets import DIM, ERROR, GOOD, TextField

LABEL_WIDTH = 136
URL_HINT = "e.g. Ollama http://localhost:11434/v1"
KEY_HINT = "For this session only: never written to disk."
ENVIRONMENT_KEY_HINT = "From the environment; type one to override (never saved)."
MEMORY_HINT = "A Chroma server (chroma run), e.g. http://127.0.0.1:8000"
ROUTE_LABELS: dict[RoutesChoice, str] = {
    "one-model": "One model",
    "small-large": "Small + large",
    "file": "Routes file",
    "cascade": "Cascade",
}
TIMEOUT_CHOICES = (0, 30, 60, 120, 180, 300, 600)
GROUP_LABELS = {  # else the strategy's name
    "": "The town's own",
    "manager": "manager (picks who speaks)",
    "manual": "manual (you pick who speaks)",
    "off": "Pairs only",
}
BUDGET_CHOICES = (0.5, 1.0, 2.0, 4.0, 0.0)
CALLS_CHOICES = (0, 1, 2, 4, 8, 16, 32)  # model calls at once; 0: the default
ROUTE_HINTS: dict[RoutesChoice, str] = {
    "one-model": "",
    "small-large": "Ratings, react, places and objects go to the small model.",
    "file": "Endpoints and a route per thinking step: see docs/routes.md.",
    "cascade": "Small first; large when it fails, for you, and for reflection.",
}


class ConnectionResult(Protocol):
    """What a connection test returns (`cognition.llm.probe.ConnectionReport` fits)."""

    @property
    def ok(self) -> bool: ...

    @property
    def message(self) -> str: ...


ConnectionTester = Callable[[UserSettings, str | None], ConnectionResult]


def log_file_line() -> TextLine:
    """Read-only: where the log is (to attach to a bug report)."""
    return TextLine(f"Log file: {current_log_file() or log_file()}", DIM)


def timeout_label(seconds: int) -> str:
    """How long a model call may take, as the menu shows it."""
    if seconds == 0:
        return "Default (180 s local, 60 s hosted)"
    return f"{seconds} s" if seconds < 120 else f"{seconds // 60} min"


def budget_label(scale: float) -> str:
    """Each step's output budget (max tokens) × `scale`, as the menu shows it."""
    if scale == 0:
        return "No limit"
    if scale == 1:
        return "Each step's own"
    return f"x{scale:g}"


def calls_label(calls: int) -> str:
    """How many model calls go to the server at once, as the menu shows it."""
    return "Default (4; hosted small + large: 16)" if calls == 0 else str(calls)


def autosave_label(minutes: int) -> str:
    if minutes == 0:
        return "off"
    if minutes % 60 == 0:
        hours = minutes // 60
        return f"every {hours} game hour{'' if hours == 1 else 's'}"
    return f"every {minutes} game minutes"


class _TestRun:
    """One connection test on a worker thread; `result` is set when it finishes."""

    def __init__(self, tester: ConnectionTester, settings: UserSettings, key: str | None):
        self._lock = threading.Lock()
        self._result: tuple[bool, str] | None = None
        self._thread = threading.Thread(
            target=self._run, args=(tester, settings, key), name="smallville-test", daemon=True
        )
        self._thread.start()

    def _run(self, tester: ConnectionTester, settings: UserSettings, key: str | None) -> None:
        try:
            report = tester(settings, key)
            result = (bool(report.ok), str(report.message))
        except Exception as error:  # noqa: BLE001 — shown to the player, never a crash
            result = (False, f"the test itself failed: {type(error).__name__}: {error}")
        with self._lock:
            self._result = result

    @property
    def result(self) -> tuple[bool, str] | None:
        with self._lock:
            return self._result


class SettingsMenu(MenuPanel):
    """`settings`: what the file holds; `api_key`: the key typed earlier this session;
    `tester(settings, api_key)`: runs the connection test (blocking; called on a worker
    thread; `game.files.settings.check_connection` in the app); `environment_key`: whether
    OPENAI_API_KEY is set (the caller reads it: `game.bridge.api_key_in_environment`);
    `warning`: from loading the file. Choices: `SaveSettings`, `Back`."""

    width = 600

    def __init__(
        self,
        text: PixelText,
        settings: UserSettings,
        api_key: str | None = None,
        tester: ConnectionTester | None = None,
        environment_key: bool = False,
        over_town: bool = False,
        warning: str | None = None,
    ) -> None:
        super().__init__(text, "Settings", over_town)
        self.original = settings
        self.tester = tester
        self.environment_key = environment_key
        self._make_server_rows(settings, api_key)
        self._make_route_rows(settings)
        self._make_tuning_rows(settings)
        self._make_town_rows(settings)
        self.test_button = ButtonItem("Test connection", self.test_connection, tester is not None)
        self.save_button = ButtonItem("Save", self.save, width=80)
        self.back_button = ButtonItem("Back", self.back, width=80)
        self.test_run: _TestRun | None = None
        self.test_result: tuple[bool, str] | None = None
        if warning:
            self.say(warning)
        self._sync_server_rows()

    def _make_server_rows(self, settings: UserSettings, api_key: str | None) -> None:
        """Brain, server URL, model, API key."""
        self.backend = OptionItem[Backend](
            "Brain",
            [("offline", "Offline brain"), ("server", "OpenAI-compatible server")],
            settings.backend,
            LABEL_WIDTH,
            on_change=lambda _: self._forget_test(),
        )
        self.base_url = FieldItem(
            "Server URL",
            TextField(limit=300, text=settings.base_url, placeholder="(empty: OpenAI's own API)"),
            hint=URL_HINT,
            label_width=LABEL_WIDTH,
        )
        self.model = FieldItem(
            "Model", TextField(limit=120, text=settings.model), label_width=LABEL_WIDTH
        )
        self.api_key = FieldItem(
            "API key",
            TextField(limit=300, text=api_key or "", secret=True, placeholder="(none)"),
            label_width=LABEL_WIDTH,
        )

    def _make_route_rows(self, settings: UserSettings) -> None:
        """Routes, and what a choice needs: the small model's URL and name, a routes file."""
        self.routes = OptionItem[RoutesChoice](
            "Routes",
            [(choice, ROUTE_LABELS[choice]) for choice in ROUTES_CHOICES],
            settings.routes,
            LABEL_WIDTH,
            on_change=lambda _: self._forget_test(),
        )
        self.small_url = FieldItem(
            "Small URL",
            TextField(limit=300, text=settings.small_url, placeholder="(empty: the server above)"),
            label_width=LABEL_WIDTH,
        )
        self.small_model = FieldItem(
            "Small model",
            TextField(limit=120, text=settings.small_model, placeholder="(empty: the model above)"),
            label_width=LABEL_WIDTH,
        )
        self.routes_file = FieldItem(
            "Routes file",
            TextField(limit=400, text=settings.routes_file, placeholder="routes.toml or .json"),
            label_width=LABEL_WIDTH,
        )

    def _make_tuning_rows(self, settings: UserSettings) -> None:
        """The memory server, and the model calls' timeout, output budget and calls at once
        (a value the file holds outside the choices is offered too)."""
        self.memory_server = FieldItem(
            "Memory server",
            TextField(limit=300, text=settings.memory_server, placeholder="(in this process)"),
            hint=MEMORY_HINT,
            label_width=LABEL_WIDTH,
        )
        timeouts = sorted({*TIMEOUT_CHOICES, settings.call_timeout_s})
        self.call_timeout = OptionItem[int](
            "Call timeout", [(t, timeout_label(t)) for t in timeouts], settings.call_timeout_s,
            LABEL_WIDTH,
        )  # fmt: skip
        budgets = [*BUDGET_CHOICES, *({settings.output_budget} - set(BUDGET_CHOICES))]
        self.output_budget = OptionItem[float](
            "Output budget", [(b, budget_label(b)) for b in budgets], settings.output_budget,
            LABEL_WIDTH,
        )  # fmt: skip
        calls = sorted({*CALLS_CHOICES, settings.calls_at_once})
        self.calls_at_once = OptionItem[int](
            "Calls at once", [(c, calls_label(c)) for c in calls], settings.calls_at_once,
            LABEL_WIDTH,
        )  # fmt: skip

    def _make_town_rows(self, settings: UserSettings) -> None:
        """The town's speed at start, autosave, and group talk."""
        self.speed = OptionItem[int](
            "Speed at start", [(s, f"x{s}") for s in SPEEDS], settings.speed, LABEL_WIDTH
        )
        minutes = sorted({*AUTOSAVE_CHOICES, settings.autosave_minutes})
        self.autosave = OptionItem[int](
            "Autosave",
            [(m, autosave_label(m)) for m in minutes],
            settings.autosave_minutes,
            LABEL_WIDTH,
        )
        self.group_strategy = OptionItem[str](
            "Group talk",
            [(g, GROUP_LABELS.get(g, g)) for g in GROUP_STRATEGY_CHOICES],
            settings.group_strategy,
            LABEL_WIDTH,
        )

    # --- the form -------------------------------------------------------------------------

    def _server_items(self) -> list[Item]:
        return [self.base_url, self.model, self.api_key, self.routes]

    def _route_items(self) -> list[Item]:
        """The row(s) the chosen routes need: the small model's, or the routes file."""
        if self.routes.value in ("small-large", "cascade"):
            return [self.small_url, self.small_model]
        if self.routes.value == "file":
            return [self.routes_file]
        return []

    def _sync_server_rows(self) -> None:
        """The server's rows are greyed (and skipped) with the offline brain."""
        server = self.backend.value == "server"
        for item in [*self._server_items(), self.small_url, self.small_model, self.routes_file]:
            item.enabled = server
        self.call_timeout.enabled = self.output_budget.enabled = server
        self.calls_at_once.enabled = server
        small = self.routes.value if self.routes.value == "cascade" else "small-large"
        self.small_url.hint = ROUTE_HINTS[small] if server else ""
        self.routes_file.hint = ROUTE_HINTS["file"] if server else ""
        self.api_key.hint = self._key_hint() if server else ""
        self.base_url.hint = URL_HINT if server else ""

    def rows(self) -> list[Row]:
        self._sync_server_rows()
        return [
            self.backend,
            *self._server_items(),
            *self._route_items(),
            self.speed,
            self.autosave,
            self.group_strategy,
            self.memory_server,
            self.call_timeout,
            self.output_budget,
            self.calls_at_once,
            ButtonRow([self.test_button]),
            self._test_line(),
            log_file_line(),
            self.status_row(),
            ButtonRow([self.save_button, self.back_button]),
        ]

    def _key_hint(self) -> str:
        if not self.api_key.field.text and self.environment_key:
            return ENVIRONMENT_KEY_HINT
        return KEY_HINT

    def typed_key(self) -> str | None:
        """The key typed in the menu, or None (then OPENAI_API_KEY is used)."""
        return self.api_key.field.value() or None

    def form_settings(self) -> UserSettings | None:
        """The settings as the form shows them, or None after saying what is wrong."""
        try:
            return UserSettings(
                backend=self.backend.value,
                base_url=self.base_url.field.value(),
                model=self.model.field.value(),
                routes=self.routes.value,
                small_url=self.small_url.field.value(),
                small_model=self.small_model.field.value(),
                routes_file=self.routes_file.field.value(),
                memory_server=self.memory_server.field.value(),
                call_timeout_s=self.call_timeout.value,
                output_budget=self.output_budget.value,
                calls_at_once=self.calls_at_once.value,
                speed=self.speed.value,
                autosave_minutes=self.autosave.value,
                group_strategy=self.group_strategy.value,
            )
        except ValidationError as error:
            self.test_result = None  # one message at a time: the form's problem
            problem = error.errors()[0]
            field = str(problem["loc"][0]) if problem["loc"] else ""
            self.say(str(problem["msg"]).removeprefix("Value error, ") + ".")
            target = {
                "base_url": self.base_url,
                "model": self.model,
                "small_url": self.small_url,
                "memory_server": self.memory_server,
            }.get(field)
            if target is not None:
                self.focus(target)
            return None

    # --- test connection ------------------------------------------------------------------

    @property
    def testing(self) -> bool:
        return self.test_run is not None

    def test_connection(self) -> None:
        if self.tester is None or self.testing:
            return
        settings = self.form_settings()
        if settings is None:
            return
        self.say("")
        self.test_result = None
        self.test_run = _TestRun(self.tester, settings, self.typed_key())

    def _forget_test(self) -> None:
        self.test_result = None

    def update(self, real_seconds: float, now: object = None) -> None:
        super().update(real_seconds, now)
        if self.test_run is not None and self.test_run.result is not None:
            self.test_result = self.test_run.result
            self.test_run = None
        self.test_button.label = "Testing..." if self.testing else "Test connection"

    def _test_line(self) -> TextLine:
        if self.testing:
            return TextLine("testing" + "." * (int(self.seconds * 3) % 4), DIM)
        if self.test_result is None:
            return TextLine("")
        ok, message = self.test_result
        return TextLine(message, GOOD if ok else ERROR)

    # --- choices --------------------------------------------------------------------------

    def save(self) -> None:
        settings = self.form_settings()
        if settings is not None:
            self.choice = SaveSettings(settings, self.typed_key())

    def back(self) -> None:
        self.choice = Back()
