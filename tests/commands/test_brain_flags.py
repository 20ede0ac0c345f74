"""`simulate` and `evaluate` share one set of brain flags and one mapping onto options."""

from __future__ import annotations

import argparse

import pytest

from game.commands.brain_flags import BrainFlagError, add_brain_flags, brain_from

KEY = "sk-flags-0123456789"


def parsed(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_brain_flags(parser)
    return parser.parse_args(list(argv))


def test_the_flags_become_the_options_fields_with_the_key_hidden(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    brain = brain_from(parsed("--base-url", "http://127.0.0.1:9/v1", "--model", "tiny"))
    fields = brain.option_fields()
    assert fields["base_url"] == "http://127.0.0.1:9/v1" and fields["model"] == "tiny"
    assert fields["api_key"].get_secret_value() == KEY
    assert KEY not in repr(brain) and KEY not in str(fields)


def test_no_key_in_the_environment_is_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert brain_from(parsed()).option_fields() == {
        "base_url": None,
        "model": None,
        "api_key": None,
    }


def test_offline_and_a_server_at_once_is_refused() -> None:
    with pytest.raises(BrainFlagError, match="--brain offline or --base-url"):
        brain_from(parsed("--brain", "offline", "--base-url", "http://127.0.0.1:9/v1"))


@pytest.mark.parametrize("command", ["simulate", "evaluate"])
def test_both_commands_take_the_same_brain_flags(command: str) -> None:
    from game.cli import build_parser

    args = build_parser().parse_args([command, "--base-url", "http://h/v1", "--model", "m"])
    assert (args.base_url, args.model, args.brain) == ("http://h/v1", "m", None)
