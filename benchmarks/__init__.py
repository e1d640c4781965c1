"""Reproducible measurements of the companion: run ``python -m benchmarks`` (see __main__)."""
