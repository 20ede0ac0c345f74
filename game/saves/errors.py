"""The one exception of the save layer.

SaveError            a slot cannot be read, written, found or named; `str()` is for people
"""

from __future__ import annotations

__all__ = ["SaveError"]


class SaveError(Exception):
    """A save slot cannot be used. The message says which slot, what is wrong and what to do."""
