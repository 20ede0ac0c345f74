"""The evaluation against its control: the control town is the town without its news (the
sentences carrying an item taken out of the personas, no news in its scenario); each
measure is set beside the control's — reach and density beyond it, and the invited guests
who came split into those who were there in the control anyway and those who came because
invited; several seeds get a 95 % t-interval."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evaluation_records import (
    ISA,
    KLAUS,
    MARIA,
    SCENARIO,
    at,
    memory,
    meta,
    position,
    write_record,
)

from game.evaluation import measure
from game.evaluation.control_measures import ControlMeasures, against_control, controls_markdown
from game.evaluation.control_town import strip_news, write_control_town
from game.evaluation.figures import control_figures
from game.evaluation.measures import Measures
from game.evaluation.plan import EvaluationOptions, plan
from game.evaluation.scenario import load_scenario, read_town
from game.evaluation.seeds import spread, t_interval
from game.records import RecordWriter, Row, RunRecord

CAFE = "Hobbs Cafe: cafe: counter"


def measured(path: Path) -> Measures:
    with RunRecord.open(path) as record:
        return measure(record, SCENARIO, at(10))


def control_record(path: Path, maria_at_cafe: bool) -> Path:
    """The small town's morning with no party: everyone meets everyone; Maria at the cafe
    9:00–9:30 or not."""
    rows: list[Row] = [
        memory(1, ISA, at(7), "Isabella Rodriguez knows Maria Lopez and Klaus Mueller"),
        memory(1, MARIA, at(7), "Maria Lopez knows Isabella Rodriguez and Klaus Mueller"),
        memory(1, KLAUS, at(7), "Klaus Mueller knows Isabella Rodriguez and Maria Lopez"),
        position(at(7), ISA, CAFE, keyframe=True),
        position(at(7), KLAUS, "", keyframe=True),
        position(at(7), MARIA, CAFE if maria_at_cafe else "", keyframe=True),
        position(at(9, 30), MARIA, ""),
        position(at(10), ISA, CAFE, keyframe=True),
        position(at(10), KLAUS, "", keyframe=True),
        position(at(10), MARIA, "", keyframe=True),
    ]
    writer = RecordWriter(path, meta("control"))
    for row in rows:
        writer.write(row)
    writer.close()
    return path


@pytest.mark.parametrize(("maria_at_cafe", "anyway", "because"), [(True, 1, 0), (False, 0, 1)])
def test_attendance_reach_and_density_against_the_control(
    tmp_path: Path, maria_at_cafe: bool, anyway: int, because: int
) -> None:
    run = measured(write_record(tmp_path / "run.sqlite"))
    control = measured(control_record(tmp_path / "control.sqlite", maria_at_cafe))
    found = against_control(run, None, ControlMeasures(control, ()), "control")
    party = found["attendance"]["party"]
    assert (party["guests"], party["invited"], party["invited_and_came"]) == (1, 2, 1)
    assert party["control_guests"] == (1 if maria_at_cafe else 0)
    assert party["guests_beyond_control"] == 1 - party["control_guests"]
    assert (party["came_anyway"], party["came_because_invited"]) == (anyway, because)
    reach = found["reach"]["party"]["by_memories"]
    assert reach["control"] == 0.0 and reach["beyond"] == reach["run"] > 0
    assert found["reach"]["party"]["by_answers"] is None  # no interviews here
    density = found["density"]["by_memories"]
    assert density["control"] == 1.0  # everyone names everyone in the control
    assert density["beyond"] == pytest.approx(density["run"] - 1.0)
    assert set(found["definitions"]["paper"]) == set(found["definitions"]["ours"])
    text = controls_markdown(found)
    assert "## Against the control" in text and "came because invited" in text
    figures = control_figures(found)
    assert figures["came_anyway_party"] == anyway
    assert figures["reach_beyond_control_stream_party"] == reach["beyond"]


def test_the_control_town_has_no_news(tmp_path: Path) -> None:
    town = read_town("the_ville_n25")
    scenario = load_scenario(town)
    folder = write_control_town(town, scenario, tmp_path / "town")
    control = read_town(folder)
    assert control.residents == town.residents and control.start == town.start
    assert control.scenario is not None and control.scenario.news == []
    for name, text in control.persona_texts.items():
        for line in text.splitlines():  # each text of the persona, each fact of it
            for fact in line.split(";"):
                assert not any(item.carried_in(fact) for item in scenario.news), (name, fact)
    isabella = control.persona_texts["Isabella Rodriguez"]
    assert "enjoys baking pastries" in isabella  # the rest of her persona stays
    assert json.loads((folder / "town.json").read_text())["map"].endswith("the_ville.tmx")


def test_names_and_places_are_never_stripped() -> None:
    party = SCENARIO.news[0]
    persona = {
        "name": "Hobbs Cafe party",  # would carry the item, but a name is kept
        "description": "Likes tea;Goes to the Valentine's party. Reads a lot.",
    }
    stripped = strip_news(persona, [party])
    assert stripped == {"name": "Hobbs Cafe party", "description": "Likes tea;Reads a lot."}


def test_controls_are_on_by_default_and_cost_a_second_run() -> None:
    with_control = plan(EvaluationOptions(town="the_ville_n3", hours=2, embedder="hashing"))
    without = plan(
        EvaluationOptions(town="the_ville_n3", hours=2, embedder="hashing", controls=False)
    )
    assert "control run" in with_control.estimate.phases
    assert "control run" not in without.estimate.phases
    phases = with_control.estimate.phases
    assert phases["control run"] == phases["simulation"] + phases["interviews at the end"]


def test_the_seeds_mean_gets_a_t_interval() -> None:
    assert t_interval([1.0]) is None
    low, high = t_interval([1.0, 2.0, 3.0]) or (0.0, 0.0)
    assert (low, high) == pytest.approx((2 - 4.303 / 3**0.5, 2 + 4.303 / 3**0.5))
    found = spread([{"seed": 0, "x": 1.0}, {"seed": 1, "x": 3.0}])
    assert found["x"]["ci95_low"] < found["x"]["mean"] < found["x"]["ci95_high"]
