"""Compact prompt text: the same facts in fewer tokens (issue 30).

The steps put memories into their inputs as the rules and the offline brain read them
("[Mon Feb 13 09:06] Klaus Mueller is reading (library, Oak Hill College)"); a task's
`render` (`llm.task.Task.render`) shows them compactly in its prompt, the inputs unchanged:

- `timeline`: stamped memories with the day once, as a heading where it changes
  ("Mon Feb 13:"), and each memory by its time ("- 09:06 …");
- memories in a row at one place (a run of two or more) under that place, once
  ("- at library, Oak Hill College:" then "  - 09:06 Klaus Mueller is reading"; an object's
  "The desk (library, …) is in use" reads "The desk is in use");
- `listed`: memories without times the same way, the same memory again in a run shown once
  with its count ("… (×3)"), the memories of one subject in a run on one line, the subject
  said once ("Klaus Mueller is reading (×2); reviewing notes"); `numbered`: numbered
  memories ("1. …") the same way, each keeping its number (every one is still shown: an
  answer rates or cites it by number);
- a day plan's memory with each stretch by its start (it lasts until the next starts), and
  a plan's lines the same way where each stretch ends as the next starts (`by_starts`);
- `once`: a description's sentence said once (a summary repeating its identity's);
- `recalled`: a talk's retrieved memories as `timeline` shows them, a memory whose words are
  one of the speaker's numbered news items by that item's number ("- 07:00 (news 1)": the
  item's words read in the list below it), and an item's words inside a memory the same
  way ("Bo told Cy that (news 1)."): a talk's summary retells its news;
- `unsaid`: a memory whose words are a sentence of the summary or identity the prompt
  shows above it left out (a persona's fact is a memory too);
- `mentioning`: of memories recalled about a person or a thing, those that name it (a
  person by full or first name): the others say nothing of it (the relationship step's and
  react's memories about the one observed, whose prompts ask only what concerns them);
- `summarised_talks`: numbered statements (no times) with a talk's transcript by its
  heading where the summary of the same talk (its fields: the same time and partners) is
  another statement;
- `about_each`: "Name — memory" lines (what a group member recalls about each other member)
  with a memory recalled about several members shown once, under all their names;
- a talk's transcript next to its summary (`talk_headings`) by its heading: the summary
  tells what was said, the transcript's opening line (a greeting, mostly) adds no fact.

Nothing else is dropped (but memories about someone that do not name them, and those said
above them): every
memory, time, place, object and sentence still reads in the prompt
(tests/cognition/steps/test_compact.py, test_compact_talk.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from cognition.memory.texts import read_about_line, read_stamp
from cognition.plan import clock, read_step_line, step_line

NUMBER = re.compile(r"^(\d+)\. (.*)$", re.DOTALL)
# a place as perception writes it: "arena, sector" (`Address.describe`)
PLACE = r"([^()\n,]+(?:, [^()\n,]+)+)"
# "Klaus Mueller is reading (library, Oak Hill College)" — a sighting: the place last
SEEN_AT = re.compile(rf"^(.+?) \({PLACE}\)$")
# "The desk (library, Oak Hill College) is in use" — an object's state: the place after it
OBJECT_AT = re.compile(rf"^(The [^()\n]+?) \({PLACE}\) ((?:is|are) .+)$")
# a talk's transcript memory: "Conversation with A and B:\nA: …" (its heading, the partners)
TALK = re.compile(r"^(Conversation with ([^\n:]+)):\n")
SENTENCE = re.compile(r"(?<=[.!?])\s+")
# a day plan's memory, as `Agent` writes it (`plan_text`), and a stretch's span in it
PLAN_MEMORY = re.compile(r"^[^\n]+'s plan for [^\n:]+: \d{1,2}:\d{2}[–-]\d{1,2}:\d{2} ")
SPAN = re.compile(r"\b(\d{1,2}:\d{2})[–-]\d{1,2}:\d{2}\s")
# an observation's subject and verb ("Klaus Mueller is", "The desk is"), then its words
SUBJECT = re.compile(r"^((?:[^\s;]+ ){1,5}?(?:is|are)) ([^\n;]+)$")
# a news item's words are shown by its number inside a memory when at least this long (a
# short item — "Ann is back" — may be a part of other words, not the item)
MIN_QUOTED_WORDS = 4


@dataclass(frozen=True)
class Shown:
    """One memory as a prompt shows it: its mark (a time, a number or none), its words
    without its place, and the place it was at ("" when it names none)."""

    mark: str
    text: str
    place: str = ""

    def line(self, with_place: bool, count: int = 1) -> str:
        words = self.text if not with_place or not self.place else placed(self.text, self.place)
        words += f" (×{count})" if count > 1 else ""
        return f"{self.mark} {words}" if self.mark else words


def split_place(text: str) -> tuple[str, str]:
    """(the place a one-line observation names, its words without it); ("", text) for any
    other memory."""
    if "\n" in text:
        return "", text
    if found := OBJECT_AT.match(text):
        return found.group(2), f"{found.group(1)} {found.group(3)}"
    if found := SEEN_AT.match(text):
        return found.group(2), found.group(1)
    return "", text


def placed(words: str, place: str) -> str:
    """An observation's words with its place again, where `split_place` found it."""
    if words.startswith("The ") and (verb := re.search(r" (?:is|are) ", words)):
        return f"{words[: verb.start()]} ({place}){words[verb.start() :]}"
    return f"{words} ({place})"


def plan_starts(text: str) -> str:
    """A day plan's memory ("A's plan for Monday February 13: 00:00–07:50 sleeping;
    07:50–08:15 wake up; …") with each stretch by its start: a stretch lasts until the next
    one starts (the plan covers its day), so the ends said nothing more; any other memory
    as it is."""
    if not PLAN_MEMORY.match(text):
        return text
    return SPAN.sub(r"\1 ", text)


def shown(mark: str, text: str) -> Shown:
    place, words = split_place(plan_starts(text))
    return Shown(mark, words, place)


def runs(items: Sequence[Shown]) -> list[list[Shown]]:
    """`items` in their order, cut where the place changes (no place: a run of one)."""
    cut: list[list[Shown]] = []
    for item in items:
        if cut and item.place and cut[-1][-1].place == item.place:
            cut[-1].append(item)
        else:
            cut.append([item])
    return cut


def counted(run: Sequence[Shown]) -> list[tuple[Shown, int]]:
    """A run's memories once each, in order of first showing, with how often each came."""
    seen: dict[str, tuple[Shown, int]] = {}
    for item in run:
        first, count = seen.get(item.text, (item, 0))
        seen[item.text] = (first, count + 1)
    return list(seen.values())


def partners(heading: str) -> list[str]:
    """ "Ann, Bo and Cy" → ["Ann", "Bo", "Cy"]."""
    return [name.strip() for name in re.split(r", | and ", heading) if name.strip()]


def is_summary_of(item: Shown, talk: Shown, names: list[str]) -> bool:
    """Whether `item` can be the summary of the talk `talk`: no transcript itself nor a
    sighting at a place, made at the same time (or both without times) and naming every
    partner."""
    return (
        item.mark == talk.mark
        and not item.place
        and not TALK.match(item.text)
        and all(name in item.text for name in names)
    )


def talk_headings(items: Sequence[Shown]) -> list[Shown]:
    """A talk's transcript beside its summary (the memory next to it, of the same time —
    its mark — naming every partner: the talk's end keeps one of each) left out: the
    summary tells who talked and what was said. A transcript alone keeps its opening."""
    out: list[Shown] = []
    for index, item in enumerate(items):
        found = TALK.match(item.text)
        if found:
            names = partners(found.group(2))
            beside = [items[i] for i in (index - 1, index + 1) if 0 <= i < len(items)]
            if names and any(is_summary_of(other, item, names) for other in beside):
                continue
        out.append(item)
    return out


def grouped(items: Sequence[Shown], bullet: str = "- ", collapse: bool = False) -> list[str]:
    """Prompt lines: a run of memories at one place under the place (its memories indented,
    without it), any other memory on its own line; with `collapse`, a memory repeated in a
    run once with its count; a talk beside its summary left out (`talk_headings`)."""
    lines: list[str] = []
    for run in runs(talk_headings(items)):
        shown_run = counted(run) if collapse else [(item, 1) for item in run]
        if len(run) == 1 or (len(shown_run) == 1 and not run[0].mark):
            item, count = shown_run[0]
            lines.append(bullet + item.line(with_place=True, count=count))
            continue
        lines.append(f"- at {run[0].place}:")
        said = by_subject(shown_run) if collapse else [i.line(False, n) for i, n in shown_run]
        lines += [f"  {bullet}{line}" for line in said]
    return lines


def by_subject(items: Sequence[tuple[Shown, int]]) -> list[str]:
    """A run's unstamped memories (each with its count) with those of one subject on one
    line, the subject said once, in order of its first memory ("Klaus Mueller is reading
    (×2); reviewing notes"; "The desk is in use; being cleaned"); a memory with a mark or no
    "… is/are …" subject on its own line."""
    lines: list[str] = []
    said: dict[str, int] = {}  # a subject ("Klaus Mueller is") → its line's index
    for item, count in items:
        found = SUBJECT.match(item.text) if not item.mark else None
        if found is None:
            lines.append(item.line(False, count))
            continue
        subject, rest = found.groups()
        words = Shown("", rest).line(False, count)
        if subject in said:
            lines[said[subject]] += f"; {words}"
        else:
            said[subject] = len(lines)
            lines.append(f"{subject} {words}")
    return lines


def timeline(lines: Sequence[str], shorten: Callable[[str], str] | None = None) -> str:
    """Stamped memory lines ("[Mon Feb 13 09:06] …", oldest first) with the day as a
    heading where it changes and each memory by its time (its words by `shorten` when
    given); a line with no stamp as it is."""
    out: list[str] = []
    day = ""
    batch: list[Shown] = []
    for line in lines:
        stamp, text = read_stamp(line)  # the stamp's one reader, beside its writer
        stamp_day, time = (stamp.date_text, stamp.clock) if stamp is not None else (day, "")
        if stamp_day != day:
            out += grouped(batch)
            out.append(f"{stamp_day}:")
            day, batch = stamp_day, []
        batch.append(shown(time, shorten(text) if shorten is not None else text))
    out += grouped(batch)
    return "\n".join(out) or "(none)"


def listed(lines: Sequence[str]) -> str:
    """Memories without times ("- …"), a run at one place under it, one repeated in its run
    once with its count."""
    return "\n".join(grouped([shown("", line) for line in lines], collapse=True)) or "(none)"


def numbered(lines: Sequence[str]) -> str:
    """Numbered memories ("1. …"), each kept with its number (an answer names them by it),
    a run at one place under it."""
    items = []
    for line in lines:
        found = NUMBER.match(line)
        number, text = found.groups() if found else ("", line)
        items.append(shown(f"{number}." if number else "", text))
    return "\n".join(grouped(items, bullet="")) or "(none)"


def once(text: str) -> str:
    """`text` (a description, a line a part) with each sentence said once: a sentence an
    earlier line said is left out, a line left empty dropped."""
    said: set[str] = set()
    kept_lines = []
    for line in text.split("\n"):
        kept = []
        for sentence in SENTENCE.split(line.strip()):
            key = sentence_key(sentence)
            if key and key not in said:
                said.add(key)
                kept.append(sentence)
        if kept:
            kept_lines.append(" ".join(kept))
    return "\n".join(kept_lines)


def recalled(lines: Sequence[str], news: Sequence[str], said: str = "") -> str:
    """A talk's retrieved memories (stamped lines) by `timeline`, a memory whose words are
    one of `news` ("1. Ann is hosting a lantern walk", as a talk's prompt numbers the speaker's
    news) by the item's number, and an item's words inside a memory (a talk's summary: "Bo
    told Cy that Ann is hosting a lantern walk.") by its number too: the prompt lists the item's
    words under its number, once. A memory whose words are a sentence of `said` (the
    speaker's summary, shown above them) is left out: the prompt says it there."""
    return timeline(unsaid(lines, said), news_numbers(news))


def unsaid(lines: Sequence[str], said: str) -> list[str]:
    """`lines` (memories, stamped or not) but those whose words are a sentence of `said` (a
    summary or identity the prompt shows above them: the fact is read there)."""
    shown_above = {sentence_key(s) for line in said.split("\n") for s in SENTENCE.split(line)}
    return [line for line in lines if sentence_key(read_stamp(line)[1]) not in shown_above]


def news_numbers(news: Sequence[str]) -> Callable[[str], str]:
    """A text with the words of any of `news` (numbered items, "1. Ann is hosting a
    lantern walk") by the item's number: "(news 1)" for the whole text or inside it."""
    numbers: dict[str, str] = {}
    for line in news:
        if found := NUMBER.match(line):
            numbers.setdefault(sentence_key(found.group(2)), found.group(1))
    quoted = news_quoted(numbers)

    def by_number(text: str) -> str:
        number = numbers.get(sentence_key(text))
        if number is not None:
            return f"(news {number})"
        if quoted is None:
            return text
        return quoted.sub(lambda found: f"(news {numbers[sentence_key(found.group())]})", text)

    return by_number


def described(summary: str, news: Sequence[str]) -> str:
    """A speaker's summary with each sentence said once (`once`) and a numbered news item's
    words in it by the item's number (`news_numbers`): the prompt lists them below."""
    return news_numbers(news)(once(summary))


def news_quoted(numbers: dict[str, str]) -> re.Pattern[str] | None:
    """A pattern finding the words of any numbered news item (`numbers`, by `sentence_key`)
    inside a memory, any case and spacing, its end stop left; None for no items. The longest
    items first, so an item inside another's words never cuts it."""
    keys = sorted((key for key in numbers if len(key.split()) >= MIN_QUOTED_WORDS), key=len)
    if not keys:
        return None
    spaced = (r"\s+".join(re.escape(word) for word in key.split()) for key in reversed(keys))
    return re.compile(rf"(?<!\w)(?:{'|'.join(spaced)})(?!\w)", re.IGNORECASE)


def sentence_key(text: str) -> str:
    """A sentence as `once` and `recalled` compare it: spaces, end stop and case aside."""
    return " ".join(text.split()).rstrip(".!?").casefold()


def about_each(lines: Sequence[str]) -> str:
    """ "Name — memory" lines (a memory recalled about each member) under a heading of the
    members each is about ("About Ann and Bo:"), a memory recalled about several shown once,
    each group's memories by `timeline`."""
    about: dict[str, list[str]] = {}
    for line in lines:
        name, memory = read_about_line(line) or ("", line)
        names = about.setdefault(memory, [])
        if name and name not in names:
            names.append(name)
    groups: dict[tuple[str, ...], list[str]] = {}
    for memory, names in about.items():
        groups.setdefault(tuple(names), []).append(memory)
    out = []
    for about_whom, memories in groups.items():
        if about_whom:
            out.append(f"About {joined(about_whom)}:")
        out.append(timeline(memories))
    return "\n".join(out) or "(none)"


def joined(names: Sequence[str]) -> str:
    """["Ann", "Bo", "Cy"] → "Ann, Bo and Cy" (`partners` reads it back)."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def mentioning(lines: Sequence[str], name: str) -> list[str]:
    """Those of `lines` that name `name`: a person's full name or first name (a word), a
    thing's name in any case ("the rose bed": "The rose bed is in use"). What a memory
    recalled about someone or something says of them, when it says anything."""
    words = name.split()
    if not words:
        return list(lines)
    pattern = re.escape(name)
    if name[0].isupper() and len(words) > 1:  # a person: also by first name
        pattern += rf"|\b{re.escape(words[0])}\b"
    named = re.compile(pattern, 0 if name[0].isupper() else re.IGNORECASE)
    return [line for line in lines if named.search(line)]


def by_starts(lines: Sequence[str]) -> str:
    """A plan's lines ("- 08:55–12:15 …", as `plan.step_line` writes them) each by its start
    ("- 08:55 …") when each stretch ends where the next starts (a stretch lasts until the
    next one), the last's end kept; any other list as it is."""
    entries = [read_step_line(line) for line in lines]
    steps = [entry for entry in entries if entry is not None]
    contiguous = all(steps[i].end == steps[i + 1].start for i in range(len(steps) - 1))
    if len(steps) != len(lines) or len(steps) < 2 or not contiguous:
        return "\n".join(f"- {line}" for line in lines) or "(none)"
    shown = [f"- {clock(step.start)} {step.activity}" for step in steps[:-1]]
    return "\n".join([*shown, f"- {step_line(steps[-1].start, steps[-1].end, steps[-1].activity)}"])


def summarised_talks(
    lines: Sequence[str], talks: Sequence[tuple[datetime, frozenset[str]] | None]
) -> list[str]:
    """Numbered statements ("3. Conversation with Ann:\nAnn: Hi …") with a talk's transcript
    by its heading ("3. Conversation with Ann") where another statement, no transcript, is of
    the same talk: `talks[i]` is statement i's talk by its fields (time, partners; None for
    none). Numbered statements have no times to pair them by (`talk_headings`)."""
    if len(talks) != len(lines):
        return list(lines)
    summaries = {
        talk
        for line, talk in zip(lines, talks, strict=True)
        if talk is not None and not TALK.match(NUMBER.sub(r"\2", line))
    }
    shown = []
    for line, talk in zip(lines, talks, strict=True):
        found = NUMBER.match(line)
        transcript = TALK.match(found.group(2)) if found else None
        if found and transcript and talk in summaries:
            line = f"{found.group(1)}. {transcript.group(1)}"
        shown.append(line)
    return shown
