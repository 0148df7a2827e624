"""Grand Archive continuous-effect rules (GA1-GA13) in our own words, and the ruleset versions.

GA1-GA9 are the design doc's ids for the 2024 revision of the official "Types of Effects -
Continuous Effects" page; GA10-GA13 add what the official comprehensive rules say about the same questions:
dependencies, the end phase's clean-up, skipped phases and objects entering at once.
"""

from __future__ import annotations

from engine.trace import Rule, RulesetVersion

GAME = "grand-archive"
RULES_REPO = "github.com/weebsoftheshore/gitbook-rules"
_CE = f'Official rules, "Types of Effects - Continuous Effects" ({RULES_REPO}, game-mechanics/game-mechanics-types-of-effects/types-of-effects-continuous-effects)'  # noqa: E501
_SEED = 'its 2024 revision (©2024 Weebs of the Shore)'
_END = f'Official rules, "Turn Order - End Phase" ({RULES_REPO}, game-mechanics/game-mechanics-turn-order/turn-order-end-phase.md)'  # noqa: E501
_SKIP = f'Official rules, "Turn Order - Skipping Phases" ({RULES_REPO}, game-mechanics/game-mechanics-turn-order/turn-order-skipping-phases.md)'  # noqa: E501
_TERMS = f'Official rules, glossary "Game Terms": "Have, Gain, Get, Become/Are" ({RULES_REPO}, glossary/game-terms.md)'

RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("GA1", "one-shot set",
             "An effect made by a card or ability as it resolves (usually worded get, gain or become) changes only "
             "the objects that were in its set at that moment; an object that arrives afterwards is not touched.",
             f'{_CE}, "Instanced Effects" 1-2; {_SEED}'),
        Rule("GA2", "static set",
             "An effect applied statically (worded have, has, are or is, or any standing ability of an object) "
             "covers whatever is in its set at every moment, objects arriving later included.",
             f'{_CE}, "Static Effects" 1; {_TERMS}; {_SEED}'),
        Rule("GA3", "default duration",
             "The card says how long its effect lasts. When it says nothing, a standing ability's effect lasts while "
             "its object stays on the field, and an effect made by something resolving lasts for the rest of the game.",
             f'{_CE}, "General Rules" 2; {_SEED}'),
        Rule("GA4", "as long as",
             "An effect qualified by a condition (\"as long as ...\", or a bracketed bonus such as [Class Bonus]) is "
             "switched on or off at every state-based check, as the condition holds or not.",
             f'{_CE}, "General Rules" 2; {_SEED}'),
        Rule("GA5", "layers",
             "Effects are applied layer by layer: A sets base values, properties and default play speed; B changes "
             "types; C changes element; D adds or removes abilities; E raises or lowers stats, costs and play "
             "permissions. An earlier layer is applied in full before a later one.",
             f'{_CE}, "Layers" 2; {_SEED}'),
        Rule("GA6", "timestamp order",
             "Inside one layer, independent effects are applied from the oldest timestamp to the newest.",
             f'{_CE}, "Timestamps"; {_SEED}'),
        Rule("GA7", "timestamps",
             "A standing ability's effect is timestamped when its object entered play; an effect made by a resolving "
             "card or triggered or activated ability is timestamped when it resolved.",
             f'{_CE}, "Timestamps" 1; {_SEED}'),
        Rule("GA8", "exclusive",
             "When two effects set the same property to values that cannot both hold, the newest wins; effects that "
             "can both hold all apply, in timestamp order.",
             f'{_CE}, "Timestamps" 2; {_SEED}'),
        Rule("GA9", "champion lineage",
             "The champion object keeps the timestamp of the first champion card of its lineage. Levelling up is not "
             "gaining abilities and uses no layer: the new top card's text becomes the object's base text. Each card "
             "entering the lineage has its own timestamp, used for the effects of that card.",
             f'{_CE}, "Timestamps" 3; {_SEED}'),
        Rule("GA10", "dependency",
             "Inside one layer, an effect that would change what another effect does (its text, the objects it "
             "reaches, or what it does to them) is applied first, whatever the timestamps; timestamps only order "
             "effects that do not depend on each other, or that depend on each other in a loop.",
             f'{_CE}, "Dependencies" 1-2 (not in the 2024 revision)'),
        Rule("GA11", "end-phase clean-up",
             "In the clean-up step of the end phase, every \"until end of turn\" and \"this turn\" effect ends, at "
             "the same moment as other clean-up actions.",
             f'{_END}, General Rules 3'),
        Rule("GA12", "skipped phase",
             "A skipped phase does not happen at all: if the end phase is skipped, no clean-up takes place, so "
             "end-of-turn effects keep going until the next end phase that is not skipped.",
             f'{_SKIP}, General Rules 1-3'),
        Rule("GA13", "entering at once",
             "Objects that enter at the same moment share one timestamp; the rules we read do not say how their "
             "effects are ordered, so the answer keeps the order written and says so.",
             f'{_CE}, "Timestamps" 1 (our reading)'),
    )
}

CURRENT = RulesetVersion(
    game=GAME, name="current", version="2026.08",
    title="Official comprehensive rules (continuous effects with dependencies)",
    description="GA1-GA13: the official page as published, where a dependency inside a layer overrides "
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
