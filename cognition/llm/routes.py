"""The labor pool's settings: model endpoints, and which thinking step goes to which.

BOLAA (Liu et al. 2023) dispatches each kind of work to the labor agent on the model that
suits it; here each thinking step is routed to one endpoint or a list of them:

```json
{
  "endpoints": {
    "small": {"base_url": "http://127.0.0.1:11434/v1", "model": "qwen2.5:0.5b",
              "max_concurrent": 8},
    "large": {"base_url": "https://api.openai.com/v1", "model": "gpt-4o-mini",
              "api_key_env": "OPENAI_API_KEY", "price_in_per_1k": 0.00015,
              "price_out_per_1k": 0.0006, "rate_per_minute": 500}
  },
  "routes": {"importance": "small", "react": "small", "default": "large"}, "fallback": ["offline"]
}
```

A route's key is a step (`STEPS`: importance, react, dialogue, …), a task name (the finer
`rate_importance`, `emoji`, …) or `default`; the task's own name wins over its step, its step
over `default`. The endpoint `offline` always exists: the offline brain, so a step can stay
offline while others use a model. `fallback` is where a step goes when every endpoint of its
route is down (undefined, without its key, failing repeatedly): by default the offline brain.
`"controller": "cascade"`: `cognition.llm.cascade` picks per call instead (small, then large).

`PoolSettings.read(data)` never raises on a bad endpoint or route: it keeps what is valid, and
each of its `problems` names the setting ("endpoints.large.api_key_env: $LARGE_KEY is not
set; …"): a town starts on the fallback route and says so. Presets: `one_model`, `small_large`.
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cognition.config import redact_url
from cognition.environment import read_environment

__all__ = [
    "CONTROLLERS",
    "DEFAULT_ROUTE",
    "OFFLINE_ENDPOINT",
    "PRESETS",
    "SMALL_STEPS",
    "STEPS",
    "EndpointSettings",
    "PoolSettings",
    "RoutesError",
    "read_routes_file",
    "step_of",
]

OFFLINE_ENDPOINT = "offline"
DEFAULT_ROUTE = "default"
PRESETS = ("one-model", "small-large", "cascade", "offline")
CONTROLLERS = ("routes", "cascade")

# every thinking step a route can name, and the tasks (model calls) it covers
STEPS: dict[str, tuple[str, ...]] = {
    "importance": ("rate_importance",),
    "react": ("react", "replan"),
    "dialogue": (
        *("dialogue_line", "dialogue_turn", "group_line", "group_round", "next_speaker"),
        *("stance", "relationship", "talk_opening", "talk_closing", "talk_whole"),
    ),
    "day_plan": ("day_plan", "adopt_intention"),
    "hourly": ("hourly_schedule",),
    "decompose": ("decompose_actions", "hour_plan"),
    "location": ("choose_place",),
    "objects": ("choose_objects", "emoji"),
    "reflect": ("reflection_questions", "reflection_insights"),
    "summary": (
        *("summary_description", "conversation_summary", "group_round_summary"),
        "group_summary",
    ),
    "interview": ("interview", "knows"),
    "judge": ("referee", "debate_summary"),
}
_STEP_OF_TASK = {task: step for step, tasks in STEPS.items() for task in tasks}
# the steps a small fast model does as well as a large one (ratings, yes/no, a pick from a list)
SMALL_STEPS = ("importance", "react", "location", "objects")


def step_of(task: str) -> str:
    """The step a task belongs to (a task no step names is its own step)."""
    return _STEP_OF_TASK.get(task, task)


class RoutesError(ValueError):
    """A routes file cannot be read at all (not JSON/TOML, not an object)."""


class EndpointSettings(BaseModel):
    """One model endpoint: an OpenAI-compatible server and model, or the offline brain."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    base_url: str | None = None  # None: OpenAI's own API (needs a key)
    model: str = "gpt-4o-mini"
    offline: bool = False  # the offline brain (base_url and model are then unused)
    # the name of the environment variable holding its key (never the key itself); unset:
    # a local server that needs none
    api_key_env: str | None = None
    max_concurrent: int = Field(default=4, ge=1, le=256)
    rate_per_minute: float | None = Field(default=None, gt=0)  # calls started a minute
    price_in_per_1k: float = Field(default=0.0, ge=0)  # dollars per 1k prompt tokens
    price_out_per_1k: float = Field(default=0.0, ge=0)  # dollars per 1k completion tokens
    timeout_s: float | None = Field(default=None, gt=0)

    @field_validator("base_url")
    @classmethod
    def _check_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip().rstrip("/")
        if not value.startswith(("http://", "https://")):
            shown = (redact_url(value) or "")[:40]
            raise ValueError(f"must start with http:// or https:// (got {shown!r})")
        return value

    @field_validator("api_key_env")
    @classmethod
    def _check_variable(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip().lstrip("$")
        if not value.replace("_", "").isalnum():
            raise ValueError(
                "must be the name of an environment variable (like OPENAI_API_KEY), "
                "not the key itself"
            )
        return value

    def describe(self) -> str:
        """Where it is, for messages and the UI: "qwen2.5:0.5b at http://…" or the brain."""
        if self.offline:
            return "the offline brain"
        return f"{self.model} at {redact_url(self.base_url) or 'OpenAI'}"


def public_endpoint(dumped: dict[str, Any]) -> dict[str, Any]:
    """An endpoint's settings as stored or shown: its URL without credentials."""
    if dumped.get("base_url"):
        dumped["base_url"] = redact_url(dumped["base_url"])
    return dumped


OFFLINE = EndpointSettings(offline=True, model="offline brain", max_concurrent=64)


@dataclass(frozen=True)
class PoolSettings:
    """Endpoints by name, routes by step, the fallback route, and what was wrong."""

    endpoints: Mapping[str, EndpointSettings]
    routes: Mapping[str, tuple[str, ...]]
    fallback: tuple[str, ...] = (OFFLINE_ENDPOINT,)
    # what was wrong in the settings, each naming the setting and what was done instead
    problems: tuple[str, ...] = ()
    name: str = "custom"  # the preset it came from, or "custom"
    # endpoints left out (undefined key, bad values): name -> why
    disabled: Mapping[str, str] = field(default_factory=dict)
    controller: str = "routes"  # one of CONTROLLERS

    def route_of(self, task: str) -> tuple[str, ...]:
        """The endpoints a task may go to: its own route, its step's, or the default."""
        for key in (task, step_of(task), DEFAULT_ROUTE):
            if key in self.routes:
                return self.routes[key]
        return self.fallback

    def to_public_dict(self) -> dict[str, Any]:
        """JSON-ready (for reports and saves): no key, only the names of key variables."""
        controller = {} if self.controller == "routes" else {"controller": self.controller}
        return {
            "name": self.name,
            **controller,
            "endpoints": {
                name: public_endpoint(e.model_dump(mode="json", exclude_defaults=True))
                for name, e in self.endpoints.items()
            },
            "routes": {step: list(names) for step, names in self.routes.items()},
            "fallback": list(self.fallback),
            "problems": list(self.problems),
        }

    @classmethod
    def load(cls, path: Path, env: Mapping[str, str] | None = None) -> PoolSettings:
        """A routes file (.json or .toml). Raises `RoutesError` only when the file cannot be
        read as an object at all; bad entries become `problems`."""
        pool = cls.read(read_routes_file(path), env)
        return pool.with_problems_prefixed(f"{path.name}: ")

    def without(self, name: str, why: str) -> PoolSettings:
        """The settings with endpoint `name` left out (it failed its connection test, say):
        its routes keep their other endpoints, or go to the fallback route; a problem says
        so, naming the endpoint."""
        if name not in self.endpoints or name == OFFLINE_ENDPOINT:
            return self
        endpoints = {n: e for n, e in self.endpoints.items() if n != name}
        fallback = tuple(n for n in self.fallback if n != name) or (OFFLINE_ENDPOINT,)
        routes = {}
        moved = []
        for step, names in self.routes.items():
            kept = tuple(n for n in names if n != name)
            if not kept:
                moved.append(step)
            routes[step] = kept or fallback
        problem = f"endpoints.{name}: {why}; endpoint left out"
        if moved:
            problem += f" ({', '.join(moved)} go to {' or '.join(fallback)})"
        return dataclasses.replace(
            self,
            endpoints=endpoints,
            routes=routes,
            fallback=fallback,
            problems=(*self.problems, problem),
            disabled={**self.disabled, name: why},
        )

    def with_problems_prefixed(self, prefix: str) -> PoolSettings:
        """The same settings, each problem starting with `prefix` (where they came from)."""
        return dataclasses.replace(self, problems=tuple(prefix + p for p in self.problems))

    @classmethod
    def read(
        cls, data: Mapping[str, Any], env: Mapping[str, str] | None = None, name: str = "custom"
    ) -> PoolSettings:
        """Settings from a parsed routes file; see the module's docstring."""
        environment = read_environment(env)
        problems: list[str] = []
        unknown = sorted(set(data) - {"endpoints", "routes", "fallback", "name", "controller"})
        if unknown:
            problems.append(f"unknown setting(s) {', '.join(unknown)} (ignored)")
        controller = str(data.get("controller", "routes"))
        if controller not in CONTROLLERS:
            problems.append(f"controller: one of {', '.join(CONTROLLERS)} (got {controller!r})")
            controller = "routes"
        endpoints, disabled = _endpoints(data.get("endpoints", {}), environment, problems)
        fallback = _names(data.get("fallback", [OFFLINE_ENDPOINT]), "fallback", problems)
        usable = [n for n in fallback if _usable(n, "fallback", endpoints, disabled, problems)]
        fallback = tuple(usable) or (OFFLINE_ENDPOINT,)
        routes = _routes(data.get("routes", {}), endpoints, disabled, fallback, problems)
        return cls(
            endpoints=endpoints,
            routes=routes,
            fallback=fallback,
            problems=tuple(problems),
            name=str(data.get("name", name)),
            disabled=disabled,
            controller=controller,
        )

    @classmethod
    def one_model(cls, endpoint: EndpointSettings) -> PoolSettings:
        """Every step on one model; the offline brain if it keeps failing."""
        return cls.read(
            {"endpoints": {"model": endpoint.model_dump()}, "routes": {DEFAULT_ROUTE: "model"}},
            name="one-model",
        )

    @classmethod
    def small_large(cls, small: EndpointSettings, large: EndpointSettings) -> PoolSettings:
        """Ratings, react, places and objects on the small model; the rest on the large."""
        routes: dict[str, Any] = {step: "small" for step in SMALL_STEPS}
        routes[DEFAULT_ROUTE] = "large"
        return cls.read(
            {
                "endpoints": {"small": small.model_dump(), "large": large.model_dump()},
                "routes": routes,
            },
            name="small-large",
        )

    @classmethod
    def all_offline(cls) -> PoolSettings:
        """Every step on the offline brain (a route preset like the others)."""
        return cls.read({"routes": {DEFAULT_ROUTE: OFFLINE_ENDPOINT}}, name="offline")


def _endpoints(
    raw: Any, env: Mapping[str, str], problems: list[str]
) -> tuple[dict[str, EndpointSettings], dict[str, str]]:
    endpoints = {OFFLINE_ENDPOINT: OFFLINE}
    disabled: dict[str, str] = {}
    if not isinstance(raw, Mapping):
        problems.append("endpoints: should be an object of named endpoints (ignored)")
        return endpoints, disabled
    for name, values in raw.items():
        where = f"endpoints.{name}"
        if name == OFFLINE_ENDPOINT:
            problems.append(f"{where}: 'offline' is the offline brain's name (entry ignored)")
            continue
        if not isinstance(values, Mapping):
            disabled[name] = "not an object of settings"
            problems.append(f"{where}: should be an object of settings; endpoint left out")
            continue
        try:
            endpoint = EndpointSettings.model_validate(values)
        except ValidationError as error:
            why = "; ".join(_field_problem(where, e) for e in error.errors())
            disabled[name] = why
            problems.append(f"{why}; endpoint left out")
            continue
        variable = endpoint.api_key_env
        if variable is not None and not env.get(variable, "").strip():
            disabled[name] = f"${variable} is not set"
            problems.append(f"{where}.api_key_env: ${variable} is not set; endpoint left out")
            continue
        endpoints[name] = endpoint
    return endpoints, disabled


def _field_problem(where: str, error: Any) -> str:
    path = ".".join(str(p) for p in error["loc"])
    shown = "" if "key" in path else f" (got {error.get('input')!r})"
    shown = "" if shown.strip() in error["msg"] else shown  # a validator may name it
    return f"{where}.{path}: {error['msg']}{shown}"


def _names(raw: Any, where: str, problems: list[str]) -> tuple[str, ...]:
    if isinstance(raw, str):
        return (raw,)
    if isinstance(raw, list | tuple) and all(isinstance(n, str) for n in raw):
        return tuple(raw)
    problems.append(f"{where}: should be an endpoint name or a list of them (got {raw!r})")
    return ()


def _usable(
    name: str,
    where: str,
    endpoints: Mapping[str, EndpointSettings],
    disabled: Mapping[str, str],
    problems: list[str],
) -> bool:
    if name in endpoints:
        return True
    if name in disabled:
        return False  # already said why
    known = ", ".join(sorted(endpoints))
    problems.append(f"{where}: no endpoint named {name!r} (defined: {known})")
    return False


def _routes(
    raw: Any,
    endpoints: Mapping[str, EndpointSettings],
    disabled: Mapping[str, str],
    fallback: tuple[str, ...],
    problems: list[str],
) -> dict[str, tuple[str, ...]]:
    routes: dict[str, tuple[str, ...]] = {}
    if not isinstance(raw, Mapping):
        problems.append("routes: should be an object of step -> endpoint(s) (ignored)")
        raw = {}
    known_keys = {DEFAULT_ROUTE, *STEPS, *_STEP_OF_TASK}
    on_fallback = " or ".join(fallback)
    for key, value in raw.items():
        where = f"routes.{key}"
        if key not in known_keys:
            steps = ", ".join(STEPS)
            problems.append(f"{where}: not a thinking step (steps: {steps}; or a task name)")
            continue
        names = _names(value, where, problems)
        usable = tuple(n for n in names if _usable(n, where, endpoints, disabled, problems))
        if names and not usable:
            problems.append(f"{where}: no usable endpoint; {key} goes to {on_fallback}")
        routes[key] = usable or fallback
    routes.setdefault(DEFAULT_ROUTE, fallback if len(endpoints) == 1 else _first_model(endpoints))
    return routes


def _first_model(endpoints: Mapping[str, EndpointSettings]) -> tuple[str, ...]:
    """With no default route: the first endpoint defined (not the offline brain)."""
    return next(((n,) for n in endpoints if n != OFFLINE_ENDPOINT), (OFFLINE_ENDPOINT,))


def read_routes_file(path: Path) -> dict[str, Any]:
    """A routes file's object, unchecked (`PoolSettings.read` checks it). Raises
    `RoutesError` naming the file when it cannot be read or is not an object."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RoutesError(f"{path}: cannot read the routes file ({error.strerror})") from None
    try:
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        kind = "TOML" if path.suffix == ".toml" else "JSON"
        raise RoutesError(f"{path}: not valid {kind} ({error})") from None
    if not isinstance(data, dict):
        raise RoutesError(f"{path}: should hold an object with endpoints and routes")
    return data
