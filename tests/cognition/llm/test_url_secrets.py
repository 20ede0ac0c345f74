"""A secret inside the server's URL is one the traces and the audit log never keep: a
server's error page may echo the URL it was asked at, query and all."""

from __future__ import annotations

from cognition.config import LLMSettings, url_secrets
from cognition.llm.stack import key_secrets
from cognition.llm.task import Completion, Source, Task
from cognition.llm.tracing import REDACTED, Tracer
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput

URL = "http://someone:PASSWORD-1@127.0.0.1:9/v1?api-key=QUERY-KEY-9&mode=fast"


def test_the_urls_secrets_are_its_password_and_secret_named_values() -> None:
    assert url_secrets(URL) == ["PASSWORD-1", "QUERY-KEY-9"]
    assert url_secrets("http://127.0.0.1:9/v1?mode=fast") == []
    assert url_secrets(None) == []
    settings = LLMSettings(base_url=URL, api_key="THE-API-KEY", model="m")
    assert key_secrets(settings) == ["THE-API-KEY", "PASSWORD-1", "QUERY-KEY-9"]


class EchoesTheUrl:
    """A server answering an error page that names the URL it was asked at."""

    label = "echo"

    def complete(self, task: Task, inputs: object, *, agent: str) -> Completion:  # type: ignore[type-arg]
        error = f"404 Not Found: {URL}/chat/completions"
        return Completion(task.fallback(inputs), Source.FALLBACK, error=error, raw=error)


def test_a_trace_never_keeps_a_secret_of_the_url() -> None:
    settings = LLMSettings(base_url=URL, api_key="THE-API-KEY", model="m")
    traces = []
    tracer = Tracer(EchoesTheUrl(), redact=key_secrets(settings))  # type: ignore[arg-type]
    tracer.add_listener(traces.append)
    inputs = ImportanceInput(agent="Isabella", identity="x", memories=["1. a cat"], count=1)
    tracer.complete(RATE_IMPORTANCE, inputs, agent="Isabella")
    [trace] = traces
    text = repr(trace)
    assert "PASSWORD-1" not in text and "QUERY-KEY-9" not in text
    assert REDACTED in text
