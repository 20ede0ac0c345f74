"""The labor pool's routes from the command line, a routes file and the settings screen.

    pool = route_settings(RouteChoice(preset="small-large", base_url=..., model=...,
                                      small_url=..., small_model=...))
    pool = route_settings(RouteChoice(file=Path("routes.toml"),
                                      endpoints=["big2=base_url=http://h2:8000/v1,model=llama"],
                                      routes=["dialogue=big,big2"]))

A preset or a file gives the start; `--endpoint NAME=key=value,…` adds or replaces an
endpoint, `--route STEP=NAME[,NAME…]` a route. The result is `cognition.PoolSettings`, whose
`problems` name each bad setting (the town then starts on the fallback route and says so).
Only a file that cannot be read at all, or a flag that is not of the form asked, raises
`RouteFlagError` — before any town starts. No key is ever read from here except through
the name of its environment variable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cognition import (
    PRESETS,
    SMALL_STEPS,
    BrainSpec,
    LLMSettings,
    PoolSettings,
    RoutesError,
    check_lanes,
    read_routes_file,
)
from game.saves import quoted

__all__ = [
    "RouteChoice",
    "RouteFlagError",
    "Routes",
    "check_endpoints",
    "route_settings",
    "uses_model",
]


class RouteFlagError(ValueError):
    """A routes file or flag cannot be read; the message names it."""


@dataclass(frozen=True)
class Routes:
    """The labor pool's settings as the game passes them around (simulate, evaluate, the
    matrix, play): what was chosen and, once tested, one line per endpoint."""

    settings: PoolSettings
    checks: tuple[str, ...] = ()  # Test connection's line for each model endpoint

    @property
    def name(self) -> str:
        return self.settings.name

    @property
    def problems(self) -> tuple[str, ...]:
        return self.settings.problems

    @property
    def uses_model(self) -> bool:
        """A model (not only the offline brain) answers some step."""
        return any(not e.offline for e in self.settings.endpoints.values())

    def identity(self) -> dict[str, Any]:
        """What makes two runs' pools the same: endpoints and routes, not their problems."""
        public = self.settings.to_public_dict()
        public.pop("problems", None)
        return public


@dataclass(frozen=True)
class RouteChoice:
    """What the player or the command line chose; nothing chosen: None from route_settings."""

    preset: str | None = None  # one of cognition.PRESETS
    file: Path | None = None  # a routes file (.json or .toml)
    endpoints: Sequence[str] = field(default_factory=tuple)  # "NAME=key=value,key=value"
    routes: Sequence[str] = field(default_factory=tuple)  # "STEP=NAME[,NAME]"
    # the one model / the large model of the presets (the run's --base-url, --model)
    base_url: str | None = None
    model: str | None = None
    max_concurrency: int = 16
    small_url: str | None = None  # small-large, cascade: the small server (default: base_url)
    small_model: str | None = None
    small_concurrency: int = 16

    @property
    def chosen(self) -> bool:
        return bool(self.preset or self.file or self.endpoints or self.routes)


def route_settings(choice: RouteChoice, env: Mapping[str, str] | None = None) -> Routes | None:
    """The pool the choice asks for; None when nothing was chosen (one model, as before)."""
    if not choice.chosen:
        return None
    data = _start(choice, env)
    for flag in choice.endpoints:
        name, values = _endpoint_flag(flag)
        data.setdefault("endpoints", {})[name] = values
    for flag in choice.routes:
        step, names = _route_flag(flag)
        data.setdefault("routes", {})[step] = names
    name = str(data.get("name", choice.preset or "custom"))
    if choice.endpoints or choice.routes:
        name = f"{name}+flags" if (choice.preset or choice.file) else "custom"
    data["name"] = name
    pool = PoolSettings.read(data, env)
    if choice.file is not None:
        pool = pool.with_problems_prefixed(f"{choice.file.name}: ")
    return Routes(pool)


def _start(choice: RouteChoice, env: Mapping[str, str] | None) -> dict[str, Any]:
    if choice.file is not None and choice.preset is not None:
        raise RouteFlagError("--routes and --preset: choose one (a file, or a preset)")
    if choice.file is not None:
        try:
            return read_routes_file(choice.file)
        except RoutesError as error:
            raise RouteFlagError(str(error)) from None
    if choice.preset is None:
        return {}
    if choice.preset not in PRESETS:
        raise RouteFlagError(f"--preset {choice.preset!r}: one of {', '.join(PRESETS)}")
    if choice.preset == "offline":
        return {"routes": {"default": "offline"}, "name": "offline"}
    large = _endpoint(choice.base_url, choice.model, choice.max_concurrency, "--base-url")
    if choice.preset == "one-model":
        return {"endpoints": {"model": large}, "routes": {"default": "model"}, "name": "one-model"}
    small = _endpoint(
        choice.small_url or choice.base_url,
        choice.small_model or choice.model,
        choice.small_concurrency,
        "--small-url",
    )
    endpoints = {"small": small, "large": large}
    if choice.preset == "cascade":  # the controller picks per call: small first, then large
        return {"endpoints": endpoints, "routes": {"default": "small"}, "controller": "cascade"}
    routes: dict[str, Any] = {step: "small" for step in SMALL_STEPS}
    routes["default"] = "large"
    return {"endpoints": endpoints, "routes": routes, "name": "small-large"}


def _endpoint(url: str | None, model: str | None, concurrency: int, flag: str) -> dict[str, Any]:
    if url is None and model is None:
        raise RouteFlagError(f"this preset needs a model server: give {flag} and --model")
    values: dict[str, Any] = {"max_concurrent": concurrency}
    if url is not None:
        values["base_url"] = url
    if model is not None:
        values["model"] = model
    if url is None:
        values["api_key_env"] = "OPENAI_API_KEY"  # OpenAI's own API
    return values


def _endpoint_flag(flag: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = flag.partition("=")
    if not name.strip() or not rest:
        raise RouteFlagError(
            f"--endpoint {quoted(flag)}: write NAME=base_url=URL,model=MODEL[,max_concurrent=N,"
            "api_key_env=VAR,rate_per_minute=N,price_in_per_1k=X,price_out_per_1k=Y]"
        )
    values: dict[str, Any] = {}
    for part in rest.split(","):
        key, equals, value = part.partition("=")
        if not equals or not key.strip():
            raise RouteFlagError(f"--endpoint {quoted(flag)}: {quoted(part)} is not key=value")
        values[key.strip()] = value.strip()
    return name.strip(), values


def _route_flag(flag: str) -> tuple[str, list[str]]:
    step, _, names = flag.partition("=")
    listed = [n.strip() for n in names.split(",") if n.strip()]
    if not step.strip() or not listed:
        raise RouteFlagError(f"--route {flag!r}: write STEP=ENDPOINT[,ENDPOINT…]")
    return step.strip(), listed


def check_endpoints(
    routes: Routes,
    base: LLMSettings,
    timeout_s: float = 10.0,
    env: Mapping[str, str] | None = None,
) -> Routes:
    """Test connection for every model endpoint of the pool (in turn, each at most
    `timeout_s`): the pool without those that fail (their routes go to the fallback, and a
    problem says so), with one line per endpoint for the settings screen and the log."""
    pool = routes.settings
    lines = []
    for check in check_lanes(BrainSpec.labor_pool(base, pool), timeout_s, env):
        name, endpoint, report = check.name, pool.endpoints[check.name], check.report
        if report.ok:
            rung = f", {report.structured_output}" if report.structured_output else ""
            latency = f"{report.latency_ms:.0f} ms" if report.latency_ms is not None else "ok"
            lines.append(f"{name}: {endpoint.describe()} answers ({latency}{rung})")
        else:
            lines.append(f"{name}: {endpoint.describe()}: {report.message}")
            pool = pool.without(name, report.message)
    return Routes(pool, tuple(lines))


def uses_model(base_url: str | None, routes: Routes | None) -> bool:
    """Whether a model (not only the offline brain) answers some step."""
    return base_url is not None if routes is None else routes.uses_model
