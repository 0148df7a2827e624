"""Audit entries in words, one line each: `#5766 2026-11-21 discord:123 alias “sog” → Son of God`."""

from __future__ import annotations

import json
from typing import Any

from bot.catalog.audit import AuditEntry
from bot.catalog.records import describe
from engine.cards import printing_label
from engine.names import base_name


def _card(name: Any, set_: Any) -> str:
    return printing_label(str(name), str(set_)) if set_ else f"{name} (all printings)"


def _annotation(state: dict[str, Any]) -> str:
    words = [str(state.get("rule", "")).upper() if str(state.get("rule", ""))[1:].isdigit() else
             str(state.get("rule", ""))]
    if state.get("value"):
        words.append(str(state["value"]))
    if state.get("text"):
        words.append(f"“{state['text']}”")
    part = f" part {state['part']}" if state.get("part") else ""
    return f"{_card(state.get('name'), state.get('set'))}{part}: {' '.join(words)}"


def _source(source: Any) -> str:
    """Where an import came from: a file name, a Discord upload ("text"), or a game's folder ("game:folder")."""
    text = str(source or "?")
    if text == "text":
        return "from an uploaded file"
    game, colon, folder = text.partition(":")
    if colon and game and "/" not in game and "\\" not in game:
        return f"from the folder {folder}"
    return f"from {text}"


def _edited(before: dict[str, Any] | None, after: dict[str, Any] | None) -> str:
    changed = sorted(k for k in (after or {}) if (before or {}).get(k) != (after or {}).get(k))
    return ", ".join("class" if k == "card_class" else k for k in changed) or "nothing"


def what(entry: AuditEntry) -> str:
    """The change itself, without number, date or actor."""
    target = json.loads(entry.target)
    before, after = entry.before, entry.after
    kind = target[0]
    # A server layer's entries say so ("server alias", "server annotation"); the shared catalog's do not.
    layer = "server " if kind == "server_alias" or (kind == "annotation" and (after or before or {}).get("guild")) \
        else ""
    if entry.action == "undo":
        return f"undo of #{entry.undoes} ({describe(target)})"
    if entry.action == "add_alias" and after:
        where = f"{after['name']} ({after['set']})" if after.get("set") else after["name"]
        return f"{layer}alias “{after['alias']}” → {where}"
    if entry.action == "remove_alias" and before:
        return f"removed {layer}alias “{before['alias']}” (→ {before['name']})"
    if entry.action == "annotate" and after:
        return f"{layer}annotation #{target[1]} on {_annotation(after)}"
    if entry.action == "remove_annotation" and before:
        return f"removed {layer}annotation #{target[1]} from {_annotation(before)}"
    card = printing_label(str(target[2]), str(target[3])) if kind == "card" else ""
    if entry.action == "add_card":
        return f"added card {card}"
    if entry.action == "edit_card":
        return f"edited {card}: {_edited(before, after)}"
    if entry.action == "delete_card":
        return f"deleted card {card}"
    if entry.action == "import" and isinstance(after, dict):
        return (f"import of {after.get('total', '?')} {entry.game or ''} cards {_source(after.get('source'))}: "
                f"{after.get('added', 0)} added, {after.get('updated', 0)} updated").replace("  ", " ")
    if entry.action == "starter" and isinstance(after, dict):
        return f"{entry.game} starter set loaded ({after.get('changes', '?')} changes)"
    if entry.action == "set_setting" and str(target[1]).startswith("default-printing:"):
        return _default_printing(target[1], after, before)
    if entry.action == "set_setting":
        return f"setting “{target[1]}” = {after['value']!r}" if after else f"removed setting “{target[1]}”"
    if entry.action in ("add_official", "remove_official"):
        state = after if entry.action == "add_official" else before
        record = (state or {}).get("record") or {}
        verb = "official ruling" if entry.action == "add_official" else "removed official ruling"
        return (f"{verb} #{target[1]} on {(state or {}).get('name') or '?'} "
                f"({(record.get('source') or {}).get('title', '?')})")
    if entry.action == "import_official" and isinstance(after, dict):
        return (f"import of {after.get('total', '?')} official rulings {_source(after.get('source'))}: "
                f"{after.get('added', 0)} added")
    return f"{entry.action} {describe(target) if kind else entry.target}"


def _default_printing(key: str, after: Any, before: Any) -> str:
    """A moderator's default printing in words: "default printing of Son of God → (A)" (or its clearing)."""
    def chosen(state: Any) -> dict[str, Any]:
        try:
            value = json.loads(state["value"]) if isinstance(state, dict) else None
        except (TypeError, ValueError):
            value = None
        return value if isinstance(value, dict) else {}

    now, was = chosen(after), chosen(before)
    name = base_name(str(now.get("name") or was.get("name") or key.split(":", 2)[-1]))
    if after:
        return f"default printing of {name} → ({now.get('set', '?')})"
    return f"default printing of {name} cleared (back to the stated rule)"


def _layer(entry: AuditEntry) -> str:
    """" in server N" for a change to one server's layer (its aliases and annotations): which server."""
    target = json.loads(entry.target)
    if target[0] == "server_alias":
        return f" in server {target[1]}"
    state = entry.after if isinstance(entry.after, dict) else entry.before
    if target[0] == "annotation" and isinstance(state, dict) and state.get("guild"):
        return f" in server {state['guild']}"
    return ""


def entry_line(entry: AuditEntry) -> str:
    """`#id date actor change`, the server layer it changed, which batch it belongs to and what undid it."""
    line = f"#{entry.id} {entry.at[:10]} {entry.actor} {what(entry)}"
    if entry.action != "undo":
        line += _layer(entry)
    if entry.batch is not None:
        line += f" (part of #{entry.batch})"
    if entry.undone_by is not None:
        line += f" (undone by #{entry.undone_by})"
    return line
