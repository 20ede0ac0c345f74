"""Text helpers for the offline brain: sentences, news, names, word overlap."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from cognition.memory.texts import SPEAKER_LINE as SPEAKER_LINE  # read beside its writer

STAMP = re.compile(r"^\[[^\]]*\]\s*")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
WORD = re.compile(r"[a-z0-9']+")
COMMON_TEXT = (
    "a an the and or of to in on at is are was were be for with by it its this that as from "
    "i you he she they we his her their my your me him them what who how do does did about "
    "will would should could can have has had not no yes there here when where why which"
)
COMMON_WORDS = frozenset(COMMON_TEXT.split())


def strip_stamp(line: str) -> str:
    """A memory line without its "[Mon Feb 13 07:00]" prefix."""
    return STAMP.sub("", line).strip()


def stem(word: str) -> str:
    """A crude stem so "cities" meets "city" and "plans" meets "plan"."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def words(text: str) -> set[str]:
    return {stem(w) for w in WORD.findall(text.lower()) if w not in COMMON_WORDS}


def overlap(left: str, right: str) -> int:
    return len(words(left) & words(right))


def third_person(speaker: str, sentence: str) -> str:
    """ "I'm hosting a lantern walk" said by Nora → "Nora Vance is hosting a lantern walk"."""
    replacements = (
        ("I'm ", f"{speaker} is "),
        ("I am ", f"{speaker} is "),
        ("I've ", f"{speaker} has "),
        ("I will ", f"{speaker} will "),
        ("I ", f"{speaker} "),
        (" my ", f" {speaker}'s "),
        ("My ", f"{speaker}'s "),
    )
    for old, new in replacements:
        sentence = sentence.replace(old, new)
    named = sentence.find(speaker)  # "Ann is at Ann's desk" → "Ann is at their desk"
    if named >= 0:
        head = named + len(speaker)
        sentence = sentence[:head] + sentence[head:].replace(f"{speaker}'s ", "their ")
    return sentence


def first_person(agent: str, sentence: str) -> str:
    """ "Nora Vance is running Corner Books" said by Nora → "I am running Corner Books"."""
    for name in (agent, agent.split()[0]):
        sentence = re.sub(rf"\b{re.escape(name)}'s\b", "my", sentence)
        sentence = re.sub(rf"\b{re.escape(name)} is\b", "I am", sentence)
        sentence = re.sub(rf"\b{re.escape(name)}\b", "I", sentence)
    sentence = re.sub(r"\bI ([a-z]{2,}s)\b", lambda m: f"I {_base_form(m[1])}", sentence)
    if sentence.startswith("I "):  # "I own the cafe and runs it" → "… and run it"
        sentence = _AND_VERB.sub(_and_verb, sentence)
        sentence = _own_possessives(sentence)
    return sentence[:1].upper() + sentence[1:]


_NOT_A_NOUN = {
    "to", "and", "or", "with", "at", "in", "on", "about", "for", "from", "that", "the", "a",
    "an", "yesterday", "today", "tomorrow", "again", "too", "later", "soon", "now", "when",
}  # fmt: skip


def _own_possessives(sentence: str) -> str:
    """ "I am enjoying his retirement" → "… my retirement": a "his", "her" or "their" before a
    noun, with nobody else named before it in the sentence, is the speaker's own — "their"
    only when no others were counted before it either ("I feed the cats and brush their
    fur")."""
    words = sentence.split(" ")
    others = False  # a plural before: "their" may be theirs
    for index, word in enumerate(words[1:], start=1):
        bare = word.rstrip(".,;:!?")
        if word[:1].isupper() and word.rstrip(".,;:!?'s") not in ("I", "I'm", "I've", "I'd"):
            return sentence  # someone else is named first: "his" may be theirs
        others = others or _plural(bare)
        if bare in ("his", "her", "their") and index + 1 < len(words):
            following = words[index + 1].rstrip(".,;:!?")
            own = bare != "their" or not others
            if own and following and following[0].islower() and following not in _NOT_A_NOUN:
                words[index] = "my" + word[len(bare) :]
    return " ".join(words)


def _plural(word: str) -> bool:
    """Whether `word` counts people or things ("cats", "they", "children"), roughly."""
    if word in ("they", "them", "we", "us", "people", "children", "everyone", "everybody"):
        return True
    return (
        len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))
        and word not in _NEVER_VERBS
    )  # fmt: skip


# a verb after "and" in a sentence about "I": a word in -s, perhaps after an adverb ("and
# usually finishes them"), followed by what it acts on ("and streams video games", "and takes
# long walks") — a plural noun after "and" ends the phrase or a preposition ties it on ("books
# and friends", "books and maps of the town"), so those stay. Words in -s that are never verbs
# are left alone.
_ADVERB = r"(?:[a-z]+ly|always|often|sometimes|also|never|still|even|then|now|just) "
_AND_VERB = re.compile(rf"\band ({_ADVERB})?([a-z]+s)\b(?=( [a-z]+)?)")
_NEVER_VERBS_TEXT = (
    "always sometimes perhaps this his hers its ours yours theirs us as was thus plus yes "
    "less unless besides news towards afterwards whereas across series various"
)
_NEVER_VERBS = frozenset(_NEVER_VERBS_TEXT.split())
# a word after a plural noun, never what a verb acts on
_ENDS_A_PHRASE_TEXT = (
    "of and or but nor too very as than that which who whom whose so also together"
)
_ENDS_A_PHRASE = frozenset(_ENDS_A_PHRASE_TEXT.split())


def _and_verb(match: re.Match[str]) -> str:
    adverb, word, following = match[1] or "", match[2], (match[3] or "").strip()
    acts_on = bool(following) and following not in _ENDS_A_PHRASE
    if word in _NEVER_VERBS or not (adverb or acts_on):
        return match[0]
    return f"and {adverb}{_base_form(word)}"


def _base_form(verb: str) -> str:
    """ "owns" → "own", "studies" → "study", "watches" → "watch", "has" → "have"."""
    irregular = {"has": "have", "does": "do", "goes": "go", "is": "am", "was": "was"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    return verb if verb.endswith("ss") else verb[:-1]


def sentences(text: str) -> list[str]:
    """The sentences of a memory, with spoken lines turned into third-person statements."""
    found: list[str] = []
    for raw_line in strip_stamp(text).splitlines():
        line = raw_line.strip()
        speaker_match = SPEAKER_LINE.match(line)
        speaker, body = (
            (speaker_match.group(1), speaker_match.group(2)) if speaker_match else (None, line)
        )
        for part in SENTENCE_END.split(body):
            sentence = part.strip()
            if sentence:
                found.append(third_person(speaker, sentence) if speaker else sentence)
    return found


def first_match(text: str, table: Sequence[tuple[tuple[str, ...], str]]) -> str | None:
    """The value of the first row whose keywords occur in `text`."""
    lowered = text.lower()
    return next((value for keys, value in table if any(has_word(lowered, k) for k in keys)), None)


def has_word(text: str, start: str) -> bool:
    """True when some word of `text` starts with `start` ("cook" matches "cooking")."""
    return word_start(start).search(text) is not None


@functools.cache
def word_start(start: str) -> re.Pattern[str]:
    """The pattern of a word starting with `start`, compiled once (the tables' keywords are
    more than `re`'s own cache keeps: each ask compiled it again)."""
    return re.compile(r"\b" + re.escape(start))
