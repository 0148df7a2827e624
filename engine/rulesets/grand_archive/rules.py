"""Grand Archive continuous-effect rules (GA1-GA16) in our own words, and the ruleset versions.

GA1-GA9 are the design doc's ids for the 2024 revision of the official "Types of Effects -
Continuous Effects" page; GA10-GA13 add what the official comprehensive rules say about the same questions:
dependencies, the end phase's clean-up, skipped phases, objects entering at once and counters (GA14).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.trace import Rule, RulesetVersion

GAME = "grand-archive"
RULES_REPO = "github.com/weebsoftheshore/gitbook-rules"
_PAGES = {
    "ce": ("Types of Effects - Continuous Effects",
           "game-mechanics/game-mechanics-types-of-effects/types-of-effects-continuous-effects/README.md"),
    "end": ("Turn Order - End Phase", "game-mechanics/game-mechanics-turn-order/turn-order-end-phase.md"),
    "skip": ("Turn Order - Skipping Phases", "game-mechanics/game-mechanics-turn-order/turn-order-skipping-phases.md"),
    "counters": ("Game Mechanics - Counters", "game-mechanics/game-mechanics-counters.md"),
    "terms": ("Glossary - Game Terms", "glossary/game-terms.md"),
    "repl": ("Types of Effects - Replacement Effects",
             "game-mechanics/game-mechanics-types-of-effects/types-of-effects-replacement-effects.md"),
    "prev": ("Game Mechanics - Damage Prevention", "game-mechanics/game-mechanics-damage-prevention.md"),
}
_SEED = "its 2024 revision (©2024 Weebs of the Shore)"


@dataclass(frozen=True)
class Citation:
    """Where a rule is written: the official page, the section (and item) and the page's address."""

    page: str
    section: str
    address: str

    def short(self) -> str:
        return f"{self.page.removeprefix('Types of Effects - ')}, {self.section}"

    def as_json(self) -> dict[str, str]:
        return {"page": self.page, "section": self.section, "address": self.address}


def _cite(page: str, section: str) -> Citation:
    title, path = _PAGES[page]
    return Citation(title, section, f"{RULES_REPO}/{path}")


# The main citation of each rule (the page and section a judge would quote), then any further ones.
CITATIONS: dict[str, tuple[Citation, ...]] = {
    "GA1": (_cite("ce", "Instanced Effects 1-2"), _cite("ce", "Syntax of Continuous Effects 1.a")),
    "GA2": (_cite("ce", "Static Effects 1"), _cite("ce", "Syntax of Continuous Effects 1.b"),
            _cite("terms", "Have, Gain, Get, Become/Are")),
    "GA3": (_cite("ce", "General Rules 2"),),
    "GA4": (_cite("ce", "General Rules 2"),),
    "GA5": (_cite("ce", "Layers 2.1-2.5"),),
    "GA6": (_cite("ce", "Timestamps (opening paragraph)"),),
    "GA7": (_cite("ce", "Timestamps 1.1-1.2"), _cite("ce", "Syntax of Continuous Effects 1.b")),
    "GA8": (_cite("ce", "Timestamps 2"),),
    "GA9": (_cite("ce", "Timestamps 3"),),
    "GA10": (_cite("ce", "Dependencies 1-2"),),
    "GA11": (_cite("end", "General Rules 3"),),
    "GA12": (_cite("skip", "General Rules 1-3"),),
    "GA13": (_cite("ce", "Timestamps 4"),),
    "GA14": (_cite("counters", "Buff 1, Debuff 1, General Rules 5"), _cite("ce", "Layers 2.6")),
    "GA15": (_cite("ce", "General Rules 1"), _cite("ce", "Syntax of Continuous Effects 1.a-1.b")),
    "GA16": (_cite("ce", "General Rules 1"), _cite("ce", "General Rules 2")),
    "GA17": (_cite("repl", "opening paragraphs"), _cite("prev", "General Rules 3")),
}


def _source(rule_id: str, *extra: str) -> str:
    cites = CITATIONS[rule_id]
    text = "; ".join(f'Official rules, "{c.page}", {c.section} ({c.address})' for c in cites)
    return "; ".join([text, *extra])


def citations_json(rule_ids: list[str]) -> list[dict[str, object]]:
    """Every rule of an answer with its official page and section, for the JSON answer and the text."""
    return [{"id": r, "name": RULES[r].name, "cites": [c.as_json() for c in CITATIONS[r]],
             "reference": CITATIONS[r][0].short()} for r in rule_ids if r in RULES]


RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("GA1", "one-shot set",
             "An effect made by a card or ability as it resolves (usually worded get, gain or become) changes only "
             "the objects that were in its set at that moment; an object that arrives afterwards is not touched.",
             _source("GA1", _SEED)),
        Rule("GA2", "static set",
             "An effect applied statically (worded have, has, are or is, or any standing ability of an object) "
             "covers whatever is in its set at every moment, objects arriving later included.",
             _source("GA2", _SEED)),
        Rule("GA3", "default duration",
             "The card says how long its effect lasts. When it says nothing, a standing ability's effect lasts while "
             "its object stays on the field, and an effect made by something resolving lasts for the rest of the game.",
             _source("GA3", _SEED)),
        Rule("GA4", "as long as",
             "An effect qualified by a condition (\"as long as ...\", or a bracketed bonus such as [Class Bonus]) is "
             "switched on or off at every state-based check, as the condition holds or not.",
             _source("GA4", _SEED)),
        Rule("GA5", "layers",
             "Effects are applied layer by layer: A sets base values, properties and default play speed; B changes "
             "types; C changes element; D adds or removes abilities; E raises or lowers stats, costs and play "
             "permissions. An earlier layer is applied in full before a later one.",
             _source("GA5", _SEED)),
        Rule("GA6", "timestamp order",
             "Inside one layer, independent effects are applied from the oldest timestamp to the newest.",
             _source("GA6", _SEED)),
        Rule("GA7", "timestamps",
             "A standing ability's effect is timestamped when its object entered play; an effect made by a resolving "
             "card or triggered or activated ability is timestamped when it resolved. An object joining a static "
             "effect's set later is under it from the moment it joined.",
             _source("GA7", _SEED)),
        Rule("GA8", "exclusive",
             "When two effects set the same property to values that cannot both hold, the newest wins; effects that "
             "can both hold all apply, in timestamp order.",
             _source("GA8", _SEED)),
        Rule("GA9", "champion lineage",
             "The champion object keeps the timestamp of the first champion card of its lineage. Levelling up is not "
             "gaining abilities and uses no layer: the new top card's text becomes the object's base text. Each card "
             "entering the lineage has its own timestamp, used for the effects of that card.",
             _source("GA9", _SEED)),
        Rule("GA10", "dependency",
             "Inside one layer, an effect that would change what another effect does (its text, the objects it "
             "reaches, or what it does to them) is applied first, whatever the timestamps; timestamps only order "
             "effects that do not depend on each other, or that depend on each other in a loop.",
             _source("GA10", "not in the 2024 revision")),
        Rule("GA11", "end-phase clean-up",
             "In the clean-up step of the end phase, every \"until end of turn\" and \"this turn\" effect ends, at "
             "the same moment as other clean-up actions.",
             _source("GA11")),
        Rule("GA12", "skipped phase",
             "A skipped phase does not happen at all: if the end phase is skipped, no clean-up takes place, so "
             "end-of-turn effects keep going until the next end phase that is not skipped.",
             _source("GA12")),
        Rule("GA13", "entering at once",
             "Objects entering the field at the same time are timestamped in the order they were sequenced to enter "
             "(the turn player's first); the answer takes the order written as that sequence.",
             _source("GA13")),
        Rule("GA14", "counters",
             "Buff counters give +1 power and +1 life each, debuff counters -1 each; in layer E, power and life "
             "changes from counters come after the other changes (then any swap of power and life). A counter stays "
             "only while its object stays in its zone.",
             _source("GA14")),
        Rule("GA15", "rules of the game",
             "A continuous effect can change a rule of the game or what a player may do (\"you can't draw cards\", "
             "\"allies enter the field rested\", a prevention or replacement \"until end of turn\") instead of an "
             "object's characteristics. It starts, lasts and switches like any other effect; changing no "
             "characteristic, it is not placed in a layer (our reading: the layers order changes to "
             "characteristics).",
             _source("GA15")),
        Rule("GA16", "one-time effects",
             "What a card or ability does at once as it resolves (deal damage, draw, destroy, look at or move cards, "
             "summon a token) is no continuous effect: it happens once and is over, with no duration, layer or "
             "timestamp, and what it did stays done unless something else changes it (our reading: the page's "
             "continuous effects are those that last for a defined or indefinite duration).",
             _source("GA16")),
        Rule("GA17", "replacement order",
             "Replacement effects (\"if ... would ..., ... instead\", and damage prevention) that would change the "
             "same event are applied one at a time, in the order chosen by the player who controls the object they "
             "are about; after each one, only those that still apply remain. Neither timestamps nor layers order "
             "them.",
             _source("GA17")),
    )
}

CURRENT = RulesetVersion(
    game=GAME, name="current", version="2026.08",
    title="Official comprehensive rules (continuous effects with dependencies)",
    description="GA1-GA16: the official page as published, where a dependency inside a layer overrides "
                "timestamp order (GA10).",
    label="the 2026 rules",
)
PREVIOUS = RulesetVersion(
    game=GAME, name="previous", version="2024.1",
    title="The 2024 revision of the continuous-effects page (no dependency rule)",
    description="GA1-GA9, GA11-GA13: the 2024 revision of the page. Against the current page it lacks the "
                "\"Dependencies\" section (so inside a layer only timestamps order effects) and the sub-order of "
                "power and life changes inside layer E (other changes, then counters, then swaps), which no scenario "
                "here can express; answers differ only where a dependency would reorder two effects, and say so.",
    label="the 2024 rules (no dependencies)",
)
VERSIONS: dict[str, RulesetVersion] = {v.name: v for v in (CURRENT, PREVIOUS)}
