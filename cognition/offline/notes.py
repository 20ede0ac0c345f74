"""Memory lines read into their shapes, and who talked with and told whom what.

A memory is read as one of a few shapes (`read_note`): an object's state (never worth a
thought about people), a transcript, a conversation summary ("A and B talked about …. A
told B that …."), a heard utterance, a sighting (who was doing what, where), a day plan
(whose, its items), a reflection or a plain fact (persona facts, relationship lines,
intentions). A memory with fields (`MemoryFields`, given as `Recalled` beside the line) is
read by them: a reflection by its kind, a sighting by `subject`/`doing`/`place`, an
object's state by `thing`, a plan by `subject`/`plan`, its time by `time`, what it told by
`news`/`told`. A line without fields — a persona's fact, a memory saved before fields, an
input that shows lines alone — is read by its words, through the text forms' readers
(`cognition.memory.texts`, `cognition.plan`). From those: the people named (`named_by`),
who talked with whom (`talks_with`, `partners`) and who told whom what (`told_in`); how a
person is spoken of (`pronoun`) by fields alone. No resident, place or event is named here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from cognition.memory.fields import MemoryFields, PlanEntry
from cognition.memory.records import MemoryKind
from cognition.memory.texts import (
    read_object_state,
    read_said,
    read_seen,
    read_stamp,
    read_talk_opening,
    read_told,
    read_transcript,
)
from cognition.offline.text import (
    SENTENCE_END,
    sentences,
    strip_stamp,
    third_person,
)
from cognition.offline.wording import clean
from cognition.persona import NAME, is_person
from cognition.phrasing import doing_phrase
from cognition.plan import read_plan_text, step_line
from cognition.steps.reflect import Recalled

# whom a spoken sentence is about, by name: read only from lines whose fields are unknown
# (`statements_in`, and `relations.talk_topic` of what it finds); a memory with fields
# says whom its news is about in `News.subject`
SUBJECT = re.compile(rf"(?<![\w'])({NAME})(?![\w'])")
THIRD_PERSON_VERB = re.compile(r"(?:is|was|has|had|will|would|can|could|might|may|must|[a-z]+s)")


@dataclass(frozen=True)
class Note:
    """One memory line, read: its kind and the people in its shape."""

    number: int
    kind: str  # object, transcript, summary, said, seen, plan, reflection, fact
    text: str  # without the time stamp
    stamp: str = ""  # when: "Mon 09:10" (fields' `time`, else the line's stamp); "" unknown
    subject: str = ""  # transcript partner, speaker, person seen, plan owner
    detail: str = ""  # activity seen, words said, plan items
    where: str = ""  # the place in a sighting's parentheses
    # summary: the two who talked (with fields: the partners); said: speaker and hearer;
    # transcript: the partners (one, or the other members of a group)
    pair: tuple[str, ...] = ()
    about: MemoryFields | None = None  # the memory's typed fields, when the input gave them
    steps: tuple[PlanEntry, ...] = ()  # a plan's items

    def mentions(self, name: str) -> bool:
        """Whether the note names `name`, by its fields (`named_by`), never its words."""
        return name in named_by(self)


@dataclass(frozen=True)
class Told:
    """Something one person told another, as a third-person statement."""

    number: int
    teller: str
    hearer: str
    statement: str  # no final full stop


def read_note(number: int, line: str, recalled: Recalled | None = None) -> Note:
    """A memory line ("[Mon Feb 13 09:10] text" or "text") read into its shape; with its
    kind and fields when `recalled` gives them, read by those: a reflection by its kind, a
    sighting, an object's state or a plan by its fields (`shape_of_fields`), whatever its
    words. Fields that say none of these (a talk's, a fact's, a sighting saved before
    `doing`) leave the shape to the words."""
    note = read_shape(number, line)
    if recalled is None:
        return note
    about = recalled.about
    if about is not None and about.time is not None:  # when, by the fields
        note = replace(note, stamp=f"{about.time:%a %H:%M}")
    if recalled.kind is MemoryKind.REFLECTION:
        return replace(note, kind="reflection", about=about)
    typed = shape_of_fields(note, about) if about is not None else None
    if typed is not None:
        return typed
    if (
        recalled.kind is MemoryKind.DIALOGUE
        and about is not None
        and about.partners
        and note.kind != "transcript"
    ):  # a talk's other memory: its summary, however it is worded
        return replace(note, kind="summary", pair=about.partners, about=about)
    return replace(note, about=about)


def shape_of_fields(note: Note, about: MemoryFields) -> Note | None:
    """The note as its fields say it: an object's state (`thing`), a plan (`plan`: its
    items, the detail as they read), a sighting (`subject` and `doing`, said as "A is …"
    says it; where: `place`); None when the fields say none of these."""
    bare = Note(note.number, note.kind, note.text, note.stamp, about=about)
    if about.thing:
        return replace(bare, kind="object")
    if about.plan:
        detail = "; ".join(step_line(e.start, e.end, e.activity) for e in about.plan)
        return replace(bare, kind="plan", subject=about.subject, detail=detail, steps=about.plan)
    if about.subject and about.doing:
        doing = doing_phrase(about.doing)  # as "A is …" says it: "reading", 'saying "…"'
        return replace(bare, kind="seen", subject=about.subject, detail=doing, where=about.place)
    return None


def read_shape(number: int, line: str) -> Note:
    """A memory line read into its shape by its words alone."""
    stamped, _ = read_stamp(line.strip())
    text = strip_stamp(line)
    stamp = stamped.shown if stamped is not None else ""
    if read_object_state(text) is not None:
        return Note(number, "object", text, stamp)
    if (transcript := read_transcript(text)) is not None and transcript.partners:
        partners = transcript.partners
        return Note(number, "transcript", text, stamp, subject=partners[0], pair=partners)
    if (heard := read_said(text)) is not None:
        speaker, hearer = heard.speaker, heard.hearer
        return Note(number, "said", text, stamp, speaker, heard.text, pair=(speaker, hearer))
    if (plan := read_plan_text(text)) is not None:
        detail = "; ".join(step_line(e.start, e.end, e.activity) for e in plan.items)
        return Note(number, "plan", text, stamp, plan.person, detail, steps=plan.items)
    if (pair := read_talk_opening(text)) is not None:
        return Note(number, "summary", text, stamp, pair=pair)
    if (seen := read_seen(text)) is not None:
        return Note(number, "seen", text, stamp, seen.person, seen.doing, seen.where)
    return Note(number, "fact", text, stamp)


def read_notes(
    lines: Iterable[str], numbered: bool = False, recalled: Sequence[Recalled] = ()
) -> list[Note]:
    """Memory lines read; `numbered` lines ("3. text") keep their numbers, others count
    from 1. Lines that are not numbered when they should be are skipped. `recalled[i]`,
    when given, is line i's kind and fields."""
    notes: list[Note] = []
    for index, line in enumerate(lines, start=1):
        fields = recalled[index - 1] if index <= len(recalled) else None
        if not numbered:
            notes.append(read_note(index, line, fields))
            continue
        label, _, text = line.partition(". ")
        if label.strip().isdigit() and text.strip():
            notes.append(read_note(int(label), text, fields))
    return notes


# --- people ---------------------------------------------------------------------------------


def named_by(note: Note) -> list[str]:
    """The people a note names, by its fields (`fields_name`); a note whose fields are
    unknown (a save made before them) by the text forms' readers' shape: the one it is
    about and the pair (`read_shape`) — never by the capitalised words of its text."""
    if note.about is not None:
        return fields_name(note.about)
    return list(dict.fromkeys([*([note.subject] if note.subject else []), *note.pair]))


def fields_name(about: MemoryFields) -> list[str]:
    """Everyone a memory's fields name, in order, once each: speaker, subject, partners,
    people (a tie, a reflection's), those a persona's fact names (`named`), the subjects
    and sources of the news it carries and the people of its intentions."""
    found = [about.speaker, about.subject, *about.partners, *about.people, *about.named]
    found += [who for news in about.news for who in (news.subject, news.source or "")]
    found += [intention.person for intention in about.intentions]
    return [name for name in dict.fromkeys(found) if name]


def people(notes: Sequence[Note], agent: str) -> Counter[str]:
    """How many notes (object states aside) name each person other than `agent`, by
    `named_by`."""
    counts: Counter[str] = Counter()
    for note in notes:
        if note.kind == "object":
            continue
        counts.update(n for n in named_by(note) if n != agent and is_person(n))
    return counts


def first_name(name: str) -> str:
    return name.split()[0] if name.strip() else name


def talks_with(notes: Sequence[Note], agent: str, other: str) -> list[Note]:
    """The agent's conversations with `other`, one note a talk, in the notes' order: those
    the fields record (`talk_moments`), and of notes without fields the transcripts, else
    the summaries of them."""
    untyped = [n for n in notes if n.about is None]
    transcripts = [n for n in untyped if n.kind == "transcript" and other in n.pair]
    prose = transcripts or [
        n for n in untyped if n.kind == "summary" and {agent, other} <= set(n.pair)
    ]
    return sorted([*talk_moments(notes, other), *prose], key=lambda n: n.number)


def talk_moments(notes: Sequence[Note], other: str) -> list[Note]:
    """The talks with `other` the notes' fields record (`MemoryFields.partners`), one note
    a talk: a talk's memories (its transcript and summary) share their fields' time."""
    found: dict[object, Note] = {}
    for note in notes:
        about = note.about
        if about is not None and note.kind != "reflection" and other in about.partners:
            found.setdefault(about.time or note.number, note)
    return list(found.values())


def summaries_with(notes: Sequence[Note], agent: str, other: str) -> list[Note]:
    """The summaries of the agent's talks with `other`: by their fields' partners, else
    by the two their words name ("A and B talked …")."""
    return [
        n
        for n in notes
        if n.kind == "summary"
        and (other in n.about.partners if n.about is not None else {agent, other} <= set(n.pair))
    ]


def partners(notes: Sequence[Note], agent: str) -> list[str]:
    """Everyone the agent has talked with in `notes`, most talks first."""
    met = [
        p
        for n in notes
        if n.kind != "reflection"
        for p in (n.about.partners if n.about is not None else ())
    ]
    met += [p for n in notes if n.about is None and n.kind == "transcript" for p in n.pair]
    met += [
        p
        for n in notes
        if n.about is None and n.kind == "summary" and agent in n.pair
        for p in n.pair
    ]
    found = [p for p in dict.fromkeys(met) if p and p != agent]
    return sorted(found, key=lambda p: -len(talks_with(notes, agent, p)))


def statements_in(speaker: str, body: str) -> list[str]:
    """The reader of spoken lines whose fields are unknown (`told_in`: a transcript or a
    heard line saved before fields; a line with fields told only the news they carry),
    beside its writer `talk.tell` by a round-trip test (test_told_round_trip.py).
    What a spoken line says about someone by name, in the third person: "Did you hear?
    Bo told me that Ann Lee is teaching a pottery class." → "Ann Lee is teaching a pottery
    class"; "Guess what — I'm painting" said by Bo Stone → "Bo Stone is painting"."""
    found = []
    for sentence in SENTENCE_END.split(body):
        said = clean(third_person(speaker, sentence.strip())).rstrip("?!")
        statements = (said[m.start() :] for m in SUBJECT.finditer(said) if is_person(m[1]))
        # the first name followed by a verb: "Bo Stone heard from Dee that Ann Lee is …"
        # ("I heard from Dee that …" of `talk.tell`) says "Ann Lee is …"
        told = next((s for s in statements if says_of_subject(s)), None)
        if told is not None:
            found.append(told)
    return found


def says_of_subject(statement: str) -> bool:
    """Whether `statement` ("Ann Lee is teaching a pottery class") says something of the
    person it starts with: a verb in the third person, then more than a pronoun."""
    subject = SUBJECT.match(statement)
    if subject is None:
        return False
    rest = statement[subject.end() :].split()
    return (
        len(rest) >= 2
        and THIRD_PERSON_VERB.fullmatch(rest[0]) is not None
        and not statement.endswith(subject[1])
        and rest[-1].lower() not in ("it", "that", "this", "so", "too", "there")
    )


def told_in(notes: Sequence[Note], agent: str) -> list[Told]:
    """Who told whom what: of a memory with fields, the news they carry as data
    (`told_as_data`: none when they carry none — a line that told no news as data told
    none); only of one whose fields are unknown (a save made before fields, an input that
    shows lines alone) its words — summaries' "A told B that …" (`texts.read_told`), and
    transcripts' and heard utterances' statements about people (`statements_in`; the agent
    is one side of every transcript it keeps)."""
    found: list[Told] = []
    for note in notes:
        if note.about is not None:
            found += told_as_data(note, note.about, agent) if note.kind != "reflection" else []
        elif note.kind == "summary":
            said = [t for s in sentences(note.text) if (t := read_told(s)) is not None]
            found += [Told(note.number, t.teller, t.listener, clean(t.statement)) for t in said]
        elif note.kind == "transcript" and (transcript := read_transcript(note.text)):
            for speaker, body in transcript.lines:
                hearers = (agent,) if speaker in note.pair else note.pair
                found += [
                    Told(note.number, speaker, hearer, s)
                    for s in statements_in(speaker, body)
                    for hearer in hearers
                ]
        elif note.kind == "said":
            speaker, hearer = note.pair
            found += [
                Told(note.number, speaker, hearer, s) for s in statements_in(speaker, note.detail)
            ]
    return found


def told_as_data(note: Note, about: MemoryFields, agent: str) -> list[Told]:
    """The news a memory's fields carry as tellings: what the agent told (`told`) to each
    of the talk's partners, what it heard from each news's `source` (and what that source
    had heard from the news's `via`, when it said whom); news known first hand is no
    telling."""
    found: list[Told] = []
    for news in about.news:
        statement = clean(news.statement)
        if news.item in about.told:
            found += [Told(note.number, agent, p, statement) for p in about.partners if p != agent]
        elif news.source is not None and news.source != agent:
            found.append(Told(note.number, news.source, agent, statement))
            if news.via and news.via not in (agent, news.source):  # whom the teller had it from
                found.append(Told(note.number, news.via, news.source, statement))
    return found


def pronoun(name: str, notes: Sequence[Note]) -> str:
    """How `name` is spoken of ("he", "she", "they"; "" unknown), by the notes' fields: a
    memory about them that says it (`MemoryFields.pronoun`: a persona's facts, written from
    `Persona.goes_by`), else news about them that does (`News.pronoun`: a telling). Never
    from the words of facts or tellings; a note whose fields are unknown says nothing."""
    typed = [n.about for n in notes if n.about is not None]
    own = (about.pronoun for about in typed if about.subject == name)
    told = (news.pronoun for about in typed for news in about.news if news.subject == name)
    return next((said for said in (*own, *told) if said), "")


def own_fact(note: Note) -> bool:
    """A persona's plain fact: a fact whose fields say only whom it is about (how they are
    spoken of, and when), as `records.first_memories` writes one — no news, intention or
    other person — or whose fields are unknown (a save made before them). Never news or a
    relationship."""
    about = note.about
    plain = about is None or about == MemoryFields(
        subject=about.subject, time=about.time, pronoun=about.pronoun
    )
    return note.kind == "fact" and plain


def ties(notes: Sequence[Note], agent: str, other: str, kind: str = "fact") -> list[Note]:
    """Notes of `kind` tying the agent to `other`, by their fields: a persona's relationship
    line (a fact naming `other` among its `people`, as `records.first_memories` writes
    it), a reflection on talks with `other` (the people its evidence talked with). A note
    whose fields are unknown ties no one (unknown, never read from its words): a persona's
    facts of an older save get their fields once on loading (`Agent.migrate`)."""
    return [n for n in notes if n.kind == kind and n.about is not None and other in n.about.people]
