"""`arbiter cards coverage`: every lasting part lands in one bucket, and D1-default parts are not "classified"."""

from __future__ import annotations

import json

from bot.catalog import Catalog, parse_lackey
from bot.cli import main
from engine.cards import Annotation, Card
from engine.rulesets.redemption.coverage import coverage, render_coverage
from tests.shared_paths import require_shared


def _card(name: str, text: str, type: str = "Hero") -> Card:
    return Card("redemption", name, "T1", type=type, text=text)


CARDS = [
    _card("Timed Hero", "Heroes gain 2/2 this turn."),                        # D4 from the text
    _card("Equipped Hero", "While equipped, evil Dominants are restricted."),  # only a D8 condition
    _card("Restricting Hero", "Evil Dominants are restricted."),               # lasting, nothing stated: D1
    _card("Upkeep Hero", "Each upkeep, you may draw a card."),                 # D1, with a phrase to annotate
    _card("Upkeep Artifact", "Each upkeep, you may draw a card.", "Artifact"),  # its type gives D7
    _card("Noted Hero", "Each upkeep, you may discard a card."),               # annotated "lasting", no term
    _card("Termed Hero", "Each upkeep, opponent may discard a card."),         # annotated D4
    _card("Instant Hero", "Draw three cards."),
    _card("Unpreventable Hero", "Draw three cards. Cannot be prevented."),   # only RG1 lasts: a game rule
    _card("Blank Hero", ""),
]
NOTES = {"Noted Hero": [Annotation(part="", rule="lasting")],
         "Termed Hero": [Annotation(part="", rule="D4", text="each upkeep", value="round")]}


def test_lasting_parts_split_by_what_gives_their_duration():
    report = coverage(CARDS, lambda c: NOTES.get(c.name, []))
    data = report.as_json()
    assert data["lasting"] == 8
    assert data["lasting_by_kind"] == {"specific_term": 3, "type_or_class": 1, "annotated_without_term": 1,
                                       "game_rule": 1, "d1_default": 2}
    assert data["specific_term_from_annotation"] == 1 and data["specific_term_d8_only"] == 1
    assert data["classified"] == 6  # the two D1-default parts are not classified
    assert data["classified_share"] == round(6 / 8, 4)
    assert (data["cards"], data["abilities"], data["instant"], data["annotated"]) == (10, 9, 1, 2)
    assert data["terms_by_rule"] == {"D4": 2, "D8": 1}
    assert data["unclassified_phrases"] == [{"phrase": "each upkeep", "count": 1, "example": "Upkeep Hero"}]
    # Recurring wording on every part that has it; only the Upkeep Hero's is bounded by the D1 default alone.
    assert data["recurring_phrases"] == [{"phrase": "each upkeep", "count": 4, "d1_default": 1,
                                          "example": "Upkeep Hero"}]


def test_rendered_report():
    report = coverage(CARDS, lambda c: NOTES.get(c.name, []))
    assert render_coverage(report, top=5).splitlines() == [
        "Cards: 10",
        "Ability parts with text: 9",
        "  instant (no lasting part): 1",
        "  with lasting language: 8",
        "    with a specific term (D2-D8, from the text or an annotation): 3 (37.5%)",
        "      of which the term comes from an annotation: 1",
        "      of which only a D8 condition (bounded by the D1 default): 1",
        "    covered by the card's type or class (D6/D7): 1 (12.5%)",
        "    annotated by moderators, no term: 1 (12.5%)",
        "    only “Cannot be negated / prevented / interrupted” lasts (RG1: to the end of the phase): 1 (12.5%)",
        "    no stated duration: D1 default: 2 (25.0%)",
        "  classified (specific term, type or class, annotation or game rule): 6 (75.0%)",
        "  annotated by moderators (any part): 2",
        "Terms found by rule: D4 2, D8 1",
        'State conditions ("if"/"unless" switches, not durations): 0',
        "Most common unclassified phrases (annotate these first; top 5):",
        "      1  'each upkeep'  e.g. Upkeep Hero",
        "Recurring wording (parts; of which only the D1 default bounds it, flagged in answers; top 5):",
        "      4      1  'each upkeep'  e.g. Upkeep Hero",
    ]


def test_cli_json_keeps_the_old_keys(tmp_path, monkeypatch, capsys):
    db = tmp_path / "cards.db"
    with Catalog.open(db, seed_starter=False) as catalog:
        for card in CARDS:
            catalog.add_card(card, "test")
        for name, notes in NOTES.items():
            for note in notes:
                catalog.annotate("redemption", name, "T1", note, "test")
    monkeypatch.setenv("ARBITER_DB", str(db))
    assert main(["cards", "coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"cards", "abilities", "lasting", "classified", "annotated", "instant", "classified_share",
                         "terms_by_rule", "unclassified_phrases", "lasting_by_kind"}
    assert data == coverage(CARDS, lambda c: NOTES.get(c.name, [])).as_json()


def test_real_catalog_buckets_add_up():
    cards = parse_lackey(require_shared("redemption", "carddata.txt").read_text(encoding="utf-8"))
    data = coverage(cards).as_json(3)
    kinds = data["lasting_by_kind"]
    assert sum(kinds.values()) == data["lasting"]
    assert data["classified"] == data["lasting"] - kinds["d1_default"]
    assert kinds["d1_default"] > 0  # plenty of real abilities state no duration at all
    assert len(data["unclassified_phrases"]) <= 3
