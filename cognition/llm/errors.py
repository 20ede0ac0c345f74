"""What a failed request to a model server means for the caller.

```
openai.OpenAIError
├── APIConnectionError ── APITimeoutError      retryable
└── APIStatusError
    ├── 408, 409, 429 (RateLimitError), ≥500    retryable (429: honour Retry-After)
    └── other 4xx (auth, unknown model, …)      not retryable → typed fallback
any status mentioning response_format / json_schema / json_object → downgrade the output mode
```
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import openai
from pydantic import ValidationError

__all__ = ["RequestFailure", "classify_request_error", "describe_validation_error"]

_FORMAT_WORDS = re.compile(
    r"response_format|response format|json_schema|json schema|json_object|structured output",
    re.IGNORECASE,
)
_RETRYABLE_STATUS = {408, 409, 429}


@dataclass
class RequestFailure(Exception):
    """A request that got no usable reply, classified."""

    message: str
    retryable: bool
    rejects_format: bool = False
    retry_after_s: float | None = None

    def __str__(self) -> str:
        return self.message


def classify_request_error(error: openai.OpenAIError) -> RequestFailure:
    """Turn an `openai` exception into a `RequestFailure` (never includes the API key)."""
    if isinstance(error, openai.APITimeoutError):
        return RequestFailure("request timed out", retryable=True)
    if isinstance(error, openai.APIConnectionError):
        return RequestFailure(f"connection error: {error.message}", retryable=True)
    if isinstance(error, openai.APIStatusError):
        status = error.status_code
        detail = _error_detail(error)
        message = f"HTTP {status}: {detail}"
        return RequestFailure(
            message,
            retryable=status in _RETRYABLE_STATUS or status >= 500,
            rejects_format=bool(_FORMAT_WORDS.search(detail)),
            retry_after_s=_retry_after(error) if status == 429 else None,
        )
    if isinstance(error, openai.APIError):
        return RequestFailure(f"bad response: {error.message}", retryable=True)
    return RequestFailure(f"{type(error).__name__}: {error}", retryable=False)


def describe_validation_error(error: ValidationError, limit: int = 3) -> str:
    """A one-line summary of why a reply did not fit the output model."""
    problems = [
        f"{'.'.join(str(part) for part in item['loc']) or 'reply'}: {item['msg']}"
        for item in error.errors()[:limit]
    ]
    more = error.error_count() - len(problems)
    return "invalid output: " + "; ".join(problems) + (f" (+{more} more)" if more > 0 else "")


def _error_detail(error: openai.APIStatusError) -> str:
    body = error.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])[:500]
        return json.dumps(body)[:500]
    if isinstance(body, str) and body:
        return body[:500]
    return error.message[:500]


def _retry_after(error: openai.APIStatusError) -> float | None:
    headers = error.response.headers
    for name, divisor in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return float(value) / divisor
        except ValueError:
            continue
    return None
