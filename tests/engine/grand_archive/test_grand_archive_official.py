"""Every example given on the official continuous-effects page ("Types of Effects - Continuous Effects",
github.com/weebsoftheshore/gitbook-rules) as a scenario on the real card data, with the section it comes from."""

from __future__ import annotations

from tests.engine.grand_archive.ga_helpers import ask, real_catalog  # noqa: F401 (the `db` fixture)


def effects(answer: dict, index: int, card: str) -> list[dict]:
    return [e for e in answer["objects"][index]["effects"] if e["card"].startswith(card)]


def test_static_effects_example_inspiring_call_misses_a_later_ally(db, capsys):
    out = ask(db, capsys, "--effect", "Inspiring Call#2", "--object", "ally")
    [call] = effects(out, 0, "Inspiring Call")
    assert (call["kind"], call["applies"]) == ("one-shot", False) and "GA1" in call["rules"]
    assert out["objects"][0].get("net", {}) == {}


def test_static_effects_example_claude_reaches_a_later_automaton(db, capsys):
    out = ask(db, capsys, "--effect", "Claude, Fated Visionary", "--object", "ally:automaton")
    found = effects(out, 0, "Claude")
    assert [(e["kind"], e["layer"], e["applies"]) for e in found] == [("static", "D", True)] * 2
    assert out["objects"][0]["result"]["abilities"] == ["taunt", '"On Death: Glimpse 3."']


def test_static_effects_example_nullifying_lantern_makes_a_later_graveyard_card_norm(db, capsys):
    out = ask(db, capsys, "--effect", "Nullifying Lantern", "--object", "card@graveyard:opponent")
    [lantern] = effects(out, 0, "Nullifying Lantern")
    assert (lantern["kind"], lantern["layer"], lantern["applies"]) == ("static", "C", True)
    assert out["objects"][0]["result"]["element"] == "norm element"


def test_syntax_example_nullifying_mirror_are_reaches_cards_entering_memory_later(db, capsys):
    # "are" inside a resolving effect: static for its duration, so a card entering memory later is Norm too
    out = ask(db, capsys, "--object", "card@memory:opponent", "--effect", "Nullifying Mirror",
              "--object", "card@memory:opponent")
    for index in (0, 1):
        [mirror] = effects(out, index, "Nullifying Mirror")
        assert (mirror["kind"], mirror["layer"], mirror["applies"]) == ("static", "C", True)
    ended = ask(db, capsys, "--object", "card@memory:opponent", "--effect", "Nullifying Mirror",
                "--then", "end-of-turn")
    assert effects(ended, 0, "Nullifying Mirror")[0]["status"] == "ended"  # "until end of turn"


def test_syntax_example_censer_strips_abilities_of_graveyard_cards_at_all_times(db, capsys):
    out = ask(db, capsys, "--effect", "Censer of Restful Peace", "--object", "attack@graveyard")
    [censer] = effects(out, 0, "Censer")
    assert (censer["kind"], censer["layer"], censer["applies"]) == ("static", "D", True)
    assert out["objects"][0]["result"]["abilities_lost"] == "loses all abilities"


def test_layers_example_lantern_losing_its_abilities_still_applies_in_layer_c(db, capsys):
    out = ask(db, capsys, "--effect", "Nullifying Lantern", "--object", "card@graveyard",
              "--effect", "Fracturize -> Nullifying Lantern")
    [lantern] = effects(out, 0, "Nullifying Lantern")
    assert lantern["applies"] and "layer C applies before the loss in layer D" in lantern["why"]
    # top-level order: layer first, whatever object each effect changes
    layers = [r["reason"].split(" ")[1].rstrip(";") for r in out["order_reasons"]]
    assert layers == sorted(layers) and "C" in layers and "D" in layers


def test_dependencies_example_caliburn_applies_before_mordred(db, capsys):
    out = ask(db, capsys, "--effect", "Mordred, Flawless Blade", "--object", "attack@graveyard",
              "--effect", "Caliburn of Silencing@opponent -> Mordred, Flawless Blade")
    [mordred] = effects(out, 0, "Mordred")
    assert not mordred["applies"] and "GA10" in mordred["rules"]
    cites = {c["id"]: c["reference"] for c in out["citations"]}
    assert cites["GA10"] == "Continuous Effects, Dependencies 1-2"
