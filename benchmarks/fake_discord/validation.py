"""Discord's documented payload limits, reported the way Discord reports them.

Each validator returns an ``errors`` tree in Discord's "Invalid Form Body" shape::

    {"data": {"embeds": {"0": {"title": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
                                                       "message": "Must be 256 or fewer in length."}]}}}}}

An empty dict means the payload is acceptable.  The error *codes* for plain length/required/choice
violations are Discord's real ones (BASE_TYPE_*); the more specific ones are best-effort names.
"""

from __future__ import annotations

import re
from typing import Any

EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

COMMAND_NAME_RE = re.compile(r"^[-_\w]{1,32}$")  # Python's \w is unicode-aware, like Discord's


class Errors:
    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: tuple, code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_len(self, path: tuple, limit: int) -> None:
        self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def bad_len(self, path: tuple, low: int, high: int) -> None:
        self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def required(self, path: tuple) -> None:
        self.add(path, "BASE_TYPE_REQUIRED", "This field is required")

    def choices(self, path: tuple, allowed: Any) -> None:
        shown = ", ".join(str(a) for a in sorted(allowed))
        self.add(path, "BASE_TYPE_CHOICES", f"Value must be one of {{{shown}}}.")

    def __bool__(self) -> bool:
        return bool(self.tree)


def _str_len(
    errs: Errors, obj: dict, key: str, path: tuple, *, high: int, low: int = 0, required: bool = False
) -> int:
    """Check a string field's length; returns its length (0 when absent)."""
    value = obj.get(key)
    if value is None:
        if required:
            errs.required((*path, key))
        return 0
    if not isinstance(value, str):
        errs.add((*path, key), "BASE_TYPE_STRING", "Could not interpret value as string.")
        return 0
    n = len(value)
    if n == 0 and required and low == 0:
        errs.required((*path, key))
    elif n > high or n < low:
        if low > 0:
            errs.bad_len((*path, key), low, high)
        else:
            errs.max_len((*path, key), high)
    return n


# --- messages -----------------------------------------------------------------------------------------
def validate_embeds(embeds: Any, errs: Errors, path: tuple) -> None:
    if not isinstance(embeds, list):
        errs.add(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return
    if len(embeds) > 10:
        errs.max_len(path, 10)
    total = 0
    for i, embed in enumerate(embeds):
        p = (*path, i)
        if not isinstance(embed, dict):
            errs.add(p, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        total += _str_len(errs, embed, "title", p, high=256)
        total += _str_len(errs, embed, "description", p, high=4096)
        color = embed.get("color")
        if color is not None and (not isinstance(color, int) or not 0 <= color <= 0xFFFFFF):
            errs.add((*p, "color"), "NUMBER_TYPE_MAX", "int value should be less than or equal to 16777215.")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errs.max_len((*p, "fields"), 25)
        for j, f in enumerate(fields):
            fp = (*p, "fields", j)
            total += _str_len(errs, f, "name", fp, high=256, required=True)
            total += _str_len(errs, f, "value", fp, high=1024, required=True)
        footer = embed.get("footer")
        if footer is not None:
            total += _str_len(errs, footer, "text", (*p, "footer"), high=2048, required=True)
        author = embed.get("author")
        if author is not None:
            total += _str_len(errs, author, "name", (*p, "author"), high=256, required=True)
    if total > 6000:
        errs.add(path, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECTS = {3, 5, 6, 7, 8}
V2_TOP_LEVEL = {1, 9, 10, 12, 13, 14, 17}


def _validate_button(c: dict, errs: Errors, p: tuple, seen: set[str]) -> None:
    style = c.get("style")
    if style not in range(1, 7):
        errs.choices((*p, "style"), range(1, 7))
        return
    _str_len(errs, c, "label", p, high=80)
    if style == 5:
        if not c.get("url"):
            errs.add((*p, "url"), "BUTTON_COMPONENT_URL_REQUIRED", "A url is required")
        if "custom_id" in c:
            errs.add(
                (*p, "custom_id"),
                "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                "A custom id cannot be specified for link buttons",
            )
    elif style == 6:
        if not c.get("sku_id"):
            errs.required((*p, "sku_id"))
    else:
        _custom_id(c, errs, p, seen)
        if "url" in c:
            errs.add(
                (*p, "url"), "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A url cannot be specified for this button"
            )
    if style != 6 and not c.get("label") and not c.get("emoji"):
        errs.add(p, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required")


def _custom_id(c: dict, errs: Errors, p: tuple, seen: set[str]) -> None:
    n = _str_len(errs, c, "custom_id", p, low=1, high=100, required=True)
    if n:
        if c["custom_id"] in seen:
            errs.add(
                (*p, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        seen.add(c["custom_id"])


def _validate_select(c: dict, errs: Errors, p: tuple, seen: set[str]) -> None:
    _custom_id(c, errs, p, seen)
    _str_len(errs, c, "placeholder", p, high=150)
    low, high = c.get("min_values", 1), c.get("max_values", 1)
    if not isinstance(low, int) or not 0 <= low <= 25:
        errs.add((*p, "min_values"), "NUMBER_TYPE_MAX", "int value should be between 0 and 25.")
    if not isinstance(high, int) or not 1 <= high <= 25:
        errs.add((*p, "max_values"), "NUMBER_TYPE_MAX", "int value should be between 1 and 25.")
    elif isinstance(low, int) and low > high:
        errs.add(
            (*p, "min_values"),
            "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
            "min_values must be less than or equal to max_values",
        )
    if c.get("type") == STRING_SELECT:
        options = c.get("options")
        if not options:
            errs.required((*p, "options"))
            return
        if len(options) > 25:
            errs.max_len((*p, "options"), 25)
        values: set[str] = set()
        for k, opt in enumerate(options):
            op = (*p, "options", k)
            _str_len(errs, opt, "label", op, low=1, high=100, required=True)
            _str_len(errs, opt, "value", op, low=1, high=100, required=True)
            _str_len(errs, opt, "description", op, high=100)
            if opt.get("value") in values:
                errs.add(
                    (*op, "value"),
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values must be unique",
                )
            values.add(opt.get("value"))
        if isinstance(high, int) and high > len(options):
            errs.add(
                (*p, "max_values"),
                "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE",
                "max_values must be less than or equal to the number of options",
            )


def _validate_action_row(row: dict, errs: Errors, p: tuple, seen: set[str]) -> None:
    children = row.get("components")
    if not isinstance(children, list) or not children:
        errs.add((*p, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        return
    if len(children) > 5:
        errs.max_len((*p, "components"), 5)
    width = 0
    for j, c in enumerate(children):
        cp = (*p, "components", j)
        ctype = c.get("type") if isinstance(c, dict) else None
        if ctype == BUTTON:
            width += 1
            _validate_button(c, errs, cp, seen)
        elif ctype in SELECTS:
            width += 5
            _validate_select(c, errs, cp, seen)
        else:
            errs.choices((*cp, "type"), {BUTTON, *SELECTS})
    if width > 5:
        errs.add(
            (*p, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )


def _count_v2(components: list) -> int:
    count = 0
    for c in components:
        if not isinstance(c, dict):
            continue
        count += 1
        count += _count_v2(c.get("components") or [])
        if isinstance(c.get("accessory"), dict):
            count += 1
    return count


def _validate_v2(components: list, errs: Errors, path: tuple, seen: set[str], *, top: bool) -> int:
    """Components V2 (IS_COMPONENTS_V2): structural checks, nested action rows, text length."""
    text = 0
    for i, c in enumerate(components):
        p = (*path, i)
        ctype = c.get("type") if isinstance(c, dict) else None
        if top and ctype not in V2_TOP_LEVEL:
            errs.choices((*p, "type"), V2_TOP_LEVEL)
            continue
        if ctype == 1:
            _validate_action_row(c, errs, p, seen)
        elif ctype == 10:
            text += _str_len(errs, c, "content", p, high=4000, required=True)
        elif ctype in (9, 17):
            text += _validate_v2(c.get("components") or [], errs, (*p, "components"), seen, top=False)
            acc = c.get("accessory")
            if isinstance(acc, dict) and acc.get("type") == BUTTON:
                _validate_button(acc, errs, (*p, "accessory"), seen)
    return text


def validate_components(components: Any, flags: int, errs: Errors, path: tuple) -> None:
    if not isinstance(components, list):
        errs.add(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return
    seen: set[str] = set()
    if flags & IS_COMPONENTS_V2:
        if _count_v2(components) > 40:
            errs.max_len(path, 40)
        if _validate_v2(components, errs, path, seen, top=True) > 4000:
            errs.add(path, "MAX_TEXT_DISPLAY_LENGTH_EXCEEDED", "Total text display content exceeds 4000")
        return
    if len(components) > 5:
        errs.max_len(path, 5)
    for i, row in enumerate(components):
        p = (*path, i)
        if not isinstance(row, dict) or row.get("type") != 1:
            errs.choices((*p, "type"), {1})
            continue
        _validate_action_row(row, errs, p, seen)


def validate_message(payload: Any, errs: Errors, path: tuple = (), *, flags_base: int = 0) -> None:
    """Message create/edit body (callback 4/7 ``data``, followups, edits, channel messages)."""
    if payload is None:
        return
    if not isinstance(payload, dict):
        errs.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    flags = payload.get("flags") if payload.get("flags") is not None else flags_base
    if not isinstance(flags, int):
        errs.add((*path, "flags"), "NUMBER_TYPE_COERCE", "Value is not int.")
        flags = 0
    content = payload.get("content")
    if content is not None:
        if not isinstance(content, str):
            errs.add((*path, "content"), "BASE_TYPE_STRING", "Could not interpret value as string.")
        elif len(content) > 2000:
            errs.max_len((*path, "content"), 2000)
    if flags & IS_COMPONENTS_V2:
        for legacy in ("content", "embeds", "poll", "stickers"):
            if payload.get(legacy):
                errs.add(
                    (*path, legacy),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    f"The '{legacy}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
                )
    if payload.get("embeds") is not None:
        validate_embeds(payload["embeds"], errs, (*path, "embeds"))
    if payload.get("components") is not None:
        validate_components(payload["components"], flags, errs, (*path, "components"))


def is_empty_message(payload: dict | None, n_files: int) -> bool:
    payload = payload or {}
    return not (
        payload.get("content")
        or payload.get("embeds")
        or payload.get("components")
        or payload.get("sticker_ids")
        or payload.get("poll")
        or payload.get("attachments")
        or n_files
    )


# --- interaction callback extras ----------------------------------------------------------------------
def validate_autocomplete(data: Any, errs: Errors, path: tuple = ("data",)) -> None:
    if not isinstance(data, dict) or data.get("choices") is None:
        errs.required((*path, "choices"))
        return
    choices = data["choices"]
    if not isinstance(choices, list):
        errs.add((*path, "choices"), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return
    if len(choices) > 25:
        errs.max_len((*path, "choices"), 25)
    _validate_choices(choices, errs, (*path, "choices"))


def _validate_choices(choices: list, errs: Errors, path: tuple) -> None:
    for i, choice in enumerate(choices):
        p = (*path, i)
        if not isinstance(choice, dict):
            errs.add(p, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        _str_len(errs, choice, "name", p, low=1, high=100, required=True)
        value = choice.get("value")
        if value is None:
            errs.required((*p, "value"))
        elif isinstance(value, str):
            if len(value) > 100:
                errs.max_len((*p, "value"), 100)
        elif isinstance(value, bool) or not isinstance(value, int | float):
            errs.add((*p, "value"), "BASE_TYPE_STRING", "Could not interpret value as string.")


def validate_modal(data: Any, errs: Errors, path: tuple = ("data",)) -> None:
    if not isinstance(data, dict):
        errs.required(path)
        return
    _str_len(errs, data, "title", path, low=1, high=45, required=True)
    seen: set[str] = set()
    _custom_id(data, errs, path, set())
    components = data.get("components")
    if not isinstance(components, list) or not components:
        errs.add((*path, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        return
    if len(components) > 5:
        errs.max_len((*path, "components"), 5)
    for i, top in enumerate(components):
        p = (*path, "components", i)
        ttype = top.get("type") if isinstance(top, dict) else None
        if ttype == 1:  # legacy: action row holding exactly one text input
            inner = top.get("components") or []
            if len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
                errs.add(
                    (*p, "components"),
                    "MODAL_ACTION_ROW_INVALID",
                    "Action rows in modals must contain exactly one text input",
                )
                continue
            _validate_text_input(inner[0], errs, (*p, "components", 0), seen, legacy=True)
        elif ttype == 18:  # Label wrapping a text input or select
            _str_len(errs, top, "label", p, low=1, high=45, required=True)
            _str_len(errs, top, "description", p, high=100)
            child = top.get("component") or {}
            if child.get("type") == TEXT_INPUT:
                _validate_text_input(child, errs, (*p, "component"), seen, legacy=False)
            elif child.get("type") in SELECTS:
                _validate_select(child, errs, (*p, "component"), seen)
            else:
                errs.choices((*p, "component", "type"), {TEXT_INPUT, *SELECTS})
        elif ttype == 10:
            _str_len(errs, top, "content", p, high=4000, required=True)
        else:
            errs.choices((*p, "type"), {1, 10, 18})


def _validate_text_input(c: dict, errs: Errors, p: tuple, seen: set[str], *, legacy: bool) -> None:
    _custom_id(c, errs, p, seen)
    if legacy:
        _str_len(errs, c, "label", p, low=1, high=45, required=True)
    if c.get("style") not in (1, 2):
        errs.choices((*p, "style"), {1, 2})
    _str_len(errs, c, "placeholder", p, high=100)
    _str_len(errs, c, "value", p, high=4000)
    low, high = c.get("min_length"), c.get("max_length")
    if low is not None and not 0 <= low <= 4000:
        errs.add((*p, "min_length"), "NUMBER_TYPE_MAX", "int value should be between 0 and 4000.")
    if high is not None and not 1 <= high <= 4000:
        errs.add((*p, "max_length"), "NUMBER_TYPE_MAX", "int value should be between 1 and 4000.")


# --- application commands -----------------------------------------------------------------------------
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
OPTION_TYPES = set(range(1, 12))
CHOICE_TYPES = {3, 4, 10}


def _validate_name(obj: dict, errs: Errors, p: tuple, *, chat_input: bool) -> None:
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        errs.required((*p, "name"))
        return
    if chat_input:
        if not COMMAND_NAME_RE.match(name) or name != name.lower():
            errs.add((*p, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    elif len(name) > 32:
        errs.bad_len((*p, "name"), 1, 32)


def command_size(cmd: dict) -> int:
    """Characters counted towards Discord's 4000 per-command limit."""
    total = len(cmd.get("name") or "") + len(cmd.get("description") or "")
    for opt in cmd.get("options") or []:
        total += command_size(opt)
        for choice in opt.get("choices") or []:
            total += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    return total


def _validate_options(options: Any, errs: Errors, p: tuple, depth: int) -> None:
    if not isinstance(options, list):
        errs.add(p, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return
    if len(options) > 25:
        errs.max_len(p, 25)
    names: set[str] = set()
    seen_optional = False
    kinds = {
        ("sub" if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) else "value")
        for o in options
        if isinstance(o, dict)
    }
    if len(kinds) > 1:
        errs.add(
            p,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive to all other types",
        )
    for i, opt in enumerate(options):
        op = (*p, i)
        if not isinstance(opt, dict):
            errs.add(op, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        otype = opt.get("type")
        if otype not in OPTION_TYPES:
            errs.choices((*op, "type"), OPTION_TYPES)
            continue
        _validate_name(opt, errs, op, chat_input=True)
        if opt.get("name") in names:
            errs.add(
                (*op, "name"), "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option name already exists"
            )
        names.add(opt.get("name"))
        _str_len(errs, opt, "description", op, low=1, high=100, required=True)
        if otype in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if (otype == SUB_COMMAND_GROUP and depth > 0) or (otype == SUB_COMMAND and depth > 1):
                errs.add(
                    (*op, "type"),
                    "APPLICATION_COMMAND_SUBCOMMAND_NESTING_TOO_DEEP",
                    "Sub-commands cannot be nested this deep",
                )
            if otype == SUB_COMMAND_GROUP and any(
                o.get("type") != SUB_COMMAND for o in opt.get("options") or []
            ):
                errs.add(
                    (*op, "options"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Sub-command groups may only contain sub-commands",
                )
            if opt.get("options") is not None:
                _validate_options(opt["options"], errs, (*op, "options"), depth + 1)
            continue
        if opt.get("required"):
            if seen_optional:
                errs.add(
                    (*op, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        choices = opt.get("choices")
        if choices:
            if otype not in CHOICE_TYPES:
                errs.add(
                    (*op, "choices"),
                    "APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED",
                    "Choices are not allowed for this option type",
                )
            if opt.get("autocomplete"):
                errs.add(
                    (*op, "autocomplete"),
                    "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
                    "Autocomplete cannot be set if choices are present",
                )
            if len(choices) > 25:
                errs.max_len((*op, "choices"), 25)
            _validate_choices(choices, errs, (*op, "choices"))
        if opt.get("autocomplete") and otype not in CHOICE_TYPES:
            errs.add(
                (*op, "autocomplete"),
                "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID_TYPE",
                "Autocomplete is only allowed for string, integer and number options",
            )
        for key in ("min_length", "max_length"):
            value = opt.get(key)
            if value is not None and not (0 if key == "min_length" else 1) <= value <= 6000:
                errs.add((*op, key), "NUMBER_TYPE_MAX", "int value should be between 0 and 6000.")


def validate_command(cmd: Any, errs: Errors, p: tuple) -> None:
    if not isinstance(cmd, dict):
        errs.add(p, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    ctype = cmd.get("type", CHAT_INPUT)
    if ctype not in (CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND, 4):
        errs.choices((*p, "type"), {1, 2, 3, 4})
        return
    chat = ctype == CHAT_INPUT
    _validate_name(cmd, errs, p, chat_input=chat)
    if chat:
        _str_len(errs, cmd, "description", p, low=1, high=100, required=True)
        if cmd.get("options") is not None:
            _validate_options(cmd["options"], errs, (*p, "options"), 0)
    else:
        if cmd.get("description"):
            errs.add(
                (*p, "description"),
                "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
                "Context menu commands cannot have a description",
            )
        if cmd.get("options"):
            errs.add(
                (*p, "options"),
                "APPLICATION_COMMAND_CONTEXT_MENU_OPTIONS",
                "Context menu commands cannot have options",
            )
    perms = cmd.get("default_member_permissions")
    if perms is not None and not (isinstance(perms, int | str) and str(perms).isdigit()):
        errs.add((*p, "default_member_permissions"), "NUMBER_TYPE_COERCE", "Value is not int.")
    if chat and command_size(cmd) > 4000:
        errs.add(p, "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)")


def validate_command_list(commands: Any) -> Errors:
    errs = Errors()
    if not isinstance(commands, list):
        errs.add((), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return errs
    limits = {CHAT_INPUT: 100, USER_COMMAND: 15, MESSAGE_COMMAND: 15}
    counts: dict[int, int] = {}
    names: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        validate_command(cmd, errs, (i,))
        if isinstance(cmd, dict):
            key = (cmd.get("type", CHAT_INPUT), cmd.get("name"))
            if key in names:
                errs.add(
                    (i, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique",
                )
            names.add(key)
            counts[key[0]] = counts.get(key[0], 0) + 1
    for ctype, count in counts.items():
        if count > limits.get(ctype, 1):
            errs.add((), "APPLICATION_COMMANDS_TOO_MANY", f"Too many commands of type {ctype}")
    return errs
