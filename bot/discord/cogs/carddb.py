"""/carddb: moderators keep the catalog current. Every write is audited with the Discord user and server ids.

Who may change what: moderators of the servers in ARBITER_MAINTAINER_GUILDS keep the shared catalog (cards,
imports, shared aliases and annotations); every other server's moderators keep their server layer (aliases
and annotations that apply only in their server). A server sees and undoes only its own changes.
Permission checks read memory only; a write defers first, then waits for the database off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.games import annotatable_rulesets, game_name
from bot.answers.service import LookupProblem, for_writing
from bot.catalog import SHARED_REFUSAL, CatalogError, UnreadableDatabase
from bot.catalog.annotation_conflicts import conflict_warnings
from bot.catalog.annotation_values import RULES, InvalidAnnotation, check_annotation
from bot.catalog.audit_words import entry_line
from bot.discord.common import card_autocomplete, changed_sentence, index_name
from bot.discord.errors import UserFacingError
from bot.discord.limits import CONTENT, clip, safe
from engine.cards import Annotation, Card
from engine.interface import QuestionError
from engine.registry import default_game, find_ruleset

log = logging.getLogger("arbiter.bot")

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

MAX_IMPORT_BYTES = 8 * 1024 * 1024
EDITABLE = ("text", "type", "brigade", "card_class", "identifier", "official_set", "alignment", "rarity",
            "reference", "legality")


def role_key(guild_id: int) -> str:
    return f"moderator_role:{guild_id}"


def undo_hint(audit_id: int | None) -> str:
    """The id /carddb undo takes for this change (an import: its batch header)."""
    return f" Undo with /carddb undo id:{audit_id}." if audit_id else ""


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class CardDbCog(commands.GroupCog, group_name="carddb",
                group_description="Moderators: keep the card database current"):
    private_answers = True  # every answer is for the moderator alone: deferred under load, it is deferred privately

    def __init__(self, bot: ArbiterBot) -> None:
        self.bot = bot
        super().__init__()

    # Checked in code on every call, from memory only (the role setting is in the snapshot); Discord's default
    # permissions only hide the commands.
    async def interaction_check(self, interaction: discord.Interaction) -> bool:  # type: ignore[override]
        member = interaction.user
        if interaction.guild is None or not isinstance(member, discord.Member):
            raise app_commands.CheckFailure("Card moderation works only inside a server.")
        if member.guild_permissions.manage_guild:
            return True
        command = interaction.command.name if interaction.command else ""
        if command != "role":
            role_id = self.bot.arbiter.setting(role_key(interaction.guild.id))
            if role_id and any(str(r.id) == str(role_id) for r in member.roles):
                return True
        raise app_commands.CheckFailure("Only members with Manage Server or the card moderator role can do that.")

    # -- helpers ----------------------------------------------------------------------------------------

    def _actor(self, interaction: discord.Interaction) -> str:
        return f"discord:{interaction.user.id}"

    @staticmethod
    def _guild(interaction: discord.Interaction) -> str:
        return str(interaction.guild_id)

    def _maintainer(self, interaction: discord.Interaction) -> bool:
        return self.bot.is_maintainer(interaction.guild_id)

    def _layer(self, interaction: discord.Interaction) -> str | None:
        """Where this server's aliases and annotations go: the shared catalog for a maintainer server, else
        this server's own layer."""
        return None if self._maintainer(interaction) else self._guild(interaction)

    def _require_shared(self, interaction: discord.Interaction) -> None:
        """Cards and imports are the shared catalog's: refused (before anything waits) outside maintainer servers."""
        if not self._maintainer(interaction):
            raise UserFacingError(SHARED_REFUSAL)

    def _find(self, interaction: discord.Interaction, name: str, set_hint: str | None = None) -> Card:
        matcher = self.bot.arbiter.matcher_for(default_game(), interaction.guild_id)
        picked = matcher.resolve_value(name)
        if picked is not None:
            return picked
        try:  # every caller writes or lists a card's changes: only an exact name, label or alias (else asked back)
            card = self.bot.arbiter.find_for_writing(name, set_hint, guild=interaction.guild_id)
        except LookupProblem as problem:
            raise UserFacingError(safe(problem.message, 1800)) from problem
        return card

    async def _write(self, interaction: discord.Interaction, work: Any, *args: Any, **kwargs: Any) -> Any:
        """Defer (the write may wait on another process's lock), run the catalog write in a worker thread, then
        take it into memory. A CatalogError (a busy database included) means nothing was changed."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            result = await asyncio.to_thread(work, *args, **kwargs)
        except UnreadableDatabase:
            raise  # report_error logs the file and tells the user in one path-free sentence
        except CatalogError as exc:
            raise UserFacingError(safe(str(exc), 1800)) from exc
        await self.bot.refresh_catalog()
        return result

    async def _changed(self, touched: Any) -> str:
        """The stored rulings a committed change changes, for the reply; a failure to tell is one log line and an
        empty sentence, never a reported failure of the write."""
        try:
            return await changed_sentence(self.bot, touched)
        except Exception as exc:  # the write is committed: it must not be reported as failed
            log.warning("could not count the stored rulings a committed change changes: %s", exc)
            return ""

    async def _done(self, interaction: discord.Interaction, text: str) -> None:
        """Confirm a committed write. If Discord cannot take the confirmation (after the delivery retries), the
        write still stands: say so in one log line, never to the moderator as a failure."""
        try:
            await interaction.followup.send(clip(text, CONTENT), ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("committed a change for user %s in server %s but could not deliver the confirmation "
                        "(HTTP %s): %s", interaction.user.id, interaction.guild_id, exc.status,
                        " ".join(text.split())[:200])

    # -- commands -----------------------------------------------------------------------------------------

    @app_commands.command(name="add", description="Add a card")
    @app_commands.describe(name="Card name as printed", set="Set code", type="Card type, e.g. Hero",
                           text="Special ability text", brigade="Brigade colour(s)", card_class="Class, e.g. Warrior",
                           identifier="Identifier text")
    @app_commands.rename(card_class="class")
    async def add(self, interaction: discord.Interaction, name: str, set: str, type: str, text: str = "",
                  brigade: str = "", card_class: str = "", identifier: str = "") -> None:
        if not name.strip() or not set.strip() or "\x00" in name + set + text:
            raise UserFacingError("A card needs a name and a set, without NUL characters.")
        self._require_shared(interaction)
        card = Card(default_game(), name.strip()[:200], set.strip()[:50], type=type.strip()[:80], text=text[:4000],
                    brigade=brigade[:100], card_class=card_class[:100], identifier=identifier[:400])
        await self._write(interaction, self.bot.arbiter.catalog.add_card, card, self._actor(interaction),
                          guild=self._guild(interaction))
        changed = await self._changed({card.game: [card.name]})
        await self._done(interaction, f"Added {safe(card.label, 300)}.{changed}")

    @app_commands.command(name="edit", description="Change one field of a card")
    @app_commands.describe(card="The card", field="Which field", value="The new value")
    @app_commands.choices(field=[app_commands.Choice(name=f, value=f) for f in EDITABLE])
    @app_commands.autocomplete(card=card_autocomplete)
    async def edit(self, interaction: discord.Interaction, card: str, field: str, value: str) -> None:
        if field not in EDITABLE or "\x00" in value:
            raise UserFacingError(f"Editable fields: {', '.join(EDITABLE)}; values may not contain NUL.")
        self._require_shared(interaction)
        found = self._find(interaction, card)
        entry = await self._write(interaction, self.bot.arbiter.catalog.edit_card, found.game, found.name,
                                  found.set, {field: value[:4000]}, self._actor(interaction),
                                  guild=self._guild(interaction))
        changed = await self._changed({found.game: [found.name]})
        await self._done(interaction, f"Changed {field} of {safe(found.label, 300)}.{undo_hint(entry.id)}{changed}")

    @app_commands.command(name="alias", description="Add a nickname that leads to a card")
    @app_commands.describe(alias="The nickname", card="The card it leads to", set="Tie it to one printing")
    @app_commands.autocomplete(card=card_autocomplete)
    async def alias(self, interaction: discord.Interaction, alias: str, card: str, set: str | None = None) -> None:
        if not alias.strip() or "\x00" in alias or len(alias) > 100:
            raise UserFacingError("An alias is 1 to 100 characters, without NUL.")
        found = self._find(interaction, card, set)
        layer = self._layer(interaction)
        entry = await self._write(interaction, self.bot.arbiter.catalog.add_alias, found.game, alias.strip(),
                                  found.name, found.set if set else None, self._actor(interaction), layer,
                                  origin=self._guild(interaction))
        target = found.label if set else found.name  # without a set, the alias covers every printing
        where = " (shared catalog: every server)" if layer is None else " (in this server only)"
        changed = await self._changed({found.game: [found.name]})
        await self._done(interaction, f"“{safe(alias, 100)}” now leads to {safe(target, 300)}{where}."
                                      f"{undo_hint(entry.id)}{changed}")

    @app_commands.command(name="annotate", description="Set a duration term for a card part (wins over the text)")
    @app_commands.describe(card="The card", rule="The rule the part follows", part="Ability part label, e.g. "
                           "STAR or GE (empty for an unlabelled ability)", text="The words the term comes from",
                           value="D4 length (turn, round, turns:2, ...) or 'self' for a D3 self-placement",
                           note="Why (shown to judges)")
    @app_commands.choices(rule=[app_commands.Choice(name=r, value=r) for r in RULES])
    @app_commands.autocomplete(card=card_autocomplete)
    async def annotate(self, interaction: discord.Interaction, card: str, rule: str, part: str = "",
                       text: str = "", value: str = "", note: str = "") -> None:
        try:  # the same check as `arbiter cards annotate`
            rule, value = check_annotation(rule, value)
        except InvalidAnnotation as exc:
            raise UserFacingError(str(exc)) from exc
        found = self._find(interaction, card)
        labels = set(find_ruleset(found.game).part_labels(found))
        label = part.strip().upper()
        if label not in labels | {"*"}:
            raise UserFacingError(f"{safe(found.name, 200)} has no part “{safe(part, 20)}”; its parts: "
                                  f"{', '.join(sorted(x or '(unlabelled)' for x in labels))}.")
        annotation = Annotation(label, rule, text[:300], value, note[:500])
        catalog, actor = self.bot.arbiter.catalog, self._actor(interaction)
        layer, origin = self._layer(interaction), self._guild(interaction)

        def write() -> tuple[int, Any, list[str]]:  # in a worker thread: both steps touch the database
            existing = catalog.annotations_with_ids(*found.key)
            if layer is not None:
                existing += catalog.annotations_with_ids(*found.key, layer)
            added_by = catalog.annotation_changes([i for i, _ in existing])
            warnings = conflict_warnings(found.label, existing, annotation, exclusive={"instant"}, added_by=added_by)
            return (*catalog.add_annotation(found.game, found.name, found.set, annotation, actor, layer, origin),
                    warnings)

        new_id, entry, warnings = await self._write(interaction, write)
        kind = "Annotation" if layer is None else "Server annotation (this server's answers only)"
        changed = await self._changed({found.game: [found.name]})
        await self._done(interaction, f"{kind} {new_id} added to {safe(found.label, 300)}: {rule} on part "
                                      f"{label or '(unlabelled)'}.{undo_hint(entry.id)}{changed}"
                         + "".join(f"\nWarning: {safe(w, 300)}" for w in warnings))

    @app_commands.command(name="game-annotate", description="Annotate a card of another game: a field its rules "
                                                            "read (wins over the text)")
    @app_commands.describe(game="The game, by its name or alias (the list is given when it is wrong)",
                           card="The card's exact name or label",
                           field="What the annotation states (the game's fields are listed when wrong)",
                           value="Its value", part="Which ability or paragraph (e.g. 1); empty for the whole card",
                           note="Why (shown to judges)")
    async def game_annotate(self, interaction: discord.Interaction, game: str, card: str, field: str, value: str,
                            part: str = "", note: str = "") -> None:
        ruleset = next((r for r in annotatable_rulesets() if game.strip().lower() in (r.game, *r.aliases)), None)
        if ruleset is None:
            raise UserFacingError("Games whose cards take annotations here: "
                                  f"{', '.join(r.game for r in annotatable_rulesets()) or 'none'} "
                                  f"({find_ruleset(default_game()).title} cards: /carddb annotate).")
        spec = ruleset.annotation_spec
        key = field.strip().lower()
        if key not in spec.fields:
            raise UserFacingError(safe(f"A {game_name(ruleset)} annotation is about one of: "
                                       + "; ".join(f"{f} ({h})" for f, h in spec.fields.items()) + ".", 1800))
        try:  # the game's own check, as `arbiter cards annotate --game`
            checked = spec.check(key, value.strip()[:100])
        except QuestionError as exc:
            raise UserFacingError(safe(str(exc), 1800)) from exc
        try:  # a change is written only onto a card named exactly (else asked back)
            found = for_writing(self.bot.indexes[index_name(ruleset.game)].match(card[:500]))
        except LookupProblem as problem:
            raise UserFacingError(safe(problem.message, 1800)) from problem
        label = part.strip()
        labels = list(spec.parts(found)) if spec.parts is not None else None
        if labels is not None and label not in [*labels, "*"]:
            raise UserFacingError(f"{safe(found.label, 200)} has no part “{safe(label, 20)}”; its parts: "
                                  f"{', '.join(labels) or 'none'}.")
        annotation = Annotation(label, key, "", checked, note[:500])
        catalog, actor = self.bot.arbiter.catalog, self._actor(interaction)
        layer, origin = self._layer(interaction), self._guild(interaction)

        def write() -> tuple[int, Any]:  # in a worker thread
            if catalog.card(*found.key) is None:  # a starter card, stored as it is so the annotation has a card
                catalog.add_card(found, actor)
            return catalog.add_annotation(found.game, found.name, found.set, annotation, actor, layer, origin)

        new_id, entry = await self._write(interaction, write)
        kind = "Annotation" if layer is None else "Server annotation (this server's answers only)"
        changed = await self._changed({found.game: [found.name]})
        await self._done(interaction, f"{kind} {new_id} added to {safe(found.label, 300)}: {key} = {checked!r} on "
                                      f"part {label or '(whole card)'}.{undo_hint(entry.id)}{changed}")

    @app_commands.command(name="history", description="Recent changes to the card database")
    @app_commands.describe(card="Only changes to this card", limit="How many (at most 20)")
    @app_commands.autocomplete(card=card_autocomplete)
    async def history(self, interaction: discord.Interaction, card: str | None = None,
                      limit: app_commands.Range[int, 1, 20] = 10) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        kwargs: dict[str, Any] = {"limit": limit, "guild": self._guild(interaction)}  # this server's own only
        if card:
            found = self._find(interaction, card)
            kwargs.update(game=found.game, name=found.name, set=found.set)
        entries = await asyncio.to_thread(lambda: self.bot.arbiter.catalog.history(**kwargs))
        if not entries:
            await self._done(interaction, "No changes recorded.")
            return
        lines = [safe(entry_line(e), 300) for e in entries]
        await self._done(interaction, "\n".join(lines))

    @app_commands.command(name="undo", description="Undo one recorded change by its number")
    @app_commands.describe(id="The change number from /carddb history")
    async def undo(self, interaction: discord.Interaction, id: app_commands.Range[int, 1]) -> None:
        entry = await self._write(interaction, self.bot.arbiter.catalog.undo, id, self._actor(interaction),
                                  guild=self._guild(interaction), may_write_shared=self._maintainer(interaction))
        touched = await asyncio.to_thread(self.bot.arbiter.catalog.touched, id)
        changed = await self._changed(touched)
        await self._done(interaction, f"Change #{id} undone (recorded as #{entry.id}; undo #{entry.id} to put it "
                                      f"back).{changed}")

    @app_commands.command(name="import", description="Import a LackeyCCG carddata.txt file (all or nothing)")
    @app_commands.describe(file="The carddata.txt file")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        self._require_shared(interaction)
        if file.size > MAX_IMPORT_BYTES:
            raise UserFacingError(f"That file is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MB.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        raw = await file.read()
        name = " ".join(file.filename.split())[:100] or "the card file"
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise UserFacingError(safe(f"{name}, line {line}: the file is not UTF-8 text; nothing was imported.",
                                       300)) from exc
        report = await self._write(interaction, self.bot.arbiter.catalog.import_lackey_text, text,
                                   self._actor(interaction), guild=self._guild(interaction), name=name)
        touched = await asyncio.to_thread(self.bot.arbiter.catalog.touched, report.audit_id) if report.audit_id else {}
        changed = await self._changed(touched)
        await self._done(interaction, f"Imported {report.total} cards: {report.added} added, {report.updated} "
                                      f"updated, {report.unchanged} unchanged."
                         + undo_hint(report.audit_id) + changed)

    @app_commands.command(name="role", description="Let members with this role moderate cards (Manage Server only)")
    @app_commands.describe(role="The card moderator role")
    async def role(self, interaction: discord.Interaction, role: discord.Role) -> None:
        if role.is_default():
            raise UserFacingError("The card moderator role can't be @everyone: pick a role you give to moderators.")
        if role.managed:
            raise UserFacingError(f"{safe(role.name, 100)} is managed by an integration (a bot, a booster or "
                                  "subscription role): pick a role you give to moderators.")
        await self._write(interaction, self.bot.arbiter.catalog.set_setting, role_key(role.guild.id), str(role.id),
                          self._actor(interaction), guild=self._guild(interaction))
        await self._done(interaction, f"Members with the role {safe(role.name, 100)} can now moderate cards.")
