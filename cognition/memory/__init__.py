"""Memory stream, embeddings and retrieval."""
