"""The town's talk, from the run record's `lines` table: per game day and over the run, how
many lines were said, how many were distinct, the most repeated line, the lines said more
than `REPEAT_LIMIT` times in one day town-wide, and the nested quotes.

- **The same line**: two lines are the same when their texts are equal once runs of
  whitespace are one space, the ends are trimmed and case is folded. *Distinct share* =
  distinct lines / lines. A game day is the calendar date of the line's game time; the run's
  days are every date from the start to the end (a run that ends at midnight has no day
  after it), with any line's date.
- **Repeated**: a distinct line said more than `REPEAT_LIMIT` (3) times in one game day, by
  anyone to anyone. Over the run: the distinct lines repeated so on at least one day.
- **Nested**: a line is nested when either rule holds —

  1. *quote in a quote*: scanning the line, the quotation marks are “ ‘ (always opening),
     ” (always closing), and " ' ’ — opening when after the line's start, whitespace or one
     of ( [ { — / : and before a non-space; closing when after a non-space and before the
     line's end, whitespace or one of . , ; : ! ? ) ] } —; otherwise not a mark (an
     apostrophe: "Isabella's"). A closing mark closes the innermost open quotation of its
     kind (double or single) and any opened inside it. A closing single mark with no single
     quotation open is an apostrophe ("students' party"); a closing double mark with none
     open closes a quotation opened before the line began (the line is a quotation's
     tail). The line is nested when two quotations are open at once, those opened before
     it counted: `He said "she called it 'the spot'"`, `… water." (kitchen)." (kitchen).`
  2. *a report inside a report*: a *report* is a verb of reporting (say, tell, mention,
     hear, talk, speak, in any form) followed within four words (spaces and commas between
     them) by a *marker*: "that", "about", "whether", a colon, or an opening quotation mark
     (after a space, comma or colon). Its *content* runs from the marker to the mark closing
     that quotation, or else to the end of its sentence (at . ! ? before whitespace, or the
     line's end; a colon does not end a sentence). The line is nested when, after a
     report's verb and before its content's end, there is another report or a verb of
     saying (say, tell, mention, in any form): "Maria told me that Isabella said …",
     "Maria told me Isabella said …", "They talked about this: They talked about this: …";
     not `She said "hi" and he said "bye".` Known over-count: two reports joined by "and"
     in one sentence ("I told her about it and she told me about hers").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta

from game.evaluation.templates import Phrasing, measure_phrasing
from game.records import LineRow, RunRecord

__all__ = [
    "REPEAT_LIMIT",
    "Talk",
    "TalkFigures",
    "measure_talk",
    "nested",
    "nested_quotes",
    "nested_reports",
    "same_line",
    "talk_of",
]

REPEAT_LIMIT = 3  # a line said more often than this in one game day, town-wide, is repeated
GROUP_LISTENER = "the group"  # the listener of a line said to a whole group
EXAMPLES = 3  # nested lines kept as examples per span

_OPENERS = {"“": '"', "‘": "'"}  # always opening, by kind
_CLOSERS = {"”": '"'}  # always closing
_EITHER = {'"': '"', "'": "'", "’": "'"}  # by where they stand
_BEFORE_OPENING = set("([{—/:")
_AFTER_CLOSING = set(".,;:!?)]}—")

_SAYING_VERBS = "say|says|said|saying|tell|tells|told|telling|mention|mentions|mentioned|mentioning"
_REPORTING_VERBS = f"{_SAYING_VERBS}|hear|hears|heard|hearing|talk|talks|talked|talking|speak|" \
    "speaks|spoke|speaking"  # fmt: skip
_REPORT = re.compile(
    rf"""\b(?P<verb>{_REPORTING_VERBS})\b
    (?:[\s,]+[\w'’-]+){{0,4}}?[\s,]*           # up to four words between
    (?:\b(?:that|about|whether)\b|:|(?<=[\s,:])(?P<quote>["“‘'])(?=\S))  # the marker""",
    re.IGNORECASE | re.VERBOSE,
)
_SAYING = re.compile(rf"\b(?:{_SAYING_VERBS})\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def same_line(text: str) -> str:
    """The form two lines share when they are the same line."""
    return " ".join(text.split()).casefold()


def _marks(text: str) -> list[tuple[int, str, str]]:
    """The quotation marks in `text`, in order: (index, "open" or "close", kind)."""
    found: list[tuple[int, str, str]] = []
    for index, char in enumerate(text):
        if char in _OPENERS:
            found.append((index, "open", _OPENERS[char]))
        elif char in _CLOSERS:
            found.append((index, "close", _CLOSERS[char]))
        elif char in _EITHER:
            before = text[index - 1] if index else " "
            after = text[index + 1] if index + 1 < len(text) else " "
            if (before.isspace() or before in _BEFORE_OPENING) and not after.isspace():
                found.append((index, "open", _EITHER[char]))
            elif not before.isspace() and (after.isspace() or after in _AFTER_CLOSING):
                found.append((index, "close", _EITHER[char]))
    return found


def nested_quotes(text: str) -> bool:
    """Rule 1 of the module's doc: two quotations open at once."""
    open_kinds: list[str] = []
    depths: list[int] = [0]  # quotations opened in the line and open after each mark
    tails: list[int] = [0]  # quotations opened before the line, closed up to each mark
    for _, action, kind in _marks(text):
        tail = tails[-1]
        if action == "open":
            open_kinds.append(kind)
        elif kind in open_kinds:
            del open_kinds[len(open_kinds) - 1 - open_kinds[::-1].index(kind) :]
        elif kind == '"':
            tail += 1
        tails.append(tail)
        depths.append(len(open_kinds))
    total = tails[-1]  # each open from the line's start until its closing mark
    return any(depth + total - tail >= 2 for depth, tail in zip(depths, tails, strict=True))


def _content_end(text: str, report: re.Match[str], marks: list[tuple[int, str, str]]) -> int:
    """Where a report's content ends: its quotation's closing mark, else its sentence's end."""
    quote = report.group("quote")
    if quote:
        kind = _OPENERS.get(quote) or _EITHER[quote]
        closing = (
            i for i, action, k in marks if i >= report.end() and (action, k) == ("close", kind)
        )
        return next(closing, len(text))
    end = _SENTENCE_END.search(text, report.end())
    return len(text) if end is None else end.start()


def nested_reports(text: str) -> bool:
    """Rule 2 of the module's doc: a report whose content holds a report or a verb of
    saying."""
    marks = _marks(text)
    for report in _REPORT.finditer(text):
        after, end = report.end("verb"), _content_end(text, report, marks)
        if _REPORT.search(text, after, end) or _SAYING.search(text, after, end):
            return True
    return False


def nested(text: str) -> bool:
    """A quote in a quote or a report inside a report (the module's doc)."""
    return nested_quotes(text) or nested_reports(text)


@dataclass(frozen=True)
class TalkFigures:
    """The talk of one game day, or of the whole run (`day` None)."""

    day: date | None
    lines: int
    distinct: int
    top_line: str  # the most repeated line as first said ("" when nothing was said)
    top_count: int
    repeated: tuple[tuple[str, int], ...]  # lines said > REPEAT_LIMIT times a day, most first
    nested: int  # lines said that are nested (every time said)
    nested_examples: tuple[str, ...]  # up to EXAMPLES distinct nested lines, first said first

    @property
    def distinct_share(self) -> float:
        return self.distinct / self.lines if self.lines else 1.0


@dataclass(frozen=True)
class Groups:
    """The conversations of three or more (their people: speakers and those spoken to)."""

    conversations: int = 0  # all conversations with a line
    groups: int = 0
    members: int = 0  # summed over the groups
    largest: int = 0
    lines: int = 0  # lines said in groups

    @property
    def mean_members(self) -> float:
        return self.members / self.groups if self.groups else 0.0


@dataclass(frozen=True)
class Talk:
    days: tuple[TalkFigures, ...]
    overall: TalkFigures  # `repeated`: the lines repeated on at least one day (top count there)
    groups: Groups = Groups()
    phrasing: Phrasing = field(default_factory=Phrasing)  # template, stock shares (templates.py)

    @property
    def max_daily_count(self) -> int:
        """The most times one line was said in one game day."""
        return max((day.top_count for day in self.days), default=0)


def _figures(day: date | None, texts: Sequence[str]) -> TalkFigures:
    counts: Counter[str] = Counter(same_line(text) for text in texts)
    first: dict[str, str] = {}
    for text in texts:
        first.setdefault(same_line(text), text)
    top, top_count = counts.most_common(1)[0] if counts else ("", 0)
    repeated = tuple(
        (first[form], count) for form, count in counts.most_common() if count > REPEAT_LIMIT
    )
    nested_texts = [text for text in texts if nested(text)]
    examples = tuple(dict.fromkeys(first[same_line(text)] for text in nested_texts))
    return TalkFigures(
        day=day,
        lines=len(texts),
        distinct=len(counts),
        top_line=first.get(top, ""),
        top_count=top_count,
        repeated=repeated,
        nested=len(nested_texts),
        nested_examples=examples[:EXAMPLES],
    )


def talk_of(lines: Iterable[LineRow], start: datetime, end: datetime) -> Talk:
    """The talk of `lines` said from `start` to `end` (both included), per day and in all."""
    said = sorted(
        (line for line in lines if start <= line.time <= end),
        key=lambda line: (line.time, line.conversation, line.number),
    )
    last = end - timedelta(microseconds=1) if end > start else end
    dates = {start.date() + timedelta(days=n) for n in range((last.date() - start.date()).days + 1)}
    dates |= {line.time.date() for line in said}
    days: list[TalkFigures] = []
    worst: dict[str, tuple[str, int]] = {}  # form → (the line first said, its most in a day)
    for day in sorted(dates):
        figures = _figures(day, [line.text for line in said if line.time.date() == day])
        days.append(figures)
        for text, count in figures.repeated:
            known = worst.setdefault(same_line(text), (text, count))
            worst[same_line(text)] = (known[0], max(known[1], count))
    overall = _figures(None, [line.text for line in said])
    repeated = tuple(sorted(worst.values(), key=lambda entry: -entry[1]))
    return Talk(
        days=tuple(days),
        overall=replace(overall, repeated=repeated),
        groups=_groups(said),
        phrasing=measure_phrasing(said),
    )


def _groups(said: Sequence[LineRow]) -> Groups:
    people: dict[int, set[str]] = {}
    lines: Counter[int] = Counter()
    for line in said:
        found = people.setdefault(line.conversation, set())
        found.update(p for p in (line.speaker, line.listener) if p and p != GROUP_LISTENER)
        lines[line.conversation] += 1
    sizes = {talk: len(who) for talk, who in people.items() if len(who) > 2}
    return Groups(
        conversations=len(people),
        groups=len(sizes),
        members=sum(sizes.values()),
        largest=max(sizes.values(), default=0),
        lines=sum(lines[talk] for talk in sizes),
    )


def measure_talk(record: RunRecord, start: datetime, end: datetime) -> Talk:
    """The talk in `record` from `start` to `end` (both included)."""
    return talk_of(record.lines_between(start, end), start, end)
