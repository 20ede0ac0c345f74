"""Ground truth: whether an interview answer is correct, where the answer is in the persona,
the plan or the memory stream — objective, by rule, the same offline and with a model.

- `persona` (field): the answer holds the field's value — the first or last name, the age,
  or a content word of the text (occupation, interests, lifestyle, home);
- `housemates`: it names someone who lives in the same home, or says they live alone when
  nobody does;
- `person`: when one of the resident's memories is of the person (its typed fields name
  them; its words, the full, first or last name, only where the fields are unknown:
  `Recalled.names`), it claims to know them and says something true of them (a content word
  of their persona or of the resident's memories of them); otherwise it does not claim to;
- `news`: it claims to know the item exactly when the resident's memory carries it (read
  from the memories' typed fields, from their words only where the fields are unknown:
  `knowing.py`; the interviews hand the carried items in);
- `plan`: it shares a content word with the plan's hour chunk at the question's minute.

Questions without a truth (reactions, reflections) score None: only the panel judges them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.evaluation.questions import AskedQuestion
from game.evaluation.scenario import Scenario

__all__ = ["Recalled", "TruthContext", "content_words", "mentions", "score"]

Claims = Callable[[str, str], bool]  # (answer, subject) → does the answer claim to know it?

_WORD = re.compile(r"[a-z0-9]+")
_COMMON_TEXT = (
    "a an the and or of to in on at is are was were be been for with by it its this that as "
    "from about there their his her she he they them you your who what when where which "
    "will would i me my we our us do does did have has had not no yes so but if then than "
    "also very much many some any all into out up down over just like really well being get "
    "got one two day days time times lot lots thing things people person "
)
_COMMON = frozenset(_COMMON_TEXT.split())
_ALONE = ("alone", "by myself", "on my own", "nobody", "no one", "live with no")


def mentions(name: str, texts: list[str]) -> bool:
    """Whether one of `texts` names the person: the full, first or last name, whole words."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, name.split())) + r")\b", re.I)
    return any(pattern.search(text) for text in texts)


@dataclass(frozen=True)
class Recalled:
    """A memory as the ground truth reads it: its words, and the people its typed fields
    name (None: unknown, as in a save made before memories had fields)."""

    text: str
    people: frozenset[str] | None = None

    def names(self, person: str) -> bool:
        """Whether the memory is of `person`: by its fields, by its words (`mentions`) only
        where the fields are unknown."""
        return person in self.people if self.people is not None else mentions(person, [self.text])


def content_words(text: str, ignore: frozenset[str] = frozenset()) -> set[str]:
    """The text's meaningful words, lower-case, a plural "s" dropped."""
    found = {w for w in _WORD.findall(text.lower()) if len(w) > 2 and w not in _COMMON}
    stems = {w[:-1] if w.endswith("s") and len(w) > 4 else w for w in found}
    return stems - ignore


@dataclass(frozen=True)
class TruthContext:
    """What is true of one resident at the interview: its persona and everyone's, its plan's
    hour chunks, every memory it holds (`Recalled`), the scenario, the knowledge rule, and
    the ids of the news items its memories carry (`interviews.held_memories`)."""

    name: str
    personas: dict[str, dict[str, Any]]
    plan: list[dict[str, Any]]
    memories: Sequence[Recalled]
    scenario: Scenario
    claims: Claims
    carried: frozenset[str]

    @property
    def persona(self) -> dict[str, Any]:
        return self.personas[self.name]


def _names(personas: dict[str, dict[str, Any]]) -> frozenset[str]:
    return frozenset(part.lower() for name in personas for part in name.split())


def score(question: AskedQuestion, answer: str, ctx: TruthContext) -> bool | None:
    """True/False for a question with a truth; None for one without (or without a plan)."""
    truth = question.truth
    if truth is None:
        return None
    said = content_words(answer)
    if truth.kind == "persona":
        return _persona_field(ctx.persona, str(truth.field), answer, said)
    if truth.kind == "housemates":
        return _housemates(ctx, answer)
    if truth.kind == "person":
        return _person(ctx, str(question.about), answer, said)
    if truth.kind == "news":
        item = ctx.scenario.item(str(question.about))
        return ctx.claims(answer, item.text) == (item.id in ctx.carried)
    chunk = next((c for c in ctx.plan if c["start"] <= (truth.minute or 0) < c["end"]), None)
    if chunk is None:
        return None
    return bool(said & content_words(str(chunk["what"])))


def _persona_field(persona: dict[str, Any], field: str, answer: str, said: set[str]) -> bool:
    value = persona.get(field)
    if field == "name":
        return any(part.lower() in answer.lower() for part in str(value).split())
    if field == "age":
        return re.search(rf"(?<!\d){int(value or 0)}(?!\d)", answer) is not None
    names = frozenset(part.lower() for part in str(persona.get("name", "")).split())
    return bool(said & content_words(str(value or ""), names))


def _housemates(ctx: TruthContext, answer: str) -> bool:
    home = ctx.persona.get("home_sector")
    housemates = [
        name
        for name, p in ctx.personas.items()
        if name != ctx.name and p.get("home_sector") == home
    ]
    lowered = answer.lower()
    if not housemates:
        return any(word in lowered for word in _ALONE)
    return any(part.lower() in lowered for name in housemates for part in name.split())


def _person(ctx: TruthContext, other: str, answer: str, said: set[str]) -> bool:
    of_them = [memory.text for memory in ctx.memories if memory.names(other)]
    claims = ctx.claims(answer, other)
    if not of_them:
        return not claims
    about = ctx.personas.get(other, {})
    facts = [str(about.get(key, "")) for key in ("learned", "currently", "innate", "description")]
    facts += of_them  # what it learned of them
    return claims and bool(said & content_words(" ".join(facts), _names(ctx.personas)))
