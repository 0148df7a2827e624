"""Read from a Dominion card's text and types how it plays other cards and what its Duration does later.

The starter set annotates the seed's cards by hand; every other real card gets its behaviour here, from
phrase patterns of its text (the current wording, as randomkingdominion prints it). Each pattern is a class
of cards, not one card: "play ... twice" is every Throne variant, "leaving it there" every Command variant,
"set aside ... at the start of your next turn, play it" every delayed play. A card whose text plays cards
in a way no pattern knows is reported as unmodelled by the coverage report (coverage.py), never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.cards import Card
from engine.rulesets.dominion.behaviour import (
    At,
    Behaviour,
    Forbidden,
    How,
    Kind,
    Leaves,
    Plays,
    Restriction,
    Then,
    types_of,
)

# Card-shaped things that are never put into play: what they play follows its own rules, and they never stay.
LANDSCAPES = frozenset({"Event", "Project", "Way", "Trait", "Ally", "Prophecy", "Landmark", "Boon", "Hex",
                        "State", "Artifact"})
_COUNTS = {"twice": 2, "three times": 3, "3 times": 3, "2 times": 2}
_TYPES = ("Action", "Treasure", "Night", "Duration", "Attack")


@dataclass(frozen=True)
class Reading:
    """What the text says, as a behaviour, and in words for the coverage report."""

    behaviour: Behaviour
    plays_model: str = ""      # how it plays cards, in words ("" when it plays none)
    duration_model: str = ""   # what its Duration does later, in words ("" when not a Duration)
    plays_itself: bool = False  # a Reaction or on-gain card that can play itself (possibly on another turn)
    other_turn: bool = False    # ... and can do so on another player's turn (not a Shadow, Clerk, an Overpay)
    unread: str = ""           # a playing phrase no pattern reads (coverage: unmodelled)


def article(words: str) -> str:
    """The indefinite article for a noun phrase: "an Action", "a Treasure"."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def reacts(card: Card) -> bool:
    """A Reaction can be played (or reveal itself) on another player's turn."""
    return "Reaction" in types_of(card)


def is_landscape(card: Card) -> bool:
    return bool(LANDSCAPES & set(types_of(card)))


def _text(card: Card) -> str:
    # The randomkingdominion texts run a card's below-the-line text into its last sentence ("...in play.When").
    text = re.sub(r"([a-z.)])([A-Z])", r"\1 \2", card.text.replace("\n", " "))
    return " ".join(text.replace("’", "'").split())


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


# --- Duration: what it does later ---------------------------------------------------------------------

_SELF_LEAVES = re.compile(r"(put this (into your hand|onto your deck|on the bottom of your deck)|discard this "
                          r"from play|trash this)", re.I)
_DRAWS = re.compile(r"\+\d+ cards?|\bdraw\b", re.I)


def _after(text: str, marker: str) -> str:
    i = text.lower().find(marker)
    return text[i + len(marker):] if i >= 0 else ""


def read_duration(card: Card) -> tuple[Behaviour, str] | None:
    """The later effect of a Duration card from its text; None when no pattern fits."""
    text = _text(card)
    low = text.lower()
    later = _after(text, "at the start of your next turn")
    if "take an extra turn" in low:
        return (Behaviour(kind=Kind.EXTRA_TURN, again=False, note="read from its text"),
                "gives an extra turn (only the first in a turn): stays until that turn's Clean-up (DM3)")
    if "while any remain" in low:
        return (Behaviour(kind=Kind.UNTIL_EMPTY, left=1, note="read from its text"),
                "hands back set-aside cards one per turn: stays until none remain (DM3; give left=N)")
    m = re.search(r"now and at the start of your next (two|three) turns", low)
    if m:
        n = 2 if m.group(1) == "two" else 3
        return (Behaviour(kind=Kind.UNTIL_EMPTY, left=n, most_left=n, takes_now=True, note="read from its text"),
                f"acts now and on your next {m.group(1)} turns (DM3)")
    if re.search(r"rest of the game|at the start of each of your turns|this stays in play", low):
        return (Behaviour(kind=Kind.EVERY_TURN, note="read from its text"),
                "acts on every one of your turns: stays for the rest of the game (DM4)")
    m = re.search(r"the next time ([^,.:]+)", text, re.I)
    if m:
        rest = text[m.end():]
        leaves = Leaves.WHEN_DONE if _SELF_LEAVES.search(rest) else Leaves.CLEAN_UP
        return (Behaviour(kind=Kind.UNTIL_CONDITION, condition=m.group(1).strip(), leaves=leaves,
                          note="read from its text"),
                f"waits until {m.group(1).strip()}: stays until that turn's Clean-up (DM5; give met=N or never)")
    if re.search(r"either now or at the start of your next turn|; or at the start of your next turn", low):
        return (Behaviour(kind=Kind.OPTIONAL, draws=bool(_DRAWS.search(later)), note="read from its text"),
                "now or next turn, your choice: stays only for a next-turn choice (DM1, DM2)")
    if re.search(r"if you did, then at the start of your next turn|to play it at the start of your next turn",
                 low):
        return (Behaviour(kind=Kind.CONDITIONAL, condition="it set a card aside",
                          words={"met": "set-aside", "not-met": "set-aside-nothing"}, note="read from its text"),
                "acts next turn only if it set a card aside (DM1, DM2; “> nothing” means it did not)")
    if "at the start of your next turn" in low or re.search(r"until (the start of )?your next turn", low):
        leaves = Leaves.WHEN_DONE if _SELF_LEAVES.search(later) else Leaves.CLEAN_UP
        if "at the start of your next turn" not in low:  # Frigate: "Until the start of your next turn, ..."
            return (Behaviour(kind=Kind.NEXT_TURN, ends_next_turn=True, note="read from its text"),
                    "its effect lasts until the start of your next turn: stays until that turn's Clean-up (DM1)")
        return (Behaviour(kind=Kind.NEXT_TURN, draws=bool(_DRAWS.search(later)), leaves=leaves,
                          note="read from its text"),
                "acts at the start of your next turn: stays until that turn's Clean-up (DM1)")
    return None


# --- playing cards -------------------------------------------------------------------------------------

# An instruction to play a card: "play"/"replay" opening a sentence or clause, or after may/then/and/to/or/first/
# can, followed by what is played. "When you play", "cards in play", "they play" are not instructions.
_PLAY = re.compile(r"(?:^|[:;,\"(]\s*|\b(?:may|then|and|to|or|first|can|must)\s+|\+\d+ (?:actions?|cards?|buys?)\s+)"
                   r"(re)?play\s+"
                   r"(?=an?\b|the\b|that\b|those\b|this\b|it\b|them\b|one\b|any\b|up to\b|non-|cards?\b|[A-Z])",
                   re.I)
# The card itself is what a "play it" refers to: "When you gain this, play it", "discard this ... play it".
_ITSELF = re.compile(r"\b(gain|trash|discard)(, [a-z, ]+)? this\b(?! turn)[^.]*\bplay it\b|\bplay this\b", re.I)


_SAYS_WHAT = re.compile(r"\b(?:gain|reveal|set aside|draw|look at|choose|name)\b[^.;]*?\b(?:an?|the|one)\b", re.I)
# Separate plays, one after the other ("You may play an Attack from your hand. ... Gain a Loot; play it."), unlike
# alternatives (Crown: "If it's your Action phase ... If it's your Buy phase"), the same play said twice (Royal
# Galley's clause and its "Set it aside ... play it"), or a play repeated ("Play it again").
_ALTERNATIVES = re.compile(r"if it's your \w+ phase\b|\bchoose one\b|\bagain\b|\btwice\b|\bthree times\b", re.I)


def _play_clauses(text: str) -> list[str]:
    """The sentences of the text with an instruction to play or replay a card; "play it" takes the sentence
    before it along, since that one says what "it" is (Necromancer, Ghost, Summon)."""
    sentences = _sentences(text)
    found = []
    for i, sentence in enumerate(sentences):
        m = _PLAY.search(sentence)
        if not m:
            continue
        pronoun = re.match(r"\s*(it|them|those|that)\b", sentence[m.end():], re.I)
        # "Gain a Loot; play it": the sentence itself says what "it" is, so the one before is not taken along
        said = _SAYS_WHAT.search(sentence[:m.start()])
        found.append((sentences[i - 1] + " " if pronoun and i and not said else "") + sentence)
    return found


# Any "play"/"replay" that could be an instruction: what no pattern reads is reported, never guessed.
_ANY_PLAY = re.compile(r"\b(re)?play\b(?! phase)", re.I)
_NOT_AN_INSTRUCTION = re.compile(r"\b(in|from|into|to) play\b|\b(you|they|player|players|anyone|who) (re)?play\b|"
                                 r"\b(when|after|time|before) (you )?(re)?play\b|\bcan't play\b|\bcan only play\b|"
                                 r"\baction plays\b|\bother play\b|\bplays? (an?|the) (attack|action|treasure)", re.I)


def _unread_play(text: str) -> str:
    """A sentence that mentions playing a card in a way that is neither read nor clearly not an instruction."""
    for sentence in _sentences(text):
        rest = _NOT_AN_INSTRUCTION.sub("", sentence)
        if _ANY_PLAY.search(rest):
            return sentence
    return ""


def _plays_itself(clause: str) -> bool:
    return bool(_ITSELF.search(clause)) and not re.search(r"set aside (an?|the)\b", clause, re.I)


def _object(clause: str) -> str:
    """What a play instruction plays: the words after "play", or for "play it/them" the words before (the card
    gained, revealed or set aside), so a "+1 Action" bonus before "Play up to 3 Treasures" is not read as one."""
    m = _PLAY.search(clause)
    if m is None:
        return clause
    after = clause[m.end():]
    if re.match(r"\s*(it|them|those|that)\b(?!\s+(action|treasure|card))", after, re.I):
        before = re.sub(r"^\s*\+\d+ (actions?|cards?|buys?)\b", "", clause[:m.start()], flags=re.I)
        return before + " " + after
    return after


def _types_named(clause: str) -> tuple[str, ...]:
    named = [t for t in _TYPES if re.search(rf"(?<!non-){t}s?\b", clause, re.I) and t not in ("Attack",)
             and not re.search(rf"non-{t}", clause, re.I)]
    if re.search(r"^\s*an attack\b|play an attack\b", clause, re.I):
        named.append("Attack")  # Invasion: "play an Attack from your hand" (an Action-Attack: the Attack decides)
    if re.search(r"\bloots?\b", clause, re.I) and "Treasure" not in named:
        named.append("Treasure")  # Invasion: "Gain a Loot; play it" (every Loot is a Treasure)
    return tuple(dict.fromkeys(t for t in named if t in ("Action", "Treasure", "Night", "Duration", "Attack")))


def _forbids(clause: str, older: str = "") -> tuple[Restriction, ...]:
    """The types a played card may not have ("a non-Duration Treasure"); a limit the card's older printed wording
    did not have holds only under the newer wording (Counterfeit once played any Treasure twice)."""
    def wording(t: str) -> Forbidden:
        return Forbidden.NEWER if older and _PLAY.search(older) and not re.search(rf"non-{t}", older, re.I) \
            else Forbidden.ALWAYS
    return tuple(Restriction(t, wording(t)) for t in ("Duration", "Command", "Attack", "Reward")
                 if re.search(rf"non-{t}", clause, re.I))


def older_text(card: Card) -> str:
    """The card's older printed wording, where a source keeps it (dominiontabs); "" when none is known."""
    raw = (card.extra or {}).get("dominiontabs_text", "")
    return " ".join(str(raw).replace("’", "'").split())


# "... play a non-Duration Treasure from your hand twice. Trash it.": the played card is trashed after its plays
_TRASH_AFTER = re.compile(r"^(?:if you do, )?trash (?:it|that (?:card|treasure|action))\b", re.I)


def _trashes_after(text: str) -> bool:
    """Whether the sentence that plays a card, or the one right after it, trashes the card played."""
    sentences = _sentences(text)
    for i, sentence in enumerate(sentences):
        if not _PLAY.search(sentence):
            continue
        if re.search(r"\btrash it\b", sentence, re.I) or (i + 1 < len(sentences)
                                                           and _TRASH_AFTER.match(sentences[i + 1])):
            return True
    return False


def _source(clause: str, text: str = "") -> str:
    """Where the played card comes from, in words: from the play clause, else from the whole text."""
    found = _source_in(clause)
    return found if found or not text else (_source_in(text) or "your hand")


def _source_in(clause: str) -> str:
    low = clause.lower()
    for words, where in (("from your hand", "your hand"), ("with your estate token", "the card with your Estate "
                         "token"), ("from the trash", "the trash"), ("in the trash", "the trash"),
                         ("from the supply", "the Supply"), ("discard pile", "your discard pile"),
                         ("from it", "your discard pile"), ("from your deck", "your deck"),
                         ("reveal", "your deck"), ("top card", "your deck"), ("from them", "your deck"),
                         ("set-aside", "a set-aside pile"), ("set aside", "a set-aside pile"),
                         ("when you gain", "cards you gain"), ("gain", "cards you gain")):
        if words in low:
            return where
    return ""


def read_plays(card: Card) -> tuple[Plays | None, str, bool, str]:
    """(plays, the model in words, plays itself, an unread playing phrase) from the card's text."""
    text = _text(card)
    clauses = _play_clauses(text)
    if not clauses:
        return None, "", False, _unread_play(text)
    itself = any(_plays_itself(c) for c in clauses)
    others = [c for c in clauses if not _plays_itself(c)]
    if not others:
        return None, "", itself, ""
    joined = " ".join(others)
    low = joined.lower()
    requires = tuple(dict.fromkeys(t for c in others for t in _types_named(_object(c)))) or ("Action", "Treasure",
                                                                                             "Night")
    if "Duration" in requires:
        requires = ("Duration",)  # Sailor: "when you gain a Duration card, you may play it"
    where = _source(joined, text)
    # A set-aside card was chosen at setup or when set aside: its limits are in another sentence (Riverboat).
    older = older_text(card)
    forbids = tuple(dict.fromkeys(r for c in (others if "set-aside" not in where else [text])
                                  for r in _forbids(c, older)))
    at = At.NOW
    if re.search(r"at the start of each of your turns, play", low):
        at = At.EVERY_TURN
    elif re.search(r"now and at the start of your next turn: play", low):
        at = At.NOW_AND_NEXT_TURN
    elif re.search(r"(at the start of your next turn[^.]*\bplay|play (it|them|those)[^.]* at the start of your "
                   r"next turn)", low):
        at = At.NEXT_TURN
    landscape = is_landscape(card)
    then = Then.TRASH if _trashes_after(text) and not landscape else Then.STAYS
    count = next((n for words, n in _COUNTS.items() if words in low), 0)
    when = {At.NOW: "", At.NEXT_TURN: " at the start of your next turn",
            At.NOW_AND_NEXT_TURN: " now and at the start of your next turn",
            At.EVERY_TURN: " at the start of each of your turns", At.WHEN_MET: ""}[at]
    limits = "".join(f", not {article(r.type)}" + (" (newer wording only)" if r.wording is Forbidden.NEWER else "")
                     for r in forbids)
    kinds = " or ".join(requires)
    a_kinds = article(kinds)
    if re.search(r"leaving it (there|set aside)", low) or "with your estate token" in low:
        plays = Plays(how=How.COMMAND, times=(0,), at=at, in_play=False, requires=requires, forbids=forbids)
        model = (f"Command variant: plays {a_kinds} card from {where}{limits}{when}, leaving it there; stays as "
                 "long as that card would (DM8)")
    elif re.search(r"\breplay\b", low):
        plays = Plays(how=How.EXTRA, times=(0,), replays=True, requires=requires, forbids=forbids)
        model = (f"replays {a_kinds} card already played{limits}: a Throne variant, it stays as long as a "
                 "Duration it replayed (DM6)")
    elif count >= 2 or "play it again" in low:
        n = count or 2
        plays = Plays(how=How.EXTRA, times=(0,) * n, at=at, then=then, requires=requires, forbids=forbids)
        model = (f"Throne variant: plays {a_kinds} card from {where} {n} times{limits}{when}"
                 + (", then trashes it (DM11)" if then is Then.TRASH else "")
                 + "; stays as long as a Duration it played (DM6)")
    elif _separate_plays(others):
        n = len(others)
        plays = Plays(how=How.ONCE, times=(0,), at=at, requires=requires, forbids=forbids, many=True, most=n)
        model = (f"plays up to {n} cards ({kinds}), each once, one after the other{limits}{when}: it never stays "
                 "for them (DM7)")
    else:
        many = bool(re.search(r"any number|up to \d|play (those|the action cards|them)", low))
        plays = Plays(how=How.ONCE, times=(0,), at=at, requires=requires, forbids=forbids, many=many)
        model = (f"plays {'any number of ' + kinds if many else a_kinds} card{'s' if many else ''} from {where} "
                 f"once each{limits}{when}: it never stays for them (DM7)")
    if landscape:
        model += "; itself never in play (DM16)"
    if all(re.search(r"\bwhen you gain this\b[^.]*\bplay\b", c, re.I) for c in others):
        # "When you gain this, you may set aside an Action ... and play it at the start of your next turn": the
        # card that does it is gained, not played, so it is not in play for it (Farmhands, Gondola)
        plays = replace(plays, on_gain=True)
        model += "; only when it is gained, so it is not in play for them"
    return plays, model, itself, ""


def _separate_plays(clauses: list[str]) -> bool:
    """Two or more plays of different cards, one after the other (Invasion), not alternatives or one play said
    twice (see _ALTERNATIVES)."""
    if len(set(clauses)) < 2 or any(_ALTERNATIVES.search(c) for c in clauses):
        return False
    return not any(a != b and a in b for a in clauses for b in clauses)


# A self-play that happens only on your own turn: a Shadow played from the deck, Clerk at the start of your
# turn, Infirmary's Overpay while you buy.
_OWN_TURN_SELF_PLAY = re.compile(r"at the start of your turn|from your deck as if|overpay", re.I)


_REACTION_MOVE = re.compile(r"\bwhen [^.]*?, you may (?:first )?(set (?:this|it) aside|reveal (?:this|it)|discard "
                            r"(?:this|it)|trash (?:this|it))(?: from (?:your |a )?hand(?: of [^,.]+)?)?"
                            r"([^.]*\.(?:\s*If you do, [^.]*\.)?)", re.I)
_MOVED = {"set": "it is set aside", "reveal": "it is only revealed and stays where it was", "discard":
          "it is discarded", "trash": "it is trashed"}


def reaction_move(card: Card) -> str:
    """What a Reaction does instead of being played, when its reaction moves or reveals it ("When another player
    plays an Attack card, you may first set this aside from your hand. If you do, then at the start of your next
    turn, +1 Card and return this to your hand."), in players' words; "" for a card whose reaction plays it."""
    if not reacts(card) or other_turn_self_play(card):
        return ""
    m = _REACTION_MOVE.search(_text(card))
    if m is None:
        return ""
    said = _MOVED[m.group(1).split()[0].lower()]
    rest = m.group(2).lower()
    back = re.search(r"(at the start of your next turn|at end of turn|at the end of (?:the|this) turn)[^.]*?\b(?:"
                     r"return (?:this|it)|put (?:this|it)) (?:in)?to your hand", rest)
    back = back or re.search(r"(?:return|put) (?:this|it) (?:in)?to your hand (at the start of your next turn|at "
                             r"end of turn|at the end of (?:the|this) turn)", rest)
    if back:
        said += f" and returns to your hand {back.group(1).replace('at end of turn', 'at the end of the turn')}"
    return said


# A card moving itself out of play: to the trash, its deck or hand, a pile ("Return this to its pile", Horse; "to the
# Madman pile", Madman; "When you play this, return it to the Spoils pile", Spoils), aside, Exile, or a mat ("Put
# this on your Tavern mat", the Reserve cards; "Put this and a card from your hand onto your Island mat", Island), or
# exchanged for another card ("Exchange this for a Bat", Vampire; "At the end of your Buy phase this turn, if you
# didn't gain any cards in it, exchange this for a Madman", Hermit): not "When you discard this from play, you may
# exchange it" (a Traveller, exchanged as Clean-up discards it).
_PILE = r"(?:its|the(?: [\w'-]+)?) pile|the supply"
_MAT = r"(?:on|onto) your [\w'-]+ mat"
_SELF_LEAVING = re.compile(rf"\b(trash this(?: card)?|exchange this(?: for an? [A-Z][\w'-]*(?: [A-Z][\w'-]*)*)?|"
                           rf"put this onto your deck|put this into your hand|return this to "
                           rf"(?:{_PILE})|set this aside|set aside this|exile this|put this {_MAT}|put this and "
                           rf"[^.]*? {_MAT}|(?<=when you play this, )(?:exile it|return it to (?:{_PILE})|put it "
                           rf"{_MAT}))\b(?! from your hand)", re.I)
_ON_PLAY = re.compile(r"when you play this,\s*$", re.I)  # "When you play this, Exile it." (Stockpile): as played
_BONUSES = re.compile(r"^(?:\s*(?:\+\$?\d+|\$\d+)(?: (?:Cards?|Actions?|Buys?|Villagers?|Coffers|Favors?))?)*\s*")


def leaves_by_itself(card: Card) -> tuple[bool, str]:
    """(always, the sentence) when a non-Duration card's own text takes it out of play as it is played: always
    ("Trash this card.", Feast; "Return this to its pile.", Horse; "When you play this, Exile it.", Stockpile;
    a Way's words for the card played using it, Way of the Horse) or only if something holds or you choose
    ("You may trash this for +$2", Mining Village; "... you may put this onto your deck", Treasury); (False, "")
    when it does not. A "When you trash this" trigger is not one, nor a card in hand ("trash this from your hand")."""
    types = types_of(card)
    if "Duration" in types or not {"Action", "Treasure", "Night", "Way"} & set(types):
        return False, ""  # (a Way's words act on the card played using it: Way of the Horse, Way of the Butterfly)
    for sentence in _sentences(_text(card)):
        m = _SELF_LEAVING.search(sentence)
        if m is None:
            continue
        prefix = _ON_PLAY.sub("", sentence[: m.start()])
        if re.search(r"when (?:you|another|any|one)\b[^.]*$", prefix, re.I):
            continue
        before = _BONUSES.sub("", prefix).strip()
        if ":" in before:  # (a card printed with several named parts, Loot)
            continue
        always = not before and not re.search(r"\b(?:may|if|or)\b", sentence, re.I)
        clause = re.sub(r"\.\d*$", "", _BONUSES.sub("", sentence).strip())  # the words that say it
        if len(clause.split()) > 12:  # "At the start of Clean-up, if ..., you may put this onto your deck"
            mays = [x.start() for x in re.finditer(r"\byou may\b", sentence[: m.start()], re.I)]
            # "At the end of your Buy phase this turn, if you didn't gain any cards in it, exchange this": the
            # condition is the word that bears on it (Hermit)
            ifs = [x.start() for x in re.finditer(r"\bif\b", sentence[: m.start()], re.I)]
            clause = sentence[mays[-1] if mays else ifs[-1] if ifs else m.start(): m.end()]
        return always, clause
    return False, ""


def called_from_mat(card: Card) -> bool:
    """A Reserve card called from its mat ("you may call this, to replay that Action", Royal Carriage): called, it
    comes into play from the mat, not from a play that puts it there."""
    return bool(re.search(r"\bcall this\b", _text(card), re.I))


def other_turn_self_play(card: Card) -> bool:
    """Whether its text lets it play itself on another player's turn (a Reaction to another player, an on-gain or
    on-discard play)."""
    return any(_plays_itself(c) and not _OWN_TURN_SELF_PLAY.search(c) for c in _play_clauses(_text(card)))


def read_card(card: Card) -> Reading:
    """Everything the text says about later effects and playing cards."""
    plays, plays_model, itself, unread = read_plays(card)
    types = types_of(card)
    duration = read_duration(card) if "Duration" in types else None
    if duration is not None:
        behaviour, duration_model = duration
    else:
        behaviour, duration_model = Behaviour(note="read from its text"), ""
    low = _text(card).lower()
    needs = bool(behaviour.kind is Kind.NEXT_TURN and plays is not None and plays.at is At.NEXT_TURN
                 and re.search(r"(reveal|set aside|setting it aside)[^.]*\.[^.]*at the start of your next turn, "
                               r"play (it|them)", low))
    options, leaves_with = start_options(card)
    behaviour = replace(behaviour, plays=plays, annotated=True, needs_card=needs, start_options=options,
                        leaves_with=leaves_with)
    return Reading(behaviour, plays_model=plays_model, duration_model=duration_model, plays_itself=itself,
                   other_turn=other_turn_self_play(card), unread=unread)


def _option_word(option: str) -> str:
    """A short, typeable name for a printed option: "+$2" stays "+$2", "trash this to gain ..." is "trash"."""
    option = option.strip().rstrip(".")
    if option.startswith("+"):
        return option.split()[0].lower()
    word = re.sub(r"[^a-z$+0-9-]", "", option.split()[0].lower()) if option.split() else ""
    return word or option.lower()


def start_options(card: Card) -> tuple[tuple[str, ...], str]:
    """The options a Duration chooses between when a later turn starts ("At the start of your next turn, choose
    one: +$2; or trash this to ..."), and the one with which it removes itself from play then."""
    text = _text(card)
    m = re.search(r"at the start of (your next turn|each of your turns[^,]*), choose one: ([^.]+)", text, re.I)
    if not m:
        return (), ""
    parts = [p.strip() for p in re.split(r";\s*or\s+|;\s*", m.group(2)) if p.strip()]
    words = tuple(dict.fromkeys(_option_word(p) for p in parts))
    leaving = next((_option_word(p) for p in parts if re.search(r"\b(trash|return|set aside) this\b|put this",
                                                                 p, re.I)), "")
    return words, leaving


def sets_aside_to_play_next_turn(way: Card) -> bool:
    """A Way that sets the card played using it aside and plays it at the start of your next turn (Way of the
    Turtle): the card leaves play now and comes back into play then."""
    return bool(re.search(r"set this aside\.[^.]*play it at the start of your next turn", _text(way), re.I))
