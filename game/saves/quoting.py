"""Quoting a bad value in a message: a short prefix only, so a 100 KB value never becomes a
100 KB error line (nor puts a pasted secret whole into a log)."""

from __future__ import annotations

__all__ = ["QUOTE_LIMIT", "quoted"]

QUOTE_LIMIT = 40  # characters of a bad value shown in a message


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`repr(value)` when short; else a quoted prefix and the length, like
    `'aaaaaaaa'… (5000 characters)`. Line breaks and control characters come out escaped."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)"
    try:
        text = repr(value)
    except ValueError:  # an integer too long to print
        return f"a {type(value).__name__} too long to show"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"
