"""Fakes for tests: an in-memory memory stream and a scripted language model."""
