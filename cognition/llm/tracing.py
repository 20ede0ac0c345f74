"""Decision traces: every model call, handed to whoever listens, as a `CallTrace`.

`Tracer` wraps a `LanguageModel` like `AuditLog` does, but instead of writing a file it gives
each listener (`add_listener(fn)`) one frozen `CallTrace` per call: the task and its template,
the rendered messages, the model's raw answer text, the parsed output as JSON (or the
fallback's, and why), attempts, tokens, latency, source, the model's label, the agent and the
wall time the call started — or the exception, when the call raised (re-raised unchanged).

Listeners run on the calling thread (calls come from many worker threads at once, so a
listener must be thread-safe); one that raises is logged and never breaks the call. With no
listener the call goes straight through: no timing, no rendering, no trace. Any secret passed
as `redact` (build_language_model passes the API key) is replaced by `[redacted]` in every
string of a trace, wherever it appears.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from cognition.listeners import Listeners
from cognition.llm.audit_log import REDACTED
from cognition.llm.task import Completion, InputT, LanguageModel, Message, OutputT, Source, Task

__all__ = ["REDACTED", "CallTrace", "Tracer"]

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class CallTrace:
    """One model call as the mind made it. Strings never hold a redacted secret."""

    task: str  # the thinking step's task name ("react", "day_plan", …)
    template: str  # the prompt template (`Task.template`)
    messages: tuple[Message, ...]  # as rendered from the template (before any retry's additions)
    agent: str
    label: str  # what answered: the model's name or "offline brain"
    started: datetime  # wall time (UTC) the call began
    latency_ms: float  # how long the mind waited (a concurrency slot, retries, backoff included)
    source: Source | None = None  # model / cache / offline / fallback; None when it raised
    output: str | None = None  # the output model (or the fallback's output) as JSON
    raw: str | None = None  # the answer text as given (`Completion.raw`)
    fallback: bool = False  # the task's fallback was used…
    error: str | None = None  # …and why (`Completion.error`)
    attempts: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated: bool = False  # tokens counted at four characters a token, not reported
    exception: str | None = None  # "BudgetReached: …" when the call raised


TraceListener = Callable[[CallTrace], None]


class Tracer:
    """Wraps a `LanguageModel`; tells every listener about every call as a `CallTrace`."""

    def __init__(
        self,
        inner: LanguageModel,
        *,
        redact: Iterable[str] = (),
        clock: Callable[[], float] = time.time,
        timer: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.inner = inner
        self._secrets = tuple(secret for secret in redact if secret)
        self._clock = clock  # wall time, for `started`
        self._timer = timer  # monotonic seconds, for `latency_ms`
        self._listeners: Listeners[CallTrace] = Listeners("trace", logger)

    @property
    def label(self) -> str:
        return self.inner.label

    def add_listener(self, listener: TraceListener) -> None:
        """Hand `listener` a `CallTrace` after every later call (on the calling thread)."""
        self._listeners.add(listener)

    def remove_listener(self, listener: TraceListener) -> None:
        """Stop telling `listener` (one never added is ignored)."""
        self._listeners.remove(listener)

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        if not self._listeners:
            return self.inner.complete(task, inputs, agent=agent)
        started, begun = self._clock(), self._timer()
        try:
            completion = self.inner.complete(task, inputs, agent=agent)
        except Exception as error:
            self._tell(task, inputs, agent, started, self._timer() - begun, None, error)
            raise
        self._tell(task, inputs, agent, started, self._timer() - begun, completion, None)
        return completion

    def _tell(
        self,
        task: Task[InputT, OutputT],
        inputs: InputT,
        agent: str,
        started: float,
        seconds: float,
        completion: Completion[OutputT] | None,
        error: Exception | None,
    ) -> None:
        try:
            trace = self._trace(task, inputs, agent, started, seconds, completion, error)
        except Exception:
            logger.exception("could not trace a %s call for %s", task.name, agent)
            return
        self._listeners.notify(trace)

    def _trace(
        self,
        task: Task[InputT, OutputT],
        inputs: InputT,
        agent: str,
        started: float,
        seconds: float,
        completion: Completion[OutputT] | None,
        error: Exception | None,
    ) -> CallTrace:
        clean = self._clean
        messages = tuple(Message(clean(m.role), clean(m.content)) for m in task.messages(inputs))
        trace = CallTrace(
            task=clean(task.name),
            template=clean(task.template),
            messages=messages,
            agent=clean(agent),
            label=clean(self.label),
            started=datetime.fromtimestamp(started, UTC),
            latency_ms=seconds * 1000,
        )
        if completion is None:
            return replace(trace, exception=clean(f"{type(error).__name__}: {error}"))
        usage = completion.usage
        return replace(
            trace,
            label=clean(completion.answered_by or self.label),
            source=completion.source,
            output=clean(completion.output.model_dump_json()),
            raw=None if completion.raw is None else clean(completion.raw),
            fallback=completion.source is Source.FALLBACK,
            error=None if completion.error is None else clean(completion.error),
            attempts=completion.attempts,
            prompt_tokens=usage.prompt_tokens,
            completion_tokens=usage.completion_tokens,
            estimated=usage.estimated,
        )

    def _clean(self, text: str) -> str:
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return text
