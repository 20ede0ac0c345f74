"""The command line `LlamaServer` starts llama-cpp-python's server with (no server started here:
tests/cognition/llm/test_real_server.py starts one with it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cognition.testing.llama_server import PASSIVE, LlamaServer


def flags(server: LlamaServer) -> dict[str, str]:
    command = server.command()
    start = command.index("--model")
    return dict(zip(command[start::2], command[start + 1 :: 2], strict=True))


def test_the_prompt_runs_on_the_answers_threads_and_no_prompt_logits_are_kept() -> None:
    # the server's own defaults: the prompt on every core, the logits of every prompt token
    got = flags(LlamaServer(Path("model.gguf"), n_threads=1, port=8080))
    assert got["--n_threads"] == got["--n_threads_batch"] == "1"
    assert got["--logits_all"] == "false"
    assert got["--model"] == "model.gguf" and got["--port"] == "8080"


def test_the_prompts_threads_and_the_logits_can_be_asked_for() -> None:
    server = LlamaServer(Path("m.gguf"), n_threads=1, n_threads_batch=2, logits_all=True, port=1)
    got = flags(server)
    assert (got["--n_threads"], got["--n_threads_batch"], got["--logits_all"]) == ("1", "2", "true")


def test_the_servers_threads_sleep_while_they_wait_unless_asked_to_spin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # spinning OpenMP threads hold the cores their partners need on a shared machine
    monkeypatch.setenv("OMP_WAIT_POLICY", "ACTIVE")
    monkeypatch.setenv("SOMETHING_ELSE", "kept")
    passive = LlamaServer(Path("m.gguf")).environment()
    assert passive["OMP_WAIT_POLICY"] == PASSIVE and passive["SOMETHING_ELSE"] == "kept"
    spinning = LlamaServer(Path("m.gguf"), wait_policy="ACTIVE").environment()
    assert spinning["OMP_WAIT_POLICY"] == "ACTIVE"
    monkeypatch.delenv("OMP_WAIT_POLICY")
    assert "OMP_WAIT_POLICY" not in LlamaServer(Path("m.gguf"), wait_policy=None).environment()


def test_the_chat_format_is_the_servers_unless_one_is_named() -> None:
    # the tiny model's file has no chat template: the server's fallback is Llama 2's format
    assert "--chat_format" not in flags(LlamaServer(Path("gemma-3-270m-q4_k_m.gguf"), port=1))
    chosen = LlamaServer(Path("gemma-3-270m-q4_k_m.gguf"), chat_format="gemma", port=1)
    assert flags(chosen)["--chat_format"] == "gemma"
