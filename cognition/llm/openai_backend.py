"""The `openai` client against any OpenAI-compatible server, as a `LanguageModel`.

One `complete` call:

1. renders the task's messages and asks for structured output in the best mode the server
   has accepted so far: strict `json_schema` → `json_object` carrying the schema (llama.cpp
   servers constrain decoding to it) → plain `json_object` → plain text;
2. a server that refuses a mode (an error of any status mentioning `response_format` /
   `json_schema` / `json_object`) is downgraded one mode for every later call; an answer that
   ignores it (prose, a code fence) moves only its step one mode down, and the step climbs
   back after a few usable answers (`output_rungs.RungLadder`);
3. reads the reply (strictly in the structured modes, tolerantly in text mode) and validates it
   with the task's output model;
4. retries 429 (respecting `Retry-After`), 5xx, timeouts, connection errors, answers that are
   not the OpenAI API (a web page, plain text, JSON without `choices`, a redirect elsewhere:
   `NotTheAPI`, whose message names the likely cause) and invalid output, with exponential
   backoff and jitter, at most `max_retries` times — and all attempts of a call within one
   deadline, `call_timeout_s` (each request's timeout is what is left of it), so a server that
   accepts and never answers costs one timeout per call, not one per attempt;
5. then gives up with the task's typed fallback: `Completion(source=FALLBACK, error=...)`,
   counted and logged. Error text is never returned as data.

Either way the completion's `raw` is the last attempt's answer text as the server sent it
(None when that attempt got no answer: a timeout, an HTTP error).

A call someone listens to (`partial_answers.listening`: a talk's turn) is asked as a stream
(`streaming.py`): the listener hears each item of the answer as it is decoded, a call past
its deadline closes the stream (the server stops decoding), and the whole answer is read and
validated as above. A server that does not stream is asked plainly (logged once).
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Any, cast

import openai
from pydantic import BaseModel, ValidationError

from cognition.config import LLMSettings, is_local_url, redact_url
from cognition.llm.client import openai_client
from cognition.llm.errors import (
    OPENAI_URL,
    RequestFailure,
    describe_validation_error,
)
from cognition.llm.output_rungs import OutputMode, RungLadder
from cognition.llm.parsing import UnparseableReply, parse_json_object, parse_strict_json_object
from cognition.llm.partial_answers import ItemsHeard
from cognition.llm.retry import RetryPolicy
from cognition.llm.schema import schema_name, strict_json_schema, without_lengths
from cognition.llm.streaming import ServerStreaming, server_answer
from cognition.llm.task import (
    AnswerTally,
    Completion,
    InputT,
    Message,
    OutputT,
    Source,
    Task,
    Usage,
)

__all__ = [
    "FORMAT_INSTRUCTION",
    "OpenAIBackend",
    "OutputMode",
    "estimate_tokens",
    "response_format_for",
]

logger = logging.getLogger(__name__)

# written out on json_object with the schema too, though the server constrains decoding to it:
# without it the tiny model's answers ran longer (3-resident hour: 1.9k answer tokens against
# 1.1k, 376 s against 264 s; greedy, a summary ran to its 800-token bound), which cost more
# than the third of the prompt tokens it saved (benchmarks/results/local_server_session8.jsonl)
FORMAT_INSTRUCTION = (
    "Reply with one JSON object and nothing else. It must match this JSON schema:\n{schema}"
)
CORRECTION = "That reply could not be used ({problem}). Reply again with only the JSON object."


# the rungs that do not constrain decoding: stop sequences help there
_UNCONSTRAINED = (OutputMode.JSON_OBJECT, OutputMode.TEXT)


def response_format_for(
    mode: OutputMode,
    model: type[BaseModel],
    schema: dict[str, Any] | None = None,
    *,
    lengths: bool = False,
) -> Any:
    """The `response_format` to send in `mode` for output `model` (omitted for text);
    `schema` (default: the model's strict schema) is what the answer must follow. Strict
    `json_schema` carries its string length bounds only with `lengths` (a local server:
    OpenAI's strict mode does not list them); `json_object` with the schema always does
    (llama.cpp-based servers: the bound is what ends a string a small model keeps writing)."""
    schema = strict_json_schema(model) if schema is None else schema
    if mode is OutputMode.JSON_SCHEMA:
        schema = schema if lengths else without_lengths(schema)
        return {
            "type": "json_schema",
            "json_schema": {"name": schema_name(model), "schema": schema, "strict": True},
        }
    if mode is OutputMode.JSON_OBJECT_SCHEMA:
        return {"type": "json_object", "schema": schema}
    if mode is OutputMode.JSON_OBJECT:
        return {"type": "json_object"}
    return openai.omit


def estimate_tokens(text: str) -> int:
    """A rough token count (four characters a token) for servers that report no usage."""
    return max(1, (len(text) + 3) // 4)


@dataclass
class _Call:
    """One `complete` call's attempts so far."""

    deadline: float
    attempts: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated: bool = False
    raw: str | None = None  # the last attempt's answer text, if it got one
    problems: list[str] = field(default_factory=list)

    def add(self, reply: _Reply) -> None:
        self.raw = reply.text
        self.prompt_tokens += reply.usage.prompt_tokens
        self.completion_tokens += reply.usage.completion_tokens
        self.estimated = self.estimated or reply.usage.estimated

    def usage(self) -> Usage:
        return Usage(self.prompt_tokens, self.completion_tokens, self.estimated)


@dataclass(frozen=True)
class _Reply:
    text: str
    usage: Usage
    refusal: str | None = None


@dataclass(frozen=True)
class _Request:
    """One attempt's messages (as sent) and request parameters."""

    messages: list[Message]
    parameters: dict[str, Any]

    def reply(self, text: str, reported: Usage | None, refusal: str | None) -> _Reply:
        """The answer `text` with the usage the server reported, else estimated."""
        if reported is None:
            prompt = "".join(m.content for m in self.messages)
            reported = Usage(estimate_tokens(prompt), estimate_tokens(text), estimated=True)
        return _Reply(text, reported, refusal)


class _InvalidOutput(Exception):
    """The reply arrived but is not a valid instance of the output model."""

    def __init__(self, problem: str, reply: str, *, format_ignored: bool = False) -> None:
        super().__init__(problem)
        self.problem = problem
        self.reply = reply
        self.format_ignored = format_ignored


class OpenAIBackend:
    """A `LanguageModel` backed by `openai.OpenAI` (OpenAI, Ollama, LM Studio, vLLM, llama.cpp)."""

    def __init__(
        self,
        settings: LLMSettings,
        *,
        retry: RetryPolicy | None = None,
        client: openai.OpenAI | None = None,
    ) -> None:
        self.settings = settings
        self.retry = retry or RetryPolicy(max_retries=settings.max_retries)
        self._client = client or openai_client(settings)
        self._lock = threading.Lock()
        start = OutputMode(settings.output_mode or OutputMode.JSON_SCHEMA)
        self._rungs = RungLadder(start, settings.model)
        self._where = redact_url(settings.base_url) or OPENAI_URL  # for messages: no key
        self._local = is_local_url(settings.base_url)  # string length bounds in json_schema
        self._streaming = ServerStreaming(self._where)
        self._fallbacks = 0
        self._tally: dict[tuple[str, OutputMode], list[int]] = {}  # [answers, usable]

    @property
    def label(self) -> str:
        return self.settings.model

    @property
    def output_mode(self) -> OutputMode:
        """The structured-output mode this server has accepted so far."""
        return self._rungs.server

    def step_mode(self, task: str) -> OutputMode:
        """The mode step `task` asks on now (below the server's after ignoring it)."""
        return self._rungs.step(task)

    @property
    def fallback_count(self) -> int:
        with self._lock:
            return self._fallbacks

    def answer_tally(self) -> list[AnswerTally]:
        """Per step and rung: the answers read and how many were usable, sorted."""
        with self._lock:
            return [
                AnswerTally(task, mode.value, answers, usable)
                for (task, mode), (answers, usable) in sorted(self._tally.items())
            ]

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> OpenAIBackend:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        messages = task.messages(inputs)
        schema = task.json_schema(inputs)
        answer_tokens = self._max_tokens(task, inputs)
        call = _Call(deadline=self.retry.clock() + self.settings.call_timeout_s)
        hearer = ItemsHeard.for_task(task)  # someone hears the answer as it is decoded
        correction: list[Message] = []
        while call.deadline - self.retry.clock() > 0:
            mode = self.step_mode(task.name)
            call.attempts += 1
            call.raw = None
            retry_after: float | None = None
            try:
                sent = [*messages, *correction]
                request = self._outgoing(task, schema, sent, mode, answer_tokens)
                reply = self._request(request, call.deadline, hearer)
                call.add(reply)
                output = self._read_counted(task, reply, mode)
            except RequestFailure as failure:
                if failure.rejects_format and mode is not OutputMode.TEXT:
                    self._rungs.refused(mode, failure.message)
                    continue  # a refused mode costs no retry
                call.problems.append(failure.message)
                if not failure.retryable:
                    break
                retry_after = failure.retry_after_s
            except _InvalidOutput as invalid:
                call.problems.append(invalid.problem)
                if invalid.format_ignored:
                    self._rungs.ignored(task.name, mode)
                correction = [
                    Message("assistant", invalid.reply[:2000]),
                    Message("user", CORRECTION.format(problem=invalid.problem[:300])),
                ]
            else:
                return Completion(
                    output, Source.MODEL, call.usage(), attempts=call.attempts, raw=call.raw
                )
            wait_s = self.retry.delay(call.retries, retry_after)
            if (
                call.retries >= self.retry.max_retries
                or wait_s >= call.deadline - self.retry.clock()
            ):
                break  # no retries left, or none could start before the deadline
            self.retry.sleep(wait_s)
            call.retries += 1
            logger.info("%s for %s: retry %d in %.2fs", task.name, agent, call.retries, wait_s)
        if not call.problems:
            call.problems.append(f"no answer within {self.settings.call_timeout_s:g} s")
        return self._fall_back(task, inputs, agent, call)

    def _fall_back(
        self, task: Task[InputT, OutputT], inputs: InputT, agent: str, call: _Call
    ) -> Completion[OutputT]:
        with self._lock:
            self._fallbacks += 1
        error = f"{len(call.problems)} failed attempt(s); last: {call.problems[-1]}"
        logger.warning("%s for %s fell back to its default: %s", task.name, agent, error)
        output = task.fallback(inputs)
        return Completion(
            output, Source.FALLBACK, call.usage(), attempts=call.attempts, error=error,
            raw=call.raw,
        )  # fmt: skip

    def _max_tokens(self, task: Task[InputT, OutputT], inputs: InputT) -> Any:
        """The call's output budget (`Task.answer_tokens`) scaled by the settings (omitted
        when unbounded)."""
        scale = self.settings.max_tokens_scale
        budget = task.answer_tokens(inputs)
        if budget is None or scale <= 0:
            return openai.omit
        return max(16, round(budget * scale))

    def _read_counted(
        self, task: Task[InputT, OutputT], reply: _Reply, mode: OutputMode
    ) -> OutputT:
        """`_read`, tallied as one answer of the step at `mode`, usable or not."""
        usable = False
        try:
            output = self._read(task, reply, mode)
            usable = True
            self._rungs.usable(task.name, mode)
            return output
        finally:
            with self._lock:
                counts = self._tally.setdefault((task.name, mode), [0, 0])
                counts[0] += 1
                counts[1] += usable

    def _outgoing(
        self,
        task: Task[InputT, OutputT],
        schema: dict[str, Any],
        messages: list[Message],
        mode: OutputMode,
        max_tokens: Any,
    ) -> _Request:
        """What one attempt sends: the messages (with the schema written into the last below
        `json_schema`) and the request's parameters."""
        if mode is not OutputMode.JSON_SCHEMA:
            compact = json.dumps(schema, sort_keys=True, separators=(",", ":"))
            instruction = FORMAT_INSTRUCTION.format(schema=compact)
            last = messages[-1]
            messages = [*messages[:-1], Message(last.role, f"{last.content}\n\n{instruction}")]
        sent = [{"role": m.role, "content": m.content} for m in messages]
        response_format = response_format_for(mode, task.output_model, schema, lengths=self._local)
        temperature = self.settings.temperature
        stops = self.settings.stop_sequences if mode in _UNCONSTRAINED else ()
        parameters: dict[str, Any] = {
            "model": self.settings.model,
            "messages": cast(Any, sent),
            "response_format": response_format,
            "temperature": openai.omit if temperature is None else temperature,
            "max_tokens": max_tokens,
            "stop": list(stops) if stops else openai.omit,
        }
        return _Request(messages, parameters)

    def _request(self, request: _Request, deadline: float, hearer: ItemsHeard | None) -> _Reply:
        """One attempt within what is left of the call's `deadline`: streamed when someone
        hears it (and the server streams), else plain."""
        if hearer is not None:
            hearer.restart()
        answer = server_answer(
            self._client,
            request.parameters,
            streaming=self._streaming,
            where=self._where,
            deadline=deadline,
            clock=self.retry.clock,
            on_text=None if hearer is None else hearer.text_so_far,
        )
        return request.reply(answer.text, answer.usage, answer.refusal)

    def _read(self, task: Task[InputT, OutputT], reply: _Reply, mode: OutputMode) -> OutputT:
        text = reply.text
        if not text.strip():
            problem = f"the model refused: {reply.refusal}" if reply.refusal else "empty reply"
            raise _InvalidOutput(problem, text)
        format_ignored = False
        try:
            if mode is OutputMode.TEXT:
                data = parse_json_object(text)
            else:
                try:
                    data = parse_strict_json_object(text)
                except UnparseableReply:
                    # prose or fences around the answer: the server ignored the format
                    format_ignored = not text.lstrip().startswith("{")
                    if not format_ignored:
                        raise
                    data = parse_json_object(text)
        except UnparseableReply as error:
            raise _InvalidOutput(str(error), text, format_ignored=format_ignored) from None
        try:
            output = task.output_model.model_validate(data)
        except ValidationError as error:
            problem = describe_validation_error(error)
            raise _InvalidOutput(problem, text, format_ignored=format_ignored) from None
        if format_ignored:
            self._rungs.ignored(task.name, mode)
        return output
