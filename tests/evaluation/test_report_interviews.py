"""The report with the interviews' findings: evaluation.json's `interviews`, `controlled`,
`panel` and `calls` beside the paper's figures, report.md's sections, report.html,
answers.csv and the PNGs from the answers; and a run whose panel was skipped. The report of
`findings()` is written once (`report`, a module fixture): its four tests only read it."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from evaluation_records import ISA, KLAUS, MARIA, RESIDENTS, SCENARIO, at, write_record

from game.evaluation import RunInfo, measure, write_report
from game.evaluation.answers import Findings, PanelInfo, with_ratings
from game.evaluation.interviews import ControlledAnswer, KnowledgeAnswer
from game.evaluation.judging import JudgedPair, PairToJudge
from game.evaluation.phases import NO_PAIRS
from game.evaluation.report import ReportFiles
from game.evaluation.report_html import html_page
from game.records import RunRecord

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
FULL, NO_REFLECTION = "full", "no reflection"
# who answers "Do you know X?" as knowing X, at the start and the end (Klaus's claim to know
# Maria at the start has no memory behind it: the one hallucination)
KNOWS = {
    "start": {(ISA, MARIA), (MARIA, ISA), (KLAUS, MARIA)},
    "end": {(ISA, MARIA), (MARIA, ISA), (MARIA, KLAUS), (KLAUS, MARIA), (ISA, KLAUS)},
}
HEARD = {"start": {ISA}, "end": {ISA, MARIA}}  # who answers as knowing of the party


def knowledge(moment: str) -> list[KnowledgeAnswer]:
    found = []
    for name in RESIDENTS:
        for item in SCENARIO.news:
            knows = item.id == "party" and name in HEARD[moment]
            said = "Yes, at Hobbs Cafe!" if knows else "No, I have not heard."
            found.append(
                KnowledgeAnswer(
                    moment, name, "news", item.id, item.question, said, knows, False, knows
                )
            )
        for other in RESIDENTS:
            if other == name:
                continue
            knows = (name, other) in KNOWS[moment]
            backed = knows and not (moment == "start" and name == KLAUS)
            found.append(
                KnowledgeAnswer(
                    moment,
                    name,
                    "person",
                    other,
                    f"Do you know {other}?",
                    f"Yes, {other} is a friend." if knows else "No.",
                    knows,
                    name == MARIA and moment == "end",
                    backed,
                )
            )
    return found


def controlled() -> list[ControlledAnswer]:
    def answer(
        name: str, condition: str, category: str, qid: str, correct: bool | None
    ) -> ControlledAnswer:
        return ControlledAnswer(name, condition, category, qid, f"the {qid} question?",
                                f"{name}'s answer, {condition}", correct)  # fmt: skip

    return [
        answer(ISA, FULL, "memory", "who_is", True),
        answer(KLAUS, FULL, "memory", "who_is", True),
        answer(MARIA, FULL, "plans", "at_ten", False),
        answer(ISA, FULL, "reactions", "burning", None),
        answer(ISA, NO_REFLECTION, "memory", "who_is", False),
        answer(KLAUS, NO_REFLECTION, "memory", "who_is", True),
        answer(MARIA, NO_REFLECTION, "plans", "at_ten", None),  # no truth under this one
        answer(ISA, NO_REFLECTION, "reactions", "burning", None),
    ]


def judged() -> list[JudgedPair]:
    asked = PairToJudge(ISA, "burning", "the burning question?", FULL, NO_REFLECTION,
                        "I'd take the pan off.", "Breakfast?")  # fmt: skip
    same = PairToJudge(KLAUS, "who_is", "the who_is question?", NO_REFLECTION, FULL,
                       "Maria.", "Maria.")  # fmt: skip
    return [
        JudgedPair(asked, "A", {"critic": "A", "public": "A"}, [["critic", "A is calmer"]], 4, 1),
        JudgedPair(same, "tie", asked=False),
    ]


def findings(panel_skipped: str | None = None) -> Findings:
    info = PanelInfo("simultaneous talk", ("critic", "public"), 2, 2, skipped=panel_skipped)
    usage = {
        "interviews at the start": {"calls": 24, "tokens": 2400, "fallbacks": 0},
        "interviews at the end": {"calls": 24, "tokens": 2600, "fallbacks": 1},
        "controlled interviews": {"calls": 8, "tokens": 1200, "fallbacks": 0},
    }
    if panel_skipped is None:
        usage["judge panel"] = {"calls": 4, "tokens": 900, "fallbacks": 1}
    found = Findings(
        residents=RESIDENTS,
        conditions=(FULL, NO_REFLECTION),
        knowledge=(*knowledge("start"), *knowledge("end")),
        controlled=tuple(controlled()),
        skipped={KLAUS: ["at_ten"]},
        judged=() if panel_skipped else tuple(judged()),
        panel=info,
        usage=usage,
    )
    return with_ratings(found)


def report_of(tmp_path: Path, found: Findings) -> tuple[Path, ReportFiles]:
    path = write_record(tmp_path / "run.sqlite")
    with RunRecord.open(path) as record:
        measures = measure(record, SCENARIO, at(10))
        run = RunInfo(
            town="the_ville_n3", seed=7, hours=3, brain="test brain", model="tiny-model",
            record=path, run_id=record.meta.run_id, simulated=True,
            simulation={"llm_calls": 120},
        )  # fmt: skip
    out = tmp_path / "report"
    return out, write_report(run, SCENARIO, measures, out, found)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ReportFiles]:
    """The report of `findings()` (its folder and files), for the tests that only read it."""
    return report_of(tmp_path_factory.mktemp("interviews"), findings())


def evaluation(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / "evaluation.json").read_text(encoding="utf-8"))
    return data


def test_evaluation_json_has_the_interviews_beside_the_stream_and_the_paper(
    report: tuple[Path, ReportFiles],
) -> None:
    out, _ = report
    data = evaluation(out)
    assert data["format"] == 2
    start, end = data["interviews"]["start"], data["interviews"]["end"]
    assert start["answers"] == end["answers"] == 12  # 3 residents × (2 items + 2 others)
    party = start["diffusion"]["party"]
    assert party["answers"] == {"count": 1, "share": 0.3333, "who": [ISA]}
    assert party["stream"] == {"count": 1, "share": 0.3333, "who": [ISA]}
    assert party["paper"] == {"count": 1, "share": 0.04}
    assert end["diffusion"]["party"]["answers"]["who"] == [ISA, MARIA]
    assert end["diffusion"]["party"]["stream"]["count"] == 3  # the memory stream: all three
    assert end["diffusion"]["candidacy"]["answers"]["count"] == 0
    assert start["relationships"] == {
        "density": 0.3333, "edges": [[ISA, MARIA]], "pairs": 3, "stream_density": 0.3333,
        "paper": 0.167,
    }  # fmt: skip
    assert end["relationships"]["density"] == 0.6667
    assert end["relationships"]["edges"] == [[ISA, MARIA], [KLAUS, MARIA]]
    assert end["relationships"]["paper"] == 0.74
    assert (start["judge_fallbacks"], end["judge_fallbacks"]) == (0, 2)
    made_up = data["interviews"]["hallucination"]
    assert (made_up["answers"], made_up["hallucinated"], made_up["rate"]) == (24, 1, 0.0417)
    example = {"resident": KLAUS, "question": f"Do you know {MARIA}?"}
    assert made_up["examples"] == [{**example, "answer": f"Yes, {MARIA} is a friend."}]
    assert made_up["paper"]["rate"] == 0.013 and made_up["paper"]["answers"] == 453


def test_evaluation_json_has_the_controlled_evaluation_the_panel_and_the_calls(
    report: tuple[Path, ReportFiles],
) -> None:
    data = evaluation(report[0])
    controlled = data["controlled"]
    assert controlled["answers"] == 8
    assert controlled["accuracy"][FULL] == {
        "memory": {"correct": 2, "scored": 2, "rate": 1.0},
        "plans": {"correct": 0, "scored": 1, "rate": 0.0},
        "all": {"correct": 2, "scored": 3, "rate": 0.6667},
    }
    assert controlled["accuracy"][NO_REFLECTION]["plans"] == {
        "correct": 0,
        "scored": 0,
        "rate": None,
    }
    assert controlled["accuracy"][NO_REFLECTION]["all"]["rate"] == 0.5
    assert controlled["without_truth"] == ["reactions"]
    assert controlled["skipped"] == {KLAUS: ["at_ten"]}
    panel = data["panel"]
    assert (panel["strategy"], panel["referees"], panel["rounds"]) == (
        "simultaneous talk", ["critic", "public"], 2
    )  # fmt: skip
    assert (panel["pairs_planned"], panel["pairs_judged"], panel["pairs_asked"]) == (2, 2, 1)
    assert (panel["calls"], panel["fallbacks"], panel["skipped"], panel["stopped"]) == (
        4,
        1,
        None,
        None,
    )
    full, ablated = panel["ratings"][FULL], panel["ratings"][NO_REFLECTION]
    assert (full["wins"], full["losses"], full["ties"]) == (1, 0, 1)
    assert (ablated["wins"], ablated["losses"], ablated["ties"]) == (0, 1, 1)
    assert full["mu"] > ablated["mu"] and full["sigma"] < 25 / 3
    assert full["paper"] == {"mu": 29.89, "sigma": 0.72}
    assert ablated["paper"] == {"mu": 26.88, "sigma": 0.69}
    assert panel["paper"]["ratings"]["human crowdworkers"] == {"mu": 22.95, "sigma": 0.69}
    assert panel["paper"]["ratings"]["no observation, no reflection, no planning"]["mu"] == 21.21
    calls = data["calls"]
    assert calls["phases"]["interviews at the start"] == {
        "calls": 24, "tokens": 2400, "fallbacks": 0, "per_resident": 8.0
    }  # fmt: skip
    assert calls["in_all"] == {"calls": 60, "tokens": 7100, "fallbacks": 2, "per_resident": 20.0}
    assert calls["simulation"] == 120
    assert not any(
        line.startswith(("interviews", "hallucination")) for line in data["not_measured"]
    )
    assert any("human crowdworkers" in line for line in data["not_measured"])
    assert data["plots"] == [
        "diffusion.png", "network.png", "presence-party.png", "network-interviews.png",
        "accuracy.png", "ratings.png",
    ]  # fmt: skip


def test_the_files_answers_csv_and_the_pictures(report: tuple[Path, ReportFiles]) -> None:
    out, files = report
    assert files.csv == out / "answers.csv" and files.html == out / "report.html"
    assert [path.name for path in files.plots] == evaluation(out)["plots"]
    for path in files.plots:
        data = path.read_bytes()
        assert data.startswith(PNG_MAGIC) and 10_000 < len(data) < 150_000, path.name
    with (out / "answers.csv").open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    assert list(rows[0]) == [
        "phase", "resident", "condition", "category", "question_id", "question", "answer",
        "judged_knows", "backed_by_memory", "hallucinated", "correct",
    ]  # fmt: skip
    assert len(rows) == 24 + 8
    assert [row["phase"] for row in rows].count("controlled") == 8
    made_up = [row for row in rows if row["hallucinated"] == "true"]
    assert [(r["phase"], r["resident"], r["category"], r["question_id"]) for r in made_up] == [
        ("start", KLAUS, "person", MARIA)
    ]
    assert made_up[0]["judged_knows"] == "true" and made_up[0]["backed_by_memory"] == "false"
    assert made_up[0]["condition"] == made_up[0]["correct"] == ""
    news = next(r for r in rows if r["phase"] == "end" and r["question_id"] == "party")
    assert (news["category"], news["question"]) == ("news", SCENARIO.news[0].question)
    scored = [r["correct"] for r in rows if r["phase"] == "controlled"]
    assert scored == ["true", "true", "false", "", "false", "true", "", ""]
    reaction = next(r for r in rows if r["category"] == "reactions")
    assert (reaction["condition"], reaction["judged_knows"], reaction["answer"]) == (
        FULL, "", f"{ISA}'s answer, full"
    )  # fmt: skip


def test_report_md_and_html_show_the_sections_beside_the_paper(
    report: tuple[Path, ReportFiles],
) -> None:
    out, _ = report
    text = (out / "report.md").read_text(encoding="utf-8")
    for heading in ("Diffusion by interview", "Relationships by interview", "Hallucination",
                    "Controlled evaluation", "Judge panel", "Model calls"):  # fmt: skip
        section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
        assert "test brain (tiny-model)" in section, heading
    assert (
        "| party | 1 of 3 (33%) | 2 of 3 (67%) | 1 → 3 of 3 (33% → 100%) | -33% | "
        "1 → 13 of 25 (4% → 52%) |"
    ) in text
    assert "| by answers (this run) | 0.333 | 0.667 |" in text
    assert "| the paper (by answers) | 0.167 | 0.740 |" in text
    assert "1 of 24 answers (4.2%)" in text and "the paper: 1.3% of 453 answers" in text
    assert f'> **{KLAUS}**, asked "Do you know {MARIA}?"' in text
    assert "| condition | memory | plans | all |" in text
    assert "| full | 2/2 (100%) | 0/1 (0%) | 2/3 (67%) |" in text
    assert "| no reflection | 1/2 (50%) | — | 1/2 (50%) |" in text
    assert "Reactions: no ground truth; judged only by the panel." in text
    assert "| 29.89 ± 0.72 |" in text and "| human crowdworkers" in text
    assert "| interviews at the start | 24 | 2,400 | 0 | 8 |" in text
    assert "| the simulation | 120 | | | 40.0 |" in text
    for name in ("network-interviews.png", "accuracy.png", "ratings.png"):
        assert f"]({name})" in text
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "<title>Evaluation: the_ville_n3, seed 7, 3 game hours</title>" in page
    assert "<table>" in page and "<td>full</td>" in page
    assert 'src="ratings.png"' in page and 'src="network-interviews.png"' in page


def test_a_skipped_panel_is_explained_and_has_no_ratings(tmp_path: Path) -> None:
    out, files = report_of(tmp_path, findings(panel_skipped=NO_PAIRS))
    assert not (out / "ratings.png").exists()
    assert "ratings.png" not in [path.name for path in files.plots]
    data = evaluation(out)
    assert data["panel"]["skipped"] == NO_PAIRS
    assert data["panel"]["ratings"] == {} and data["panel"]["pairs_judged"] == 0
    assert f"judge panel and ratings: {NO_PAIRS}" in data["not_measured"]
    assert "judge panel" not in data["calls"]["phases"]
    text = (out / "report.md").read_text(encoding="utf-8")
    panel = text.split("## Judge panel\n", 1)[1].split("\n## ", 1)[0]
    assert f"No judge panel: {NO_PAIRS}." in panel
    assert "μ ± σ" not in panel and "ratings.png" not in text
    assert (out / "accuracy.png").exists()  # the ground truth works without a panel


def test_the_html_page_shows_raw_html_as_text() -> None:
    page = html_page('# A\n\n> **Klaus**: "<script>alert(1)</script> & more"\n', "A & B")
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<title>A &amp; B</title>" in page and "<blockquote>" in page
