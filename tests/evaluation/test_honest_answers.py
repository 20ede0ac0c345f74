"""The offline town's own answers, judged strictly: at the 3-resident town's start only the
host knows of the party, and the others say they have not heard of it — none answers "Did you
know there is a Valentine's Day party?" with something else that shares a word with it
("I study physics at Oak Hill College …" for its "Day": a hallucination the strict judge
counts)."""

from __future__ import annotations

from pathlib import Path

from offline_recipes import offline_recipe

from game.bridge import InterviewDesk
from game.evaluation.answers import hallucination
from game.evaluation.interviews import knowledge_interview
from game.evaluation.scenario import load_scenario, read_town


def test_residents_who_have_not_heard_the_news_say_so(tmp_path: Path) -> None:
    scenario = load_scenario(read_town("the_ville_n3"))
    recipe = offline_recipe(tmp_path / "memory")
    with InterviewDesk.open(recipe) as desk:
        found = knowledge_interview(desk, scenario, "start", lambda: None, workers=1)
    news = {a.resident: a for a in found if a.kind == "news"}
    assert news["Isabella Rodriguez"].knows and news["Isabella Rodriguez"].backed
    for name in ("Klaus Mueller", "Maria Lopez"):
        assert not news[name].knows and not news[name].off_subject, news[name].answer
    assert hallucination(found)["hallucinated"] == 0
