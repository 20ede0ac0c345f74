"""The brain's command-line flags, one set shared by `simulate` and `evaluate`.

    add_brain_flags(parser)          # --brain, --base-url, --model
    brain = brain_from(args)         # what they chose, the key captured once (never shown)
    options = SimulationOptions(**brain.option_fields(), …)

The labor pool's flags are `route_flags` (shared too).

Both commands used to map these flags onto their options each in its own words; now one
`BrainFlags` carries them, and the API key is read once, as a `SecretStr` that prints as
stars (`game.bridge.environment_api_key`).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # lazy: typing only — the minds cost ~0.4 s to import; `--help` needs none of it
    from pydantic import SecretStr

__all__ = [
    "BrainFlagError",
    "BrainFlags",
    "add_brain_flags",
    "brain_from",
]


class BrainFlagError(ValueError):
    """The brain flags do not fit together; the message says which, on one line."""


@dataclass(frozen=True)
class BrainFlags:
    """What the brain flags chose: the one model (or none: the offline brain) and its key."""

    base_url: str | None
    model: str | None
    api_key: SecretStr | None  # captured once from the environment; prints as stars

    def option_fields(self) -> dict[str, Any]:
        """The fields `SimulationOptions` and `EvaluationOptions` share, by name."""
        return {"base_url": self.base_url, "model": self.model, "api_key": self.api_key}


def add_brain_flags(command: argparse.ArgumentParser) -> None:
    """--brain, --base-url and --model."""
    command.add_argument("--brain", choices=["offline"], help="the offline brain (the default)")
    command.add_argument(
        "--base-url", help="an OpenAI-compatible server, e.g. http://localhost:11434/v1"
    )
    command.add_argument("--model", help="the model name at --base-url")


def brain_from(args: argparse.Namespace) -> BrainFlags:
    """The brain the flags chose. Raises `BrainFlagError` when they contradict each other."""
    # lazy: the minds cost ~0.4 s to import; `--help` needs none of it
    from game.bridge import environment_api_key

    if args.brain == "offline" and args.base_url:
        raise BrainFlagError("choose --brain offline or --base-url, not both")
    key = environment_api_key()
    return BrainFlags(base_url=args.base_url, model=args.model, api_key=key)
