"""scenario.json: the bundled towns' scenarios load; a bad one is one line naming the file
and the field; the phrase rule of `carried_by`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.evaluation import EvaluationError, load_scenario, read_town
from game.evaluation.scenario import carries
from game.files.paths import bundled

N3 = bundled("saves/the_ville_n3")


def test_the_bundled_towns_have_their_scenarios() -> None:
    small = load_scenario(read_town("the_ville_n3"))
    assert [item.id for item in small.news] == ["party"]
    assert small.news[0].seeds == ["Isabella Rodriguez"]
    assert small.news[0].event is not None
    assert small.news[0].event.place == "Hobbs Cafe"
    assert (small.news[0].event.starts.hour, small.news[0].event.ends.hour) == (17, 19)
    town = read_town("the_ville_n25")
    full = load_scenario(town)
    assert [(item.id, item.seeds) for item in full.news] == [
        ("party", ["Isabella Rodriguez"]),
        ("candidacy", ["Sam Moore"]),
    ]
    assert (full.run_until - town.start).total_seconds() / 3600 == 41  # through Feb 14
    assert full.paper is not None and full.paper.density_end == 0.74


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Isabella is planning a Valentine's Day party", True),
        ("two valentines at one PARTY", True),
        ("Valentine's Day, and a partying mood", False),  # "partying" is not "party"
        ("a party", False),
    ],
)
def test_a_text_carries_news_when_it_holds_all_phrases_of_one_list(
    text: str, expected: bool
) -> None:
    assert carries(text, [["valentine", "party"]]) is expected


def test_phrases_are_whole_words_and_alternatives_are_or() -> None:
    mayor = [["sam", "mayor"], ["moore", "election"]]
    assert carries("Sam Moore is running for mayor", mayor)
    assert carries("the Moore family and the election", mayor)
    assert not carries("the same mayor as ever", mayor)  # "same" is not "sam"
    assert carries("Drinks at Hobbs  Cafe, then the party", [["hobbs cafe", "party"]])


def town_with(tmp_path: Path, scenario: Any) -> Path:
    """A copy of the 3-resident town with `scenario` as its scenario.json (None: none)."""
    folder = tmp_path / "town"
    folder.mkdir(parents=True)
    for name in ("town.json", "personas.json"):
        shutil.copy(N3 / name, folder / name)
    if scenario is not None:
        text = scenario if isinstance(scenario, str) else json.dumps(scenario)
        (folder / "scenario.json").write_text(text, encoding="utf-8")
    return folder


def good() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((N3 / "scenario.json").read_text(encoding="utf-8"))
    return data


def problem(tmp_path: Path, scenario: Any) -> str:
    with pytest.raises(EvaluationError) as caught:
        load_scenario(read_town(town_with(tmp_path, scenario)))
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_copy_of_a_good_scenario_loads(tmp_path: Path) -> None:
    scenario = load_scenario(read_town(town_with(tmp_path, good())))
    assert scenario.news[0].id == "party"


def test_no_scenario_or_no_news_is_a_clear_message(tmp_path: Path) -> None:
    assert "has no scenario.json" in problem(tmp_path / "a", None)
    no_news = good()
    del no_news["news"]
    assert "has no news items" in problem(tmp_path / "b", no_news)
    assert "has no news items" in problem(tmp_path / "c", {**good(), "news": []})
    assert "is not valid JSON" in problem(tmp_path / "d", '{"news": [')


def with_item(**changes: Any) -> dict[str, Any]:
    data = good()
    data["news"][0].update(changes)
    return data


def with_event(**changes: Any) -> dict[str, Any]:
    data = good()
    data["news"][0]["event"].update(changes)
    return data


@pytest.mark.parametrize(
    ("scenario", "expected"),
    [
        (
            with_item(seeds=["Isabella Rodriguez", "Sam Moore"]),
            "news[0].seeds: 'Sam Moore' is not a resident of",
        ),
        (with_item(seeds=[]), "news[0].seeds: List should have at least 1 item"),
        (with_item(id="Party!"), "news[0].id: String should match pattern"),
        (with_item(carried_by=[["party"], []]), "news[0].carried_by: alternative [1]"),
        (with_item(carried_by=[["mayor"]]), "news[0]: the text does not carry the news"),
        (with_item(seed=["x"]), "news[0].seed: unknown key"),
        (with_event(ends="2023-02-14T16:00:00"), "news[0].event.ends: 2023-02-14"),
        (with_event(starts="2023-02-14T17:00:00Z"), "news[0].event.starts: a game"),
        (with_event(starts="soon"), "news[0].event.starts: Input should be a valid datetime"),
        (with_event(place="Hobs Cafe"), "did you mean 'Hobbs Cafe'?"),
        (with_event(min_minutes=-1), "news[0].event.min_minutes: Input should be greater"),
        ({**good(), "run_until": "2023-02-13T06:00:00"}, "run_until: 2023-02-13 06:00:00 is not"),
        ({**good(), "news": good()["news"] * 2}, "news: the id 'party' is used twice"),
    ],
)
def test_a_bad_scenario_names_the_field(
    tmp_path: Path, scenario: dict[str, Any], expected: str
) -> None:
    message = problem(tmp_path, scenario)
    assert expected in message
    assert "scenario.json" in message


def test_an_unknown_town_lists_the_bundled_ones() -> None:
    with pytest.raises(EvaluationError, match=r"unknown town 'nowhere'.*the_ville_n3"):
        read_town("nowhere")
