"""Grand Archive in depth (issue 19), on the real card data imported from the shared folder: an ability's source
is on the field before it resolves, tokens the same resolution summons, amounts and net results, conditions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("ga") / "c.db")
    root: Path = require_shared("grand_archive")
    assert main(["grand-archive-import", str(root), "--db", path]) == 0
    return path


def ask(db: str, capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code = main(["grand-archive", "--db", db, "--json", *args])
    out = json.loads(capsys.readouterr().out)
    assert code == 0, out
    return out


def text(db: str, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(["grand-archive", "--db", db, *args])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


def obj(answer: dict, name: str) -> dict:
    return next(o for o in answer["objects"] if o["object"] == name)


@pytest.mark.parametrize(("card", "change"), [
    ("Veiled Oracle", "ephemeral"),          # On Enter: Veiled Oracle becomes ephemeral.
    ("Gate of Alterity", "“Inherited Effect"),  # REST: ... Gate of Alterity gains "Inherited Effect: ..."
])
def test_an_abilitys_source_is_on_the_field_before_it_resolves(db, capsys, card, change):
    out = ask(db, capsys, "--effect", card)
    me = obj(out, card)
    effect = me["effects"][0]
    assert effect["applies"] and effect["kind"] == "one-shot", effect
    assert me["entered"] < effect["timestamp"]  # the source's timestamp is earlier than the effect's
    assert out["scenario"][0].startswith(f"1. object {card}")
    assert any(i["text"].startswith(f"{card} must be on the field") for i in out["interpretations"])


def test_a_standing_ability_keeps_its_objects_timestamp(db, capsys):
    out = ask(db, capsys, "--effect", "Inzali, Unshackled Blaze#2")
    me = obj(out, "Inzali, Unshackled Blaze")
    assert me["entered"] == me["effects"][0]["timestamp"] == 1 and len(out["scenario"]) == 1


def test_a_token_summoned_by_the_same_card_is_in_the_set_it_fixes(db, capsys):
    out = ask(db, capsys, "--effect", "Grim Foreboding")  # Summon an Ominous Shadow token. Phantasia allies ... get
    shadow = obj(out, "Ominous Shadow")
    assert [e["applies"] for e in shadow["effects"]] == [True]
    later = ask(db, capsys, "--effect", "Grim Foreboding", "--object", "Ominous Shadow")
    assert [e["applies"] for e in later["objects"][0]["effects"]] == [False]  # a second one, summoned later
