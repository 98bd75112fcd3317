"""The options several ``referee`` commands share, each defined once.

Every global option has an environment variable, shown in the help: ``--session``
(``REFEREE_SESSION``), ``--profile`` (``REFEREE_PROFILE``), ``--lang``
(``REFEREE_LANG``); ``--store`` falls back to ``REFEREE_STORE`` in
:func:`referee.session.store.store_target` (after ``--session``, so that the
``sqlite:///FILE`` spelling and a file name mean the same).

:func:`camera_options` is the one group of camera options of ``start`` and
``resume`` (``--camera``, ``--video``, ``--seats``, ``--play-area``, ``--threshold``):
it adds them to a command in place of its ``camera: CameraArgs`` parameter.

Help texts are translated when this module is imported: ``referee.cli.main`` chooses
the language (referee.i18n.setup) before it imports the command modules.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from referee.i18n import _

if TYPE_CHECKING:
    from referee.live.camera import CameraOptions

ENV_SESSION = "REFEREE_SESSION"
ENV_PROFILE = "REFEREE_PROFILE"
ENV_LANG = "REFEREE_LANG"

DEFAULT_SEATS = "S=bottom,E=right,N=top,W=left"  # referee.live.camera.DEFAULT_SEATS
DEFAULT_CAMERA_THRESHOLD = 0.6  # referee.live.camera.DEFAULT_CAMERA_THRESHOLD


def version_callback(ctx: typer.Context, value: bool) -> None:
    """``--version``: ``referee X.Y.Z``, exit 0."""
    if value:
        from referee import __version__
        from referee.cli.application import application

        application(ctx).echo(f"referee {__version__}")
        application(ctx).exit()


def lang_callback(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> str | None:
    """``--lang X``: speak X (a usage error for a language we do not have).

    ``REFEREE_LANG`` is taken by the root command only (a command's own ``--lang``
    typed after it wins), and an unknown value there is passed over, as ``LANG`` is."""
    if value is None:
        return None
    from referee.cli.live import use_language
    from referee.i18n import normalise_language

    source = ctx.get_parameter_source(param.name or "lang")
    from_env = source is not None and source.name == "ENVIRONMENT"
    if from_env and (ctx.parent is not None or normalise_language(value) is None):
        return None
    use_language(value)
    return value


LANG_HELP = _(
    "Language of the referee: en, ru, kk or tr (default: $REFEREE_LANG, then LANGUAGE, LC_ALL, LANG)."
)
LangOpt = Annotated[
    str | None, typer.Option("--lang", envvar=ENV_LANG, callback=lang_callback, help=LANG_HELP)
]
"""``--lang`` of a command (``referee.cli.main.lang_first`` moves it before the command)."""


def root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=version_callback, is_eager=True, help=_("Show the version and exit.")
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", envvar=ENV_LANG, callback=lang_callback, is_eager=True, help=LANG_HELP),
    ] = None,
) -> None:
    """Referee and score-keeper for Court Piece (Rang, Kort) at a real table.

    The root callback: the run's Application (``main``'s, else a new one) is there
    for every command."""
    from referee.cli.application import application

    application(ctx)


SessionOpt = Annotated[
    Path | None,
    typer.Option(
        "--session",
        envvar=ENV_SESSION,
        help=_("Session database file (default: the user data dir, or $REFEREE_DATA_DIR)."),
    ),
]
SessionsOpt = Annotated[
    list[Path] | None,
    typer.Option(
        "--session",
        envvar=ENV_SESSION,
        help=_(
            "Session database file (default: the user data dir, or $REFEREE_DATA_DIR); may be "
            "given several times."
        ),
    ),
]
StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--store",
        metavar="URL",
        help=_(
            "The store: sqlite:///FILE (as --session FILE) or a club's "
            "postgresql://USER@HOST/DB (default: $REFEREE_STORE)."
        ),
    ),
]
IdArg = Annotated[int | None, typer.Argument(metavar="ID", help=_("Session id (default: latest)."))]
ProfileOpt = Annotated[
    str, typer.Option("--profile", envvar=ENV_PROFILE, help=_("Built-in profile name or a profile YAML."))
]
ServeOpt = Annotated[
    bool, typer.Option("--serve", help=_("Also serve the read-only live web view (see `referee serve`)."))
]
BellOpt = Annotated[
    bool, typer.Option("--bell/--no-bell", help=_("Ring the terminal bell when an entry is refused."))
]
TakeOverOpt = Annotated[
    bool,
    typer.Option(
        "--take-over",
        help=_("Take the session over from another referee that still has it open (that one stops writing)."),
    ),
]


# ------------------------------------------------------------------ camera group
@dataclass(frozen=True, slots=True)
class CameraArgs:
    """The camera options as typed (``None``: not given). ``camera`` is a camera
    index or a stream URL (as typed, or as a session remembered it)."""

    camera: str | int | None = None
    video: Path | None = None
    seats: str | None = None
    play_area: str | None = None
    threshold: float | None = None

    def over(self, saved: dict[str, Any]) -> CameraArgs:
        """``resume``: what was not typed, as the session was started (``saved``: the
        header's ``camera`` settings); a ``--video`` replaces the saved camera."""
        camera = self.camera
        if camera is None and self.video is None:
            camera = saved.get("index", saved.get("url"))
        return replace(
            self,
            camera=camera,
            seats=self.seats if self.seats is not None else str(saved.get("seats", DEFAULT_SEATS)),
            play_area=self.play_area if self.play_area is not None else saved.get("play_area"),
            threshold=self.threshold
            if self.threshold is not None
            else float(saved.get("threshold", DEFAULT_CAMERA_THRESHOLD)),
        )

    def options(self) -> CameraOptions | None:
        """The camera options, checked (ValueError, a usage error: a bad seat map, play
        area, threshold, or both a camera and a video); None without a camera."""
        from referee.live.camera import CameraOptions, parse_camera

        where = parse_camera(str(self.camera)) if self.camera is not None else None
        opts = CameraOptions(
            index=where if isinstance(where, int) else None,
            url=where if isinstance(where, str) else None,
            video=str(self.video) if self.video is not None else None,
            seats=self.seats if self.seats is not None else DEFAULT_SEATS,
            play_area=self.play_area,
            threshold=self.threshold if self.threshold is not None else DEFAULT_CAMERA_THRESHOLD,
        )
        opts.check()
        return opts if opts.wanted else None


NO_CAMERA = CameraArgs()
"""No camera option typed (the placeholder default of a command's ``camera`` parameter)."""


def _camera_parameters(resume: bool) -> list[inspect.Parameter]:
    """The camera group's parameters; ``resume``: seats and threshold default to the
    session's own (None) instead of the built-in defaults."""
    kw = inspect.Parameter.KEYWORD_ONLY
    camera = Annotated[
        str | None,
        typer.Option(
            "--camera",
            metavar="INDEX|URL",
            help=_(
                "Read the cards from camera INDEX (0: the first camera) or a stream URL (a phone: "
                "http://..., rtsp://...); the keyboard stays available."
            ),
        ),
    ]
    video = Annotated[
        Path | None,
        typer.Option(
            "--video", metavar="FILE", help=_("Read the cards from a video file or an image sequence.")
        ),
    ]
    area = Annotated[
        str | None,
        typer.Option(
            "--play-area",
            metavar="X0,Y0,X1,Y1",
            help=_(
                "Where the camera reads plays: x0,y0,x1,y1 as fractions of the frame (default "
                "0.2,0.15,0.8,0.85, the middle)."
            ),
        ),
    ]
    if resume:
        seats: Any = Annotated[
            str | None,
            typer.Option(
                "--seats",
                metavar="SEAT=EDGE,...",
                show_default=False,
                help=_(
                    "Which image edge each seat sits at, for the camera (default: as the session "
                    "was started)."
                ),
            ),
        ]
        threshold: Any = Annotated[
            float | None,
            typer.Option(
                "--threshold",
                metavar="X",
                show_default=False,
                help=_(
                    "Confidence a card read by the camera needs (0-1; default: as the session was started)."
                ),
            ),
        ]
        seats_default: str | None = None
        threshold_default: float | None = None
    else:
        seats = Annotated[
            str,
            typer.Option(
                "--seats",
                metavar="SEAT=EDGE,...",
                show_default=False,
                help=_("Which image edge each seat sits at, for the camera: S=bottom,E=right,N=top,W=left."),
            ),
        ]
        threshold = Annotated[
            float,
            typer.Option(
                "--threshold",
                metavar="X",
                show_default=False,
                help=_(
                    "Confidence a card read by the camera needs to be entered without asking (0-1, "
                    "default 0.6)."
                ),
            ),
        ]
        seats_default, threshold_default = DEFAULT_SEATS, DEFAULT_CAMERA_THRESHOLD
    return [
        inspect.Parameter("camera", kw, annotation=camera, default=None),
        inspect.Parameter("video", kw, annotation=video, default=None),
        inspect.Parameter("seats", kw, annotation=seats, default=seats_default),
        inspect.Parameter("play_area", kw, annotation=area, default=None),
        inspect.Parameter("threshold", kw, annotation=threshold, default=threshold_default),
    ]


_CAMERA_NAMES = ("camera", "video", "seats", "play_area", "threshold")
F = TypeVar("F", bound=Callable[..., Any])


def camera_options(*, resume: bool = False) -> Callable[[F], F]:
    """Decorator: the command's ``camera: CameraArgs`` parameter becomes the camera
    group's five options (in its place in ``--help``), and the command is called
    with them gathered in one :class:`CameraArgs`."""

    def decorate(func: F) -> F:
        sig = inspect.signature(func, eval_str=True)
        params: list[inspect.Parameter] = []
        for p in sig.parameters.values():
            if p.name == "camera":
                params += _camera_parameters(resume)
            else:
                params.append(
                    p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
                    if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
                    else p
                )

        @functools.wraps(func)
        def command(*args: Any, **kwargs: Any) -> Any:
            cam = CameraArgs(**{name: kwargs.pop(name, None) for name in _CAMERA_NAMES})
            return func(*args, camera=cam, **kwargs)

        command.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
        return command  # type: ignore[return-value]

    return decorate
