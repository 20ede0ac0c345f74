"""How templated the town's talk is: lines that share a form once names and numbers are
blanked, and the stock greetings and goodbyes among them.

- **A line's form** (`form_of`): its text with every person's name blanked to `<name>` (the
  full names of everyone who spoke or was spoken to in the run, and each part of them, as
  whole words) and every number to `<n>` (digits, with a clock's minutes or an ordinal's
  ending: "5", "17:00", "14th"), then compared as `talk.same_line` compares lines
  (whitespace collapsed, case folded).
- **Template share**: the lines whose form at least one other line of the run shares,
  over all lines. "Hi Tom! Good to see you." and "Hi Eddy! Good to see you." share one.
- **Stock greetings and goodbyes**: the opening line of a conversation, or a speaker's last
  line in it (its goodbye, or the answer to one), when its form is shared — a greeting or a
  farewell said from a stock. *Stock share* = those lines over all lines.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.records import LineRow

__all__ = ["Phrasing", "form_of", "measure_phrasing", "name_pattern"]

NAME = "<name>"
NUMBER = "<n>"
EXAMPLES = 5
_NUMBER = re.compile(r"\b\d+(?::\d{2})?(?:st|nd|rd|th)?\b")
_NOT_A_NAME = {"the", "group", "visitor"}


@dataclass(frozen=True)
class Phrasing:
    lines: int = 0
    templated: int = 0  # lines whose form another line shares
    stock: int = 0  # openings and goodbyes whose form another line shares
    top_forms: tuple[tuple[str, int], ...] = ()  # the most shared forms, most first

    @property
    def template_share(self) -> float:
        return self.templated / self.lines if self.lines else 0.0

    @property
    def stock_share(self) -> float:
        return self.stock / self.lines if self.lines else 0.0


def name_pattern(people: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern matching any of `people`'s names or their parts, longest first."""
    words: set[str] = set()
    for person in people:
        person = person.strip()
        if not person:
            continue
        words.add(person)
        words.update(part for part in person.split() if len(part) > 1)
    words = {w for w in words if w.casefold() not in _NOT_A_NAME}
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    return re.compile(rf"(?<![\w'’-])(?:{alternatives})(?![\w-])")


def form_of(text: str, names: re.Pattern[str] | None) -> str:
    """`text` with names and numbers blanked, as lines are compared."""
    blanked = names.sub(NAME, text) if names is not None else text
    blanked = _NUMBER.sub(NUMBER, blanked)
    return " ".join(blanked.split()).casefold()


def _ends(said: Sequence[LineRow]) -> set[tuple[int, int]]:
    """(conversation, number) of each conversation's opening line and each speaker's last."""
    first: dict[int, int] = {}
    last: dict[tuple[int, str], int] = {}
    for line in said:
        first[line.conversation] = min(first.get(line.conversation, line.number), line.number)
        key = (line.conversation, line.speaker)
        last[key] = max(last.get(key, line.number), line.number)
    return {(c, n) for c, n in first.items()} | {(c, n) for (c, _), n in last.items()}


def measure_phrasing(said: Sequence[LineRow]) -> Phrasing:
    """The template and stock shares of `said` (one run's lines)."""
    if not said:
        return Phrasing()
    names = name_pattern({p for line in said for p in (line.speaker, line.listener)})
    forms = [form_of(line.text, names) for line in said]
    counts = Counter(forms)
    ends = _ends(said)
    templated = sum(1 for form in forms if counts[form] > 1)
    stock = sum(
        1
        for line, form in zip(said, forms, strict=True)
        if counts[form] > 1 and (line.conversation, line.number) in ends
    )
    top = tuple((form, count) for form, count in counts.most_common(EXAMPLES) if count > 1)
    return Phrasing(lines=len(said), templated=templated, stock=stock, top_forms=top)
