"""The interview desk on the 3-resident town: asked under every condition, in any order, the
residents answer the same, and nothing is added to their minds; the knowledge interview
judges each answer and checks it against the memory stream."""

from __future__ import annotations

from pathlib import Path

from offline_recipes import offline_recipe

from game.bridge import CONDITIONS, InterviewDesk
from game.evaluation.interviews import knowledge_interview, knowledge_interview_size
from game.evaluation.scenario import load_scenario, read_town

QUESTION = "Did you know there is a Valentine's Day party?"


def desk(tmp_path: Path) -> InterviewDesk:
    recipe = offline_recipe(tmp_path / "memory")
    return InterviewDesk.open(recipe)


def test_interviews_change_nothing_and_do_not_depend_on_their_order(tmp_path: Path) -> None:
    with desk(tmp_path / "a") as first, desk(tmp_path / "b") as second:
        name = "Isabella Rodriguez"
        count = len(first.memory_texts(name))
        forwards = [first.ask(name, QUESTION, c).text for c in CONDITIONS]
        backwards = [second.ask(name, QUESTION, c).text for c in reversed(CONDITIONS)]
        assert forwards == backwards[::-1]
        assert len(first.memory_texts(name)) == count
        assert "Valentine" in forwards[0]  # the full architecture remembers her own party
        assert forwards[-1] != forwards[0]  # with no memory at all, she cannot say it
        assert first.ask(name, QUESTION).text == forwards[0]


def test_the_knowledge_interview_judges_and_checks_every_answer(tmp_path: Path) -> None:
    scenario = load_scenario(read_town("the_ville_n3"))
    ticks: list[int] = []
    with desk(tmp_path) as town:
        found = knowledge_interview(town, scenario, "start", lambda: ticks.append(1), workers=2)
    assert len(found) == len(ticks) == knowledge_interview_size(3, 1)
    party = {a.resident: a for a in found if a.kind == "news"}
    assert party["Isabella Rodriguez"].knows and party["Isabella Rodriguez"].backed
    assert not party["Klaus Mueller"].backed
    assert not any(a.unbacked for a in found)  # the offline brain says what it remembers
    maria = {a.about: a for a in found if a.resident == "Maria Lopez" and a.kind == "person"}
    assert maria["Klaus Mueller"].knows  # her persona: a crush on Klaus
