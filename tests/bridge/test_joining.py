"""The player in a group talk: T beside a resident starts a talk with it and the residents
it sees, the player's lines asked for at its turn (scripted here from a helper thread, as
the panel would answer them), in each input mode; joining a resident who is talking waits
for that talk to end and goes on from its transcript."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest

from cognition.group.human import ENDING
from cognition.memory.records import MemoryKind
from game.bridge.desk import PlayerDesk
from game.bridge.joining import GroupSeat
from game.bridge.lockstep import LockstepRunner
from game.bridge.town_minds import LivingTown

from .test_groups import ISABELLA, KLAUS, MARIA, stand_beside

MakeTown = Callable[..., LivingTown]
PLAYER = "Alex Kim"


def run_for(living: LivingTown, minutes: int) -> None:
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=minutes))


class ScriptedPlayer:
    """Answers the seat's prompts from a helper thread: `lines` in turn, then silence."""

    def __init__(self, desk: PlayerDesk, lines: list[str]) -> None:
        self.desk, self.lines, self.asked = desk, list(lines), []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        answered = 0
        while not self.stop.is_set():
            seat = self.desk.group_seat()
            prompt = seat.prompt() if seat is not None else None
            if seat is not None and prompt is not None and prompt[0] > answered:
                answered = prompt[0]
                self.asked.append(prompt[1])
                seat.say(self.lines.pop(0) if self.lines else None)
            time.sleep(0.005)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)


def cafe_with_visitor(make_town: MakeTown) -> tuple[LivingTown, PlayerDesk]:
    living = make_town()
    run_for(living, 180)  # 10 am: Isabella works at the cafe
    stand_beside(living, ISABELLA, (KLAUS, MARIA))
    desk = PlayerDesk(living)
    isabella = living.population.get(ISABELLA)
    assert isabella is not None
    x, y = isabella.tile
    desk.set_visitor(PLAYER, "a travelling painter", (x, y), "looking around")
    for name in (ISABELLA, KLAUS, MARIA):
        living.director.slots[name].due = living.clock.now + timedelta(hours=2)
    return living, desk


@pytest.mark.parametrize(
    ("mode", "lines"),
    [("always", ["Maria, do you like paintings?", "I paint, you see."]), ("watch", [])],
)
def test_the_player_joins_a_group_in_a_mode_and_its_lines_are_kept(
    make_town: MakeTown, mode: str, lines: list[str]
) -> None:
    living, desk = cafe_with_visitor(make_town)
    player = ScriptedPlayer(desk, lines)
    try:
        assert desk.join_group(ISABELLA, mode, living.clock.now) is None
        seat = desk.group_seat()
        assert isinstance(seat, GroupSeat) and seat.state == "talking"
        assert seat.members[0] == ISABELLA and set(seat.members) == {ISABELLA, KLAUS, MARIA}
        run_for(living, 30)
    finally:
        player.close()
    assert seat.state == "over"
    said = [x for x in living.director.dialogue.lines() if x.speaker == PLAYER]
    if mode == "always":
        # asked at each turn, and (as AutoGen's ALWAYS) when a line is about to end the talk
        assert player.asked and player.asked[0] == "your turn"
        assert set(player.asked) <= {"your turn", ENDING}
        assert [x.text for x in said] == lines[: len(player.asked)]  # asked at each turn
        assert said[0].listener == MARIA  # "Maria, …" is said to Maria
    else:
        assert player.asked == [] and said == []
    for name in seat.members:  # every resident keeps the talk, the player named in it
        kept = [r.text for r in living.minds[name].memory.all(MemoryKind.DIALOGUE)]
        assert any(t.startswith("Conversation with") and PLAYER in t.split("\n")[0] for t in kept)


def test_joining_someone_who_is_talking_waits_and_goes_on_from_its_transcript(
    make_town: MakeTown,
) -> None:
    living, desk = cafe_with_visitor(make_town)
    now = living.clock.now
    first = living.director.start_talk([ISABELLA, KLAUS], now)
    living.director.slots[ISABELLA].queued = first
    living.director.wait_for_all()
    run_for(living, 1)  # the pair's talk plays
    assert desk.join_group(ISABELLA, "watch", living.clock.now) is None
    seat = desk.group_seat()
    assert seat is not None and seat.state == "waiting" and "is talking" in seat.message
    before = living.director.talks.conversation_of(ISABELLA)
    assert before is not None
    run_for(living, 40)
    assert seat.state == "over" and seat.members[0] == ISABELLA
    later = [x.time for x in living.director.dialogue.lines() if x.speaker in seat.members]
    assert later and max(later) > before.started + timedelta(minutes=len(before.lines))


def test_joining_needs_a_visitor_a_known_mode_and_someone_there(make_town: MakeTown) -> None:
    living = make_town()
    desk = PlayerDesk(living)
    now = living.clock.now
    assert "Walk into the town first" in (desk.join_group(ISABELLA, "always", now) or "")
    desk.set_visitor(PLAYER, "", (10, 10))
    assert "not a way to take part" in (desk.join_group(ISABELLA, "shout", now) or "")
    assert "no resident called" in (desk.join_group("Nobody", "watch", now) or "")
    assert "not in a conversation" in (desk.group_say("hello") or "")
