"""Invitations read the news a line told as data (`lines.told`), by knowing's rule: where the
run's lines state their news, a line naming the item invites though its words do not, and a
line naming none invites no one; where no line states news, the item's phrases decide."""

from __future__ import annotations

from pathlib import Path

from evaluation_records import ISA, KLAUS, MARIA, PARTY, at, meta

from game.evaluation.coordination import measure_coordination
from game.records import ConversationRow, LineRow, RecordWriter, Row, RunRecord


def record_of(path: Path, rows: list[Row]) -> RunRecord:
    writer = RecordWriter(path, meta())
    for row in rows:
        writer.write(row)
    writer.close()
    return RunRecord.open(path)


def talk(told: str | None, other_told: str | None = None) -> list[Row]:
    """Isabella asks Maria in words that do not name the party; Maria tells Klaus in words
    that do."""
    return [
        ConversationRow(1, at(8, 30), (ISA, MARIA), "Hobbs Cafe: cafe", ""),
        LineRow(1, 0, at(8, 30), ISA, MARIA, "Come by the cafe at nine tomorrow!", told),
        ConversationRow(2, at(8, 40), (MARIA, KLAUS), "", ""),
        LineRow(2, 0, at(8, 40), MARIA, KLAUS, "Isabella's party is at Hobbs Cafe!", other_told),
    ]


def invited(record: RunRecord) -> list[tuple[str, str]]:
    found = measure_coordination(record, PARTY, at(10))
    assert found is not None
    return [(invitation.guest, invitation.by) for invitation in found.invited]


def test_a_line_that_told_the_item_invites_though_its_words_do_not(tmp_path: Path) -> None:
    with record_of(tmp_path / "run.sqlite", talk("party")) as record:
        # Maria is invited by what the line told; Klaus's line told no news, and in a run
        # whose lines state their news that means none (its words are not read)
        assert invited(record) == [(MARIA, ISA)]


def test_both_lines_naming_the_item_invite_both(tmp_path: Path) -> None:
    with record_of(tmp_path / "run.sqlite", talk("party", "party")) as record:
        assert invited(record) == [(MARIA, ISA), (KLAUS, MARIA)]


def test_a_line_that_told_another_item_does_not_invite(tmp_path: Path) -> None:
    with record_of(tmp_path / "run.sqlite", talk("candidacy", "party")) as record:
        assert invited(record) == [(KLAUS, MARIA)]


def test_where_no_line_states_news_the_words_decide(tmp_path: Path) -> None:
    with record_of(tmp_path / "run.sqlite", talk(None)) as record:
        assert invited(record) == [(KLAUS, MARIA)]  # "Come by the cafe" names no party


def test_a_line_that_told_nothing_invites_no_one_whatever_its_words(tmp_path: Path) -> None:
    # "" is "told none as data": a run with no news in its lines (a control run) invites
    # no one though Maria's words name the party
    with record_of(tmp_path / "run.sqlite", talk("", "")) as record:
        assert invited(record) == []


def test_an_unknown_line_goes_by_its_words_beside_lines_that_told_nothing(
    tmp_path: Path,
) -> None:
    # NULL is unknown (a migrated schema 1 row), distinct from "": the words decide for it
    with record_of(tmp_path / "run.sqlite", talk("", None)) as record:
        assert invited(record) == [(KLAUS, MARIA)]
    with record_of(tmp_path / "other.sqlite", talk(None, "")) as record:
        assert invited(record) == []  # Isabella's words name no party; Maria's told none
