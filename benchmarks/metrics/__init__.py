"""The metrics of ``python -m benchmarks``, one module per family."""
