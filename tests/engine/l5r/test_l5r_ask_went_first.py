"""Who went first, said in a sentence ("I went first", "I'm going second", "my opponent went first"), reaches L5R's
`went_first` input through `arbiter ask` (L5R's phrase declarations, engine/rulesets/l5r/phrases_ask.py)."""

from __future__ import annotations

import json

import pytest

from bot.cli import main


@pytest.mark.parametrize(("said", "went_first"), [
    ("I went first", "you"), ("i'm going second", "opponent"), ("I am going first", "you"),
    ("my opponent went first", "opponent"), ("my opponent went second", "you"), ("I went second", "opponent"),
])
def test_who_went_first_in_a_sentence(imported, capsys, said, went_first):
    question = f"in l5r, does the grand halls of the lion's going second bonus last after the turn ends? {said}"
    assert main(["ask", question, "--json", "--db", str(imported)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["read_as"]["inputs"]["went_first"] == went_first
    assert f"--went-first {went_first}" in answer["read_as"]["cli"]
