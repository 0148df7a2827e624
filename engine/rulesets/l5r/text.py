"""Oracle card text (HTML) to plain ability lines: one line per `<br>`, bold designators kept apart.

The Oracle marks an action's designators in bold before a colon (`<b>Political Open, :bow::</b>`), reminder and
flavour text in italics, costs as icons (`:bow:`, `:g2:`). Kind reading ignores the italics (they restate rules),
but duration words inside a reminder ("(until the turn ends)") still count, so both versions are kept.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

_BR = re.compile(r"<br\s*/?>", re.I)
_ITALIC = re.compile(r"<i>(.*?)</i>", re.I | re.S)
_TAG = re.compile(r"</?[a-z][^>]*>", re.I)
_HEADER = re.compile(r"^\s*<b>([^<]*?):</b>", re.I)
_ICONS = {":bow:": "Bow", ":gstar:": "X Gold", ":g*:": "X Gold"}
_GOLD_ICON = re.compile(r":g(\d+):")


def plain(text: str) -> str:
    """HTML and icons to readable text (bullets, entities, `:g2:` as "2 Gold")."""
    text = _TAG.sub("", _BR.sub("\n", text or ""))
    for icon, word in _ICONS.items():
        text = text.replace(icon, word)
    text = _GOLD_ICON.sub(lambda m: f"{m.group(1)} Gold", text)
    text = html.unescape(text).replace("\x95", "•")
    return "\n".join(" ".join(line.split()) for line in text.split("\n")).strip()


@dataclass(frozen=True)
class Line:
    """One ability line of a card."""

    header: str       # the bold designators before the colon ("Political Open, Bow"), "" for a trait
    body: str         # the text after the header, reminders and flavour removed
    full: str         # the whole line as shown, reminders kept (duration words are read from this)
    granted: str = ""  # a quoted ability another sentence grants: the granting words ("You have the ability")
    scan: str = ""     # the words duration terms are read from when not `full` (a granting line minus its quote)
    reminder: bool = False  # an ability written in a keyword's reminder brackets ("(Repeatable Interrupt: ...)")


# A quoted ability one sentence grants ("You have the ability, "<b>Repeatable Interrupt:</b> Negate ..."",
# "permanently give him the ability, "<b>Battle:</b> ..."", "create a ... Personality with the ability, "...""):
# the granting words, then the quoted designators and text.
_GRANT = re.compile(r"((?:\b\w+\W+){0,3}?\b(?:abilit(?:y|ies)|trait)),?\s*[\"“]\s*(?:<b>)?\s*"
                    r"((?:[A-Z][A-Za-z]*[ /,]+)*?(?:Battle|Open|Limited|Engage|Reaction|Interrupt|Dynasty)(?:/\w+)?"
                    r"(?:,\s*(?::bow:|Bow|:g\d:|\d+ Gold))*)\s*:\s*(?:</b>)?(.*?)[\"”]", re.S)


def _granted_lines(raw: str) -> tuple[str, list[Line]]:
    """The line without its quoted granted abilities, and each granted ability as a line of its own."""
    granted: list[Line] = []

    def take(match: re.Match[str]) -> str:
        header, body = plain(match.group(2)), plain(_ITALIC.sub(" ", match.group(3)))
        granted.append(Line(header, body, f"{header}: {plain(match.group(3))}", granted=plain(match.group(1))))
        return f"{match.group(1)} (granted below)"

    return _GRANT.sub(take, raw), granted


def split_lines(text: str) -> tuple[Line, ...]:
    """Oracle HTML (or plain text with line breaks) to its ability lines; empty and reminder-only lines dropped.
    A quoted ability the line grants follows it as a line of its own (its kind and timing are its own)."""
    raw_lines = _BR.split(text) if "<" in text else text.split("\n")
    lines = []
    for raw in raw_lines:
        outer, granted = _granted_lines(raw)
        if granted:
            lines.append(_line(outer, text, full=plain(raw)))
            lines += granted
            continue
        line = _line(raw, text)
        if line is not None:
            lines.append(line)
    found = tuple(line for line in lines if line is not None)
    if not found:
        return reminder_lines(text)
    # A keyword's reminder that is a trigger ("(Draw a card after your Expendable card is destroyed.)", Destined,
    # Brash, Overconfident, Conqueror) on a card with other text is an ability it has too: it follows the printed
    # ones, so their numbers (CARD#N) stay as they were.
    triggers = [line for raw in raw_lines if re.fullmatch(r"(?:\([^()]*\)\s*)+", plain(raw).strip() or "x")
                for line in reminder_lines(raw) if _REMINDER_TRIGGER.search(line.body)]
    return found + tuple(triggers)


_REMINDER_TRIGGER = re.compile(r"\b(?:after|before)\b|^When going second\b", re.I)


# A keyword's rule as its reminder states it, one sentence each: "(A Conqueror's unit doesn't bow after battle.)",
# "(Draw a card after your Expendable card is destroyed.)".
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
# A keyword's own action in its reminder: "Once per turn, as an Absent Engage, move ..." (Cavalry).
_AS_ACTION = re.compile(r"^((?:Once (?:per|a) (?:turn|game)[^,]*,\s*)?)as an? ((?:[A-Z]\w+ )*(?:Engage|Battle|Open|"
                        r"Limited))(?: action)?,\s*", re.I)


def reminder_lines(text: str) -> tuple[Line, ...]:
    """A card whose only text is keyword reminder text (Conqueror, Expendable, Cavalry, Destined ...): each sentence of
    its brackets is a line of the keyword's rule, marked as a reminder, so the card answers about that rule."""
    lines: list[Line] = []
    for raw in (_BR.split(text) if "<" in text else text.split("\n")):
        words = plain(raw).strip()
        for group in re.findall(r"\(([^()]*)\)", words) or ([words] if words else []):
            for sentence in _SENTENCE.split(group.strip()):
                sentence = sentence.strip()
                if not re.search(r"[A-Za-z]", sentence):
                    continue
                header, body = plain_header(sentence)
                action = _AS_ACTION.match(body) if not header else None
                if action is not None:
                    header, body = action.group(2), action.group(1) + body[action.end():]
                lines.append(Line(header, body, f"({sentence})", reminder=True))
    return tuple(lines)


# A keyword's reminder in italic brackets that holds a whole ability: "<i>(<b>Repeatable Limited, :g2::</b> Discard a
# Kharmic card to draw a card.)</i>" (Kharmic, Courage, ...). It is an ability the card has, read as one.
_REMINDER_ABILITY = re.compile(r"^\s*<i>\s*\(\s*<b>([^<]*?):</b>(.*?)\)\s*</i>\s*$", re.I | re.S)


def _line(raw: str, text: str, full: str | None = None) -> Line | None:
    header = ""
    reminder = _REMINDER_ABILITY.match(raw)
    if reminder:
        header, body = plain(reminder.group(1)), plain(reminder.group(2))
        return Line(header, body, f"({header}: {body})", reminder=True)
    match = _HEADER.match(raw)
    rest = raw
    if match:
        header, rest = plain(match.group(1)), raw[match.end():]
    body = plain(_ITALIC.sub(" ", rest))
    if not header and "<" not in text:
        # Plain text (the starter set, --text): "Battle: ..." is read as a header too.
        header, body = plain_header(body)
    if not body and not header:
        return None
    if full is not None:
        # A granting line: shown whole, but its duration words are its own, not its quote's.
        return Line(header, body, full, scan=plain(raw))
    return Line(header, body, plain(raw))


_PLAIN_HEADER = re.compile(
    r"^((?:[A-Z][A-Za-z]*[ /,]*)*?(?:Battle|Open|Limited|Engage|Dynasty|Reaction|Interrupt|Invest)(?:/\w+)?"
    r"(?:, ?(?:Bow|\d+ Gold|X Gold))*|Bow(?:, ?\d+ Gold)?):\s*")


def plain_header(body: str) -> tuple[str, str]:
    """A header spelled in plain text ("Political Open, Bow: ..."): the designators, then the rest."""
    match = _PLAIN_HEADER.match(body)
    if not match:
        return "", body
    return match.group(1).strip(), body[match.end():].strip()
