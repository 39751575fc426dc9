"""Helpers the tests, fixture scripts and benchmarks share; never shipped (not in the wheel)."""
