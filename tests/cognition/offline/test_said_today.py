"""A speaker never says a line it said today again, to anyone: the bundled town's seed 4 had
Jane Moreno answer four introductions in a day with the same "Nice to meet you too, I'm Jane
Moreno. I'm a homemaker." (a stock reply without the listener's name, and one sentence on
herself), over the evaluation's limit of 3. The lines said today come from the speaker's
talk transcripts (`lines_said_today`); a line drawn again is drawn anew, and the draws stay
as they were when nothing repeats (`said_today` is not in the offline brain's seed)."""

from __future__ import annotations

import random
from datetime import datetime

from cognition.memory.records import MemoryKind
from cognition.memory.texts import transcript_text
from cognition.offline import OfflineBrain
from cognition.offline.talk import line
from cognition.steps.dialogue import DIALOGUE_LINE, LineInput, lines_said_today
from cognition.testing.memory_fake import FakeMemoryStream

IVY = "Ivy Moss"
MORNING = datetime(2031, 3, 2, 9, 0)


def introduced_by(stranger: str, said_today: list[str]) -> LineInput:
    """Ivy's answer to `stranger` introducing themselves, the lines she said today given."""
    return LineInput(
        speaker=IVY,
        listener=stranger,
        summary=f"Name: {IVY}\n{IVY} runs the bookshop.\n{IVY} is a bookseller.",
        view_of_listener=f"{IVY} has never met {stranger}.",
        memories=[],
        history=[f"{stranger}: Hello! I'm {stranger}. I don't think we've been introduced."],
        now="Sunday March 2, 2031, 09:00",
        turn=2,
        max_turns=8,
        said_today=said_today,
    )


def test_a_line_said_today_is_not_said_again_to_someone_else() -> None:
    strangers = [f"{first} Brandt" for first in ("Otto", "Ada", "Lena", "Max", "Ruth", "Tom")]
    said: list[str] = []
    for seed in range(20):
        for stranger in strangers:
            reply = line(introduced_by(stranger, said), random.Random(seed)).text
            assert reply not in said, (seed, stranger, reply)
            said.append(reply)
        said.clear()


def test_nothing_said_today_leaves_the_line_and_its_draw_as_they_were() -> None:
    brain = OfflineBrain(seed=3)
    for first in ("Otto", "Ada", "Lena"):
        fresh, told = introduced_by(f"{first} Brandt", []), introduced_by(f"{first} Brandt", ["?"])
        assert brain.line_random(fresh).random() == brain.line_random(told).random()
        fresh_line = brain.complete(DIALOGUE_LINE, fresh, agent=IVY).output.text
        assert brain.complete(DIALOGUE_LINE, told, agent=IVY).output.text == fresh_line


def test_the_lines_said_today_come_from_today_s_transcripts() -> None:
    memory = FakeMemoryStream(IVY)
    yesterday = transcript_text(["Otto Brandt"], [(IVY, "Old line."), ("Otto Brandt", "Hi.")])
    today = transcript_text(["Ada Brandt"], [(IVY, "Hello, Ada!"), ("Ada Brandt", "Hi, Ivy.")])
    memory.add(MemoryKind.DIALOGUE, yesterday, datetime(2031, 3, 1, 18, 0), 3)
    memory.add(MemoryKind.DIALOGUE, today, MORNING, 3)
    memory.add(MemoryKind.OBSERVATION, f'{IVY} is saying "Not a talk."', MORNING, 1)
    assert lines_said_today(memory, IVY, MORNING.date()) == ["Hello, Ada!"]
