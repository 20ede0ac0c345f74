"""A pose: everything the part painters need to know about one frame."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pose:
    """One frame's stance. Coordinates in the painters assume the 16×24 frame."""

    facing: str = "down"  # down, right, up (left is right mirrored)
    bob: int = 0  # vertical shift of head and torso (+ is lower)
    legs: str = "stand"  # stand, step_a, step_b, pass, sit, hidden
    hands: tuple[int, int] = (0, 0)  # hand drop for the (screen-left, screen-right) arm
    arm: str = "swing"  # swing, wave, hold
    eyes: str = "open"  # open, closed, down
    mouth: bool = False
    blanket: bool = False
    face: bool = True  # False: leave eyes, mouth and glasses to the portrait painter
