"""Object states and object keys as the player types and the UI passes them.

`clean_state` turns what the player typed into a state ("is burning"), refusing what cannot
be one; `object_key` / `address_of_key` give every object a stable text id,
"sector:arena:object", for the UI to hand back.
"""

from __future__ import annotations

import unicodedata

from game.world.address import Address

KEY_SEPARATOR = ":"


def clean_state(text: str, limit: int) -> str:
    """`text` with control characters (newlines, tabs, escapes, bidi controls) turned into
    spaces, runs of spaces collapsed and the ends trimmed. Raises ValueError with a message
    for the player when nothing is left or the result is longer than `limit` characters."""
    kept = "".join(" " if unicodedata.category(ch)[0] == "C" else ch for ch in text)
    cleaned = " ".join(kept.split())
    if not cleaned:
        raise ValueError("Type what the object is doing, e.g. “is burning”.")
    if len(cleaned) > limit:
        raise ValueError(
            f"That is {len(cleaned)} characters; an object's state can be at most {limit}."
        )
    return cleaned


def object_key(address: Address) -> str:
    """ "Hobbs Cafe:cafe:counter" for the object at that address."""
    return KEY_SEPARATOR.join(address.levels())


def address_of_key(key: str) -> Address | None:
    """The object address a key names, or None when `key` is not "sector:arena:object"."""
    parts = key.split(KEY_SEPARATOR)
    if len(parts) != 3 or not all(part.strip() for part in parts):
        return None
    return Address(parts[0], parts[1], parts[2])


def state_phrase(state: str) -> str:
    """A state as it reads after "is now": "is burning" → "burning"."""
    for verb in ("is ", "are "):
        if state.lower().startswith(verb):
            return state[len(verb) :]
    return state
