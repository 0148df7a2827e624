"""Official rulings beside computed ones: recorded through the real command line into the real catalog (a temp
file), matched to answers of every kind, imported all or nothing, undone, verified, and listed in Discord."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from tests.cli_helpers import run

# Not one of the starter set's official rulings (those are tested as a set): a question of the tests' own.
ADINO = ["duration", "adino the eznite", "--played-in", "battle", "--then", "turn-ends"]
SOURCE = ["--source", "Land of Redemption, Defining Duration", "--url", "https://landofredemption.com/defining-duration"]


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, object]:
    code, out, err = run(capsys, *argv, "--json")
    return code, json.loads(out) if out.strip() else {"stderr": err}


def add(capsys, *expect: str, says: str = "It ends with the phase", question: list[str] = ADINO) -> dict:
    argv = ["official", "add", *SOURCE, "--says", says]
    for e in expect:
        argv += ["--expect", e]
    code, out, err = run(capsys, *argv, "--json", "--", *question)
    assert code == 0, out + err
    return json.loads(out)


def official_ids(capsys) -> list[int]:
    code, data = as_json(capsys, "official", "list")
    assert code == 0
    return [r["id"] for r in data]  # type: ignore[union-attr]


def test_the_starter_set_of_official_rulings_agrees_with_arbiter(db, capsys):
    code, data = as_json(capsys, "official", "verify")
    assert code == 0, data
    assert data["checked"] >= 20 and data["differ"] == []  # type: ignore[index]
    code, listed = as_json(capsys, "official", "list")
    games = {r["game"] for r in listed}  # type: ignore[union-attr]
    assert games == {"redemption", "dominion", "l5r", "grand-archive", "ashes"}
    assert all(r["source"]["title"] and r["says"] for r in listed)  # type: ignore[union-attr]


def test_recording_keeps_the_question_as_the_command_takes_it_with_exact_names(db, capsys):
    before = official_ids(capsys)
    data = add(capsys, "persists=false", "effective=false")
    assert data["agrees"] is True
    record = data["official"]
    assert record["question"]["card"] == "Adino, the Eznite"           # typed "adino the eznite"
    assert record["question"]["events"] == ["turn-ends"] and record["cards"] == ["Adino, the Eznite"]
    assert official_ids(capsys) == [*before, data["id"]]
    code, out, _ = run(capsys, "official", "show", str(data["id"]))
    assert code == 0 and "Arbiter agrees today." in out
    code, out, _ = run(capsys, "cards", "history", "--limit", "1")
    assert f"official ruling #{data['id']} on Adino, the Eznite" in out
    # undo takes it out again
    code, out, _ = run(capsys, "cards", "undo", str(data["audit_id"]))
    assert code == 0
    assert official_ids(capsys) == before


def test_the_same_question_typed_another_way_is_matched_and_a_different_scenario_is_not(db, capsys):
    data = add(capsys, "persists=false")
    code, answer = as_json(capsys, "duration", "eznite", "--played-in", "battle", "--then", "turn-ends")
    official = answer["official"]  # type: ignore[index]
    assert [m["id"] for m in official["matches"]] == [data["id"]] and official["agrees"] is True
    code, out, _ = run(capsys, "duration", "eznite", "--played-in", "battle", "--then", "turn-ends")
    assert code == 0
    lines = out.splitlines()
    summary = next(i for i, line in enumerate(lines) if line.startswith("Has ended"))
    assert lines[summary + 1] == "Agrees with the official ruling (Land of Redemption, Defining Duration)."
    # another scenario about the same card: no match, but the answer says where its official rulings are
    _, other = as_json(capsys, "duration", "eznite", "--played-in", "battle", "--then", "leaves-play")
    assert other["official"]["matches"] == [] and other["official"]["agrees"] is None  # type: ignore[index]
    assert other["official"]["count"] >= 2  # type: ignore[index]
    _, out, _ = run(capsys, "duration", "eznite", "--played-in", "battle", "--then", "leaves-play")
    assert "Agrees with" not in out
    assert 'official rulings are recorded about Adino, the Eznite: arbiter official list "Adino, the Eznite".' in out
    # another version of the rules is another question
    _code, previous = as_json(capsys, *ADINO, "--ruleset", "previous")
    assert data["id"] not in [m["id"] for m in previous["official"]["matches"]]  # type: ignore[index]


def test_a_disagreement_leads_with_the_official_ruling(db, capsys):
    data = add(capsys, "persists=true", says="The ability lasts past the phase")
    assert data["agrees"] is False
    assert data["differences"] == [{"path": "persists", "official": "true", "computed": "false"}]
    code, out, _ = run(capsys, *ADINO)
    first = out.splitlines()[0]
    assert first.startswith("Official ruling (Land of Redemption, Defining Duration): The ability lasts past the "
                            "phase. Arbiter's computed answer differs: persists is false, the official answer true.")
    code, answer = as_json(capsys, *ADINO)
    assert answer["official"]["agrees"] is False  # type: ignore[index]
    code, out, _ = run(capsys, "official", "verify")
    assert code == 1 and f"#{data['id']}" in out and "1 differ" in out


def test_plug_in_games_match_by_the_names_their_cards_were_matched_to(db, capsys):
    question = ["dominion", "throne room > tactician"]
    data = add(capsys, "chain[Throne Room].leaves_play.cleanup=next-turn", question=question,
               says="Throne Room stays with the Duration it played")
    assert data["official"]["question"]["chain"] == ["Throne Room > Tactician"]
    _, answer = as_json(capsys, "dominion", "THRONE ROOM >   Tactician")
    assert data["id"] in [m["id"] for m in answer["official"]["matches"]]  # type: ignore[index]
    _code, answer = as_json(capsys, "dominion", "Throne Room > Tactician[discarded-nothing]")
    assert data["id"] not in [m["id"] for m in answer["official"]["matches"]]  # type: ignore[index]


@pytest.mark.parametrize("bad", [["--expect", "persists"], ["--expect", "nosuchfield=1"]])
def test_a_bad_record_changes_nothing(db, capsys, bad):
    before = official_ids(capsys)
    code, _, err = run(capsys, "official", "add", *SOURCE, "--says", "x", *bad, "--", *ADINO)
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    code, _out, err = run(capsys, "official", "add", *SOURCE, "--says", "x", "--expect", "persists=false", "--",
                         "duration", "no such card anywhere", "--played-in", "battle")
    assert code == 2 and "cannot be asked" in err
    assert official_ids(capsys) == before


def _records(n: int) -> list[dict]:
    return [{"game": "redemption", "command": "duration",
             "question": {"card": "Adino, the Eznite", "played_in": "battle", "events": ["turn-ends"] * (i + 1)},
             "expect": ["persists=false"], "source": {"title": f"Test source {i}", "url": "https://example.org/r"},
             "says": "It has ended."} for i in range(n)]


def test_import_is_all_or_nothing_and_names_the_bad_line(db, capsys, tmp_path: Path):
    before = official_ids(capsys)
    records = _records(3)
    records[1]["expect"] = ["upper_bound.nothing=1"]
    path = tmp_path / "rulings.json"
    path.write_text(json.dumps(records, indent=1), encoding="utf-8")
    second = [i for i, line in enumerate(path.read_text().splitlines(), start=1) if line == " {"][1]
    code, _, err = run(capsys, "official", "import", str(path))
    assert code == 1 and f"line {second}:" in err and "upper_bound.nothing" in err
    assert official_ids(capsys) == before
    records[1]["question"]["card"] = "adino the eznite"  # not an exact name
    records[1]["expect"] = ["persists=false"]
    path.write_text(json.dumps(records, indent=1), encoding="utf-8")
    code, _out, err = run(capsys, "official", "import", str(path))
    assert code == 1 and f"line {second}:" in err and "exact name" in err
    assert official_ids(capsys) == before


def test_import_csv_then_again_adds_nothing_and_undo_takes_the_batch_out(db, capsys, tmp_path: Path):
    before = official_ids(capsys)
    path = tmp_path / "rulings.csv"
    lines = ["game,command,question,version,expect,source_title,source_url,source_date,says"]
    for r in _records(2):
        question = json.dumps(r["question"]).replace('"', '""')
        lines.append(f'redemption,duration,"{question}",current,persists=false;effective=false,'
                     f'{r["source"]["title"]},https://example.org/r,2024-01-31,It has ended.')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, report = as_json(capsys, "official", "import", str(path))
    assert code == 0 and report["added"] == 2, report  # type: ignore[index]
    assert len(official_ids(capsys)) == len(before) + 2
    code, again = as_json(capsys, "official", "import", str(path))
    assert again["added"] == 0 and again["unchanged"] == 2  # type: ignore[index]
    code, _, _ = run(capsys, "cards", "undo", str(report["audit_id"]))  # type: ignore[index]
    assert code == 0 and official_ids(capsys) == before
    lines[2] = lines[2].replace("persists=false", "persists")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _out, err = run(capsys, "official", "import", str(path))
    assert code == 1 and "line 3" in err and official_ids(capsys) == before


def test_remove_and_a_catalog_change_that_makes_an_official_ruling_disagree(db, capsys):
    data = add(capsys, "persists=false")
    code, out, _ = run(capsys, "cards", "annotate", "Adino, the Eznite", "--rule", "D4", "--value", "turn",
                       "--text", "until end of turn")
    assert code == 0
    assert "official ruling" in out and "now disagree" in out and "arbiter official verify" in out
    code, out, _ = run(capsys, "official", "remove", str(data["id"]))
    assert code == 0 and f"Removed official ruling #{data['id']}." in out
    code, out, err = run(capsys, "official", "remove", str(data["id"]))
    assert code == 1 and f"There is no official ruling #{data['id']}" in err


# --- Discord ---------------------------------------------------------------------------------------------------

async def test_discord_lists_a_cards_official_rulings_and_answers_know_them(tmp_path, capsys, monkeypatch):
    from tests.bot_harness import arbiter_on_fake

    db = tmp_path / "cards.db"
    monkeypatch.setenv("ARBITER_DB", str(db))
    monkeypatch.setenv("USER", "tester")
    async with arbiter_on_fake(db) as (fake, _bot):
        choices = await (await fake.send_autocomplete("official", {"card": "adin"}, focused="card")).callback()
        assert [c["value"] for c in choices["data"]["choices"]] == ["Adino, the Eznite"]
        sent = await fake.send_command("official", {"card": "Adino, the Eznite"})
        body = await sent.callback()
        assert body["type"] == 5  # deferred: asking each ruling again runs in a thread
        message = await fake.wait_for_request("POST", r"/webhooks/\d+/[^/]+$", timeout=30)
        embed = message.json["embeds"][0]
        assert embed["title"] == "Official rulings about Adino, the Eznite"
        assert all("Arbiter agrees" in f["value"] for f in embed["fields"])
        assert any("landofredemption.com/defining-duration" in f["value"] for f in embed["fields"])
        missing = await fake.send_command("official", {"card": "Nobody At All"})
        reply = (await missing.callback())["data"]
        assert reply["flags"] & 64 and reply["content"] == "No official ruling is recorded about “Nobody At All”."
        # a /duration answer to a recorded question says it agrees, under the player's answer
        sent = await fake.send_command("duration", {"card": "adino the eznite", "played_in": "battle",
                                                    "then": "phase-ends"})
        description = (await sent.callback())["data"]["embeds"][0]["description"].splitlines()
        assert description[1].startswith("Agrees with the official ruling (Land of Redemption")
        # and a plug-in answer too
        sent = await fake.send_command("dominion ruling", {"chain": "Throne Room > Tactician"})
        description = (await sent.callback())["data"]["embeds"][0]["description"]
        assert "Agrees with the official ruling (Dominion Strategy wiki" in description
        await asyncio.sleep(0)
