"""What a failed request to a model server means for the caller.

```
openai.OpenAIError
├── APIConnectionError ── APITimeoutError      retryable
└── APIStatusError
    ├── 408, 409, 429 (RateLimitError), ≥500    retryable (429: honour Retry-After)
    └── other 4xx (auth, unknown model, …)      not retryable → typed fallback
any status mentioning response_format / json_schema / json_object → downgrade the output mode

200 but not the OpenAI API (a web page, plain text, a body that is not JSON, JSON without
`choices`, a redirect elsewhere) → `NotTheAPI`: retryable, with the likely cause in words
```
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import openai
from openai.types.chat import ChatCompletion
from pydantic import ValidationError

__all__ = [
    "OPENAI_URL",
    "NotTheAPI",
    "RequestFailure",
    "classify_request_error",
    "describe_validation_error",
    "first_choice",
    "not_the_api",
]

OPENAI_URL = "https://api.openai.com/v1"
URL_HINT = "does the base URL end in /v1?"
REDIRECT_HINT = "is the base URL right, or is a proxy or sign-in page in the way?"

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


@dataclass
class NotTheAPI(RequestFailure):
    """A 2xx answer that is not the OpenAI API (a server fault: retried, then the fallback)."""

    retryable: bool = True


def not_the_api(
    where: str,
    body: str,
    *,
    content_type: str = "",
    redirected_to: str | None = None,
    expect: str = "choices",
) -> NotTheAPI | None:
    """None when `body` is a JSON object with a list under `expect` (a chat completion:
    "choices"; a model list: "data"); otherwise a `NotTheAPI` naming the likely cause.

    `where` is the base URL as configured; `redirected_to`, where the client was sent.
    """
    hint = URL_HINT if redirected_to is None else REDIRECT_HINT
    what = _what_was_answered(body, content_type, expect, hint)
    if what is None:
        return None
    if redirected_to is not None:
        return NotTheAPI(
            f"the server at {where} redirected to {redirected_to}, which {what}", retryable=True
        )
    return NotTheAPI(f"the server at {where} {what}", retryable=True)


def first_choice(response: ChatCompletion, where: str) -> tuple[str, str | None]:
    """The first choice's content and refusal ("" when there is none); a `NotTheAPI` when
    the choices are not chat completions (lenient parsing lets any shape through)."""
    odd = f"the server at {where} answered `choices` that are not chat completions"
    try:
        if not response.choices:
            return "", None
        message = response.choices[0].message
        content, refusal = message.content, message.refusal
    except (AttributeError, TypeError, IndexError, KeyError):
        raise NotTheAPI(odd) from None
    if content is not None and not isinstance(content, str):
        raise NotTheAPI(odd)
    return content or "", refusal if isinstance(refusal, str) else None


def _what_was_answered(body: str, content_type: str, expect: str, hint: str) -> str | None:
    media = content_type.split(";", 1)[0].strip().lower()
    try:
        data = json.loads(body)
    except ValueError:
        data = _NOT_JSON
    if data is not _NOT_JSON:
        if isinstance(data, dict):
            if isinstance(data.get(expect), list):
                return None
            error = data.get("error")
            if isinstance(error, dict) and isinstance(error.get("message"), str):
                return f"answered an error: {str(error['message'])[:200]}"
        return f"answered JSON without `{expect}` (is it an OpenAI-compatible endpoint? {hint})"
    text = body.strip()
    if media in {"text/html", "application/xhtml+xml"} or _HTML.search(text[:1000]):
        title = _TITLE.search(text)
        named = f" ({' '.join(title.group(1).split())[:80]!r})" if title else ""
        return f"answered a web page{named}, not the OpenAI API — {hint}"
    if not text:
        return f"answered an empty body, not the OpenAI API — {hint}"
    excerpt = " ".join(text.split())[:80]
    if media.endswith("json"):
        return f"answered a body that is not JSON ({excerpt!r}), not the OpenAI API"
    return f"answered plain text, not JSON ({excerpt!r}) — {hint}"


_NOT_JSON = object()
_HTML = re.compile(r"<(!doctype html|html|head|body|title)\b", re.IGNORECASE)
_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)


def classify_request_error(error: openai.OpenAIError) -> RequestFailure:
    """Turn an `openai` exception into a `RequestFailure` (never includes the API key)."""
    if isinstance(error, openai.APITimeoutError):
        return RequestFailure("request timed out", retryable=True)
    if isinstance(error, openai.APIConnectionError):
        return RequestFailure(f"connection error: {error.message}", retryable=True)
    if isinstance(error, openai.APIStatusError):
        status = error.status_code
        if 300 <= status < 400:
            location = error.response.headers.get("location") or "?"
            return NotTheAPI(
                f"HTTP {status}: the server redirected to {location}, not the OpenAI API — "
                + REDIRECT_HINT
            )
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
