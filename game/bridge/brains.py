"""Which brain drives the minds: the player's settings (or command-line flags) turned into
the minds' model settings, the title screen's line about it, and the connection test.

    llm = llm_settings_for(user_settings, api_key)     # the settings file + a typed key
    llm = server_settings(base_url, model, api_key)    # `smallville simulate --base-url`

`game.files.settings.UserSettings` is what the player chose (no secrets, no cognition); this
is where those choices meet `cognition`. A key typed this session wins over
`OPENAI_API_KEY`; neither is ever written anywhere.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import SecretStr

from cognition import (
    BrainSpec,
    ConfigError,
    LLMSettings,
    PoolSettings,
    check_lanes,
    is_local_url,
    read_environment,
    redact_url,
)
from game.bridge.routing import RouteChoice, RouteFlagError, Routes, check_endpoints, route_settings
from game.bridge.town_minds import LivingTown
from game.files.endpoints import output_mode_for, remember_output_mode
from game.files.settings import CONNECT_HINT, OFFLINE_BRAIN_LINE, UserSettings

if TYPE_CHECKING:
    # lazy: the connection test imports openai, 0.5 s (measured with -X importtime); only
    # the settings menu's Test connection needs it (see `check_connection`)
    from cognition import ConnectionReport


__all__ = [
    "brain_lines",
    "check_connection",
    "environment_api_key",
    "llm_settings_for",
    "process_environment",
    "public_url",
    "remember_learned_output_mode",
    "routes_for",
    "secrets_of",
    "server_settings",
]

log = logging.getLogger(__name__)

DEFAULT_SERVER_MODEL = "gpt-4o-mini"
LOCAL_CALLS_AT_ONCE = 4  # a preset's calls at once on a server on this machine or network
NO_KEY = "not-needed"  # the openai client needs some key; local servers ignore it


def llm_settings_for(
    settings: UserSettings, api_key: str | None = None, env: Mapping[str, str] | None = None
) -> LLMSettings:
    """The minds' settings: the player's choices, then the environment for the rest, and
    the structured-output rung learned for this endpoint (`game.files.endpoints`; the
    environment's `SMALLVILLE_OUTPUT_MODE` wins). Raises `ConfigError` when the environment
    holds an invalid value."""
    if settings.backend == "offline":
        return LLMSettings.load(env, offline=True)
    explicit: dict[str, Any] = {
        "offline": False,
        "base_url": settings.base_url or None,
        "model": settings.model,
    }
    environment = read_environment(env)
    learned = output_mode_for(settings.base_url or None, settings.model)
    if learned is not None and not environment.get("SMALLVILLE_OUTPUT_MODE", "").strip():
        explicit["output_mode"] = learned
    typed = (api_key or "").strip()
    if typed:
        explicit["api_key"] = typed
    if settings.call_timeout_s:  # chosen in Settings: wins over the environment
        explicit["timeout_s"] = float(settings.call_timeout_s)
    if settings.output_budget != 1.0:
        explicit["max_tokens_scale"] = settings.output_budget
    if settings.calls_at_once:  # the server's parallel slots, chosen in Settings
        explicit["max_concurrency"] = settings.calls_at_once
    return LLMSettings.load(env, **explicit)


def server_settings(
    base_url: str | None,
    model: str | None,
    api_key: SecretStr | str | None,
    *,
    max_concurrency: int = 16,
    timeout_s: float | None = None,
    output_mode: str | None = None,
    env: Mapping[str, str] | None = None,
) -> LLMSettings:
    """The settings of a headless run: the offline brain without `base_url`, else that
    OpenAI-compatible server, with the environment's tunables (stop sequences, the breaker,
    output budgets; see `cognition.config`). `timeout_s` None: the default for where the
    server is. Raises `ConfigError` when a value is invalid."""
    if base_url is None:
        return LLMSettings(offline=True, max_concurrency=max_concurrency)
    explicit: dict[str, Any] = {
        "offline": False,
        "base_url": base_url,
        "api_key": api_key or NO_KEY,
        "model": model or DEFAULT_SERVER_MODEL,
        "max_concurrency": max_concurrency,
    }
    if timeout_s is not None:
        explicit["timeout_s"] = timeout_s
    if output_mode is not None:
        explicit["output_mode"] = output_mode
    return LLMSettings.load(env, **explicit)


def environment_api_key(env: Mapping[str, str] | None = None) -> SecretStr | None:
    """OPENAI_API_KEY as a secret that prints as stars (None: unset): the brain flags'
    key, and the settings screen's "a key is set" hint."""
    return read_environment(env).secret("OPENAI_API_KEY")


def process_environment() -> Mapping[str, str]:
    """The process environment, read where the minds read it (`cognition.read_environment`,
    values hidden from any print): the settings file's defaults are seeded from it
    (`game.files.settings.load(env=…)`)."""
    return read_environment()


def routes_for(settings: UserSettings, env: Mapping[str, str] | None = None) -> Routes | None:
    """The labor pool the player chose (None: the offline brain, or one model). A routes
    file that cannot be read starts the town with every step on the offline brain, saying
    why (the game never stops on a bad file)."""
    if settings.backend == "offline" or settings.routes == "one-model":
        return None
    if settings.routes in ("small-large", "cascade"):
        choice = RouteChoice(
            preset=settings.routes,
            base_url=settings.base_url or None,
            model=settings.model,
            small_url=settings.small_url or settings.base_url or None,
            small_model=settings.small_model or settings.model,
        )
        # the servers' parallel slots: chosen in Settings, else a desktop server's few
        local = is_local_url(choice.base_url) and is_local_url(choice.small_url)
        calls = settings.calls_at_once or (LOCAL_CALLS_AT_ONCE if local else 0)
        if calls:
            choice = replace(choice, max_concurrency=calls, small_concurrency=calls)
    elif not settings.routes_file:
        return _offline_routes("Settings: Routes is 'routes file' but no file is named")
    else:
        choice = RouteChoice(file=Path(settings.routes_file).expanduser())
    try:
        return route_settings(choice, env)
    except RouteFlagError as error:
        return _offline_routes(str(error))


def _offline_routes(problem: str) -> Routes:
    pool = PoolSettings.all_offline()
    return Routes(replace(pool, problems=(f"{problem}; every step on the offline brain",)))


def public_url(url: str | None) -> str | None:
    """`url` as it may be stored or shown above the bridge: without credentials
    (`cognition.redact_url`)."""
    return redact_url(url)


def secrets_of(settings: LLMSettings) -> tuple[str, ...]:
    """What must never be written anywhere: the API key, when there is one."""
    key = settings.api_key.get_secret_value() if settings.api_key is not None else ""
    return (key,) if key else ()


def brain_lines(
    settings: UserSettings, api_key: str | None = None, env: Mapping[str, str] | None = None
) -> tuple[str, str | None]:
    """The title screen's line on the brain in use, and a hint on connecting a model (None
    when one is configured)."""
    try:
        llm = llm_settings_for(settings, api_key, env)
    except ConfigError as error:
        return "Offline brain: the model settings are invalid", str(error).splitlines()[-1]
    if llm.uses_offline_brain:
        return OFFLINE_BRAIN_LINE, CONNECT_HINT
    routes = routes_for(settings, env)
    if routes is not None:
        models = [e.model for n, e in routes.settings.endpoints.items() if not e.offline]
        line = f"Labor pool ({routes.name}): {' + '.join(models) or 'offline brain'}"
        return line, routes.problems[0] if routes.problems else None
    return f"Model: {llm.model} at {redact_url(llm.base_url) or 'OpenAI'}", None


def check_connection(
    settings: UserSettings,
    api_key: str | None = None,
    timeout_s: float = 10.0,
    env: Mapping[str, str] | None = None,
) -> ConnectionReport:
    """The settings menu's "Test connection": these settings (and the session's key) through
    `cognition.llm.probe.test_connection`. Blocks up to `timeout_s`: run it on a worker."""
    # lazy: imports openai, 0.5 s (measured with -X importtime), which starting a town
    # on the offline brain never needs
    from cognition import ConnectionReport

    try:
        llm = llm_settings_for(settings, api_key, env)
    except ConfigError as error:
        return ConnectionReport(False, settings.model, None, str(error).replace("\n", " "))
    routes = routes_for(settings, env)
    if routes is not None:
        return _check_every_endpoint(routes, llm, timeout_s, env)
    return check_server(llm, timeout_s)


def check_server(llm: LLMSettings, timeout_s: float = 10.0) -> ConnectionReport:
    """Test connection for one model server (`simulate`'s check before the town starts, the
    settings menu's test), remembering the structured-output rung it answered on."""
    report = check_lanes(BrainSpec.one_model(llm), timeout_s)[0].report
    if report.ok and report.structured_output:
        problem = remember_output_mode(llm.base_url, llm.model, report.structured_output)
        if problem is not None:
            log.warning("%s", problem)
    return report


def _check_every_endpoint(
    routes: Routes, llm: LLMSettings, timeout_s: float, env: Mapping[str, str] | None
) -> ConnectionReport:
    """Test connection for a labor pool: every model endpoint in turn, one line each."""
    # lazy: with the connection test (openai)
    from cognition import ConnectionReport

    checked = check_endpoints(routes, llm, timeout_s, env)
    failed = len(checked.problems) > len(routes.problems)
    lines = [*checked.checks, *(p for p in checked.problems if p not in checked.checks)]
    message = " · ".join(lines) or "no model endpoint to test: every step on the offline brain"
    return ConnectionReport(not failed and not routes.problems, llm.model, None, message)


def remember_learned_output_mode(living: LivingTown) -> str | None:
    """Remember the structured-output rung the town's server settled on (its first use
    learns it), so the next town starts there; None when remembered or nothing to
    remember, else why it could not be written."""
    stack = living.stack
    mode, settings = stack.output_mode, stack.settings
    if stack.offline or mode is None or settings is None:
        return None
    return remember_output_mode(settings.base_url, settings.model, mode)
