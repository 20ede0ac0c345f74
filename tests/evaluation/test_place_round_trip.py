"""The `positions.place` column's writer (`recording.place_text`: an address as "sector:
arena: object") beside its reader (`coordination.at_place`: inside an event's place or
not), in a round trip: what the recorder writes of a place inside the event's is read as
there, and what it writes of any other place — one whose name only begins the same, a
sibling arena, outdoors — is not. The town is invented."""

from __future__ import annotations

import pytest

from game.bridge.recording import place_text
from game.evaluation.coordination import at_place
from game.world.address import Address

KILN = "Kiln Shed"


@pytest.mark.parametrize(
    ("address", "event_place", "there"),
    [
        (Address(KILN), KILN, True),
        (Address(KILN, "studio"), KILN, True),
        (Address(KILN, "studio", "potter's wheel"), KILN, True),
        (Address(KILN, "studio", "potter's wheel"), f"{KILN}: studio", True),
        (Address(KILN, "yard"), f"{KILN}: studio", False),
        (Address(f"{KILN} Annex", "studio"), KILN, False),
        (Address("Lantern Green", "bench"), KILN, False),
        (None, KILN, False),
    ],
)
def test_a_recorded_place_reads_back_inside_the_event_place_or_not(
    address: Address | None, event_place: str, there: bool
) -> None:
    written = place_text(address)
    assert at_place(written, event_place) is there
    if address is not None:  # the column holds the address's levels, in order
        assert written.split(": ") == list(address.levels())
