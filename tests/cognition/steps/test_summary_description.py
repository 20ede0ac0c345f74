"""The summary description as prompts read it: each sentence once."""

from __future__ import annotations

from cognition.steps.summary import SummaryDescription, describe
from cognition.testing.town import ISABELLA


def test_a_sentence_of_the_identity_is_not_shown_again() -> None:
    identity = ISABELLA.identity()
    repeated = identity.split(". ")[1] + "."  # a sentence of the identity, said again
    summary = SummaryDescription(
        core_characteristics="Isabella is warm. She bakes.",
        occupation=f"{repeated} She opens the cafe at eight.",
        feeling="Isabella is warm. She is hopeful.",
    )
    text = describe(ISABELLA, summary)
    assert text.count(repeated) == identity.count(repeated) == 1
    assert text.count("Isabella is warm.") == 1
    assert text.split("\n") == [
        identity,
        "Isabella is warm. She bakes.",
        "She opens the cafe at eight.",
        "She is hopeful.",
    ]
