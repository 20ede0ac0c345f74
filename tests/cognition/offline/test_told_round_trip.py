"""The offline talk's tellings read back: `notes.statements_in` is the reader of spoken lines
whose fields are unknown (a transcript saved before fields), and `talk.tell` is the writer
of the lines that tell news. Round trip: whatever phrase a seed draws, the statement told —
news of one's own (said in the first person), heard from someone, or known — is what the
reader finds in the line, in the third person."""

from __future__ import annotations

import random

import pytest

from cognition.memory.fields import News
from cognition.offline.facts import fact_of_news
from cognition.offline.notes import statements_in
from cognition.offline.talk import tell
from tests.cognition.offline.test_offline_talk import line_input, persona

SPEAKER = persona("Bo Stone")
STATEMENTS = (
    "Ann Lee is planning a quilting circle at the Old Mill on Saturday",
    "Bo Stone is painting a mural of the harbour",
    "Cy Pell has opened a repair shop by the station",
)


@pytest.mark.parametrize("statement", STATEMENTS)
@pytest.mark.parametrize("source", [None, "Dee Orr"])
def test_a_telling_reads_back_as_its_statement(statement: str, source: str | None) -> None:
    subject = " ".join(statement.split()[:2])
    news = News(item="x", subject=subject, statement=statement, kind="personal", source=source)
    fact = fact_of_news(news)
    inputs = line_input(SPEAKER, "Eve Park", [], ["Eve Park: Hi Bo!"])
    for seed in range(40):  # every phrase of the writer's tables, by the draws of 40 seeds
        said = tell(fact, inputs, random.Random(seed))
        assert statement in statements_in(SPEAKER.name, said), said
