"""Offline relations: what memories say about people, and how one agent sees another.

A memory line is read as one of a few shapes (`read_note`): an object's state ("The shower
(bathroom, Home) is in use by …" — never worth a thought about people), a transcript
("Conversation with B:\\nA: …\\nB: …"), a conversation summary ("A and B talked about …. A
told B that …. B said he would go."), a heard utterance ('A said to B: "…"'), a sighting
("B is <activity> (<arena>, <sector>)"), a day plan ("A's plan for …: 09:00–12:00 …"), an
earlier offline reflection (known by its phrasing) or a plain fact (persona facts,
relationship lines, intentions). From those: who talked with whom and when (`talks_with`),
who told whom what (`told_in`), which events they were about (`event_in`), and
`relationship`, the offline rule for how `agent` sees `other`: a
stranger "has not met" them yet (the dialogue rule reads that phrase); otherwise what the
agent knows of them, how often and when they last talked, about what, what the other told,
and a warmth that grows with the talks. No resident, place or event is named here: every
name comes from the inputs.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cognition.offline.text import (
    SENTENCE_END,
    SPEAKER_LINE,
    sentences,
    strip_stamp,
    third_person,
)
from cognition.steps.relationship import RelationshipInput, RelationshipSummary

CAPITALISED = r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?"
NAME = rf"{CAPITALISED} {CAPITALISED}"
STAMP = re.compile(r"^\[([A-Z][a-z]{2}) [A-Z][a-z]{2} \d{1,2} (\d{1,2}):(\d{2})\]")
OBJECT_STATE = re.compile(r"^The [^()\n]+ \([^()\n]*\) (?:is|are)\b")
TRANSCRIPT = re.compile(r"^Conversation with ([^:\n]+):\n")
SAID_TO = re.compile(rf'^({NAME}) said to ({NAME}): "(.*)"$', re.DOTALL)
PLAN = re.compile(rf"^({NAME})'s plan for ([^:]+): (.*)$", re.DOTALL)
SEEN = re.compile(rf"^({NAME}) is (.+?) \(([^()]*)\)\.?$")
PAIR = re.compile(rf"^({NAME}) and ({NAME}) (?:talked|had|chatted|spoke|discussed|caught up)\b")
TALKED_ABOUT = re.compile(r"\btalked about (?!this\b)([^.;:]+)")
TOLD = re.compile(rf"^({NAME}) told ({NAME}) (?:that|about) (.+?)\.?$")
WOULD_GO = re.compile(
    rf"^({NAME}) (?:said|says|promised) (?:he|she|they) (?:would|will|'d) "
    r"(?:go|come|be there|attend|join)"
)
GOING_TO = re.compile(
    rf"^({NAME}) (?:plans|means|intends|wants|hopes|is going|is planning) to "
    r"(?:go to|attend|come to|be at) (.+?)\.?$"
)
DECLINES = re.compile(
    rf"^({NAME}) (?:will not|won't|cannot|can't|does not want to) "
    r"(?:go to|come to|make it to|attend) (.+?)\.?$"
)
INTENDS = re.compile(rf"^({NAME}) intends to (.+?)\.?$")
# the offline reflection's own phrasings (judgement.py), so that earlier insights are read as
# reflections: evidence for new ones, never persona facts, news or ties
REFLECTED = re.compile(
    r"they are getting closer|a friendship is growing|'s company: they have talked|"
    r"has had a good talk with|seems easy to get along with|is much on .+'s mind|"
    r"is busy preparing|so far; word is getting around|is spreading the word about|"
    r"the talk of the town|^Word about|keeps hearing about|^[A-Z][a-z]+ [A-Z][a-z]+ learned from|"
    r"made sure .+ knows about|has passed on the news|is set on|has set aside|"
    r"has decided to (?:be at|skip)|will not be going to|won't miss|spends most days|"
    r"'s time goes to|days revolve around|often sees|seems to spend a lot of time|"
    r"has noticed|is someone who|keeps coming up in|has been thinking about|has noted that|"
    r"keeps thinking about|"
    r"means to go to"
)
SUBJECT = re.compile(rf"(?<![\w'])({NAME})(?![\w'])")
THIRD_PERSON_VERB = re.compile(r"(?:is|was|has|had|will|would|can|could|might|may|must|[a-z]+s)")
PLAN_ITEM = re.compile(r"^(\d{1,2}):(\d{2})\s*[–-]\s*(\d{1,2}):(\d{2}) (.+)$")
CAPITAL_RUN = re.compile(rf"(?<![\w'])({CAPITALISED}(?: {CAPITALISED})+)(?:'s)?(?![\w])")
RUNNING_FOR = re.compile(
    rf"^({NAME}) is (?:running|standing|campaigning) for "
    r"((?:the )?[a-z]+(?: (?!in\b|of\b|at\b|on\b|for\b|and\b|to\b)[a-z]+)?)"
)
GUESTING = re.compile(
    r"\b(?:go|goes|going|went|attend\w*|come|comes|coming|join\w*|be at|invited to|skip\w*|"
    r"miss\w*|heard|hear\w*|told|tell\w*|knows?)\b"
)
ORGANISING = re.compile(
    r"\b(?:plan\w*|host\w*|throw\w*|organi[sz]\w*|hold\w*|having|has|putting on|puts on|"
    r"running|runs|prepar\w*|open\w*|giv\w*|celebrat\w*|arrang\w*|invit\w*)\b"
)
EVENT_WORD = re.compile(
    r"\b(part(?:y|ies)|celebrations?|gatherings?|festivals?|concerts?|shows?|exhibitions?|"
    r"weddings?|elections?|openings?|fairs?|parades?|picnics?|recitals?|debates?|"
    r"fundraisers?|competitions?|tournaments?|premieres?|ceremon(?:y|ies))\b",
    re.IGNORECASE,
)
EVENT_PLACE = re.compile(r"\bat ((?:the |The )?[A-Z][\w']*(?: (?:[A-Z][\w']*|and|of|for))*)")
EVENT_DATE = re.compile(r"\bon ((?:[A-Z][a-z]+ )?[A-Z][a-z]+ \d{1,2})\b")
DETERMINER_TEXT = "a an the his her their my our its this that your"
DETERMINERS = frozenset(DETERMINER_TEXT.split())
NOT_NAME_TEXT = (
    "The A An Hi Hey Hello Oh Well Did Dear Good Happy Mr Mrs Ms Dr On In At This That "
    "Conversation Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February "
    "March April May June July August September October November December Mon Tue Wed Thu "
    "Fri Sat Sun Jan Feb Mar Apr Jun Jul Aug Sep Oct Nov Dec"
)
NOT_NAMES = frozenset(NOT_NAME_TEXT.split())
PLACE_TEXT = (
    "cafe café coffee pub bar tavern park college university school academy library market "
    "store shop supply supplies pharmacy bakery restaurant diner house hall street road "
    "avenue square garden gardens center centre hotel inn church station office club museum "
    "bank hospital clinic gym theater theatre apartment apartments dorm tower plaza lane way "
    "farm studio gallery town city village ville county lake river hill beach bridge court "
    "building mall cinema arena day eve night party festival"
)
PLACE_NOUNS = frozenset(PLACE_TEXT.split())
ROUTINE_WORDS = (
    "sleep", "wake", "bed", "breakfast", "lunch", "dinner", "get ready", "evening", "relax",
    "shower", "toilet", "bathroom", "dress", "eat", "meal", "dishes", "idle", "commute",
)  # fmt: skip
TALKED = re.compile(r"\btalk|\bconversation|'s company\b")
PRIVATE = ("bathroom", "shower", "toilet", "bath", "sleep", "bed", "dress", "teeth", "undress")
DAYS = {
    "Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday", "Thu": "Thursday",
    "Fri": "Friday", "Sat": "Saturday", "Sun": "Sunday",
}  # fmt: skip
COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@dataclass(frozen=True)
class Note:
    """One memory line, read: its kind and the people in its shape."""

    number: int
    kind: str  # object, transcript, summary, said, seen, plan, reflection, fact
    text: str  # without the time stamp
    stamp: str = ""  # "[Mon Feb 13 09:10]" as "Mon 09:10"; "" when the line has none
    subject: str = ""  # transcript partner, speaker, person seen, plan owner
    detail: str = ""  # activity seen, words said, plan items
    where: str = ""  # the place in a sighting's parentheses
    pair: tuple[str, ...] = ()  # summary: the two who talked; said: speaker and hearer

    def mentions(self, name: str) -> bool:
        return name in self.text or name == self.subject


@dataclass(frozen=True)
class Told:
    """Something one person told another, as a third-person statement."""

    number: int
    teller: str
    hearer: str
    statement: str  # no final full stop


@dataclass(frozen=True)
class Event:
    """An event a sentence speaks of: "the Lantern Night party at the Old Mill"."""

    key: str  # its kind, singular ("party"), or "run for <office>"
    phrase: str  # "the Lantern Night party" / "Ann Lee's run for mayor"
    core: str  # the sentence up to the event ("X is planning a Lantern Night party")
    organiser: str = ""
    place: str = ""
    day: str = ""


def read_note(number: int, line: str) -> Note:
    """A memory line ("[Mon Feb 13 09:10] text" or "text") read into its shape."""
    text = strip_stamp(line)
    stamped = STAMP.match(line.strip())
    stamp = f"{stamped.group(1)} {int(stamped.group(2)):02d}:{stamped.group(3)}" if stamped else ""
    if OBJECT_STATE.match(text):
        return Note(number, "object", text, stamp)
    if match := TRANSCRIPT.match(text):
        return Note(number, "transcript", text, stamp, subject=match.group(1).strip())
    if match := SAID_TO.match(text):
        speaker, hearer, said = match.groups()
        return Note(number, "said", text, stamp, speaker, said, pair=(speaker, hearer))
    if match := PLAN.match(text):
        return Note(number, "plan", text, stamp, match.group(1), match.group(3))
    if match := PAIR.match(text):
        return Note(number, "summary", text, stamp, pair=(match.group(1), match.group(2)))
    if (match := SEEN.match(text)) and "\n" not in text:
        person, activity, where = match.groups()
        return Note(number, "seen", text, stamp, person, activity.strip(), where.strip())
    if REFLECTED.search(text):
        return Note(number, "reflection", text, stamp)
    return Note(number, "fact", text, stamp)


def read_notes(lines: Iterable[str], numbered: bool = False) -> list[Note]:
    """Memory lines read; `numbered` lines ("3. text") keep their numbers, others count
    from 1. Lines that are not numbered when they should be are skipped."""
    notes: list[Note] = []
    for index, line in enumerate(lines, start=1):
        if not numbered:
            notes.append(read_note(index, line))
            continue
        label, _, text = line.partition(". ")
        if label.strip().isdigit() and text.strip():
            notes.append(read_note(int(label), text))
    return notes


# --- people ---------------------------------------------------------------------------------


def is_person(name: str) -> bool:
    """ "Capitalised Capitalised" and not a place, an event, a day or a greeting."""
    first, *rest = name.split()
    return (
        len(rest) == 1
        and first not in NOT_NAMES
        and rest[0] not in NOT_NAMES
        and rest[0].lower() not in PLACE_NOUNS
    )


def names_in(text: str) -> list[str]:
    """The people named in `text`, in order, once each."""
    found = [run for run in CAPITAL_RUN.findall(text) if is_person(run)]
    return list(dict.fromkeys(found))


def people(notes: Sequence[Note], agent: str) -> Counter[str]:
    """How many notes (object states aside) mention each person other than `agent`."""
    counts: Counter[str] = Counter()
    for note in notes:
        if note.kind == "object":
            continue
        named = set(names_in(note.text)) | ({note.subject} if note.subject else set())
        counts.update(n for n in named if n != agent and is_person(n))
    return counts


def first_name(name: str) -> str:
    return name.split()[0] if name.strip() else name


def talks_with(notes: Sequence[Note], agent: str, other: str) -> list[Note]:
    """The agent's conversations with `other`: transcripts, else the summaries of them."""
    transcripts = [n for n in notes if n.kind == "transcript" and n.subject == other]
    if transcripts:
        return transcripts
    return [n for n in notes if n.kind == "summary" and {agent, other} <= set(n.pair)]


def summaries_with(notes: Sequence[Note], agent: str, other: str) -> list[Note]:
    return [n for n in notes if n.kind == "summary" and {agent, other} <= set(n.pair)]


def partners(notes: Sequence[Note], agent: str) -> list[str]:
    """Everyone the agent has talked with in `notes`, most talks first."""
    met = [n.subject for n in notes if n.kind == "transcript"]
    met += [p for n in notes if n.kind == "summary" and agent in n.pair for p in n.pair]
    found = [p for p in dict.fromkeys(met) if p and p != agent]
    return sorted(found, key=lambda p: -len(talks_with(notes, agent, p)))


def topic_of(note: Note) -> str:
    """What a conversation summary says they talked about ("his thesis")."""
    match = TALKED_ABOUT.search(note.text)
    return clean(match.group(1)) if match else ""


def clean(text: str) -> str:
    """A clause fit to sit inside a sentence: no quotes, no final stop, one line."""
    text = " ".join(text.replace('"', "").replace("“", "").replace("”", "").split())
    return text.rstrip(" .!;,")


def statements_in(speaker: str, body: str) -> list[str]:
    """What a spoken line says about someone by name, in the third person: "Did you hear?
    Bo told me that Ann Lee is planning a party." → "Ann Lee is planning a party"; "Guess
    what — I'm painting" said by Bo Stone → "Bo Stone is painting"."""
    found = []
    for sentence in SENTENCE_END.split(body):
        said = clean(third_person(speaker, sentence.strip())).rstrip("?!")
        subject = next((m for m in SUBJECT.finditer(said) if is_person(m.group(1))), None)
        if subject is None:
            continue
        statement = said[subject.start() :]
        rest = statement[len(subject.group(1)) :].split()
        if (
            len(rest) >= 2
            and THIRD_PERSON_VERB.fullmatch(rest[0])
            and not statement.endswith(subject.group(1))
            and rest[-1].lower() not in ("it", "that", "this", "so", "too", "there")
        ):
            found.append(statement)
    return found


def told_in(notes: Sequence[Note], agent: str) -> list[Told]:
    """Who told whom what: summaries' "A told B that …", transcripts' statements about
    people (the agent is one side of every transcript it keeps), heard utterances."""
    found: list[Told] = []
    for note in notes:
        if note.kind == "summary":
            for sentence in sentences(note.text):
                if match := TOLD.match(sentence.strip()):
                    teller, hearer, what = match.groups()
                    found.append(Told(note.number, teller, hearer, clean(what)))
        elif note.kind == "transcript":
            for raw in note.text.splitlines()[1:]:
                spoken = SPEAKER_LINE.match(raw.strip())
                if not spoken:
                    continue
                speaker, body = spoken.groups()
                hearer = agent if speaker == note.subject else note.subject
                found += [
                    Told(note.number, speaker, hearer, s) for s in statements_in(speaker, body)
                ]
        elif note.kind == "said":
            speaker, hearer = note.pair
            found += [
                Told(note.number, speaker, hearer, s) for s in statements_in(speaker, note.detail)
            ]
    return found


# --- events ---------------------------------------------------------------------------------


def singular(noun: str) -> str:
    noun = noun.lower()
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun[:-1] if noun.endswith("s") else noun


def hosting(verbs: str) -> bool:
    """Do the words between a subject and an event make the subject its host ("is
    throwing", "is preparing for"), not a guest ("plans to go to", "was invited to")?"""
    return bool(ORGANISING.search(verbs)) and not GUESTING.search(verbs)


def event_in(sentence: str) -> Event | None:
    """The event `sentence` speaks of, if any: an event noun with a determiner ("a
    Lantern Night party", "her show", "Ann Lee's party") or someone running for an office.
    Its organiser is the sentence's subject when a verb between them says so ("is
    planning", "is throwing", "is preparing for")."""
    sentence = clean(sentence)
    if OBJECT_STATE.match(sentence) or sentence.endswith("?"):
        return None
    subject = re.match(rf"^({NAME})\b", sentence)
    who = subject.group(1) if subject and is_person(subject.group(1)) else ""
    if running := RUNNING_FOR.match(sentence):
        office = running.group(2).removeprefix("the ")
        return Event(f"run for {office}", f"{who}'s run for {office}", sentence, who)
    for match in EVENT_WORD.finditer(sentence):
        tokens = sentence[: match.start()].split()
        modifiers: list[str] = []
        owner, determined = "", False
        for index in range(len(tokens) - 1, -1, -1):
            token = tokens[index]
            if token.lower() in DETERMINERS:
                determined = True
                owner = who if token.lower() in ("his", "her", "their") else ""
                break
            if token.endswith("'s"):  # "a New Year's party" vs "Ann Lee's party"
                before = tokens[index - 1] if index else ""
                if before.lower() in DETERMINERS:
                    modifiers.insert(0, token)
                else:
                    owner = " ".join([before, token[:-2]] if before[:1].isupper() else [token[:-2]])
                determined = True
                break
            if len(modifiers) == 3 or not re.fullmatch(r"[\w-]+", token):
                break
            modifiers.insert(0, token)
        if not determined:
            continue
        after = sentence[match.end() :]
        place = EVENT_PLACE.search(after)
        day = EVENT_DATE.search(after)
        where = clean(re.sub(r" (?:and|of|for)$", "", place.group(1))) if place else ""
        between = sentence[len(who) : match.start()] if who else ""
        named = " ".join([*modifiers, match.group(1)])
        return Event(
            key=singular(match.group(1)),
            phrase=f"{owner}'s {named}" if owner else f"the {named}",
            core=clean(sentence[: match.end()]),
            organiser=owner or (who if hosting(between) else ""),
            place=where,
            day=day.group(1) if day else "",
        )
    return None


# --- words ----------------------------------------------------------------------------------


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{COUNTS[n] if n < len(COUNTS) else n} times")


def how_many(n: int, thing: str, things: str) -> str:
    return f"{COUNTS[n] if n < len(COUNTS) else n} {thing if n == 1 else things}"


def gerund(activity: str) -> str:
    """ "read and take notes" → "reading and taking notes"."""

    def ing(verb: str) -> str:
        lowered = verb.lower()
        if lowered.endswith("ing") or not lowered.isalpha() or lowered in {"be", "idle"}:
            return verb
        if lowered.endswith("ie"):
            return verb[:-2] + "ying"
        if lowered.endswith("e") and not lowered.endswith(("ee", "ye", "oe")):
            return verb[:-1] + "ing"
        if len(lowered) <= 4 and re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", lowered):
            return verb + verb[-1] + "ing"
        return verb + "ing"

    def doing(part: str, index: int) -> str:
        verb, _, rest = part.partition(" ")
        if index and not rest:  # "enjoy drinks and music": a lone later word is a noun
            return part
        return f"{ing(verb)} {rest}".strip()

    return " and ".join(doing(p, i) for i, p in enumerate(clean(activity).split(" and ")))


def place_phrase(where: str, arena_last: bool = True) -> str:
    """ "library, Elm College" → "in the library at Elm College" (a sighting's
    "object, arena, sector"; a plan's "sector, arena" with `arena_last=False`)."""
    parts = [p.strip() for p in where.split(",") if p.strip()]
    if not parts:
        return ""
    if len(parts) == 1:
        return f"at {parts[0]}"
    arena, sector = (parts[-2], parts[-1]) if arena_last else (parts[1], parts[0])
    if arena.lower() in sector.lower():
        return f"at {sector}"
    the = "" if arena[:1].isupper() else "the "
    return f"in {the}{arena} at {sector}"


def when(stamp: str) -> str:
    """ "Mon 08:44" → "on Monday morning"."""
    if not stamp:
        return "recently"
    day, clock = stamp.split()
    hour, name = int(clock.split(":")[0]), DAYS.get(day, day)
    if hour < 5:
        return f"late on {name} night"
    part = next(
        p
        for end, p in ((12, "morning"), (17, "afternoon"), (22, "evening"), (24, "night"))
        if hour < end
    )
    return f"on {name} {part}"


def sentence_of(text: str) -> str:
    text = clean(text)
    return text[:1].upper() + text[1:] + "." if text else ""


# --- the relationship rule ------------------------------------------------------------------

ROMANCE = ("crush", "love", "fond", "adore")
AFFECTION = (*ROMANCE, "admire", "close friend", "closest friend")
WORK_HINTS = re.compile(
    r"\b(?:stud(?:y|ies|ying)|works?|working|is an? |runs?|owns?|writ(?:es|ing)|paint(?:s|ing)|"
    r"teach(?:es|ing)|prepar(?:es|ing)|project|paper|thesis|business|shop|research)\b"
)
WARMTH = {
    1: (
        "{a} found {o} friendly and would happily talk again.",
        "It was a pleasant first talk; {a} would like to get to know {o}.",
    ),
    2: (
        "{a} and {o} are warming to each other.",
        "{a} enjoys talking with {o} more each time.",
    ),
    3: (
        "{a} and {o} are getting closer.",
        "{a} feels at ease with {o} now.",
        "{a} looks forward to running into {o}.",
    ),
    5: (
        "{a} counts {o} as a good friend.",
        "{a} and {o} have become close.",
    ),
}


CLOSE = {  # for those the persona already ties together (family, friends, colleagues)
    1: ("{a} enjoyed catching up with {o}.", "{a} was glad to see {o}."),
    3: ("{a} and {o} are closer than ever.", "{a} feels lucky to have {o} around."),
}
FOND = {  # for a crush or a love
    1: ("{a} treasures every moment with {o}.", "{a} came away from the talk smiling."),
    3: ("{a} feels more and more drawn to {o}.", "{a} can hardly stop thinking about {o}."),
}


def warmth(talks: int, rng: random.Random, agent: str, other: str, bond: str = "") -> str:
    """A sentence of feeling that grows with the talks; for a known tie, catching up."""
    fond = any(word in bond.lower() for word in ROMANCE)
    table = FOND if fond else CLOSE if bond else WARMTH
    level = max(k for k in table if k <= talks)
    return rng.choice(table[level]).format(a=first_name(agent), o=first_name(other))


def talk_topic(note: Note, agent: str) -> tuple[int, str]:
    """What one talk (its transcript or summary) was about, and how telling that is (3
    best, 0 nothing): "talked about …", else the event its news was about, else whose news
    it was."""
    if topic := topic_of(note):
        return 3, topic
    said = [t.statement for t in told_in([note], agent)]
    for statement in said:
        if event := event_in(statement):
            return 2, event.phrase
    subjects = [m.group(1) for s in said if (m := SUBJECT.match(s))]
    if subjects:
        return 1, f"what {first_name(subjects[0])} is up to"
    return 0, ""


def last_topic(notes: Sequence[Note], agent: str, other: str, last: Note) -> str:
    """What the last talk was about: its summary's topic (the summary made with it), else
    its transcript's."""
    same_time = [n for n in summaries_with(notes, agent, other) if n.stamp == last.stamp]
    found = [talk_topic(n, agent) for n in [*same_time[-1:], last]]
    return max(found)[1] if found else ""


def main_topic(notes: Sequence[Note], agent: str, other: str, talks: Sequence[Note]) -> str:
    """The most telling topic of the talks and their summaries, the latest among equals."""
    everything = {n.number: n for n in [*talks, *summaries_with(notes, agent, other)]}
    found = [(*talk_topic(n, agent), number) for number, n in everything.items()]
    return max(found, default=(0, "", 0))[1]


def pronoun(name: str, notes: Sequence[Note]) -> str:
    """ "he", "she" or "" (unknown): from sentences about `name` alone ("… her streams")."""
    he = she = 0
    said = [s for n in notes if n.kind == "fact" for s in sentences(n.text)]
    said += [t.statement for t in told_in(notes, "")]
    for sentence in said:
        if not sentence.startswith(name) or [n for n in names_in(sentence) if n != name]:
            continue
        lowered = sentence.lower()
        he += len(re.findall(r"\b(?:he|him|his|himself)\b", lowered))
        she += len(re.findall(r"\b(?:she|her|hers|herself)\b", lowered))
    return "he" if he > she else "she" if she > he else ""


def ties(notes: Sequence[Note], agent: str, other: str, kind: str = "fact") -> list[Note]:
    """Notes of `kind` naming both: plain facts are the persona's relationship lines."""
    return [
        n
        for n in notes
        if n.kind == kind
        and agent in n.text
        and other in n.text
        and not re.search(r"\b(?:not|never) (?:yet )?met\b", n.text)
    ]


def known_about(notes: Sequence[Note], other: str, skip: set[int]) -> list[str]:
    """Facts with `other` as their subject, occupation first."""
    facts = [
        s
        for n in notes
        if n.kind == "fact" and n.number not in skip
        for s in sentences(n.text)
        if s.startswith(other + " ") and "\n" not in s
    ]
    return sorted(facts, key=lambda s: WORK_HINTS.search(s) is None)


def usable_sighting(note: Note, agent: str) -> bool:
    """A sighting worth retelling: a doing, not words, not idling, not something private,
    not about the agent."""
    detail = note.detail
    lowered = f"{detail} {note.where}".lower()
    return (
        bool(detail)
        and not detail.startswith(('"', "'"))
        and detail != "idle"
        and not any(word in lowered for word in PRIVATE)
        and (agent not in detail and first_name(agent) not in detail.split())
    )


def last_seen(notes: Sequence[Note], other: str, agent: str = "") -> str:
    seen = [n for n in notes if n.kind == "seen" and n.subject == other]
    usable = [n for n in seen if usable_sighting(n, agent)]
    if not usable:
        return ""
    note = usable[-1]
    return f"{gerund(note.detail)} {place_phrase(note.where)}".strip()


def relationship(inputs: RelationshipInput, rng: random.Random) -> RelationshipSummary:
    """How `agent` sees `other`, from memories retrieved about them (oldest first)."""
    agent, other = inputs.agent, inputs.other
    a, o = first_name(agent), first_name(other)
    notes = [n for n in read_notes(inputs.memories) if n.kind != "object"]
    talks = talks_with(notes, agent, other)
    bonds = ties(notes, agent, other)
    told = [t for t in told_in(notes, agent) if t.teller == other and t.hearer == agent]
    seen = last_seen(notes, other, agent)
    reflected = [n for n in ties(notes, agent, other, "reflection") if TALKED.search(n.text)]
    if not talks and not bonds and not told and not reflected:
        heard = known_about(notes, other, set())
        text = f"{agent} has not met {other} yet."
        if seen:
            text += f" {a} has seen {o} {seen}."
        if heard:
            text += f" {a} has heard that {clean(heard[0])}."
        return RelationshipSummary(summary=text)
    parts: list[str] = []
    bond = sorted(bonds, key=lambda n: (not n.text.startswith(agent), n.number))[:1]
    if bond:
        parts.append(sentence_of(bond[0].text))
    else:
        parts.append(f"{agent} has got to know {other} through their talks.")
    facts = known_about(notes, other, {n.number for n in bond})
    if facts:
        parts.append(sentence_of(facts[0]))
    elif seen:
        parts.append(f"{a} last saw {o} {seen}.")
    if talks:
        last = talks[-1]
        about = last_topic(notes, agent, other, last)
        about = f", about {about}" if about else ""
        parts.append(f"They have talked {times(len(talks))}, last {when(last.stamp)}{about}.")
    if told:
        statement = told[-1].statement
        if statement.startswith(other + " "):
            statement = (pronoun(other, notes) or o) + statement[len(other) :]
        parts.append(f"{o} told {a} that {statement}.")
    talked = len(talks)
    if talked:
        parts.append(warmth(talked, rng, agent, other, bond[0].text if bond else ""))
    elif bond and any(word in bond[0].text.lower() for word in AFFECTION):
        parts.append(f"{a} would love to spend more time with {o}.")
    else:
        parts.append(rng.choice((f"{a} has not talked with {o} lately.", "")))
    return RelationshipSummary(summary=" ".join(p for p in parts if p))
