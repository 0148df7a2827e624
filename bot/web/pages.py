"""What each web page shows, gathered from the catalog, the rulings store and the engine as plain dicts.

Everything here blocks (SQLite reads, asking a ruling again), so the server calls it in a worker thread. Nothing
here writes: the site is read-only. Names no game: every game is reached through the registry and the
rulesets' declared questions, as the other front ends do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.answers.games import find_question, plugin_rulesets
from bot.answers.reask import Reasker, Standing
from bot.answers.report import iso, question_text, standing_json
from bot.answers.service import Arbiter
from bot.rulings.store import RulingStore, StoredRuling
from engine.cards import Annotation, Card, printing_label
from engine.interface import QuestionError
from engine.matching import MatchResult
from engine.plain_words import cut, headline
from engine.registry import Ruleset, UnknownRuleset, all_rulesets, find_ruleset
from engine.trace import Rule

MAX_QUERY = 200          # characters of a search; longer is refused with one sentence
MAX_RESULTS = 25         # cards listed for one search
MAX_CARD_RULINGS = 100   # stored rulings listed on a card's page (newest first)
_URL = re.compile(r"https?://[^\s)\"'<>]+")
_CARD_FIELDS = (("type", "Type"), ("card_class", "Class"), ("brigade", "Brigade"), ("alignment", "Alignment"),
                ("identifier", "Identifier"), ("official_set", "Set"), ("rarity", "Rarity"),
                ("reference", "Reference"), ("legality", "Legality"))


class NotFound(Exception):
    """No such ruling, game or card: the server answers 404 with this sentence."""


class BadRequest(Exception):
    """A request the site refuses (too long, malformed): 400 with this sentence."""


@dataclass(frozen=True)
class SourceLink:
    text: str
    url: str | None


def source_link(source: str) -> SourceLink:
    """A rule's source as text plus its address (only http(s): a source never becomes a script link)."""
    found = _URL.search(source)
    if found is None:
        return SourceLink(source, None)
    shown = " ".join(source.replace(f"({found.group(0)})", "").split()).replace(" ,", ",")
    return SourceLink(shown, found.group(0))


def rule_json(rule: Rule) -> dict[str, Any]:
    link = source_link(rule.source)
    return {"id": rule.id, "name": rule.name, "summary": rule.summary, "source": link.text, "url": link.url}


def game_title(ruleset: Any) -> str:
    return str(ruleset.title).split(" (")[0]


def games() -> list[dict[str, str]]:
    return [{"game": r.game, "title": game_title(r)} for r in all_rulesets()]


def card_json(card: Card) -> dict[str, Any]:
    fields = [(label, getattr(card, key)) for key, label in _CARD_FIELDS if getattr(card, key, "")]
    return {"game": card.game, "name": card.name, "set": card.set, "label": printing_label(card.name, card.set),
            "text": card.text, "fields": fields}


def annotation_json(note: Annotation) -> dict[str, str]:
    return {"part": note.part, "rule": note.rule, "value": note.value, "text": note.text, "note": note.note}


class Site:
    """The pages' data over one warm Arbiter (the bot's own in `arbiter run --web`)."""

    def __init__(self, arbiter: Arbiter, store: RulingStore) -> None:
        self.arbiter = arbiter
        self.store = store
        self.reasker = Reasker(arbiter)
        self._plugins = {r.game for r in plugin_rulesets()}

    # --- finding things --------------------------------------------------------------------------------

    def ruleset(self, game: str) -> Ruleset:
        try:
            return find_ruleset(game)
        except UnknownRuleset:
            raise NotFound(f"Arbiter knows no game called “{clip(game)}”.") from None

    def matcher(self, ruleset: Any):
        """What names mean for the public: the shared catalog's cards and aliases of one game."""
        base = self.reasker.matcher(ruleset) if ruleset.game in self._plugins else None
        return self.arbiter.matcher_for(ruleset.game, None, base=base)

    def printings(self, card: Card) -> list[Card]:
        return self.arbiter.printings(card) or [card]

    # --- pages -----------------------------------------------------------------------------------------

    def search(self, query: str) -> dict[str, Any]:
        """Every game's cards matching the text: those found, those asked between, and "did you mean"."""
        query = " ".join((query or "").split())
        if len(query) > MAX_QUERY:
            raise BadRequest(f"A search is at most {MAX_QUERY} characters.")
        found: list[dict[str, Any]] = []
        choices: list[dict[str, Any]] = []
        near: list[dict[str, Any]] = []
        if query:
            for ruleset in all_rulesets():
                match: MatchResult = self.matcher(ruleset).match(query)
                if match.card is not None:
                    found.append({**card_json(match.card), "how": match.how, "title": game_title(ruleset)})
                elif match.how == "ambiguous":
                    choices += [{**card_json(c.card), "title": game_title(ruleset), "score": c.score}
                                for c in match.candidates]
                else:
                    near += [{**card_json(c.card), "title": game_title(ruleset), "score": c.score}
                             for c in match.candidates]
        exact = [f for f in found if f["how"] in ("exact", "alias")]
        choices.sort(key=lambda c: -c["score"])
        near.sort(key=lambda c: -c["score"])
        return {"query": query, "found": found, "choices": choices[:MAX_RESULTS], "near": near[:10],
                "go": exact[0] if len(exact) == 1 and len(found) == 1 and not choices else None,
                "games": games()}

    def card(self, game: str, name: str, set_: str | None = None) -> dict[str, Any]:
        ruleset = self.ruleset(game)
        name = name.strip()
        if not name or len(name) > MAX_QUERY:
            raise NotFound("No card has that name.")
        match = self.matcher(ruleset).match(name)
        card = match.card
        if card is None:
            raise NotFound(f"{game_title(ruleset)} has no card named “{clip(name)}”.")
        if card.name != name:  # a nickname, a label or a typo: the page of the card it means
            return {"redirect": card}
        printings = self.printings(card)
        if set_:
            chosen = next((p for p in printings if p.set == set_), None)
            if chosen is None:
                raise NotFound(f"{card.name} has no printing in the set “{clip(set_)}”.")
            card = chosen
        details = getattr(ruleset, "card_details", None)
        reading = [{"label": label, "text": text} for label, text in (details(card) if details else ())]
        rulings = sorted(self.store.about(ruleset.game, [card.name]), key=lambda s: (-s.first_at, s.id))
        return {
            "game": ruleset.game, "title": game_title(ruleset), "card": card_json(card),
            "printings": [{**card_json(p), "current": p.set == card.set} for p in printings],
            "reading": reading,
            "annotations": [annotation_json(a) for a in self.arbiter.shared_annotations(card)],
            "official": [r.as_json() for r in self.arbiter.officials()
                         if r.game == ruleset.game and card.name in r.cards],
            "rulings": [self.ruling_row(s) for s in rulings[:MAX_CARD_RULINGS]],
            "more_rulings": max(0, len(rulings) - MAX_CARD_RULINGS),
        }

    def rules(self, game: str) -> dict[str, Any]:
        ruleset = self.ruleset(game)
        return {"game": ruleset.game, "title": game_title(ruleset), "full_title": ruleset.title,
                "versions": [{"name": v.name, "version": v.version, "title": v.title, "description": v.description}
                             for v in ruleset.versions().values()],
                "rules": [rule_json(r) for r in ruleset.rules().values()]}

    def stored(self, ruling_id: str) -> StoredRuling:
        key = ruling_id.strip()
        if not key or len(key) > 64:
            raise NotFound("No stored ruling has that id.")
        found = self.store.get(key) or self.store.get(key.upper())
        if found is None:
            raise NotFound(f"No stored ruling has the id “{clip(key)}”: check the id as printed under the ruling.")
        return found

    @staticmethod
    def house(stored: StoredRuling, standing: Standing | None = None) -> bool:
        """Whether a server's own annotations decided the answer (its house ruling), as `arbiter ruling` and
        `/ruling` say it (bot/answers/reask.py) when it was asked again, else as recorded with the ruling."""
        return bool(standing.house) if standing is not None else stored.basis.house is not None

    def ruling_json(self, ruling_id: str) -> dict[str, Any]:
        """`arbiter ruling ID --json` (without a house ruling's full answer: it could quote a server's notes)."""
        return standing_json(self.reasker.standing(self.stored(ruling_id)))

    def ruling(self, ruling_id: str) -> dict[str, Any]:
        stored = self.stored(ruling_id)
        standing = self.reasker.standing(stored)
        house = self.house(stored, standing)
        ruleset = self._ruleset_or_none(stored.game)
        rules = ruleset.rules() if ruleset is not None else {}
        answer = None if house else standing.answer
        page: dict[str, Any] = {
            "id": stored.id, "game": stored.game, "command": stored.command,
            "title": game_title(ruleset) if ruleset is not None else stored.game,
            "question": question_text(stored), "version": stored.version, "version_number": stored.basis.version,
            "first_at": iso(stored.first_at), "last_at": iso(stored.last_at), "count": stored.count,
            "given": stored.summary, "given_rules": [self._rule(rules, r) for r in stored.rules],
            "stands": standing.stands, "problem": standing.problem,
            "now": None if standing.now is None else standing.now.verdict,
            "now_id": None if standing.now is None else standing.now.id,
            "now_rules": [] if standing.now is None else [self._rule(rules, r) for r in standing.now.rules],
            "changes": [c.text for c in standing.changes],
            "house": house, "guild": stored.guild,
            "cards": self._cards_of(stored),
            "summary": self._summary(stored, standing) if answer is not None else None,
            "headline": None, "more": "",
            "trace": trace_lines(answer) if answer is not None else [],
            "interpretations": [i.get("text", "") if isinstance(i, Mapping) else str(i)
                                for i in (answer or {}).get("interpretations", [])],
        }
        page["headline"], page["more"] = headline(page["summary"] or stored.summary)  # the line read at a glance
        if house:  # what everyone else is answered today, next to the server's house ruling
            page["shared"] = self._shared_answer(stored, standing)
        return page

    # --- helpers ---------------------------------------------------------------------------------------

    def ruling_row(self, stored: StoredRuling) -> dict[str, Any]:
        return {"id": stored.id, "question": question_text(stored), "verdict": stored.summary,
                "first_at": iso(stored.first_at), "count": stored.count, "house": self.house(stored)}

    def _ruleset_or_none(self, game: str) -> Any:
        try:
            return find_ruleset(game)
        except UnknownRuleset:
            return None

    @staticmethod
    def _rule(rules: Mapping[str, Rule], rule_id: str) -> dict[str, Any]:
        rule = rules.get(rule_id)
        if rule is None:
            return {"id": rule_id, "name": "", "summary": "", "source": "", "url": None}
        return rule_json(rule)

    def _cards_of(self, stored: StoredRuling) -> list[dict[str, Any]]:
        out = []
        for basis in stored.basis.cards:
            card = self.arbiter.printing(stored.game, basis.name, basis.set)
            out.append(card_json(card) if card is not None else
                       {"game": stored.game, "name": basis.name, "set": basis.set, "text": "", "fields": [],
                        "label": printing_label(basis.name, basis.set), "gone": True})
        return out

    def _summary(self, stored: StoredRuling, standing: Standing) -> str | None:
        answer = standing.answer or {}
        if answer.get("summary"):
            return str(answer["summary"])
        ruleset = self._ruleset_or_none(stored.game)
        try:
            question = find_question(ruleset, stored.command) if ruleset is not None else None
        except QuestionError:
            question = None
        if question is not None and hasattr(question, "present"):
            return question.present(answer).summary
        return standing.now.verdict if standing.now is not None else None

    @staticmethod
    def _shared_answer(stored: StoredRuling, standing: Standing) -> dict[str, Any]:
        """What the shared catalog alone answers today (the re-asking already asked it for a house ruling)."""
        shared = standing.shared
        if shared is None or shared.now is None:
            return {"verdict": None, "problem": shared.problem if shared is not None else "", "same": False}
        return {"verdict": shared.now.verdict, "problem": None, "same": shared.now.outcome == stored.outcome}


def trace_lines(answer: Mapping[str, Any]) -> list[str]:
    """The answer's trace as lines: a structured trace when the game gives one, else its explanation text."""
    trace = answer.get("trace")
    if isinstance(trace, list) and trace:
        return [step_line(step) for step in trace]
    text = str(answer.get("explanation") or "")
    return [line for line in text.splitlines() if line.strip()]


def step_line(step: Any) -> str:
    if not isinstance(step, Mapping):
        return str(step)
    rule = f"[{step['rule']}] " if step.get("rule") else ""
    trigger, decision = step.get("trigger") or "", step.get("decision") or step.get("text") or ""
    body = f"{trigger}: {decision}" if trigger and decision else trigger or decision or \
        "; ".join(f"{k}: {v}" for k, v in step.items() if v not in (None, "", [], {}))
    return rule + body


def clip(text: str, limit: int = 80) -> str:
    text = " ".join(str(text).split())
    return cut(text, limit)
