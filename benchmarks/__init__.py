"""Arbiter's benchmarks: `python -m benchmarks [--quick] [--json] [--seed N] [--only SECTIONS]`.

Sections: matching (name matching against difflib, SQLite LIKE and rapidfuzz), rulings (verdicts per
second), import (the full Redemption card file into a fresh database), bot (round trips through the fake
Discord on loopback, and resident memory). See benchmarks/__main__.py.
"""
