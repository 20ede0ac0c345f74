"""The fake server's own behaviour: models, embeddings, seeded faults, clean shutdown."""

from __future__ import annotations

import contextlib
import math
import threading
from collections.abc import Callable

import openai
import pytest

from cognition.testing.fake_openai_server import FakeOpenAIServer, Fault, hashed_embedding

Server = Callable[..., FakeOpenAIServer]


def client_for(server: FakeOpenAIServer) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.base_url, api_key="anything", max_retries=0)


def test_models_and_embeddings_through_the_openai_client(server: FakeOpenAIServer) -> None:
    with client_for(server) as client:
        assert [m.id for m in client.models.list()] == ["fake-model"]
        as_floats = client.embeddings.create(
            model="e", input=["a cafe", "a bar"], encoding_format="float"
        )
        as_base64 = client.embeddings.create(model="e", input="a cafe")  # the client's default
    first = as_floats.data[0].embedding
    assert len(first) == 384 and math.isclose(sum(v * v for v in first), 1.0, rel_tol=1e-6)
    assert first == hashed_embedding("a cafe")
    assert as_floats.data[1].embedding != first
    assert all(
        math.isclose(a, b, abs_tol=1e-6)
        for a, b in zip(as_base64.data[0].embedding, first, strict=True)
    )
    assert server.requests[-1].body["encoding_format"] == "base64"


def test_fault_rate_is_seeded(make_server: Server) -> None:
    def faults(seed: int) -> list[Fault | None]:
        server = make_server(fault_rate=0.5, seed=seed, fault_kinds=[Fault.SERVER_ERROR])
        with client_for(server) as client:
            for _ in range(12):
                with contextlib.suppress(openai.InternalServerError):
                    client.chat.completions.create(model="m", messages=[])
        return [r.fault for r in server.chat_requests]

    first = faults(3)
    assert first == faults(3)
    assert 0 < first.count(Fault.SERVER_ERROR) < 12


def test_stop_wakes_a_request_stuck_in_a_timeout(make_server: Server) -> None:
    server = make_server(faults=[Fault.TIMEOUT], timeout_sleep_s=60)
    client = openai.OpenAI(base_url=server.base_url, api_key="x", max_retries=0, timeout=0.1)
    with client, pytest.raises(openai.APITimeoutError):
        client.chat.completions.create(model="m", messages=[])
    before = threading.active_count()
    server.stop()  # returns promptly: the sleeping handler is woken and joined
    assert threading.active_count() < before
