"""/duration: the shortcut a ruleset declares for a question asked as "played in ZONE, then EVENT ..."
(engine/interface.py `shortcuts` and `EventScenario`): the ruling, "Then: EVENT" buttons for what can still
change it, the other version, the printings that read differently, and a choice when the name is ambiguous."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.service import problem_message
from bot.discord.answers import WhyButton, answer_embed, version_button_label
from bot.discord.cards import wrong_game
from bot.discord.common import card_autocomplete, guild_of
from bot.discord.components import STALE
from bot.discord.errors import UserFacingError
from bot.discord.items import ArbiterItem
from bot.discord.limits import CHOICE, LABEL, OPTION, clip, safe
from bot.discord.state import (
    CHOICE_PATTERN,
    MAX_CUSTOM_ID,
    MAX_EVENTS,
    NO_CARD,
    PATTERN,
    PRINTING_PATTERN,
    RulingState,
    StaleButton,
    card_ref,
    choice_custom_id,
    owner_of,
    printing_custom_id,
)
from engine.cards import Card
from engine.matching import MatchResult
from engine.registry import shortcut

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

_CONDITIONS = ("condition-false", "condition-true")
# The game and question behind `/duration` (a ruleset's `shortcuts`, engine/interface.py), with its scenario
# vocabulary (engine.interface.EventScenario): zones, events and which events can still change an answer.
_FOUND = shortcut("duration")
assert _FOUND is not None, "no ruleset declares the duration shortcut"
RULESET, QUESTION = _FOUND
GAME: str = RULESET.game
ZONES: tuple[str, ...] = tuple(QUESTION.zones)
EVENTS: tuple[str, ...] = tuple(QUESTION.events)
# Further scenario inputs a question may take (engine/interface.py): whose turn it was and how many play, and
# events that name one condition ("condition-false:2").
MAX_PLAYERS: int = getattr(QUESTION, "max_players", 8)
NAMED_CONDITIONS: bool = hasattr(QUESTION, "event_ok")


def _known_event(event: str) -> bool:
    check = getattr(QUESTION, "event_ok", None)
    return bool(check(event)) if check is not None else event in EVENTS


def table_of(state: RulingState) -> dict[str, Any]:
    """The question's further inputs the state carries, when the asker gave them."""
    return {k: v for k, v in (("turn", state.turn), ("players", state.players)) if v is not None}


def relevant_events(data: dict[str, Any]) -> list[str]:
    """The next events that can change this ruling (the question's own reading of its terms)."""
    return list(QUESTION.next_events(data))


def duration_embed(data: dict[str, Any]) -> discord.Embed:
    """The public reply to /duration: the verdict's presentation as every game's answer is shown."""
    return answer_embed(QUESTION.present(data), data)


def ruling_view(state: RulingState, data: dict[str, Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    try:
        longest = len(state.custom_id("ev", EVENTS[0]))
    except ValueError:  # a condition named by a word: the buttons cannot carry it, so the answer comes without
        return view
    if longest > MAX_CUSTOM_ID:  # a scenario too long for a button: the answer comes without them
        return view
    if len(state.events) < MAX_EVENTS:
        for event in relevant_events(data)[:15]:
            view.add_item(RulingButton(state, "ev", event))
    view.add_item(RulingButton(state, "rs", None))
    view.add_item(WhyButton(data["ruling_id"], state.owner))
    differ = [p for p in data["match"].get("printings", []) if p["reads"] == "differently"][:25]
    if differ:  # the card's printings that read differently: a menu asks again for one of them
        view.add_item(PrintingSelect(state, differ))
    return view


class PrintingSelect(ArbiterItem, discord.ui.DynamicItem[discord.ui.Select], template=PRINTING_PATTERN):
    """The printings of the judged card that read differently. Picking one asks the same question for that
    printing: the asker's pick changes the message; anyone else gets it privately. Works after a restart (the
    state is in the custom_id, each option's value is a printing's card ref)."""

    what = "printing menu"

    def __init__(self, state: RulingState | None, printings: list[dict[str, Any]] | None = None,
                 select: discord.ui.Select | None = None) -> None:
        if select is None:
            if state is None:
                raise ValueError("a new printing menu needs its state")
            options = [discord.SelectOption(label=clip(p["label"], OPTION),
                                            value=card_ref(Card(GAME, p["name"], p["set"])))
                       for p in printings or []]
            select = discord.ui.Select(placeholder="Other printings that read differently", min_values=1,
                                       max_values=1, options=options, custom_id=printing_custom_id(state))
        super().__init__(select)
        self.state = state

    @classmethod
    def read(cls, match: re.Match[str], item: discord.ui.Select) -> PrintingSelect:
        return cls(state_in(match), select=item)

    async def serve(self, interaction: discord.Interaction) -> None:
        bot: ArbiterBot = interaction.client  # type: ignore[assignment]
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        if self.state is None or not values:
            raise UserFacingError("This menu is from an older version of Arbiter; ask again with /duration.")
        card = bot.card_refs.get(str(values[0]))
        if card is None:
            raise UserFacingError("That card is no longer in the database; ask again with /duration.")
        state = replace(self.state, card=card_ref(card), part="")
        data = answer(bot, card, None, state, interaction)
        state = replace(state, part=data["scenario"]["part"])
        await show_ruling(interaction, state, data)


class RulingButton(ArbiterItem, discord.ui.DynamicItem[discord.ui.Button], template=PATTERN):
    """A button whose custom_id carries the whole ruling state and its owner, so it works after a restart.

    The owner's press changes the shared message; anyone else gets the new ruling privately, with buttons of
    their own, and the shared message stays as it is.
    """

    what = "ruling button"

    def __init__(self, state: RulingState | None, action: str, next_event: str | None,
                 button: discord.ui.Button | None = None) -> None:
        if button is None:
            if state is None:
                raise ValueError("a new ruling button needs its state")
            if action == "ev":
                label = f"Then: {next_event}"
                style = (discord.ButtonStyle.primary if next_event not in _CONDITIONS
                         else discord.ButtonStyle.secondary)
            else:
                other = "previous" if state.ruleset == "current" else "current"
                label = version_button_label(GAME, other)
                style = discord.ButtonStyle.secondary
            button = discord.ui.Button(label=clip(label, LABEL), style=style,
                                       custom_id=state.custom_id(action, next_event))
        super().__init__(button)
        self.state = state  # None: a button this version cannot read (it says so when pressed)
        self.action = action
        self.next_event = next_event

    @classmethod
    def read(cls, match: re.Match[str], item: discord.ui.Button) -> RulingButton:
        try:
            action, state, nxt = RulingState.parse(match)
        except StaleButton:
            return cls(None, match["action"], None, button=item)
        return cls(state, action, nxt)

    async def serve(self, interaction: discord.Interaction) -> None:
        bot: ArbiterBot = interaction.client  # type: ignore[assignment]
        if self.state is None:
            raise UserFacingError("This button is from an older version of Arbiter; ask again with /duration.")
        card = bot.card_refs.get(self.state.card)
        if card is None:
            raise UserFacingError("That card is no longer in the database; ask again with /duration.")
        state = self.state
        if self.action == "ev" and self.next_event:
            state = replace(state, events=(*state.events, self.next_event))
        elif self.action == "rs":
            other = "previous" if state.ruleset == "current" else "current"
            state = replace(state, ruleset=other)
        data = answer(bot, card, None, state, interaction)
        await show_ruling(interaction, state, data)


async def show_ruling(interaction: discord.Interaction, state: RulingState, data: dict[str, Any]) -> None:
    """A press's new ruling: the asker's changes the shared message; anyone else gets it privately, with buttons
    of their own, and the shared message stays as it is."""
    presser = interaction.user.id
    if ruling_owner(state, interaction) == presser:
        await interaction.response.edit_message(embed=duration_embed(data), view=ruling_view(state, data))
        return
    await interaction.response.send_message(
        "Only the person who asked can change that message; here is the ruling for you.",
        embed=duration_embed(data), view=ruling_view(state.owned_by(presser), data), ephemeral=True)


def state_in(match: re.Match[str]) -> RulingState | None:
    """The ruling state a custom id carries; None for one this version cannot read (it says so when used)."""
    try:
        return RulingState.parse(match)[1]
    except StaleButton:
        return None


def ruling_owner(state: RulingState, interaction: discord.Interaction) -> int | None:
    """Whose ruling the pressed message is: the id in the button, else (older buttons) who asked for it."""
    return owner_of(state.owner, interaction)


def answer(bot: ArbiterBot, card: Card, match: MatchResult | None, state: RulingState,
           interaction: discord.Interaction, set_hint: str | None = None) -> dict[str, Any]:
    """The ruling as the asking server sees it (its own annotations and aliases, said so in the answer), stored
    under its id. `set_hint`: the set the asker chose, if any; a card picked by its printing (a suggestion, the
    choice menu, a button) is stored with that printing."""
    chosen = set_hint if set_hint is not None else (card.set if match is None else None)
    if match is None:  # a printing picked by its ref: named exactly, and its card's other printings compared
        printings = tuple(bot.arbiter.matcher(card.game).printings_of(card))
        match = MatchResult(card.label, "exact", card, [], printings, "named")
    result = bot.arbiter.duration(card.name, set_hint=chosen, played_in=state.zone, events=state.events,
                                  ruleset=state.ruleset, part=state.part or None, card=card, match=match,
                                  guild=guild_of(interaction), extra=table_of(state))
    data = result.as_json()
    bot.recent_answers.remember(GAME, QUESTION.command, data, guild_of(interaction))
    return data


def choice_view(owner: int, candidates: list[Card], zone: str, events: tuple[str, ...], ruleset: str,
                turn: str | None = None, players: int | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DurationChoice(RulingState(NO_CARD, zone, ruleset, "", events, owner, turn, players), candidates))
    return view


class DurationChoice(ArbiterItem, discord.ui.DynamicItem[discord.ui.Select], template=CHOICE_PATTERN):
    """A select menu of candidates that only the person who asked can use. Its custom id carries the scenario
    and the asker, each option a candidate's card ref: a pick is served after a restart too."""

    what = "card choice menu"

    def __init__(self, state: RulingState | None, candidates: list[Card] | None = None,
                 select: discord.ui.Select | None = None) -> None:
        if select is None:
            if state is None:
                raise ValueError("a new choice menu needs its state")
            select = discord.ui.Select(
                placeholder="Which card did you mean?", min_values=1, max_values=1,
                options=[discord.SelectOption(label=clip(c.label, OPTION), value=card_ref(c))
                         for c in (candidates or [])[:25]], custom_id=choice_custom_id(state))
        super().__init__(select)
        self.state = state

    @classmethod
    def read(cls, match: re.Match[str], item: discord.ui.Select) -> DurationChoice:
        return cls(state_in(match), select=item)

    async def serve(self, interaction: discord.Interaction) -> None:
        bot: ArbiterBot = interaction.client  # type: ignore[assignment]
        if self.state is None:
            raise UserFacingError(STALE)
        if self.state.owner is not None and interaction.user.id != self.state.owner:
            raise UserFacingError("Only the person who asked can choose here.")
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        card = bot.card_refs.get(str(values[0])) if values else None  # the catalog may have changed since
        if card is None:
            raise UserFacingError("That card is no longer in the database; ask again with /duration.")
        state = replace(self.state, card=card_ref(card), part="")
        data = answer(bot, card, None, state, interaction)
        state = replace(state, part=data["scenario"]["part"])
        await interaction.response.edit_message(content=f"You chose {safe(card.label, 200)}.", view=None)
        await interaction.followup.send(embed=duration_embed(data), view=ruling_view(state, data))


async def set_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    typed = getattr(interaction.namespace, "card", None) or ""
    sets: dict[str, str] = {}
    if typed:
        match = bot.arbiter.matcher_for(GAME, interaction.guild_id).match(typed)
        pool = [match.card] if match.card else [c.card for c in match.candidates]
        for card in pool:
            sets.setdefault(card.set, card.official_set or card.set)
    if not sets:
        for card in bot.arbiter.all_cards():
            if card.game == GAME:
                sets.setdefault(card.set, card.official_set or card.set)
    needle = current.strip().lower()
    found = [(code, name) for code, name in sorted(sets.items())
             if needle in code.lower() or needle in name.lower()]
    return [app_commands.Choice(name=clip(f"{code} ({name})" if name != code else code, CHOICE),
                                value=clip(code, CHOICE)) for code, name in found[:25]]


async def then_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Complete the last event name of a space-separated list."""
    head, _, last = current.replace(",", " ").rpartition(" ")
    head = " ".join(head.split())
    out = []
    for event in EVENTS:
        if event.startswith(last.strip().lower()):
            value = f"{head} {event}".strip()
            if len(value) <= CHOICE:
                out.append(app_commands.Choice(name=clip(f"{value} — {QUESTION.event_help[event]}", CHOICE),
                                               value=value))
    return out[:25]


class DurationCog(commands.Cog):
    def __init__(self, bot: ArbiterBot) -> None:
        self.bot = bot

    @app_commands.command(name="duration", description=QUESTION.description[:100])
    @app_commands.rename(set_="set")
    @app_commands.describe(
        card="The card (typos and nicknames are fine; pick a suggestion for an exact printing)",
        played_in="Where the card was played",
        set_="Set code or name, to pick one printing",
        then="Events that happen next, in order, separated by spaces (e.g. phase-ends leaves-play)",
        ruleset=QUESTION.version_help[:100],
        turn="Whose turn it was when the card was played (default: yours)",
        players="How many players (default: 2)",
    )
    @app_commands.choices(
        played_in=[app_commands.Choice(name=z, value=z) for z in ZONES],
        ruleset=[app_commands.Choice(name=v, value=v) for v in RULESET.versions()],
        turn=[app_commands.Choice(name="mine", value="mine"), app_commands.Choice(name="theirs", value="theirs")],
    )
    @app_commands.autocomplete(card=card_autocomplete, set_=set_autocomplete, then=then_autocomplete)
    async def duration(self, interaction: discord.Interaction, card: str, played_in: str,
                       set_: str | None = None, then: str | None = None, ruleset: str = "current",
                       turn: str | None = None,
                       players: app_commands.Range[int, 2, MAX_PLAYERS] | None = None) -> None:
        events = QUESTION.parse_events([then] if then else [])
        bad = [e for e in events if not _known_event(e)]
        if bad:
            raise UserFacingError(f"Unknown event “{safe(bad[0], 40)}”. Valid events: {', '.join(EVENTS)}"
                                  + (" (condition-false:2 names one condition)." if NAMED_CONDITIONS else "."))
        if played_in not in ZONES:
            raise UserFacingError(f"Unknown zone. Valid zones: {', '.join(ZONES)}.")
        if len(events) > MAX_EVENTS:
            raise UserFacingError(f"At most {MAX_EVENTS} events, please.")
        matcher = self.bot.arbiter.matcher_for(GAME, interaction.guild_id)
        picked = matcher.resolve_value(card)
        match = MatchResult(card, "exact", picked, []) if picked is not None else matcher.match(card, set_)
        if match.card is None:
            other = wrong_game(interaction, GAME, match, QUESTION.command)
            if other is not None:  # another game's card: which, and how to ask there
                raise UserFacingError(other)
            if match.how == "ambiguous" and match.candidates:
                view = choice_view(interaction.user.id, [c.card for c in match.candidates], played_in, events,
                                   ruleset, turn, players)
                await interaction.response.send_message(safe(problem_message(match), 1800), view=view,
                                                        ephemeral=True)
                return
            raise UserFacingError(safe(problem_message(match), 1800))
        state = RulingState(card_ref(match.card), played_in, ruleset, "", events, interaction.user.id, turn, players)
        data = answer(self.bot, match.card, match, state, interaction,
                      set_hint=match.card.set if picked is not None or set_ else None)
        state = replace(state, part=data["scenario"]["part"])
        await interaction.response.send_message(embed=duration_embed(data), view=ruling_view(state, data))
