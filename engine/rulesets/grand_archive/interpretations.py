"""Readings the rules or the scenario leave open; every answer that depends on one lists it."""

from __future__ import annotations

from engine.plain_words import quoted
from engine.trace import Interpretation

FIRST_TURN = Interpretation(
    "first-turn", "GA11",
    "The scenario starts on your turn; each end-of-turn passes the turn to the other player, so “your next turn” "
    "begins after two of them (one for an effect the opponent controls).")
PROPERTY_LAYER = Interpretation(
    "property-layer", "GA5",
    "A property such as distant, ephemeral or fostered is taken to be set in layer A (“setting base values and "
    "properties”); the rules do not name its layer otherwise.")
LOSS_EVENT = Interpretation(
    "loss-event", "GA5",
    "loses-abilities: an effect not named in the scenario removes all abilities of that object in layer D, "
    "timestamped at that moment, for the rest of the scenario.")
TOGETHER = Interpretation(
    "together", "GA13",
    "Objects or effects written with “&” start at the same moment and share one timestamp; between them the order "
    "written is kept, since the rules we read do not order simultaneous timestamps.")


def dependency_versions(dependent: str, on: str, current: bool) -> Interpretation:
    if current:
        return Interpretation(
            "dependency-versions", "GA10",
            f"{dependent} depends on {on} (same layer, {on} changes what {dependent} does), so {on} is applied "
            "first whatever the timestamps. The 2024 revision has no dependency rule and would order them by "
            "timestamp only (the previous ruleset).")
    return Interpretation(
        "dependency-versions", "GA6",
        f"Under the 2024 revision there is no dependency rule, so {dependent} and {on} are ordered by timestamp "
        f"only; the current rules (GA10) would apply {on} first (the current ruleset).")
RESOLVED_GAME = Interpretation(
    "resolved-game", "GA3",
    "An effect made by something resolving with no stated duration is taken to last for the rest of the game, not "
    "until its source leaves the field (that default is for a standing ability's effect).")


def all_paragraphs(card: str, labels: list[str]) -> Interpretation:
    return Interpretation(f"all-paragraphs:{card}", None,
                          f"{card} has continuous effects in paragraphs {', '.join(labels)}; all of them start here "
                          f"(pick one with “{card}#N”).")


def own_cost_apart(card: str, label: str, change: str) -> Interpretation:
    return Interpretation(f"own-cost-apart:{card}#{label}", "GA2",
                          f"{card}'s paragraph {label} is a rule of its own cost ({change}); it matters only while "
                          f"the card is being played, so it is left out here: ask about it with “{card}#{label}”.")


def unread(card: str, label: str, sentence: str) -> Interpretation:
    return Interpretation(f"unread:{card}#{label}:{sentence[:40]}", None,
                          f"Arbiter does not read “{sentence}” ({card}, paragraph {label}), so this answer leaves it "
                          "out: decide that part from the card's text and the rules.")


def only_target(label: str, target: str) -> Interpretation:
    return Interpretation(f"only-target:{label}", None,
                          f"{label} names no target; the only legal object in the scenario, {target}, is taken.")


def unchecked(label: str, words: tuple[str, ...]) -> Interpretation:
    return Interpretation(f"unchecked:{label}", None,
                          f"{label} covers only objects that fit “{'”, “'.join(words)}”; the scenario does not say "
                          "whether they do, so the objects asked about are taken to fit.")


def next_played(label: str, card: str) -> Interpretation:
    return Interpretation(f"next-played:{label}", None,
                          f"{label} reaches only the next (or first) card played that fits; {card} is taken to be "
                          "that card (the first that fits, in the order written).")


def condition_assumed(label: str, condition: str) -> Interpretation:
    return Interpretation(f"condition:{label}", "GA4",
                          f"{label}: its condition ({condition}) is taken to hold from the start; say "
                          "condition-false for this card (with #N for one paragraph) when it does not.")


def annotated(label: str, fields: tuple[str, ...]) -> Interpretation:
    return Interpretation(f"annotation:{label}", None,
                          f"{label}: {', '.join(fields)} come from a moderator's annotation, which agrees with the "
                          "text.")


def annotation_disagrees(label: str, differences: tuple[str, ...]) -> Interpretation:
    return Interpretation(f"annotation-differs:{label}", None,
                          f"{label}: a moderator's annotation wins over the text — {'; '.join(differences)}.")


def level_up(card: str, old: str) -> Interpretation:
    return Interpretation(f"level-up:{card}", "GA9",
                          f"Levelling up into {card}: its text becomes the champion's base text (not gained "
                          f"abilities, no layer); {old}'s standing abilities stop unless they are inherited; the "
                          f"champion keeps its first timestamp and {card}'s own effects are timestamped when it "
                          "entered the lineage.")


def attack_of(label: str, unit: str) -> Interpretation:
    return Interpretation(f"attack-of:{label}", None,
                          f"{label} changes the attacks of its target, {unit}; an attack written after it is taken to "
                          "be that unit's attack.")


def activated_card(label: str, card: str) -> Interpretation:
    return Interpretation(f"activated-card:{label}", "GA2",
                          f"{card[0].upper()}{card[1:]} is never on the field: written after {label} without a zone, "
                          f"it is taken to be activated then (from your hand), under {label}'s effect; write it "
                          "before the effect if it was activated earlier.")


def activated_next(label: str, card: str, words: str) -> Interpretation:
    return Interpretation(f"activated-next:{label}", "GA2",
                          f"{card[0].upper()}{card[1:]} is written after {label} without a zone, so it is taken to be "
                          f"activated then (from your hand): {quoted(words, 60)} waits for such a card; write it with "
                          "@field if it came onto the field another way, or before the effect if it was activated "
                          "earlier.")


def target_written_after(obj: str, effect: str) -> Interpretation:
    return Interpretation(f"target-written-after:{effect}", "GA1",
                          f"{effect} needs a target and nothing written before it fits, so {obj}, written right after "
                          f"it, is taken to have been on the field when it resolved, as its target (a target must be "
                          f"there then). If another object was meant, write it before --effect and name it with "
                          f"“{effect} -> #1”.")


def assumed_not(label: str, written: str, word: str) -> Interpretation:
    return Interpretation(f"assumed-not:{label}", None,
                          f"{label} depends on its target being {word}; "
                          f"{written} is written without “{word}”, so it is taken not to be one (write it with "
                          f":{word}, or say condition-true for this card, if it is).")


def requirement_met(label: str, labels: str) -> Interpretation:
    return Interpretation(f"requires:{label}", None,
                          f"{label}: its requirement ({labels}) is checked when it resolves and is taken as met; "
                          f"say condition-false for this card when it was not.")


def instead_off(label: str, requires: str) -> Interpretation:
    return Interpretation(f"instead:{label}", None,
                          f"{label} replaces the effect before it only {requires}; the question does not say so, "
                          "so the first effect is taken to apply; say condition-true for this card when it does.")


def untyped(text: str) -> Interpretation:
    return Interpretation(f"untyped:{text}", None,
                          f"{text} names no card type, so it is taken to be of the type each effect needs; write "
                          "it as token:ally:shadow, or by the token's name (e.g. Ominous Shadow), to say which.")


def card_itself(card: str) -> Interpretation:
    return Interpretation(f"card-itself:{card}", "GA3",
                          f"{card} is not a permanent, but its effect covers the card itself; the card is taken as "
                          "the object reached while it is played (an attack for as long as its attack lasts), "
                          "created when the effect starts.")


def source_first(card: str) -> Interpretation:
    return Interpretation(f"source-first:{card}", "GA7",
                          f"{card} must be on the field to trigger or activate its ability, so it is taken to have "
                          "entered just before the ability resolves: an earlier timestamp, and inside any set the "
                          "resolving effect fixes.")


def source_gone(card: str, words: str) -> Interpretation:
    return Interpretation(f"source-gone:{card}", "GA1",
                          f"{card} is not on the field as its ability resolves (“{words}”), so that ability's "
                          "one-shot effects do not reach it.")


def summoned(card: str, token: str) -> Interpretation:
    return Interpretation(f"summoned:{card}:{token}", "GA1",
                          f"{card} summons {token} before the rest of its text resolves, so the token is on the "
                          "field, and in any set fixed by what follows.")


def attacks_of_unit(label: str, words: str) -> Interpretation:
    return Interpretation(f"attacks-of-unit:{label}", "GA1",
                          f"{label}: “{words}” from a resolving effect is read as the rules' one-shot set (attacks "
                          "there when it resolved), so an attack declared later that turn does not get it. Another "
                          "reading takes it as a change to the unit, there when it resolved, reaching its attacks "
                          "declared later that turn; the rules do not settle which, so this is an assumption.")


def class_decided(label: str, told: str, met: bool) -> Interpretation:
    return Interpretation(f"class:{label}", "GA4",
                          f"{label}: “[Class Bonus]” is decided by the champion's class in the scenario: {told}, so "
                          f"it {'holds' if met else 'does not hold'}.")


def exalted_given(card: str, event: str, on: bool, t: int) -> Interpretation:
    state = "holds" if on else "no longer holds"
    after = "its element is enabled for you" if on else "its element is not enabled for you from then on, so it " \
        "could not be activated anew through Exalted; what it already did, and what it has on the field, stays"
    return Interpretation(f"exalted-given:{card}", "GA4",
                          f"{card}: Exalted's condition (you have another advanced element enabled) {state} at "
                          f"moment {t}, as the question says ({event}); it is checked all along, so {after} "
                          "(Exalted decides whether its element is enabled: a rule for activating it, not an effect "
                          "of it).")


def class_given(card: str, event: str, met: bool) -> Interpretation:
    return Interpretation(f"class-given:{card}", "GA4",
                          f"{card}: “[Class Bonus]” {'holds' if met else 'does not hold'}, as the question says "
                          f"({event}); while it does not hold, the words after it are ignored in every zone "
                          "(Class Bonus keyword).")


def level_decided(label: str, words: str, told: str, met: bool) -> Interpretation:
    return Interpretation(f"level:{label}", "GA4",
                          f"{label}: “{words}” is decided by the champion's level in the scenario: {told}, so it "
                          f"{'holds' if met else 'does not hold'}.")


def level_assumed(label: str, words: str, who: str, by: str, need: int) -> Interpretation:
    return Interpretation(f"level-assumed:{label}", "GA4",
                          f"{label}: “{words}” is taken to hold, but {by} change{'s' if ',' not in by else ''} "
                          f"{who}'s level, so it holds only if {who} is level {need} or more before "
                          f"{'that change' if ',' not in by else 'those changes'} (write the level, e.g. "
                          f"champion[level={need}], to decide it).")


def returned_new(card: str) -> Interpretation:
    return Interpretation(f"returned-new:{card}", "GA1",
                          f"{card} returns to the field as its text resolves: a new object (one that changes zones "
                          "is a new object), and what the rest of that text gives “it” goes to that new object, not "
                          "to the one that left.")


def count_assumed(label: str, per: str, every: int = 1) -> Interpretation:
    if every > 1:
        return Interpretation(f"count:{label}", None,
                              f"{label} changes its number once for every {every} {per}; the question does not say "
                              f"how many there are, so {every} (one step) are assumed. Give the count (e.g. “{per}="
                              f"{every * 2 + 1}”, which makes {2} steps) for the real total.")
    return Interpretation(f"count:{label}", None,
                          f"{label} changes its number once for each {per}; the question does not say how many, so "
                          f"one is assumed. Give the count (e.g. “{per}=3”) for the real total.")


def granted_static(holder: str, grant: str) -> Interpretation:
    return Interpretation(f"granted-static:{holder}:{grant}", "GA7",
                          f"{holder} gained, through {grant}, an ability that is itself a static effect: it applies as "
                          f"{holder}'s own standing ability (reaching objects that enter later) while {holder} has "
                          "it, timestamped when it gained it (the rules timestamp masteries and boons when gained; a "
                          "gained ability is read the same way).")


def same_object(card: str, field: bool = True) -> Interpretation:
    put = "put it on the field" if field else "was asked about (the card being activated)"
    return Interpretation(f"same-object:{card}", None,
                          f"{card} is written as an object after its own effect {put}: it is taken to "
                          "be that same object (with what is written of it, such as counters), not a second copy.")


def damage_first(label: str, dealt: int, before: int, unpreventable: bool) -> Interpretation:
    how = "unpreventable, so it is dealt" if unpreventable else "taken as not prevented"
    return Interpretation(f"damage-first:{label}", None,
                          f"{label} deals {dealt} damage to your champion before it counts the damage counters on "
                          f"them ({how}): the {before} written on the champion become {before + dealt}.")


def rule_lost(label: str, loss: str) -> Interpretation:
    return Interpretation(f"rule-lost:{label}", "GA5",
                          f"{label} changes a rule of the game, not a characteristic, so no layer orders it; it is an "
                          f"ability of its object, and once that object loses all its abilities ({loss}, layer D) "
                          "it no longer has it: the rule is off while the loss lasts (unlike an effect of layers A-C, "
                          "which applies before the loss).")


def mode_chosen(card: str, part: str, mode: str, modes: int, possible: int) -> Interpretation:
    why = "the only one the scenario allows" if possible == 1 else "the first the scenario allows"
    return Interpretation(f"mode:{card}#{part}", None,
                          f"{card} (paragraph {part}) has {modes} modes and one happens; “{mode}” is taken as the "
                          f"mode chosen ({why}); say condition-true:{card}#{part}.N for another.")


def paragraph_needs_target(card: str, label: str, why: str) -> Interpretation:
    return Interpretation(f"needs-target:{card}#{label}", None,
                          f"{card}'s paragraph {label} is left out of this answer: {why.rstrip('.')} (ask about it "
                          f"with “{card}#{label}”).")


def delayed(label: str, words: str) -> Interpretation:
    return Interpretation(f"delayed:{label}", "GA1",
                          f"{label} is a delayed trigger (“{words}”): it does nothing until then, and its one-shot "
                          "set is fixed when it resolves then (an end-of-turn passes the turn; your next turn's "
                          "recollection phase is taken as its start).")


def champion_first(text: str) -> Interpretation:
    return Interpretation(f"champion-first:{text}", "GA9",
                          f"{text} is a champion: a player's champion is on the field from the start of the game, so "
                          "written after an effect it is still the champion that was there (its timestamp is its "
                          "first champion card's), not an object entering later.")


def hit_champion(label: str) -> Interpretation:
    return Interpretation(f"hit-champion:{label}", None,
                          f"{label} is about the champion the attack hit: the opposing champion, on the field all "
                          "game, taken here though the question names none (write champion:opponent to say more of "
                          "it).")


def own_attack(label: str, card: str) -> Interpretation:
    return Interpretation(f"own-attack:{label}", None,
                          f"{label}: “this attack” of an On Attack ability is the attack {card} is making; it is "
                          "taken to be there as the ability resolves (an attack written after it is that attack).")


def same_attack(text: str, what: str) -> Interpretation:
    return Interpretation(f"same-attack:{text}", None,
                          f"{text}, written after the effect, is taken to be {what}, not another attack.")


def trigger_not_assumed(card: str, label: str, words: str) -> Interpretation:
    return Interpretation(f"trigger-not-assumed:{card}#{label}", None,
                          f"{card}'s paragraph {label} puts counters “{words}”; nothing in the question says that "
                          f"happened, so none are taken as put (ask about “{card}#{label}” for what it puts, or "
                          "write the counters on the object).")


def in_lineage(card: str, champion: str) -> Interpretation:
    return Interpretation(f"in-lineage:{card}", "GA9",
                          f"{card} is a champion card: it is taken to be in the lineage of {champion} (the champion "
                          "written), whose abilities it gives, timestamped when it entered the lineage.")


def written_counters_all(text: str, kind: str, label: str) -> Interpretation:
    return Interpretation(f"written-counters:{text}:{kind}", None,
                          f"The {kind} counters written on {text} are taken as all it has now, those {label} put on "
                          "it included.")


def decided_by_count(label: str, words: str, key: str, given: int, met: bool) -> Interpretation:
    return Interpretation(f"by-count:{label}", None,
                          f"{label}: “{words}” is decided by the count given ({key} = {given}): it "
                          f"{'holds' if met else 'does not hold'}.")


def ability_apart(card: str, label: str) -> Interpretation:
    return Interpretation(f"ability-apart:{card}:{label}", None,
                          f"{card}'s paragraph {label} is an activated ability, used apart from the card resolving, "
                          f"so it is left out; ask “{card}#{label}” about it.")


def suppressed(label: str, what: str) -> Interpretation:
    return Interpretation(f"suppressed:{label}", None,
                          f"{label} suppresses {what}: it is banished now, so what other effects gave it ends, and "
                          "it returns at the beginning of the next end phase as a new object (the glossary's "
                          "“suppress”).")


def one_time(card: str, labels: list[str], permanent: bool) -> Interpretation:
    which = f"paragraph {labels[0]}" if len(labels) == 1 else "its text"
    when = "each time that ability is used or triggers" if permanent else "as it resolves"
    return Interpretation(f"one-time:{card}:{','.join(labels)}", "GA16",
                          f"{card}: {which} is read as one-time actions, costs and keywords: they happen {when} and "
                          "nothing of them lasts, so no duration, layer or timestamp applies; what they did (damage "
                          "dealt, a card drawn or destroyed) stays done. A moderator can annotate the card if a "
                          "part of it does last.")


def all_targets(card: str, words: str, targets: list[str]) -> Interpretation:
    return Interpretation(f"all-targets:{card}:{words}", None,
                          f"{card} targets “{words}” and no target was named, so every object of the scenario that "
                          f"fits is taken as chosen ({'; '.join(targets)}); name fewer with “-> #1, #2”.")


def inherited_follows(label: str, champion: str) -> Interpretation:
    return Interpretation(f"inherited-follows:{label}", "GA9",
                          f"{label} is an Inherited Effect of a card the same resolution put in the lineage of "
                          f"{champion}: it is that champion's ability while the card stays in its lineage, whoever "
                          "controls the champion.")


def rule_covers_later(label: str) -> Interpretation:
    return Interpretation(f"rule-covers-later:{label}", "GA1",
                          f"{label} changes a rule (a prevention, a permission, how objects enter), not a "
                          "characteristic: the official one-shot rule fixes the set only of effects that change "
                          "characteristics, so this rule also covers objects that arrive after it resolved.")


def one_time_leaves(card: str) -> Interpretation:
    return Interpretation(f"one-time-leaves:{card}", "GA16",
                          f"{card} leaves the field: nothing of it lasted, so its leaving ends nothing; what it did "
                          "stays (counters it put stay on their objects, tokens it made stay on the field).")


def only_unit_target(card: str, unit: str) -> Interpretation:
    return Interpretation(f"only-unit-target:{card}", "GA16",
                          f"{card} names no target in the question; {unit}, the only unit on the field as it "
                          f"resolves, is taken as its target (name another with “{card} -> TARGET”).")


def instead_decided(card: str, requires: str, words: str, met: bool, why: str) -> Interpretation:
    return Interpretation(f"instead-decided:{card}:{requires[:30]}", "GA16",
                          f"{card}: “If {requires}, {words} instead” is checked as it resolves: {why}, so "
                          + (f"it does “{words}” instead of its first words." if met else
                             "its first words happen, not the alternative."))


def instead_open(card: str, requires: str, words: str) -> Interpretation:
    return Interpretation(f"instead-open:{card}:{requires[:30]}", "GA16",
                          f"{card}: “If {requires}, {words} instead” is checked as it resolves; the question does "
                          f"not decide whether {requires}, so both outcomes are said (name the target with "
                          f"“{card} -> TARGET”, written with what it is, e.g. ally:rested).")


def decided_by_control(label: str, part: str, obj: str, is_condition: bool) -> Interpretation:
    if is_condition:
        return Interpretation(f"by-control:{label}", "GA4",
                              f"{label}: its condition ({part}) holds because of {obj}; it is checked all along, so "
                              "it stops holding when no such object is left (leaves:OBJECT).")
    return Interpretation(f"by-control:{label}", "GA1",
                          f"{label}: its requirement ({part}) is met by {obj} as it resolves; it is checked only "
                          "then, so that object leaving later does not undo what it did.")


def decided_by_no_control(label: str, part: str, obj: str) -> Interpretation:
    return Interpretation(f"by-no-control:{label}", "GA4",
                          f"{label}: its condition ({part}) does not hold while {obj} is on the field under its "
                          "controller's control; it is checked all along, so it holds again once no such object is "
                          "left (leaves:OBJECT).")


def holds_again(label: str, condition: str, obj: str, t: int) -> Interpretation:
    return Interpretation(f"holds-again:{label}", "GA4",
                          f"{label}: its condition ({condition}) holds again at moment {t}: {obj} left the field and "
                          "no such object is left in the scenario.")


def requirement_once(label: str, requires: str, obj: str) -> Interpretation:
    return Interpretation(f"requirement-once:{label}", "GA1",
                          f"{label}: its requirement ({requires}) was checked only as it resolved; {obj} leaving the "
                          "field later does not undo it (an “if”, unlike “as long as”, is not checked again).")


def _counted(counters: dict[str, int]) -> str:
    return " and ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in sorted(counters.items()))


def counters_gone(what: str, counters: dict[str, int]) -> Interpretation:
    return Interpretation(f"counters-gone:{what}", "GA3",
                          f"{what} left the field, so the counters written with it ({_counted(counters)}) went with "
                          "it: if it comes back, it is a new object without them.")


def renewed(card: str, what: str, counters: dict[str, int]) -> Interpretation:
    lost = f"; its counters ({_counted(counters)}) are gone" if counters else ""
    return Interpretation(f"renewed:{card}", "GA3",
                          f"{card} banishes {what} and returns it to the field: it comes back as a new object, so "
                          f"what effects gave it before ends{lost}, and one-shot effects that resolved before no "
                          "longer reach it.")


def enters_with(card: str, what: str, kind: str, counter: str, met: bool, unnamed: bool) -> Interpretation:
    said = f"it is {'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}, so it enters with an additional {counter} " \
           "counter" if met else f"it is not {'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}" + (
               " (not written with it: write it as kind:" + kind.lower() + " if it is)" if unnamed else "") + \
        f", so it enters with no extra {counter} counter"
    return Interpretation(f"enters-with:{card}", "GA3", f"{card} returns {what}: {said}.")


def more_counters(rule: str, placing: str, kind: str) -> Interpretation:
    return Interpretation(f"more-counters:{rule}:{placing}", "GA14",
                          f"{rule} replaces the {kind} counters {placing} puts: that many plus its extra are put "
                          "instead (it was on the field before they were put).")


def watched(label: str, what: str, n: int, kind: str) -> Interpretation:
    if not n:  # "that attack gets -2 POWER": for that attack
        return Interpretation(f"watched:{label}:{what}", "GA15",
                              f"{what} was declared while {label} lasted, so that attack gets {kind}.")
    return Interpretation(f"watched:{label}:{what}", "GA14",
                          f"{what} entered while {label} lasted, so it got {n} {kind} counter{'s' * (n != 1)}; the "
                          "counter stays after the watcher ends (a counter is no effect with a duration).")


def distant_ends(label: str) -> Interpretation:
    return Interpretation(f"distant-ends:{label}", "GA4",
                          f"{label} depends on being distant; distant lasts until the end of its controller's turn "
                          "(the official reminder: “Units stay distant until the end of their controller's turn.”), "
                          "so after that turn's end it is taken not to be distant until it becomes so again (say "
                          "condition-true for this card when it does).")


def opponents_turn(card: str, when: str, moved: bool) -> Interpretation:
    if moved:
        return Interpretation(f"opponents-turn:{card}", "GA11",
                              f"{card} is activated only during an opponent's {when}, so the scenario is taken to "
                              "start on that opponent's turn: the first end-of-turn ends it, and its controller's "
                              "next turn begins right after.")
    return Interpretation(f"opponents-turn:{card}", "GA11",
                          f"{card} is activated only during an opponent's {when}; the scenario's turn at that moment "
                          "is its controller's, so it is taken as written (the turns were given by the events).")


def pride(obj: str, need: int, obeys: bool | None, why: str) -> Interpretation:
    said = {True: "it obeys you", False: "it won't obey you", None: "whether it obeys you is open"}[obeys]
    return Interpretation(f"pride:{obj}", None,
                          f"{obj[:1].upper()}{obj[1:]} has pride {need} (its reminder text: it won't obey its "
                          f"controller unless their champion is level {need} or higher): {said}, since {why}. It keeps "
                          "pride either way; only whether it obeys changes with the level.")


def level_up_written(level: int) -> Interpretation:
    return Interpretation("level-up-written", "GA9",
                          f"The champion's level was written and it levels up into a card not named, so it is taken "
                          f"to be one level higher: level {level} (name the champion card to use its printed level).")


def that_many(card: str, token: str, what: str) -> Interpretation:
    return Interpretation(f"that-many:{card}", None,
                          f"{card} summons “that many” {token} tokens; the question does not say how many "
                          f"{what}, so one token is assumed (and the counters that number gives it are not put); "
                          f"give it with --count \"{what}=N\".")


def mode_not_summoned(card: str, words: str) -> Interpretation:
    return Interpretation(f"mode-not-summoned:{card}", None,
                          f"{card}: “{words}” is another mode of its “Choose one” than the one this answer takes (the "
                          "mode with a lasting effect), so that token is not summoned here.")
