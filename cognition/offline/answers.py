"""Offline answers: interview questions from the summary and memories (questions about a
person: `acquaintance.py`), and an inner voice adopted as an intention.

What the memories say is read by their fields: news by `InterviewInput.news`, a day plan
(a record to act on, never said in answer) by its fields' `plan` (`is_plan`; a plan saved
without fields by its writer's reader, `cognition.plan.read_plan_text`), a talk by whom it
was with and the news it carried (`memory_facts`: the fact, never a transcript's line).
The patterns here read no memory: `YES_NO` reads the question an interviewer typed,
`DIRECTIVE` the inner voice a player or researcher typed (input the offline brain must
answer: there are no fields for a person's own words), and `I_AND_NAME` rewords the answer
being said ("I and Ada talked" → "Ada and I talked"), prose for people."""

from __future__ import annotations

import random
import re

from cognition.memory.records import MemoryKind
from cognition.offline.acquaintance import about_person
from cognition.offline.facts import fact_of_news, known_facts
from cognition.offline.text import first_person, overlap, sentences, strip_stamp, words
from cognition.phrasing import is_spoken_line, listed
from cognition.plan import read_plan_text
from cognition.steps.interview import Intention, IntentionInput, InterviewAnswer, InterviewInput
from cognition.steps.reflect import Recalled

DIRECTIVE = re.compile(
    r"^(?:you (?:should|will|want to|must|need to)|i (?:should|will|want to))"
    r"\s+",
    re.IGNORECASE,
)


YES_NO = re.compile(r"^(?:do|did|have|has|are|is|were|was)\b", re.IGNORECASE)
# "Did you know there is …?", "Have you heard about …?": the interviewer's question asks
# whether one knows a piece of news (a person asked about is `about_person`'s)
ASKS_KNOWING = re.compile(
    r"^(?:do|did|have|has) you (?:know|heard|hear|happen to know)\b", re.IGNORECASE
)
# the asking's own words: they say nothing of what is asked about ("Do you know about any
# lantern walks?" asks about lantern walks)
ASKING_WORDS = frozenset(
    {
        "know", "knew", "heard", "hear", "aware", "whose",
        "any", "anything", "anyone", "some", "something", "someone",
    }
)  # fmt: skip
NOT_HEARD = "No, I haven't heard anything about that."
DAY_WORDS = "work job today doing plan busy lately days up to"
# questions about oneself, answered from the summary description's lines (see `describe`):
# 0 identity and lifestyle, 1 core characteristics, 2 occupation and current work, 3 feeling
ABOUT_ME = (
    ("occupation job profession living career work", 2),
    ("interest interests hobby hobbies passion enjoy", 2),
    ("schedule weekday routine typical", 0),
)


def about_me(inputs: InterviewInput) -> str | None:
    """An answer from the summary to a question about oneself ("What's your occupation?")."""
    question = inputs.question.lower()
    if "your" not in question.split() and "you" not in question.split():
        return None
    lines = inputs.summary.split("\n")
    for topic, line in ABOUT_ME:
        if overlap(question, topic) and line < len(lines):
            text = lines[line]
            if line == 0 and "Lifestyle:" in text:
                text = text.split("Lifestyle:", 1)[1]
            found = [s for s in sentences(text) if s.strip()][:2]
            if found:
                return " ".join(first_person(inputs.agent, s.rstrip(".") + ".") for s in found)
    return None


def heard_of(inputs: InterviewInput) -> str | None:
    """The answer from a known fact the question is about ("Do you know whose poems are
    being published?"), saying whom it was heard from; None when no fact fits. News known
    as data (memory fields) comes first, then the facts stated by memories whose fields are
    unknown (a memory with fields is never read for facts by its text)."""
    question = inputs.question
    typed = [fact_of_news(news) for news in inputs.news]
    keys = {f.key for f in typed}
    facts = typed + [f for f in known_facts(inputs.untyped, inputs.agent) if f.key not in keys]
    topic = topic_words(question)
    scored = [(len(topic & roots(f.statement)), f) for f in facts]
    best = max((score for score, _ in scored), default=0)
    if best < needed_overlap(question):
        return None
    fact = next(f for score, f in scored if score == best)
    yes = "Yes, " if YES_NO.match(question) else ""
    if fact.subject == inputs.agent:
        return yes + first_person(inputs.agent, fact.statement) + "."
    if fact.source and fact.source not in (inputs.agent, fact.subject):
        told = f"{fact.source.split()[0]} told me that {fact.statement}."
        return yes + told if yes else told
    return f"{yes}I know that {fact.statement}."


def roots(text: str) -> set[str]:
    """`text`'s words (`text.words`) with an "-ed" or "-ing" cut off, so "published" meets
    "publish" and "publishing" (both sides are cut alike, so a cut too far still matches)."""
    return {_root(word) for word in words(text)}


def _root(word: str) -> str:
    if word.endswith("ing") and len(word) > 5:
        return word[:-3]
    if word.endswith("ed") and len(word) > 4:
        return word[:-2]
    return word


def topic_words(question: str) -> set[str]:
    """What `question` asks about: its words' `roots` but the asking's own ("Did you know
    there is a lantern walk?" → lantern, walk)."""
    return roots(question) - ASKING_WORDS


def needed_overlap(question: str) -> int:
    """How many of the question's topic words a fact or memory must share to answer it: one
    for most questions; for one asking whether one knows a piece of news, most of them —
    "comedy nights" shares one word of "a lantern walk night", "the sink is running water"
    one of "who is running the bakery": each is something else, and a confident answer about
    something else is no answer to "did you know …?"."""
    if not ASKS_KNOWING.match(question.strip()):
        return 1
    return len(topic_words(question)) // 2 + 1


def interview(inputs: InterviewInput, rng: random.Random) -> InterviewAnswer:
    question = inputs.question
    if overlap(question, "introduce yourself who are you") >= 1 and "you" in question.lower():
        return InterviewAnswer(answer=inputs.summary.split("\n")[0].replace("Name: ", "I'm "))
    mine = about_me(inputs)
    if mine is not None:
        return InterviewAnswer(answer=mine)
    person = about_person(inputs, rng)
    if person is not None:
        return InterviewAnswer(answer=person)
    news = heard_of(inputs)
    if news is not None:
        return InterviewAnswer(answer=news)
    recalled = inputs.recalled
    facts = list(
        dict.fromkeys(
            sentence
            for index, line in enumerate(inputs.memories)
            for sentence in memory_facts(
                inputs.agent, line, recalled[index] if index < len(recalled) else None
            )
        )
    )
    topic = topic_words(question)
    ranked = sorted(facts, key=lambda s: -len(topic & roots(s)))
    relevant = [s for s in ranked if len(topic & roots(s)) >= needed_overlap(question)][:2]
    if not relevant and ASKS_KNOWING.match(question.strip()):
        return InterviewAnswer(answer=NOT_HEARD)  # honestly not known, not something else
    if not relevant and overlap(question, DAY_WORDS):  # "what are you up to today?"
        about = [s for s in sentences(inputs.summary) if ":" not in s][:2]
        if about:
            return InterviewAnswer(answer=" ".join(spoken(inputs.agent, s) for s in about))
    if not relevant:
        return InterviewAnswer(answer="I'm not sure — I don't remember anything about that.")
    return InterviewAnswer(answer=" ".join(remembered(inputs.agent, s) for s in relevant))


# words that open a sentence in lower case once "I remember that" goes before them
LOWER_AFTER_THAT = {"the", "a", "an", "there", "it", "this", "that", "some", "someone"}


def is_plan(line: str, recalled: Recalled | None) -> bool:
    """A day plan's memory ("…'s plan for Monday: 00:00–07:45 sleeping; …"): a record to
    act on, never something a person says in answer. Known by its fields (`plan`: its
    items); a memory without fields by `plan_text`'s reader."""
    if recalled is not None and recalled.about is not None:
        return bool(recalled.about.plan)
    return read_plan_text(strip_stamp(line).strip()) is not None


def memory_facts(agent: str, line: str, recalled: Recalled | None) -> list[str]:
    """The facts a memory tells, as sentences to answer with: a talk's by its fields — whom
    `agent` talked with and the news it carried (`MemoryFields.partners`, `news`), never
    its transcript's lines with their fillers ("Well, I should get going …"); a line
    overheard (a sighting whose `doing` is a spoken line) by the news it told, if any; a
    day plan none (`is_plan`); any other memory (and one saved without fields) by its
    sentences."""
    if is_plan(line, recalled):
        return []
    about = recalled.about if recalled is not None else None
    if recalled is not None and about is not None and is_spoken_line(about.doing):
        return [news.statement.strip() for news in about.news]  # a line overheard: its news
    if recalled is None or about is None or recalled.kind != MemoryKind.DIALOGUE:
        return sentences(line)
    others = [name for name in about.partners if name != agent]
    talked = [f"{agent} talked with {listed(others)}"] if others else []
    return talked + [news.statement.strip() for news in about.news]


def spoken(agent: str, sentence: str) -> str:
    """A sentence about `agent` as `agent` says it: "I own the cafe."; "Nora and Ada talked"
    → "Ada and I talked"."""
    said = first_person(agent, sentence.strip().rstrip("."))
    said = I_AND_NAME.sub(r"\1 and I ", said)
    return said + "."


I_AND_NAME = re.compile(r"^I and ((?:[A-Z][\w'-]*)(?: [A-Z][\w'-]*)*) ")


def remembered(agent: str, sentence: str) -> str:
    """A memory as `agent` answers with it: in the first person when it is about them ("I
    talked with Klaus."), else "I remember that …"."""
    sentence = sentence.strip().rstrip(".")
    if sentence.startswith((f"{agent} ", f"{agent}'s ", f"{agent.split()[0]} ")):
        return spoken(agent, sentence)
    said = f"{sentence}."
    first, _, rest = said.partition(" ")
    if first.lower() in LOWER_AFTER_THAT:
        said = f"{first.lower()} {rest}"
    return f"I remember that {said}"


def adopt_intention(inputs: IntentionInput, rng: random.Random) -> Intention:
    directive = DIRECTIVE.sub("", strip_stamp(inputs.directive)).rstrip(".!")
    directive = directive[:1].lower() + directive[1:]
    return Intention(statement=f"{inputs.agent} intends to {directive}", minutes=60, deed=directive)
