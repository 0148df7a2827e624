"""The peer cross-check script (benchmarks/ashes_peer_check.py) on a small checkout laid out like Ashteki's: two card
scripts written here (our own minimal text, declaring only the facts the script reads), compared with Arbiter's
reading of the real Reborn cards, and the report regenerated with every class reviewed."""

from __future__ import annotations

from pathlib import Path

from benchmarks.ashes_peer_check import REVIEW, compare, main, read_ours, read_peer, render
from tests.shared_paths import require_shared

MOLTEN_GOLD = """
class X { setup(ability) { this.play({ target: { controller: 'opponent', cardType: BattlefieldTypes } }); } }
X.id = 'molten-gold';
"""
# declares the Phoenixborn-only target narrower than the card's "a target unit or Phoenixborn" words would be, and a
# cancel button where the card has no "may"
SUMMON_GILDER = """
class Y { setup(ability) { this.summon('gilder', { then: { alwaysTriggers: true,
    target: { optional: true, cardType: BattlefieldTypes } } }); } }
Y.id = 'summon-gilder';
"""


def _checkout(tmp_path: Path) -> Path:
    cards = tmp_path / "server" / "game" / "cards" / "Core"
    cards.mkdir(parents=True)
    (cards / "MoltenGold.js").write_text(MOLTEN_GOLD, encoding="utf-8")
    (cards / "SummonGilder.js").write_text(SUMMON_GILDER, encoding="utf-8")
    return tmp_path


def test_facts_are_read_from_the_scripts(tmp_path):
    peer = read_peer(_checkout(tmp_path))
    assert set(peer) == {"molten-gold", "summon-gilder"}
    gold = peer["molten-gold"]
    assert [(sorted(t.kinds), t.controller) for t in gold.targets] == [(["unit"], "theirs")]
    gilder = peer["summon-gilder"]
    assert gilder.optional and gilder.independent_then == 1 and gilder.dependent_then == 0


def test_the_comparison_agrees_where_the_readings_agree_and_reports_every_class(tmp_path):
    result = compare(read_ours(require_shared("ashes")), read_peer(_checkout(tmp_path)))
    f = result["figures"]
    assert f["cards compared"] == 2
    assert f["target kinds: agree"] == 2 and f["target controller: agree"] == 2
    assert f["optional: agree"] == 2 and f["dependent steps: agree"] == 2
    text = render(result, tmp_path, "abc")
    assert "| target kinds | 2 | 2 | 0 |" in text
    for key in result["classes"]:
        assert key in REVIEW   # every disagreement class comes with its review


def test_the_report_is_regenerated_by_rerunning_the_script(tmp_path, capsys):
    out = tmp_path / "report.md"
    assert main([str(_checkout(tmp_path)), "--data", str(require_shared("ashes")), "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("# Ashes Reborn: Arbiter's reading against Ashteki")
    assert main([str(tmp_path / "nowhere")]) == 2
