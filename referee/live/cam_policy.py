"""What camera play does with what it sees (issue 9): the right card for the right
seat and trick, or a question; never a guess.

:class:`CameraPlay` takes frames and the game and yields what the live session
must do (:mod:`referee.live.cam_notes`): a :class:`CameraEntry` (a card to
enter, exactly as if typed, with its :class:`~referee.session.origin.Origin`) or
a :class:`CameraNote` (a question for the table, which the camera waits on).
The rules:

1. **Position decides the seat** (§1). A card that comes to rest at seat X's
   edge of the play area (``--seats``) is X's card. If X is not the seat to
   play, it is not entered: "a card at W's place, but N is to play" (Enter: it
   is N's card; or type N's card) and the camera waits.
2. **Change finds the new card** (§2). :class:`vision.change.TableWatch` keeps
   the play area as it stood at the last settled moment; the new card is what
   changed there and then stayed still, read alone (older cards under and around
   it masked out) when the area has settled, in ``reads`` consecutive still
   frames. Other frames cost a resize and two differences.
3. **A trick is closed by the table** (§3). The cards the camera saw come to
   rest since the last gathering are the trick on the table; once all of them
   look like the empty table again, the trick was gathered. Gathered with fewer
   than four cards entered, the camera asks for the missing cards and reads
   nothing of the next trick until they are entered (cards laid meanwhile wait
   in order). A fifth card seen before gathering starts the next trick.
4. **Doubt is a question** (§4): a card that could not be read, a reading that
   differs between frames, one below the threshold, a card already played this
   deal, the caller's shown 13th card in another seat's play. Legality never
   picks a reading: a card that does not follow suit is entered if read surely
   (the engine records the revoke); a card the engine refuses is asked.
5. **Questions take one keystroke** (§5): :meth:`CameraPlay.answer` turns the
   table's line into what to enter: Enter (an empty line) confirms the
   proposal shown with its seat, a card typed replaces it, ``undo`` is the
   usual undo. Each question has a key ``DEAL.TRICK.SEAT`` (the seat whose card
   is asked): a script answers it with a line ``@DEAL.TRICK.SEAT ANSWER``.
6. **kort** (§6): a trump lead read by the camera, where the rules offer a
   choice, asks "tsar or trop?" (Enter: tsar; ``trop``, ``trop7``).

The game state is read, never changed: the caller enters what is yielded (the
entry of one item may change the checks of the next, so items are yielded one
at a time and the caller enters each before asking for the next).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from referee.core.cards import Card
from referee.core.table import Seat
from referee.i18n import _
from referee.live import messages as M
from referee.live.cam_notes import (
    Q_ALREADY,
    Q_FLICKER,
    Q_GATHERED,
    Q_NEXT,
    Q_PLACE,
    Q_PLACE_SURE,
    Q_REFUSED,
    Q_THIRTEENTH,
    Q_TSAR,
    Q_UNREAD,
    Q_UNSURE,
    CameraEntry,
    CameraNote,
    confidence_text,
)
from referee.live.cam_seen import Gathered, Read, Sighting
from referee.live.drawing import play_area_corners
from referee.live.entry import DECLARATION_ALIASES

if TYPE_CHECKING:
    from referee.core.game import Game
    from referee.core.view import DealView
    from vision.change import Region, TableWatch

DEFAULT_PLAY_AREA = (0.2, 0.15, 0.8, 0.85)
"""The middle of the frame, as fractions ``x0, y0, x1, y1`` of its width and height."""
DEFAULT_CAMERA_THRESHOLD = 0.6
"""A card read with less confidence (the lowest over its reads) is asked, not entered."""
CARD_WIDTH_FRACTION = 0.07
"""A card is about 7% of the frame's width wide (80-100 px at 1280, vision-notes)."""
GONE_FRACTION = 0.6
"""A card counts as gone once this much of its place looks like the empty table."""


def turn_order(clockwise: bool) -> list[str]:
    """Seat names in playing order from S (R1)."""
    seats = [Seat.S]
    while len(seats) < 4:
        seats.append(seats[-1].next(clockwise))
    return [s.name for s in seats]


def trick_at(d: DealView) -> int:
    """The number of the trick being played in deal ``d`` (the open one, else the next)."""
    t = d.open_trick
    return t.number if t is not None else len(d.tricks) + 1


class _Progress:
    """Where the game stands, to notice any entry accepted or undone since: the number
    of events and the last event object itself (compared by identity)."""

    __slots__ = ("count", "last")

    def __init__(self, game: Game) -> None:
        self.count = len(game.events)
        self.last = game.events[-1] if game.events else None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Progress) and self.count == other.count and self.last is other.last

    __hash__ = None  # type: ignore[assignment]


class CameraPlay:
    """Frames in, entries and questions out (see the module docstring).

    ``frame_size`` (width, height) in pixels; ``play_area`` fractions ``x0, y0, x1, y1``;
    ``seats`` seat name -> image edge (``top``, ``bottom``, ``left``, ``right``);
    ``threshold`` the confidence a card needs to be entered without asking;
    ``clockwise`` the profile's direction of play; ``fps`` the source's frame rate
    (the area counts as settled after about 0.3 s still); ``reads`` the still frames
    each new card is read in (all must agree); ``detect`` the reader (default
    :func:`vision.reader.detect`, called as ``detect(image, floor)``).
    Raises ValueError for a threshold outside 0-1.
    """

    def __init__(
        self,
        frame_size: tuple[int, int],
        *,
        play_area: Sequence[float] = DEFAULT_PLAY_AREA,
        seats: dict[str, str] | None = None,
        threshold: float = DEFAULT_CAMERA_THRESHOLD,
        clockwise: bool = False,
        fps: float = 0.0,
        reads: int = 3,
        still_frames: int | None = None,
        detect: Callable[[Any, float], list[Any]] | None = None,
    ) -> None:
        from vision import DEFAULT_THRESHOLD
        from vision.change import TableWatch

        if not 0.0 <= threshold <= 1.0:
            raise ValueError(_("--threshold must be between 0 and 1, got {value}").format(value=threshold))
        w, h = frame_size
        x0, y0, x1, y1 = play_area
        self.frame_size = frame_size
        self.area = play_area_corners(play_area, frame_size)
        self.centre = ((x0 + x1) / 2 * w, (y0 + y1) / 2 * h)
        self.half = ((x1 - x0) / 2 * w, (y1 - y0) / 2 * h)
        self.seats = seats or {"S": "bottom", "E": "right", "N": "top", "W": "left"}
        self.threshold = threshold
        self.floor = min(threshold, DEFAULT_THRESHOLD)
        rate = fps if 1.0 <= fps <= 240.0 else 15.0
        card_w = CARD_WIDTH_FRACTION * w
        self.card_area = card_w * card_w * 1.4
        self.watch: TableWatch = TableWatch(
            frame_size,
            (round(x0 * w), round(y0 * h), round(x1 * w), round(y1 * h)),
            still_frames=still_frames or max(2, round(rate * 0.3)),
            min_area=0.3 * self.card_area,
        )
        self.reads = max(1, reads)
        if detect is None:
            from vision.reader import detect as read_cards

            detect = read_cards
        self._detect = detect
        self.detections: list[Any] = []
        """What the reader found in the last frame read (for the preview)."""
        self._lying: list[Sighting] = []
        """Cards on the table since they came to rest, until they are gone."""
        self._reading: list[Sighting] = []
        self._queue: list[Sighting | Gathered] = []
        self._key: tuple[int, int] | None = None
        self._hold: _Progress | None = None
        self.question: CameraNote | None = None
        """The question the camera waits on (None when it does not wait)."""
        self.seen = 0
        """Cards seen come to rest (each counted once)."""

    @property
    def held(self) -> bool:
        """True while a question waits for the table (the camera enters nothing)."""
        return self._hold is not None

    # ------------------------------------------------------------ seats
    def seat_of(self, p: tuple[float, float]) -> str:
        """The seat whose image edge the point ``p`` (frame pixels) lies towards, from
        the play area's centre, offsets scaled by its half width and half height."""
        dx = (p[0] - self.centre[0]) / self.half[0]
        dy = (p[1] - self.centre[1]) / self.half[1]
        toward = {"top": -dy, "bottom": dy, "left": -dx, "right": dx}
        return max(self.seats, key=lambda s: toward[self.seats[s]])

    # ------------------------------------------------------------ frames
    def feed(self, frame: Any, game: Game) -> Iterator[CameraEntry | CameraNote]:
        """Take one frame (None: no more frames; decide on what was read) and yield what to do.
        The caller enters each :class:`CameraEntry` (``session.enter(entry.text,
        origin=entry.origin)``) before asking for the next item."""
        if frame is not None:
            self._observe(frame, game)
        else:  # no more frames: decide on the reads made
            for s in self._reading:
                s.done = True
            self._reading = []
        yield from self._process(game)

    def _observe(self, frame: Any, game: Game) -> None:
        settle = self.watch.step(frame)
        if settle is not None:
            self._settled(settle.changes, game)
        if self._reading:
            if self.watch.still >= self.watch.still_frames:
                for s in self._reading:
                    self._read(frame, s)
            else:  # moving again before all reads: decide on those made
                for s in self._reading:
                    s.done = bool(s.reads)
            self._reading = [s for s in self._reading if not s.done]

    def _settled(self, changes: list[Region], game: Game) -> None:
        watch = self.watch
        for s in self._lying:
            if not s.gone and watch.revealed(s.region.mask) >= GONE_FRACTION:
                s.gone = True
        for key in sorted({s.key for s in self._lying}):
            group = [s for s in self._lying if s.key == key]
            if all(s.gone for s in group):
                self._lying = [s for s in self._lying if s.key != key]
                self._reading = [s for s in self._reading if s.key != key]
                self._queue.append(Gathered(key))
                if self._key == key:
                    self._key = (key[0], key[1] + 1)
        d = game.current
        if game.phase != "play" or d is None:
            return  # cards shown before trumps, a redeal: no plays, nothing tracked
        for r in changes:
            if not (0.3 * self.card_area <= r.area <= 3.0 * self.card_area) or r.paper < 0.25:
                continue  # a speck, a pile pushed, a hand or an arm resting
            again = self._same_place(r)
            if again is not None:  # read again where an unread card lies (a hand left it)
                again.region, again.reads, again.done = r, [], False
                self._reading.append(again)
                continue
            if self._key is None or self._key[0] != d.number:
                self._key = (d.number, trick_at(d))
            if sum(1 for s in self._lying if s.key == self._key) >= 4:
                self._key = (self._key[0], self._key[1] + 1)  # a fifth card: the next trick
            s = Sighting(self._key, self.seat_of(r.centre), r, during_hold=self.held)
            self.seen += 1
            self._lying.append(s)
            self._reading.append(s)
            self._queue.append(s)

    def _same_place(self, r: Region) -> Sighting | None:
        import numpy as np

        a = r.mask > 0
        for s in self._lying:
            if s.gone or s.verdict()[0] == "sure":
                continue
            b = s.region.mask > 0
            inter = int(np.count_nonzero(a & b))
            if inter >= 0.7 * min(int(np.count_nonzero(a)), int(np.count_nonzero(b))):
                return s
        return None

    def _read(self, frame: Any, s: Sighting) -> None:
        import cv2
        import numpy as np

        img, (ox, oy) = self.watch.composite(frame, s.region)
        dets = self._detect(img, self.floor)
        best = None
        found = []
        hull = s.region.hull.reshape(-1, 1, 2)
        for det in dets:
            corners = np.asarray(det.corners, np.float32) + np.array([ox, oy], np.float32)
            c = corners.mean(axis=0)
            if cv2.pointPolygonTest(hull, (float(c[0]), float(c[1])), False) < 0:
                continue
            area = abs(cv2.contourArea(corners))
            found.append((area, det, corners))
            if best is None or area > best[0]:
                best = (area, det, corners)
        inside = [(a, d, c) for a, d, c in found]
        if not s.reads and len(inside) > 1 and s.region.area > 1.5 * self.card_area:
            # two cards came to rest at once (laid in one movement): one sighting each
            inside.sort(key=lambda x: -x[0])
            for _a, det, corners in inside[1:]:
                extra = Sighting(
                    s.key,
                    self.seat_of(tuple(corners.mean(axis=0))),
                    self.watch.region_of(corners),
                    during_hold=s.during_hold,
                )
                extra.reads.append(
                    (str(det.card), float(det.confidence), tuple((float(x), float(y)) for x, y in corners))
                )
                self.seen += 1
                self._lying.append(extra)
                self._reading.append(extra)
                self._queue.insert(self._queue.index(s) + 1, extra)
            _a, det, corners = inside[0]
            s.region = self.watch.region_of(corners)
            s.place = self.seat_of(tuple(corners.mean(axis=0)))
            best = inside[0]
        if best is None:
            s.reads.append((None, 0.0, None))
        else:
            _a, det, corners = best
            outline = tuple((float(x), float(y)) for x, y in corners)
            s.reads.append((str(det.card), float(det.confidence), outline))
            self.detections = [Read(str(det.card), float(det.confidence), corners)]
        s.done = len(s.reads) >= self.reads

    # ------------------------------------------------------------ decisions
    def _process(self, game: Game) -> Iterator[CameraEntry | CameraNote]:
        if self._hold is not None:
            if self._hold == _Progress(game):
                return
            self._hold = None  # the table has entered something: go on
            self.question = None
        if game.phase != "play":
            self._queue.clear()
            return
        while self._queue and self._hold is None and game.phase == "play":
            self._turn_first(game)
            item = self._queue[0]
            if isinstance(item, Sighting) and not item.done:
                return  # still being read
            verdict = self._decide(item, game)
            if verdict is None:
                self._queue.pop(0)
                continue
            if isinstance(verdict, CameraNote):
                if isinstance(item, Sighting):
                    item.asked = True
                self._hold = _Progress(game)
                self.question = verdict
                yield verdict
                return
            before = _Progress(game)
            yield verdict
            if _Progress(game) == before:  # the rules refused it: the caller asks
                if isinstance(item, Sighting):
                    item.asked = True
                self._hold = before
                return
            self._queue.pop(0)

    def _turn_first(self, game: Game) -> None:
        """Cards waiting in the same trick are taken in turn order by their place: one
        at the seat to play goes before one at another seat's place."""
        seat = game.to_play
        first = self._queue[0]
        if seat is None or not isinstance(first, Sighting) or first.place == seat.name:
            return
        for i, item in enumerate(self._queue[1:], 1):
            if not isinstance(item, Sighting) or item.key != first.key:
                return
            if item.place == seat.name and item.done:
                self._queue.insert(0, self._queue.pop(i))
                return

    def _ask(
        self, game: Game, text: str, proposal: CameraEntry | None = None, choices: tuple[str, ...] = ()
    ) -> CameraNote:
        d = game.current
        seat = game.to_play
        assert d is not None and seat is not None
        return CameraNote(text, f"{d.number}.{trick_at(d)}.{seat.name}", proposal, choices)

    def _decide(self, item: Sighting | Gathered, game: Game) -> CameraEntry | CameraNote | None:
        d = game.current
        seat = game.to_play
        if d is None or seat is None:
            return None
        now = trick_at(d)
        t = d.open_trick
        count = len(t.cards) if t is not None else 0
        if isinstance(item, Gathered):
            deal, trick = item.key
            if deal != d.number or trick < now:
                return None
            return self._ask(game, _(Q_GATHERED).format(trick=now, count=count, seat=seat.name))
        deal, trick = item.key
        kind, text, conf, outline = item.verdict()
        card = Card.parse(text) if text is not None else None
        played = self._played(d, card)
        if deal != d.number or trick < now:
            return None  # the table has gone past it (typed it)
        if card is not None and played is not None and (item.asked or item.during_hold):
            return None  # the table typed this card itself while the camera waited
        if trick > now:
            return self._ask(game, _(Q_NEXT).format(trick=now, count=count, seat=seat.name))
        if t is not None and Seat[item.place] in t.seats:
            return None  # that seat's card is in already (typed while the camera waited)
        if item.place != seat.name:
            if kind == "sure" and card is not None and played is None and conf >= self.threshold:
                entry = CameraEntry(text or "", seat.name, conf, outline)
                return self._ask(
                    game,
                    _(Q_PLACE_SURE).format(place=item.place, seat=seat.name, card=M.card_text(card)),
                    entry,
                )
            return self._ask(game, _(Q_PLACE).format(place=item.place, seat=seat.name))
        if kind == "unread" or card is None:
            if kind == "flicker":
                shown = ", ".join(M.card_text(Card.parse(c)) for c in item.flicker_cards())
                return self._ask(game, _(Q_FLICKER).format(seat=seat.name, cards=shown))
            return self._ask(game, _(Q_UNREAD).format(seat=seat.name))
        if played is not None:
            return self._ask(
                game, _(Q_ALREADY).format(card=M.card_text(card), deal=d.number, trick=played, seat=seat.name)
            )
        if d.thirteenth is not None and card == d.thirteenth and seat != d.caller:
            return self._ask(
                game, _(Q_THIRTEENTH).format(card=M.card_text(card), caller=d.caller.name, seat=seat.name)
            )
        return self._propose(game, CameraEntry(str(card), seat.name, conf, outline), kind == "sure")

    def _propose(self, game: Game, entry: CameraEntry, sure: bool) -> CameraEntry | CameraNote:
        """A card read for the seat to play, checked: entered if read surely above the
        threshold, else asked; a trump lead where the rules offer a choice asks tsar or trop."""
        d = game.current
        assert d is not None
        card = Card.parse(entry.text)
        seat, conf = entry.seat, entry.confidence
        if not sure or conf < self.threshold:
            return self._ask(
                game,
                _(Q_UNSURE).format(
                    card=M.card_text(card),
                    seat=seat,
                    conf=confidence_text(conf),
                    threshold=f"{self.threshold:.2f}",
                ),
                entry,
            )
        choices = game.allowed_declarations()
        if d.open_trick is None and card.suit == d.trump and len(choices) > 1:
            from referee.i18n import language
            from referee.live.entry import typed_declaration

            words = tuple(typed_declaration(c, language()) for c in choices if c != "tsar")
            return self._ask(
                game,
                _(Q_TSAR).format(seat=seat, card=M.card_text(card), choices=", ".join(words)),
                entry,
                tuple(choices),
            )
        return entry

    @staticmethod
    def _played(d: DealView, card: Card | None) -> int | None:
        """The trick of deal ``d`` where ``card`` was played, None if not yet."""
        if card is None:
            return None
        return next((t.number for t in d.tricks if card in t.cards), None)

    # ------------------------------------------------------------ answers
    def answer(self, line: str) -> CameraEntry | str | None:
        """What the table's ``line`` means while :attr:`question` is open: Enter (an
        empty line) gives the proposal (None when there is none to confirm); a
        declaration word (``trop``, ``trop7``, ``tsar``, or as typed in the language)
        on a tsar-or-trop question gives the proposed card with it; anything else is
        the line to enter as typed."""
        q = self.question
        text = line.strip()
        if q is None:
            return text or None
        if not text:
            return q.proposal
        word = DECLARATION_ALIASES.get(text.lower(), text.lower())
        if q.choices and q.proposal is not None and word in q.choices:
            p = q.proposal
            entry_text = p.text if word == "tsar" else f"{p.text}:{word}"
            return CameraEntry(entry_text, p.seat, p.confidence, p.outline)
        return text

    def refused(self, entry: CameraEntry, reason: str, game: Game) -> CameraNote:
        """The question for a camera entry the rules refused (the camera waits on it)."""
        note = self._ask(
            game,
            _(Q_REFUSED).format(
                card=M.card_text(Card.parse(entry.text.split(":")[0])), seat=entry.seat, reason=reason
            ),
        )
        self.question = note
        return note
