"""The `openai` client against any OpenAI-compatible server, as a `LanguageModel`.

One `complete` call:

1. renders the task's messages and asks for structured output in the best mode the server
   has accepted so far: strict `json_schema` → `json_object` carrying the schema (llama.cpp
   servers constrain decoding to it) → plain `json_object` → plain text;
2. a server that refuses a mode (an error of any status mentioning `response_format` /
   `json_schema` / `json_object`) or ignores it (answers prose) is downgraded one mode, and the
   backend remembers it for every later call;
3. reads the reply (strictly in the structured modes, tolerantly in text mode) and validates it
   with the task's output model;
4. retries 429 (respecting `Retry-After`), 5xx, timeouts, connection errors, answers that are
   not the OpenAI API (a web page, plain text, JSON without `choices`, a redirect elsewhere:
   `NotTheAPI`, whose message names the likely cause) and invalid output, with exponential
   backoff and jitter, at most `max_retries` times;
5. then gives up with the task's typed fallback: `Completion(source=FALLBACK, error=...)`,
   counted and logged. Error text is never returned as data.

Either way the completion's `raw` is the last attempt's answer text as the server sent it
(None when that attempt got no answer: a timeout, an HTTP error).
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, cast

import openai
from openai.types.chat import ChatCompletion
from pydantic import BaseModel, ValidationError

from cognition.config import LLMSettings
from cognition.llm.errors import (
    OPENAI_URL,
    RequestFailure,
    classify_request_error,
    describe_validation_error,
    first_choice,
    not_the_api,
)
from cognition.llm.parsing import UnparseableReply, parse_json_object, parse_strict_json_object
from cognition.llm.retry import RetryPolicy
from cognition.llm.schema import schema_name, strict_json_schema
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

FORMAT_INSTRUCTION = (
    "Reply with one JSON object and nothing else. It must match this JSON schema:\n{schema}"
)
CORRECTION = "That reply could not be used ({problem}). Reply again with only the JSON object."


class OutputMode(StrEnum):
    """How structured output is requested, best first: a strict `json_schema` (OpenAI, LM
    Studio, Ollama ≥ 0.5, vLLM); `json_object` carrying the schema (llama.cpp-based servers
    constrain decoding to it: a small model then answers the right shape); plain
    `json_object`; text. Below `json_schema` the schema is also written into the prompt."""

    JSON_SCHEMA = "json_schema"
    JSON_OBJECT_SCHEMA = "json_object_schema"
    JSON_OBJECT = "json_object"
    TEXT = "text"


_NEXT_MODE = {
    OutputMode.JSON_SCHEMA: OutputMode.JSON_OBJECT_SCHEMA,
    OutputMode.JSON_OBJECT_SCHEMA: OutputMode.JSON_OBJECT,
    OutputMode.JSON_OBJECT: OutputMode.TEXT,
}


# the rungs that do not constrain decoding: stop sequences help there
_UNCONSTRAINED = (OutputMode.JSON_OBJECT, OutputMode.TEXT)


def response_format_for(
    mode: OutputMode, model: type[BaseModel], schema: dict[str, Any] | None = None
) -> Any:
    """The `response_format` to send in `mode` for output `model` (omitted for text);
    `schema` (default: the model's strict schema) is what the answer must follow."""
    schema = strict_json_schema(model) if schema is None else schema
    if mode is OutputMode.JSON_SCHEMA:
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


@dataclass(frozen=True)
class _Reply:
    text: str
    usage: Usage
    refusal: str | None = None


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
        self._client = client or openai.OpenAI(
            api_key=settings.api_key_value(),
            base_url=settings.base_url,
            timeout=settings.call_timeout_s,
            max_retries=0,  # retries are ours, so they are counted and bounded once
        )
        self._lock = threading.Lock()
        self._mode = OutputMode(settings.output_mode or OutputMode.JSON_SCHEMA)
        self._fallbacks = 0
        self._tally: dict[tuple[str, OutputMode], list[int]] = {}  # [answers, usable]

    @property
    def label(self) -> str:
        return self.settings.model

    @property
    def output_mode(self) -> OutputMode:
        """The structured-output mode this server has accepted so far."""
        with self._lock:
            return self._mode

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
        correction: list[Message] = []
        prompt_tokens = completion_tokens = 0
        estimated = False
        problems: list[str] = []
        attempts = retries = 0
        raw: str | None = None  # the last attempt's answer text, if it got one
        while True:
            mode = self.output_mode
            attempts += 1
            retry_after: float | None = None
            raw = None
            try:
                reply = self._request(task, schema, [*messages, *correction], mode)
                raw = reply.text
                prompt_tokens += reply.usage.prompt_tokens
                completion_tokens += reply.usage.completion_tokens
                estimated = estimated or reply.usage.estimated
                output = self._read_counted(task, reply, mode)
            except RequestFailure as failure:
                if failure.rejects_format and mode is not OutputMode.TEXT:
                    self._downgrade(mode, failure.message)
                    continue  # a refused mode costs no retry
                problems.append(failure.message)
                if not failure.retryable:
                    break
                retry_after = failure.retry_after_s
            except _InvalidOutput as invalid:
                problems.append(invalid.problem)
                if invalid.format_ignored:
                    self._downgrade(mode, "the reply ignored the requested format")
                correction = [
                    Message("assistant", invalid.reply[:2000]),
                    Message("user", CORRECTION.format(problem=invalid.problem[:300])),
                ]
            else:
                usage = Usage(prompt_tokens, completion_tokens, estimated)
                return Completion(output, Source.MODEL, usage, attempts=attempts, raw=raw)
            if retries >= self.retry.max_retries:
                break
            waited = self.retry.wait(retries, retry_after)
            retries += 1
            logger.info("%s for %s: retry %d in %.2fs", task.name, agent, retries, waited)
        usage = Usage(prompt_tokens, completion_tokens, estimated)
        return self._fall_back(task, inputs, agent, usage, attempts, problems, raw)

    def _fall_back(
        self,
        task: Task[InputT, OutputT],
        inputs: InputT,
        agent: str,
        usage: Usage,
        attempts: int,
        problems: list[str],
        raw: str | None,
    ) -> Completion[OutputT]:
        with self._lock:
            self._fallbacks += 1
        error = f"{len(problems)} failed attempt(s); last: {problems[-1] if problems else '?'}"
        logger.warning("%s for %s fell back to its default: %s", task.name, agent, error)
        output = task.fallback(inputs)
        return Completion(output, Source.FALLBACK, usage, attempts=attempts, error=error, raw=raw)

    def _downgrade(self, failed: OutputMode, reason: str) -> None:
        with self._lock:
            if self._mode is failed and failed in _NEXT_MODE:
                self._mode = _NEXT_MODE[failed]
                logger.warning(
                    "%s: %s output refused (%s); using %s from now on",
                    self.label,
                    failed.value,
                    reason[:200],
                    self._mode.value,
                )

    def _max_tokens(self, task: Task[InputT, OutputT]) -> Any:
        """The step's output budget scaled by the settings (omitted when unbounded)."""
        scale = self.settings.max_tokens_scale
        if task.max_tokens is None or scale <= 0:
            return openai.omit
        return max(16, round(task.max_tokens * scale))

    def _read_counted(
        self, task: Task[InputT, OutputT], reply: _Reply, mode: OutputMode
    ) -> OutputT:
        """`_read`, tallied as one answer of the step at `mode`, usable or not."""
        usable = False
        try:
            output = self._read(task, reply, mode)
            usable = True
            return output
        finally:
            with self._lock:
                counts = self._tally.setdefault((task.name, mode), [0, 0])
                counts[0] += 1
                counts[1] += usable

    def _request(
        self,
        task: Task[InputT, OutputT],
        schema: dict[str, Any],
        messages: list[Message],
        mode: OutputMode,
    ) -> _Reply:
        if mode is not OutputMode.JSON_SCHEMA:
            compact = json.dumps(schema, sort_keys=True, separators=(",", ":"))
            instruction = FORMAT_INSTRUCTION.format(schema=compact)
            last = messages[-1]
            messages = [*messages[:-1], Message(last.role, f"{last.content}\n\n{instruction}")]
        sent = [{"role": m.role, "content": m.content} for m in messages]
        response_format = response_format_for(mode, task.output_model, schema)
        temperature = self.settings.temperature
        stops = self.settings.stop_sequences if mode in _UNCONSTRAINED else ()
        try:
            answer = self._client.chat.completions.with_raw_response.create(
                model=self.settings.model,
                messages=cast(Any, sent),
                response_format=response_format,
                temperature=openai.omit if temperature is None else temperature,
                max_tokens=self._max_tokens(task),
                stop=list(stops) if stops else openai.omit,
            )
            http = answer.http_response
            failure = not_the_api(
                self.settings.base_url or OPENAI_URL,
                http.text,
                content_type=http.headers.get("content-type", ""),
                redirected_to=str(http.url) if http.history else None,
            )
            if failure is not None:
                raise failure
            response = answer.parse()
        except openai.OpenAIError as error:
            raise classify_request_error(error) from error
        text, refusal = first_choice(response, self.settings.base_url or OPENAI_URL)
        reported = _reported_usage(response)
        if reported is not None:
            usage = reported
        else:
            prompt = "".join(m.content for m in messages)
            usage = Usage(estimate_tokens(prompt), estimate_tokens(text), estimated=True)
        return _Reply(text, usage, refusal)

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
            self._downgrade(mode, "the reply ignored the requested format")
        return output


def _reported_usage(response: ChatCompletion) -> Usage | None:
    """The server's token counts, or None when it sent none (or none that are numbers)."""
    try:
        usage = response.usage
        if usage is None:
            return None
        prompt, completion = usage.prompt_tokens, usage.completion_tokens
    except AttributeError:
        return None
    if isinstance(prompt, int) and isinstance(completion, int):
        return Usage(prompt, completion)
    return None
