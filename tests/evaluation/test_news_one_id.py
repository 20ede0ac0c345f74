"""A seed whose persona says a scenario item in its own words (its `currently`) knows that
item under the item's id only: what it is busy with is the same news, never a second copy
under "<name>: currently". A second copy spread beside the item's own, and residents told
only that copy knew the item by their answers ("Wolfgang told me that Sam Moore is running
for mayor …") while the memory measure, reading the item's id, missed them — the bundled
town's candidacy ran 0.16 higher by answers than by memories. The item is told in the
persona's `currently` words: a word on oneself ("I'm running for mayor and want to talk with
as many residents as I can") leaves out what the speaker tells as news, by those words."""

from __future__ import annotations

from pathlib import Path

from offline_recipes import offline_recipe

from game.bridge import InterviewDesk

SAM = "Sam Moore"  # the candidacy's seed; his currently: "Sam Moore is running for mayor …"
TOM = "Tom Moreno"  # no seed of anything; his currently is news of his own


def test_a_seed_s_currently_that_says_its_item_is_that_item(tmp_path: Path) -> None:
    recipe = offline_recipe(tmp_path / "memory", "the_ville_n25")
    with InterviewDesk.open(recipe) as town:
        sam = town.memory_facts(SAM)
        tom = town.memory_facts(TOM)
        persona = town.persona(SAM)
    named = {item for memory in sam for item in memory.items or ()}
    assert persona["currently_item"] == "candidacy"
    # told in the words it is busy with, so a word on himself never says it without data
    told = [news["statement"] for news in persona["news"] if news["item"] == "candidacy"]
    assert told == [persona["currently"]]
    assert "candidacy" in named and f"{SAM}: currently" not in named
    assert {item for memory in tom for item in memory.items or ()} == {f"{TOM}: currently"}
