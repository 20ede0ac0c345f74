"""The structured-output ladder: which rung the server takes, and which each step uses.

A server that *refuses* a rung (an error naming `response_format`…) refuses it for every
step: the server's rung goes down for all (`refused`), for the rest of the run. An answer that
*ignores* the rung (prose or a code fence around the JSON) says less: a small model may do it
now and then for one step. So it moves only that step one rung down (`ignored`), and the step
climbs back one rung after `RECOVERY_ANSWERS` usable answers (`usable`) — one wordy answer no
longer drops every step to plain text for the rest of the run.
"""

from __future__ import annotations

import logging
import threading
from enum import StrEnum

__all__ = ["RECOVERY_ANSWERS", "OutputMode", "RungLadder"]

logger = logging.getLogger(__name__)

RECOVERY_ANSWERS = 5  # usable answers on the lower rung before a step tries the one above


class OutputMode(StrEnum):
    """How structured output is requested, best first: a strict `json_schema` (OpenAI, LM
    Studio, Ollama ≥ 0.5, vLLM); `json_object` carrying the schema (llama.cpp-based servers
    constrain decoding to it: a small model then answers the right shape); plain
    `json_object`; text. Below `json_schema` the schema is also written into the prompt."""

    JSON_SCHEMA = "json_schema"
    JSON_OBJECT_SCHEMA = "json_object_schema"
    JSON_OBJECT = "json_object"
    TEXT = "text"


_ORDER = list(OutputMode)


def _below(mode: OutputMode) -> OutputMode | None:
    index = _ORDER.index(mode)
    return _ORDER[index + 1] if index + 1 < len(_ORDER) else None


def _lower(first: OutputMode, second: OutputMode | None) -> OutputMode:
    if second is None:
        return first
    return first if _ORDER.index(first) >= _ORDER.index(second) else second


class RungLadder:
    """The server's rung and each step's; thread-safe."""

    def __init__(self, start: OutputMode, label: str) -> None:
        self.label = label
        self._lock = threading.Lock()
        self._server = start
        self._steps: dict[str, OutputMode] = {}  # steps below the server after ignoring it
        self._climb: dict[str, int] = {}  # usable answers since the step went down

    @property
    def server(self) -> OutputMode:
        """The rung the server accepts (what is remembered for the endpoint)."""
        with self._lock:
            return self._server

    def step(self, task: str) -> OutputMode:
        """The rung `task` asks on now."""
        with self._lock:
            return _lower(self._server, self._steps.get(task))

    def refused(self, failed: OutputMode, reason: str) -> None:
        """The server refused `failed`: every step goes below it, for good."""
        with self._lock:
            below = _below(failed)
            if self._server is not failed or below is None:
                return
            self._server = below
        logger.warning(
            "%s: %s output refused (%s); using %s from now on",
            self.label, failed.value, reason[:200], below.value,
        )  # fmt: skip

    def ignored(self, task: str, failed: OutputMode) -> None:
        """An answer to `task` asked on `failed` ignored it: the step goes one rung down."""
        with self._lock:
            below = _below(failed)
            if below is None or _lower(self._server, self._steps.get(task)) is not failed:
                return
            self._steps[task], self._climb[task] = below, 0
        logger.info("%s: %s ignored %s; it asks on %s for now", self.label, task, failed, below)

    def usable(self, task: str, mode: OutputMode) -> None:
        """A usable answer to `task` on `mode`: enough of them and the step climbs back."""
        with self._lock:
            if self._steps.get(task) is not mode:
                return
            self._climb[task] = self._climb.get(task, 0) + 1
            if self._climb[task] < RECOVERY_ANSWERS:
                return
            above = _ORDER[_ORDER.index(mode) - 1]
            if _ORDER.index(above) <= _ORDER.index(self._server):
                del self._steps[task]
            else:
                self._steps[task] = above
            self._climb[task] = 0
