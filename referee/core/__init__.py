"""The pure rules engine: no I/O, no terminal, no camera (see tests/test_purity.py)."""
