"""The one exception of the records room.

RecordError    a run record cannot be opened, read or found; `str()` is one line for people
               naming the file and what is wrong
"""

from __future__ import annotations

__all__ = ["RecordError"]


class RecordError(Exception):
    """A run record cannot be used. The message names the file and says what is wrong."""
