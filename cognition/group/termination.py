"""When a line ends the whole group talk (AutoGen's `is_termination_msg`).

A town's mind settings may name phrases (`group_end_phrases`, e.g. ["goodbye"] or a set
phrase such as "meeting adjourned"); a line that contains one of them — as whole words, any
case — ends the talk after it, for everyone. None (the default): a goodbye only takes its
speaker out of the talk. Before the talk ends on such a line, a player in the talk who is
asked at all (not *never*, not *watch*) has a last word: a line from them goes on with the
talk, silence ends it (as AutoGen's human is asked on a termination message).
"""

from __future__ import annotations

import re
from collections.abc import Sequence


def ends_talk(text: str, phrases: Sequence[str]) -> str | None:
    """The end phrase `text` says, or None."""
    spaced = " ".join(text.lower().split())
    for phrase in phrases:
        wanted = " ".join(phrase.lower().split())
        if wanted and re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", spaced):
            return phrase
    return None
