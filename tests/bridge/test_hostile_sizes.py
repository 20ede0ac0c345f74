"""Every field the player types is capped where it reaches the minds (a 100 KB persona must
not become a 310 KB request and a 188 KB memory), and no error echoes a long bad value."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from cognition import PersonaAsker
from game.bridge.desk.chat import (
    PLAYER_DESCRIPTION_MAX_CHARS,
    PLAYER_NAME_MAX_CHARS,
    mind_asker,
)
from game.bridge.desk.player_desk import PlayerDesk
from game.bridge.lockstep import LockstepRunner
from game.bridge.town_minds import LivingTown
from game.saves import SaveError, SaveSlots, quoted
from game.town.views import Asking

MakeTown = Callable[..., LivingTown]
HUGE = "x" * 100_000
ISABELLA = "Isabella Rodriguez"


def test_a_persona_is_capped_before_it_reaches_the_mind() -> None:
    asker = mind_asker(Asking("persona", HUGE, HUGE), None)
    assert isinstance(asker, PersonaAsker)
    assert len(asker.name) <= PLAYER_NAME_MAX_CHARS
    assert len(asker.description) <= PLAYER_DESCRIPTION_MAX_CHARS


def test_a_huge_persona_is_refused_with_a_message_and_asks_nothing(
    make_town: MakeTown,
) -> None:
    living = make_town()
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=5))
    desk = PlayerDesk(living)
    refused = desk.ask(ISABELLA, "Hello!", Asking("persona", HUGE), living.clock.now)
    assert refused is not None and "at most" in refused and len(refused) < 200
    assert not desk.answering(ISABELLA)


def test_the_visitor_name_and_description_are_capped(make_town: MakeTown) -> None:
    living = make_town()
    desk = PlayerDesk(living)
    desk.set_visitor(HUGE, HUGE, (60, 40))
    assert living.director.visitor is not None
    assert len(living.director.visitor.name) <= PLAYER_NAME_MAX_CHARS
    assert len(living.director.visitor_description) <= PLAYER_DESCRIPTION_MAX_CHARS


def test_memory_search_caps_the_query(make_town: MakeTown) -> None:
    living = make_town()
    desk = PlayerDesk(living)
    asked: list[str] = []
    memory = living.minds[ISABELLA].memory
    original = memory.retrieve

    def spy(text: str, *args: object, **kwargs: object) -> object:
        asked.append(text)
        return original(text, *args, **kwargs)  # type: ignore[arg-type]

    memory.retrieve = spy  # type: ignore[method-assign]
    desk.search(ISABELLA, HUGE, living.clock.now)
    assert asked and len(asked[0]) <= 500


@pytest.mark.parametrize("value", ["9" * 100_000, {"deep": "x" * 100_000}, "evil\nname" * 10_000])
def test_a_long_bad_format_version_is_not_echoed(tmp_path: Path, value: object) -> None:
    slot = SaveSlots(tmp_path / "saves").path("bad")
    (slot / "memory").mkdir(parents=True)
    (slot / "town.json").write_text(json.dumps({"format_version": value}))
    with pytest.raises(SaveError) as raised:
        SaveSlots(tmp_path / "saves").read("bad")
    assert len(str(raised.value)) < 300


def test_quoted_keeps_a_short_prefix_and_says_how_long() -> None:
    assert quoted("short") == "'short'"
    assert quoted("a" * 5_000) == f"'{'a' * 40}'… (5000 characters)"
    assert "\n" not in quoted("line\n" * 100)
    assert quoted(7) == "7"


def test_a_huge_meeting_topic_is_refused(make_town: MakeTown) -> None:
    living = make_town()
    desk = PlayerDesk(living)
    text = "/meeting Hobbs Cafe at 4 pm about " + HUGE + "?"
    called, said = desk.meeting_command(ISABELLA, text, living.clock.now)
    assert not called and "at most" in said and len(said) < 200
