"""The typer app classes of ``referee`` and its one-line usage errors.

:class:`RefereeTyper` is a ``typer.Typer`` whose commands and groups are built with
:class:`RefereeCommand` / :class:`RefereeGroup` (typer's ``cls=`` hooks), so every
command module gets the same help without registering anything special:

- flags (``--json``, ``--help``) show no type metavar (typer prints ``<bool>``), and
  ``--help`` says "Show this message and exit." in the language in force;
- arguments are named in capitals, as ``RECORD`` or ``[ID]`` in the usage line
  (typer prints ``{record}``), and so in its errors: ``Missing argument 'RECORD'.``

:func:`usage_error_line` turns a click usage error into the one line ``referee``
prints (``error: Missing argument 'RECORD'. See 'referee replay --help'.``);
``referee.cli.main.run`` catches the errors (typer runs with ``standalone_mode=False``).
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from referee.i18n import N_, _, language


def _tidy_params(params: list[Any]) -> None:
    """No metavar for flags; arguments named in capitals (``record`` -> ``RECORD``)."""
    for param in params:
        if isinstance(param, TyperOption):
            if param.is_flag and not param.count and param.metavar is None:
                param.metavar = ""
        elif isinstance(param, TyperArgument):
            name = param.metavar or param.name or ""
            param.metavar = name.strip("[]{}").upper()


def _usage_pieces(command: Any, ctx: Any) -> list[str]:
    """The usage line's pieces: ``[OPTIONS] RECORD`` or ``[OPTIONS] [ID]``."""
    pieces = [command.options_metavar] if command.options_metavar else []
    for param in command.get_params(ctx):
        if isinstance(param, TyperArgument):
            name = param.metavar or (param.name or "").upper()
            piece = name if param.required else f"[{name}]"
            pieces.append(piece + ("..." if param.nargs != 1 else ""))
        else:
            pieces.extend(param.get_usage_pieces(ctx))
    return pieces


def _help_option(option: Any) -> Any:
    """``--help`` without a metavar, and its text in the language in force (click's own
    text is English)."""
    if option is not None:
        if option.metavar is None:
            option.metavar = ""
        option.help = _("Show this message and exit.")
    return option


class RefereeCommand(TyperCommand):
    """A typer command with the referee's help conventions (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _tidy_params(self.params)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return _usage_pieces(self, ctx)

    def get_help_option(self, ctx: Any) -> Any:
        return _help_option(super().get_help_option(ctx))


class RefereeGroup(TyperGroup):
    """A typer group with the referee's help conventions (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _tidy_params(self.params)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [*_usage_pieces(self, ctx), self.subcommand_metavar]

    def get_help_option(self, ctx: Any) -> Any:
        return _help_option(super().get_help_option(ctx))


class RefereeTyper(typer.Typer):
    """``typer.Typer`` building :class:`RefereeGroup` and :class:`RefereeCommand` by default."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("cls", RefereeGroup)
        super().__init__(**kwargs)

    def command(
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **kwargs: Any
    ) -> Any:
        return super().command(name, cls=cls or RefereeCommand, **kwargs)


# click's usage errors (typer vendors click without its gettext): the common ones are
# recognised by their English text and said in the referee's language.
_CLICK_ERRORS: tuple[tuple[str, str], ...] = (
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
    (
        r"No such command (?P<name>.+)\. Did you mean (?P<suggestion>.+)\?",
        N_("No such command {name}. Did you mean {suggestion}?"),
    ),
    (r"No such command (?P<name>.+)\.", N_("No such command {name}.")),
    (
        r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
        N_("No such option: {name} (possible options: {options})."),
    ),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}.")),
    (r"Option (?P<name>.+) requires an argument\.", N_("Option {name} requires an argument.")),
    (r"Got unexpected extra arguments? \((?P<args>.*)\)", N_("Unexpected extra argument(s): {args}.")),
    (r"Got unexpected extra argument\(s\) \((?P<args>.*)\)", N_("Unexpected extra argument(s): {args}.")),
)

# typer's parsing of typed options and arguments (pydantic) says why a value is refused
# without naming it ("Input should be a valid integer, ..."): said with the value typed
_PARSE_ERRORS = {
    "int_parsing": N_("{value} is not a whole number"),
    "float_parsing": N_("{value} is not a number"),
}


def _parse_reason(exc: Any) -> str | None:
    """Why typer's parsing refused a value, naming it ("'x' is not a whole number"), from
    the pydantic error behind a click BadParameter ``exc``; None when there is none or
    it is of another kind."""
    errors = getattr(exc.__cause__, "errors", None)
    if not callable(errors):
        return None
    try:
        first = errors()[0]
    except (IndexError, TypeError, AttributeError):  # not pydantic's ValidationError after all
        return None
    kind, value = str(first.get("type")), first.get("input")
    if kind == "float_parsing" and isinstance(value, str) and _decimal_comma(value):
        # a decimal comma, as Russian, Kazakh and Turkish write numbers
        return _("{value} is not a number: write {suggestion}").format(
            value=repr(value), suggestion=value.replace(",", ".")
        )
    template = _PARSE_ERRORS.get(kind)
    return None if template is None else _(template).format(value=repr(value))


def _decimal_comma(text: str) -> bool:
    """True if ``text`` is a number written with a decimal comma ("0,7")."""
    try:
        float(text.replace(",", "."))
    except ValueError:
        return False
    return text.count(",") == 1


def translate_click_message(text: str, exc: Any = None) -> str:
    """``text`` (a click usage error, English) in the language in force, when known.
    An invalid value keeps its reason (the referee's own reasons are translated
    already; typer's parse errors are said with the value, :func:`_parse_reason`,
    when ``exc`` is given); click's other reasons stay as click says them."""
    import re

    m = re.fullmatch(r"Invalid value for (?P<name>[^:]+): (?P<reason>.*?)\.?", text.rstrip(), re.DOTALL)
    if m:
        reason = (_parse_reason(exc) if exc is not None else None) or m["reason"]
        return _("Invalid value for {name}: {reason}.").format(name=m["name"], reason=reason)
    if language() == "en":
        return text
    for pattern, template in _CLICK_ERRORS:
        m = re.fullmatch(pattern, text.rstrip())
        if m:
            return _(template).format(**m.groupdict())
    return text


def usage_error_line(exc: Any) -> str:
    """``Missing argument 'RECORD'. See 'referee replay --help'.`` for a click usage error."""
    text = translate_click_message(str(exc.format_message()).strip(), exc)
    if not text.endswith((".", "!", "?")):
        text += "."
    ctx = getattr(exc, "ctx", None)
    if ctx is None or ctx.command.get_help_option(ctx) is None:
        return text
    return _("{error} See '{command} {help}'.").format(
        error=text, command=ctx.command_path, help=ctx.help_option_names[0]
    )
