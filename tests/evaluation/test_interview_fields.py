"""The interviews read news from memory fields: whether a memory backs an answer about a news
item, and whether an answer to the controlled interview's news question is true, is decided
by the memories' typed fields — by their words only where the fields are unknown, or name no
item in a town whose talk does not state its news as data (`knowing.py`'s rule). The desk's
memories are scripted; the 3-resident town judges by the offline brain's rule."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from offline_recipes import offline_recipe

from game.bridge import (
    Answered,
    InterviewDesk,
    MemoryFacts,
    claims_knowledge,
)
from game.evaluation.interviews import KnowledgeAnswer, held_memories, knowledge_interview
from game.evaluation.questions import AskedQuestion, load_questions
from game.evaluation.scenario import load_scenario, read_town
from game.evaluation.truth import TruthContext, score

KLAUS = "Klaus Mueller"
KNOWS_PARTY = "Yes, Isabella Rodriguez is throwing a Valentine's Day party at Hobbs Cafe."
NO_WORDS = "Isabella and I talked over coffee this morning."  # nothing of the party in words
IN_WORDS = "Isabella Rodriguez is throwing a Valentine's Day party."  # the party in words
# a dialogue memory whose fields carry news: the town's talk states its news as data
STATES_NEWS = MemoryFacts("Isabella told me about her party.", "dialogue", frozenset({"party"}))
SCENARIO = load_scenario(read_town("the_ville_n3"))


class ScriptedDesk(InterviewDesk):
    """Klaus says he knows of the party; every resident's memories are `memories`."""

    memories: dict[str, list[MemoryFacts]]

    def ask(self, name: str, question: str, condition: str = "full") -> Answered:
        if name == KLAUS and "party" in question:
            return Answered(KNOWS_PARTY)
        return super().ask(name, question, condition)

    def memory_facts(self, name: str) -> list[MemoryFacts]:
        return self.memories.get(name, [])


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ScriptedDesk]:
    recipe = offline_recipe(tmp_path_factory.mktemp("memory"))
    with ScriptedDesk.open(recipe) as opened:
        assert isinstance(opened, ScriptedDesk)
        yield opened


def klaus_on_the_party(desk: ScriptedDesk, memories: dict[str, list[MemoryFacts]]) -> bool:
    """Whether Klaus's claim to know of the party is backed by his memories, and whether his
    answer to the controlled interview's news question is true (both must agree)."""
    desk.memories = memories
    answers = knowledge_interview(desk, SCENARIO, "end", lambda: None, workers=1)
    answer: KnowledgeAnswer = next(a for a in answers if a.resident == KLAUS and a.kind == "news")
    assert answer.knows  # the judge: the answer carries the party's facts
    held = held_memories(desk, SCENARIO)[KLAUS]
    truth = TruthContext(
        KLAUS, {}, [], held.memories, SCENARIO, claims_knowledge, held.carried
    )  # fmt: skip
    question = next(
        q for f in load_questions() for q in f.questions if q.truth and q.truth.kind == "news"
    )
    asked = AskedQuestion("memory", question.id, SCENARIO.item("party").question, question.truth,
                          "party")  # fmt: skip
    true = score(asked, KNOWS_PARTY, truth)
    assert true is answer.backed
    return answer.backed


def test_a_memory_naming_the_item_in_its_fields_backs_the_answer(desk: ScriptedDesk) -> None:
    named = MemoryFacts(NO_WORDS, "dialogue", frozenset({"party"}))
    assert klaus_on_the_party(desk, {KLAUS: [named]})


def test_matching_words_do_not_back_it_when_the_fields_name_no_news(desk: ScriptedDesk) -> None:
    no_news = MemoryFacts(IN_WORDS, "dialogue", frozenset())
    assert not klaus_on_the_party(desk, {"Isabella Rodriguez": [STATES_NEWS], KLAUS: [no_news]})


def test_unknown_fields_fall_back_to_the_words(desk: ScriptedDesk) -> None:
    unknown = MemoryFacts(IN_WORDS, "reflection", None)
    assert klaus_on_the_party(desk, {"Isabella Rodriguez": [STATES_NEWS], KLAUS: [unknown]})
    assert not klaus_on_the_party(
        desk, {"Isabella Rodriguez": [STATES_NEWS], KLAUS: [MemoryFacts(NO_WORDS, "plan", None)]}
    )


def test_fields_naming_no_item_are_read_by_their_words_where_talk_states_no_news(
    desk: ScriptedDesk,
) -> None:
    """A model's talk: dialogue memories have fields but no news in them."""
    no_news = MemoryFacts(IN_WORDS, "dialogue", frozenset())
    assert klaus_on_the_party(desk, {KLAUS: [no_news]})


def test_the_desk_hands_out_the_items_each_memory_s_fields_name(tmp_path: Path) -> None:
    recipe = offline_recipe(tmp_path / "memory")
    with InterviewDesk.open(recipe) as town:
        isabella = town.memory_facts("Isabella Rodriguez")
        klaus = town.memory_facts(KLAUS)
        assert [m.text for m in isabella] == town.memory_texts("Isabella Rodriguez")
    # her party is news she knows as data: its seeded memory names it; Klaus knows none of
    # the scenario's, only what he is busy with (his persona's currently, as news)
    assert any(m.items == frozenset({"party"}) for m in isabella)
    assert {item for m in klaus for item in m.items or ()} <= {f"{KLAUS}: currently"}
