"""Ask a stored ruling again under today's catalog and ruleset, and say whether it still stands and what
changed since: the card's data, its annotations, the printing a name leads to, the ruleset version.

Nothing is stored while asking again. A Reasker keeps one matcher per plug-in game, so asking many rulings
again (`arbiter rulings changed`, a moderator's change) builds each game's matcher once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.answers.context import Request
from bot.answers.games import answer_with_lookup, find_question, game_matcher, plugin_rulesets
from bot.answers.service import Arbiter, LookupProblem
from bot.rulings.build import DURATION_KEYS, decided_by_server, game_record, is_shortcut_ruling
from bot.rulings.record import Basis, RulingRecord
from bot.rulings.store import RulingStore, StoredRuling
from engine.cards import printing_label
from engine.interface import QuestionError
from engine.matching import Matcher, MatchResult


@dataclass(frozen=True)
class Change:
    """One thing that differs between what the stored answer depended on and what today's answer does."""

    what: str          # "card", "annotations", "printing", "match", "ruleset", "gone"
    text: str
    card: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"what": self.what, "card": self.card, "text": self.text}


@dataclass
class Standing:
    """A stored ruling next to today's answer to the same question."""

    stored: StoredRuling
    now: RulingRecord | None
    answer: dict[str, Any] | None = None
    problem: str | None = None             # why it cannot be asked again today
    changes: list[Change] = field(default_factory=list)
    house: str | None = None               # the server whose own annotations decided it (its house ruling)
    shared: Standing | None = None         # house rulings: the same question under the shared catalog today

    @property
    def stands(self) -> bool:
        return self.now is not None and self.now.outcome == self.stored.outcome


def _basis_changes(stored: StoredRuling, now: Basis) -> list[Change]:
    before = stored.basis
    out: list[Change] = []
    if before.version != now.version:
        out.append(Change("ruleset", f"ruleset {stored.version} was version {before.version}, now "
                                     f"{now.version}"))
    for typed, name in before.matched.items():
        if now.matched.get(typed, name) != name:
            out.append(Change("match", f"“{typed}” led to {name}, now to {now.matched[typed]}", name))
    now_by_name = {c.name: c for c in now.cards}
    for old in before.cards:
        new = now_by_name.get(old.name)
        label = printing_label(old.name, old.set)
        if new is None:
            if not before.matched:
                out.append(Change("gone", f"{label} is no longer looked at", old.name))
            continue
        if new.set != old.set:
            out.append(Change("printing", f"{old.name} led to the printing {label}, now to "
                                          f"{printing_label(new.name, new.set)}", old.name))
            continue
        if new.words != old.words:
            out.append(Change("card", f"the card data of {label} changed (its text, type or other rules fields)",
                              old.name))
        if new.notes != old.notes:
            what = "were added" if not old.notes else "were removed" if not new.notes else "changed"
            out.append(Change("annotations", f"the moderators' annotations of {label} {what}", old.name))
    return out


class Reasker:
    def __init__(self, arbiter: Arbiter, matcher_for: Callable[[Any], Matcher] | None = None) -> None:
        self.arbiter = arbiter
        self._matcher_for = matcher_for
        self._matchers: dict[str, Matcher] = {}
        self._rulesets = {r.game: r for r in plugin_rulesets()}

    def matcher(self, ruleset: Any) -> Matcher:
        if self._matcher_for is not None:
            return self._matcher_for(ruleset)
        found = self._matchers.get(ruleset.game)
        if found is None:
            found = self._matchers[ruleset.game] = game_matcher(self.arbiter, ruleset)
        return found

    def request(self, guild: str | None) -> Request:
        """The context a stored question is asked again in: the server it was asked in (its aliases and own
        annotations), never stored again, without official rulings (its standing is compared, not them)."""
        arbiter = self.arbiter

        def matcher_of(ruleset: Any) -> Matcher:
            return arbiter.matcher_for(ruleset.game, guild, base=self.matcher(ruleset))

        return Request(matcher_of, arbiter.shared_annotations, lambda card: arbiter.layer_annotations(card, guild),
                       guild)

    def standing(self, stored: StoredRuling) -> Standing:
        try:
            if is_shortcut_ruling(stored.game, stored.command):
                now, answer = self._duration(stored)
            else:
                now, answer = self._plugin(stored)
        except LookupProblem as problem:
            return Standing(stored, None, problem=f"it cannot be asked again: {problem.message}")
        except ValueError as exc:  # QuestionError, or a scenario the engine refuses (a ValueError too)
            return Standing(stored, None, problem=f"it cannot be asked again: {exc}")
        standing = Standing(stored, now, answer, changes=_basis_changes(stored, now.basis))
        # A house ruling is what was recorded with it: a ruling of the shared catalog stays one even when the server
        # has annotated the card since (today's answer there then differs, and says why).
        house = stored.basis.house if stored.basis.house_recorded else (
            stored.guild if answer is not None and decided_by_server(answer) else None)
        if house and stored.guild:  # what everyone else is told: the shared catalog alone, asked today
            standing.house = house
            standing.shared = self.standing(replace(stored, guild=None))
        return standing

    def _duration(self, stored: StoredRuling) -> tuple[RulingRecord, dict[str, Any]]:
        inputs = stored.inputs
        name, set_ = inputs["card"], inputs.get("set")
        card = None
        if set_ is not None:
            card = self.arbiter.printing(stored.game, name, set_)
            if card is None:
                raise LookupProblem(MatchResult(name, "not-found", None, []),
                                    f"the printing {printing_label(name, set_)} is no longer in the catalog.")
            match = MatchResult(name, "exact", card, [])
        else:  # what the name leads to today, as the server it was asked in sees it
            match = self.arbiter.matcher_for(stored.game, stored.guild).match(name)
            card = match.card
            if card is None and match.how == "ambiguous":
                # The name now has several printings: judge the one judged then, if it is still there.
                first = stored.basis.cards[0] if stored.basis.cards else None
                card = self.arbiter.printing(stored.game, name, first.set) if first else None
                match = MatchResult(name, "exact", card, []) if card else match
            if card is None:
                raise LookupProblem(match, f"{name} is no longer in the catalog.")
        answer = self.arbiter.duration(name, played_in=inputs.get("played_in"), events=inputs.get("events") or (),
                                       ruleset=stored.version, part=inputs.get("part"), card=card, match=match,
                                       guild=stored.guild, record=False,
                                       extra={k: v for k, v in inputs.items() if k not in DURATION_KEYS})
        return answer.record(dict(inputs), stored.version), answer.as_json()

    def _plugin(self, stored: StoredRuling) -> tuple[RulingRecord, dict[str, Any]]:
        ruleset = self._rulesets.get(stored.game)
        if ruleset is None:
            raise QuestionError(f"the game {stored.game!r} is no longer offered")
        question = find_question(ruleset, stored.command)
        if stored.version not in ruleset.versions():
            raise QuestionError(f"its ruleset version {stored.version!r} is no longer offered")
        inputs = dict(stored.inputs)
        for param in question.params:  # stored rows leave out empty inputs: give them their defaults back
            inputs.setdefault(param.name, [] if param.repeat else False if param.kind == "flag" else None)
        guild = stored.guild
        data, lookup = answer_with_lookup(self.request(guild), ruleset, inputs, stored.version, stored.command)
        record = game_record(ruleset, question, data, stored.inputs, stored.version, guild,
                             lookup.cards.values(), {q: m["card"] for q, m in lookup.seen.items()},
                             lookup.annotations)
        return record, data

    # --- many at once --------------------------------------------------------------------------------

    def changed(self, rulings: Iterable[StoredRuling]) -> Iterator[Standing]:
        """The ones whose answer today differs from the answer stored (or that cannot be asked again)."""
        for stored in rulings:
            standing = self.standing(stored)
            if not standing.stands:
                yield standing


def changed_by(arbiter: Arbiter, touched: Mapping[str, Iterable[str]],
               matcher_for: Callable[[Any], Matcher] | None = None) -> list[str]:
    """The ids of the stored rulings about these cards (game -> names) that answer differently today than when
    they were given. Only the rulings indexed under these card names are asked again; pending rulings are
    written first. Blocking: the bot calls it in a worker thread."""
    log = arbiter.rulings
    if log is not None:
        log.flush()
    store = log.store if log is not None else RulingStore.for_catalog(arbiter.catalog)
    reasker = Reasker(arbiter, matcher_for)
    try:
        return [s.stored.id for game, names in touched.items() for s in reasker.changed(store.about(game, names))]
    finally:
        if log is None:
            store.close()
