"""A spending cap: once reached, every call raises `BudgetReached` before it is made.

Spending is counted from the completions that pass through (reported or estimated tokens;
cache hits cost nothing). Calls already in flight when the cap is reached still finish, so
the final figure may pass the cap by at most `max_concurrency` calls.
"""

from __future__ import annotations

import threading

from cognition.llm.task import (
    BudgetReached,
    Completion,
    InputT,
    LanguageModel,
    OutputT,
    Task,
)

__all__ = ["BudgetCap"]


class BudgetCap:
    """Wraps a `LanguageModel` with a cap in tokens and/or estimated US dollars."""

    def __init__(
        self,
        inner: LanguageModel,
        *,
        max_tokens: int | None = None,
        max_usd: float | None = None,
        prompt_usd_per_million: float = 0.0,
        completion_usd_per_million: float = 0.0,
    ) -> None:
        self.inner = inner
        self.max_tokens = max_tokens
        self.max_usd = max_usd
        self.prompt_usd_per_million = prompt_usd_per_million
        self.completion_usd_per_million = completion_usd_per_million
        self._lock = threading.Lock()
        self._prompt_tokens = 0
        self._completion_tokens = 0

    @property
    def label(self) -> str:
        return self.inner.label

    @property
    def spent_tokens(self) -> int:
        with self._lock:
            return self._prompt_tokens + self._completion_tokens

    @property
    def spent_usd(self) -> float:
        with self._lock:
            return (
                self._prompt_tokens * self.prompt_usd_per_million
                + self._completion_tokens * self.completion_usd_per_million
            ) / 1_000_000

    def reason(self) -> str | None:
        """Why the budget is spent, or None while there is budget left."""
        tokens, usd = self.spent_tokens, self.spent_usd
        if self.max_tokens is not None and tokens >= self.max_tokens:
            return f"token budget reached: {tokens} of {self.max_tokens} tokens used"
        if self.max_usd is not None and usd >= self.max_usd:
            return f"spending budget reached: ${usd:.4f} of ${self.max_usd:.2f} (estimated)"
        return None

    def set_limits(self, *, max_tokens: int | None, max_usd: float | None) -> None:
        """Change the caps (for example when the player raises the budget)."""
        with self._lock:
            self.max_tokens, self.max_usd = max_tokens, max_usd

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        reason = self.reason()
        if reason is not None:
            raise BudgetReached(reason)
        completion = self.inner.complete(task, inputs, agent=agent)
        with self._lock:
            self._prompt_tokens += completion.usage.prompt_tokens
            self._completion_tokens += completion.usage.completion_tokens
        return completion
