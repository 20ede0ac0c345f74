"""The strict interview judge: knowing a news item means the answer carries its facts (who,
what, and where or when), taken from scenario.json; a confident answer about something else
is no knowing and counts as a hallucination. Answers are scripted; the judge is the town's
(the offline brain's rule)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

from offline_recipes import offline_recipe

from game.bridge import Answered, InterviewDesk
from game.evaluation.answers import hallucination
from game.evaluation.facts import carries_facts, item_facts
from game.evaluation.interviews import knowledge_interview
from game.evaluation.scenario import load_scenario, read_town

ISA = "Isabella Rodriguez"
OFF_SUBJECT = "Yes, I know that Isabella Rodriguez is working on a photography project."
WITH_FACTS = "Yes, Isabella Rodriguez is throwing a Valentine's Day party at Hobbs Cafe."
NO_WHO = "Yes, I plan to go to the Valentine's Day party at Hobbs Cafe on February 14."


class ScriptedDesk(InterviewDesk):
    """The 3-resident town, each resident giving the scripted answer to the news question."""

    said: ClassVar[dict[str, str]] = {}

    def ask(self, name: str, question: str, condition: str = "full") -> Answered:
        if "party" in question and name in self.said:
            return Answered(self.said[name])
        return super().ask(name, question, condition)


def test_the_party_s_facts_come_from_the_scenario() -> None:
    party = load_scenario(read_town("the_ville_n3")).item("party")
    facts = item_facts(party, datetime(2023, 2, 13, 7))
    assert "Isabella Rodriguez" in facts.text and "Hobbs Cafe" in facts.text
    assert carries_facts(WITH_FACTS, facts.phrases)
    assert carries_facts("Isabella's party is tomorrow.", facts.phrases)  # seen from the 13th
    assert not carries_facts("Isabella's party is on.", facts.phrases)  # no where, no when
    assert not carries_facts(OFF_SUBJECT, facts.phrases)


def test_an_item_without_an_event_needs_who_and_what() -> None:
    scenario = load_scenario(read_town("the_ville_n25"))
    facts = item_facts(scenario.item("candidacy"))
    assert len(facts.phrases) == 2
    assert carries_facts("Sam Moore is running for mayor.", facts.phrases)
    assert not carries_facts("Sam Moore is a shopkeeper.", facts.phrases)


def test_a_confident_answer_about_something_else_is_a_hallucination(tmp_path: Path) -> None:
    scenario = load_scenario(read_town("the_ville_n3"))
    recipe = offline_recipe(tmp_path / "memory")
    ScriptedDesk.said = {
        "Klaus Mueller": OFF_SUBJECT, "Isabella Rodriguez": WITH_FACTS, "Maria Lopez": NO_WHO
    }  # fmt: skip
    with ScriptedDesk.open(recipe) as desk:
        found = knowledge_interview(desk, scenario, "start", lambda: None, workers=1)
    party = {a.resident: a for a in found if a.kind == "news"}
    klaus, isabella, maria = (party[name] for name in ("Klaus Mueller", ISA, "Maria Lopez"))
    assert not klaus.knows and klaus.off_subject and klaus.hallucinated
    assert isabella.knows and isabella.backed and not isabella.hallucinated
    # about the party but not whose: no knowing, and no hallucination either
    assert maria.partial and not maria.knows and not maria.hallucinated
    counted = hallucination(found)
    assert (counted["off_subject"], counted["partial"]) == (1, 1)
    assert counted["hallucinated"] >= 1


def test_the_host_may_say_i() -> None:
    party = load_scenario(read_town("the_ville_n3")).item("party")
    own = "Yes, I am planning a Valentine's Day party at Hobbs Cafe."
    assert carries_facts(own, item_facts(party, asked="Isabella Rodriguez").phrases)
    assert not carries_facts(own, item_facts(party, asked="Klaus Mueller").phrases)
