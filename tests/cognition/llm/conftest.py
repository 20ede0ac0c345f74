"""Fixtures for the language-model layer: a test task, the fake server, a fast backend."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field

from cognition.config import LLMSettings
from cognition.llm.openai_backend import OpenAIBackend
from cognition.llm.retry import RetryPolicy
from cognition.llm.task import Task
from cognition.testing.fake_openai_server import FakeOpenAIServer

PROMPTS = Path(__file__).resolve().parent / "prompts"
TEST_KEY = "sk-test-DISTINCTIVE-3f9a7c1e5b"


class GreetInputs(BaseModel):
    name: str
    persona: str
    other: str
    memories: list[str]


class Gesture(BaseModel):
    kind: Literal["wave", "nod", "hug"]
    emoji: str = Field(min_length=1, max_length=4)


class Greeting(BaseModel):
    utterance: str = Field(min_length=1)
    warmth: int = Field(ge=1, le=10)
    gesture: Gesture
    topics: list[str] = Field(min_length=1, max_length=3)
    follow_up: str | None = None


def fallback_greeting(inputs: GreetInputs) -> Greeting:
    return Greeting(
        utterance=f"Hello, {inputs.other}.",
        warmth=5,
        gesture=Gesture(kind="nod", emoji="🙂"),
        topics=["the weather"],
    )


GREET = Task("greet", str(PROMPTS / "greet.txt"), GreetInputs, Greeting, fallback_greeting)


def make_greet_inputs(other: str = "Klaus") -> GreetInputs:
    return GreetInputs(
        name="Isabella",
        persona="She runs Hobbs Cafe and is planning a Valentine's Day party.",
        other=other,
        memories=["Klaus is writing a paper on gentrification", "the cafe opens at 8"],
    )


class SleepRecorder:
    """A `sleep` that records the delays asked for and returns at once."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


@pytest.fixture
def greet_task() -> Task[GreetInputs, Greeting]:
    return GREET


@pytest.fixture
def greet_inputs() -> Callable[..., GreetInputs]:
    return make_greet_inputs


@pytest.fixture
def api_key() -> str:
    """A distinctive fake key: tests assert it never leaks into logs."""
    return TEST_KEY


@pytest.fixture
def sleep() -> SleepRecorder:
    return SleepRecorder()


@pytest.fixture
def make_server() -> Iterator[Callable[..., FakeOpenAIServer]]:
    servers: list[FakeOpenAIServer] = []

    def start(**options: Any) -> FakeOpenAIServer:
        server = FakeOpenAIServer(**options).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def server(make_server: Callable[..., FakeOpenAIServer]) -> FakeOpenAIServer:
    return make_server()


def _settings_for(server: FakeOpenAIServer, **options: Any) -> LLMSettings:
    values: dict[str, Any] = {
        "base_url": server.base_url,
        "api_key": TEST_KEY,
        "model": "fake-model",
        "timeout_s": 2.0,
        "max_retries": 3,
    }
    values.update(options)
    return LLMSettings(**values)


@pytest.fixture
def settings_for() -> Callable[..., LLMSettings]:
    """Settings pointing at a fake server (fake key, short timeout, 3 retries)."""
    return _settings_for


@pytest.fixture
def make_backend(sleep: SleepRecorder) -> Iterator[Callable[..., OpenAIBackend]]:
    backends: list[OpenAIBackend] = []

    def build(server: FakeOpenAIServer, **options: Any) -> OpenAIBackend:
        settings = _settings_for(server, **options)
        retry = RetryPolicy(max_retries=settings.max_retries, sleep=sleep, rng=random.Random(7))
        backend = OpenAIBackend(settings, retry=retry)
        backends.append(backend)
        return backend

    yield build
    for backend in backends:
        backend.close()
