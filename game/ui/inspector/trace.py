"""The inspector's Trace tab: the resident's latest model calls, newest first (the game time,
the thinking step, the latency, what answered, the tokens), a fallback in red with its
reason; a click opens a call to show the rendered prompt and the raw answer, as the paper
advises: audit what the model was asked."""

from __future__ import annotations

import re
from collections import Counter

from game.town.views import TraceLine
from game.ui.inspector.rows import Row, Segment, clip, hanging, paragraph, plain
from game.ui.inspector.tab import Tab
from game.ui.inspector.text import InspectorContext
from game.ui.widgets import ACCENT, DIM, ERROR, TEXT, Color
from game.world.clock import format_clock

TRACE_LIMIT = 50  # the latest calls asked of the port
PROMPT_LINES = 60  # rows of an open call's prompt (longer ones are cut)
ANSWER_LINES = 24  # rows of an open call's answer
WHY_LINES = 2  # rows of a closed fallback's reason (an open one shows up to WHY_OPEN_LINES)
WHY_OPEN_LINES = 12
INDENT = 16  # the details under a call's first row
STRIPE = (36, 33, 52)  # behind every other call
OPEN_FILL = (12, 11, 20)  # behind an open call's prompt and answer (a darker well)
FAILED_FILL = (70, 34, 40)  # behind a fallback's first row
ROLE_COLOUR: Color = (150, 200, 236)  # "system:", "user:" at the start of a message
OPEN, SHUT = "▼ ", "▶ "
CUT = " …"
ROLE = re.compile(r"^(system|user|assistant|tool): ?")
ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,3}[.)])\s+")  # "- ", "3. ": a list item's marker
WRAP_STEP = 8  # how far in the later rows of a wrapped line start


def format_latency(ms: float) -> str:
    """ "0.4 ms", "12 ms", "2.5 s"."""
    if ms < 10:
        return f"{ms:.1f} ms"
    if ms < 10_000:
        return f"{ms:.0f} ms"
    return f"{ms / 1000:.1f} s"


def format_cost(line: TraceLine) -> str:
    """What answered, the source, the tokens: "gpt-4o-mini · model · 310 → 45 tokens";
    without tokens the source says why: "offline brain · offline: no tokens"."""
    if line.prompt_tokens or line.completion_tokens:
        tokens = f"{line.prompt_tokens:,} → {line.completion_tokens:,} tokens"
        return f"{line.model} · {line.source} · {tokens}"
    return f"{line.model} · {line.source}: no tokens"


def failed(line: TraceLine) -> bool:
    """The step fell back to its typed fallback, or the call raised."""
    return line.fallback or line.source == "exception"


def trace_keys(traces: list[TraceLine]) -> list[str]:
    """A row key per call (newest first), counted from the oldest so that a call keeps its
    key while newer calls arrive; equal calls are told apart by how many came before."""
    seen: Counter[TraceLine] = Counter()
    keys: list[str] = []
    for line in reversed(traces):
        seen[line] += 1
        keys.append(f"{hash(line) & 0xFFFFFFFFFFFF:x}.{seen[line]}")
    return keys[::-1]


class TraceTab(Tab):
    """The model calls newest first; `expanded` holds the keys of the open ones."""

    key = "trace"
    label = "Trace"
    labels = ("Trace",)

    def __init__(self, context: InspectorContext) -> None:
        super().__init__(context)
        self.traces: list[TraceLine] | None = None
        self.keys: list[str] = []
        self.expanded: set[str] = set()
        self.rows.stripe = STRIPE
        self._laid_out: dict[tuple[TraceLine, str, int, bool], list[Row]] = {}
        self._anchor: tuple[str, int] | None = None  # the top row's call and its row within

    def poll(self) -> bool:
        found = self.context.port.traces(self.context.resident, TRACE_LIMIT)
        if found == self.traces:
            return False
        self.traces = found
        self.keys = trace_keys(found)
        self.expanded &= set(self.keys)  # calls gone from the list close
        return True

    def on_row(self, key: str) -> None:
        if key in self.expanded:
            self.expanded.discard(key)
        else:
            self.expanded.add(key)
        self.dirty = True

    # --- rows -----------------------------------------------------------------------------

    def build(self, width: int) -> list[Row]:
        self._anchor = self._top()
        wrapper = self.context.wrapper
        if not self.traces:
            return paragraph(wrapper, "No model calls yet.", DIM, width)
        if len(self._laid_out) > 4 * TRACE_LIMIT:
            self._laid_out.clear()
        rows = paragraph(
            wrapper, "Newest first. Click a call for its prompt and answer.", DIM, width
        )
        for line, key in zip(self.traces, self.keys, strict=True):
            is_open = key in self.expanded
            laid_out = self._laid_out.get((line, key, width, is_open))
            if laid_out is None:  # a call never changes: lay it out once per width and state
                laid_out = self._call(line, key, width, is_open)
                self._laid_out[(line, key, width, is_open)] = laid_out
            rows += laid_out
        return rows

    def _call(self, line: TraceLine, key: str, width: int, is_open: bool) -> list[Row]:
        wrapper = self.context.wrapper
        bad = failed(line)
        marker = (OPEN if is_open else SHUT, ERROR if bad else ACCENT)
        when = (f"{format_clock(line.time):>8} ", DIM)
        step = (wrapper.filter.clean(line.step) + "  ", ERROR if bad else TEXT)
        rows = hanging(
            wrapper, (marker, when, step), format_latency(line.latency_ms), DIM, width,
            continuation=INDENT, key=key, fill=FAILED_FILL if bad else None,
        )  # fmt: skip
        rows += paragraph(wrapper, format_cost(line), DIM, width, INDENT, key)
        if bad or line.why:
            label = "fallback" if line.fallback else "error"
            reason = line.why or "no reason given"
            why = hanging(
                wrapper, ((f"{label}: ", ERROR),), reason, ERROR, width,
                indent=INDENT, continuation=0, key=key,
            )  # fmt: skip
            rows += clip(why, WHY_OPEN_LINES if is_open else WHY_LINES, CUT)
        if is_open:
            rows += self._opened(line, key, width)
        return rows

    def _opened(self, line: TraceLine, key: str, width: int) -> list[Row]:
        """The prompt and the answer (or the parsed result), each cut when long."""
        title = f"prompt ({line.template})" if line.template else "prompt"
        rows = self._text_block(title, line.prompt, PROMPT_LINES, key, width, roles=True)
        if line.answer or line.parsed:
            heading = "answer" if line.answer else "parsed (no raw answer)"
            answer = line.answer or line.parsed
            rows += self._text_block(heading, answer, ANSWER_LINES, key, width)
        else:
            rows.append(Row((("no answer", DIM),), INDENT, key))
        return [*rows, plain("", TEXT, key=key)]

    def _text_block(
        self, title: str, words: str, most: int, key: str, width: int, roles: bool = False
    ) -> list[Row]:
        """A title row, then `words` line by line under it (the roles of a rendered prompt
        coloured), at most `most` rows, the cut marked with "…". A long line wraps with its
        later rows a step in (under the text of a list item), so the text's own line breaks
        stay visible."""
        wrapper = self.context.wrapper
        body: list[Row] = []
        for text_line in words.strip("\n").split("\n"):
            role = ROLE.match(text_line) if roles else None
            item = ITEM.match(text_line)
            prefix: tuple[Segment, ...] = ()
            if role is not None:
                prefix = ((role.group(0).rstrip() + " ", ROLE_COLOUR),)
                rest, under = text_line[role.end() :], WRAP_STEP
            elif item is not None:
                marker = wrapper.filter.clean(item.group(0).strip()) + " "
                prefix = ((marker, TEXT),)
                rest, under = text_line[item.end() :], wrapper.width(marker)
            else:
                rest, under = text_line, WRAP_STEP
            body += hanging(
                wrapper, prefix, rest, TEXT, width,
                indent=INDENT, continuation=under, key=key, fill=OPEN_FILL,
            )  # fmt: skip
        if len(body) > most:
            title = f"{title}, first {most} of {len(body)} lines"
        return [*paragraph(wrapper, title, ACCENT, width, INDENT, key), *clip(body, most, CUT)]

    # --- keeping the place ----------------------------------------------------------------

    def _top(self) -> tuple[str, int] | None:
        """The first call showing at the top of the list and how many of its rows are
        scrolled past, while the list is scrolled or a call is open: new calls arriving
        above then leave it where it is on screen."""
        rows, offset = self.rows.rows, self.rows.offset
        if not (offset or self.expanded):
            return None
        key = next((row.key for row in rows[offset:] if row.key is not None), None)
        if key is None:
            return None
        first = next(index for index, row in enumerate(rows) if row.key == key)
        return key, offset - first  # negative: rows above the call are showing

    def after_build(self) -> None:
        anchor, self._anchor = self._anchor, None
        if anchor is None:
            return
        key, within = anchor
        found = [index for index, row in enumerate(self.rows.rows) if row.key == key]
        if found:
            self.rows.offset = max(0, found[0] + min(within, len(found) - 1))
            self.rows.scroll(0)  # clamp to the list
