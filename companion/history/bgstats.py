"""A finished game as a BG Stats play: the "push play" payload and its link.

BG Stats (the board game play logger, which can post plays on to BoardGameGeek) takes a
play from another app as JSON in the ``data`` parameter of a link to its
``createPlay.html`` page; opening the link on a phone with BG Stats installed shows the
play in BG Stats' own import dialog. The format is BG Stats' "Push plays to BG Stats from
other apps or websites" support page. What we send:

* ``sourceName`` ``stupor-solo`` and ``sourcePlayId`` the history record's id: sending
  the same game again updates that play in BG Stats instead of adding a second one;
* ``playDate``: when the game was finished, UTC, ``YYYY-MM-DD HH:MM:SS``;
* ``durationMin``: the play time the app measured, in whole minutes (left out when it was
  not measured, as for ``score --save``);
* ``game``: ``Stupor Mundi``, BoardGameGeek id 392492, ``sourceGameId``, highest score
  wins (``highestWins`` true) and scored with points (``noPoints`` false);
* ``players``: one, you (``[bgstats] player_name``), with your final score, and
  ``winner`` true when the title you earned is the one you aimed for or better
  (``[bgstats] win_title``, the Duke by default: the solo rules' own challenge), and
  ``startPlayer`` true (you play first; BG Stats refuses a player without the field:
  "No value for startPlayer");
  with ``[bgstats] send_frederick`` (off by default), Frederick II too: his own
  ``sourcePlayerId`` (``frederick-ii``, the same in every play, so BG Stats knows him
  again), no score (he scores none in the solo game), ``winner`` true exactly when you
  are not, ``startPlayer`` false. The format cannot mark him as an automa; BG Stats
  (3.14 and later) can, once, by making him a Non-player, who may win a play without
  counting as a player;
* ``comments``: the title and the score breakdown, the rounds, difficulty, deck and House.
  The notes are not sent (they stay private, and the link must fit a QR code).

:func:`payload` depends only on the record and the options, so it is the same every time.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from companion.config import TITLE_CHOICES, BgStatsOptions

if TYPE_CHECKING:
    from companion.storage import HistoryRecord

SOURCE_NAME = "stupor-solo"
GAME_NAME = "Stupor Mundi"
BGG_ID = 392492
SOURCE_GAME_ID = "stupor-mundi"
SOURCE_PLAYER_ID = "solo-player"
FREDERICK_NAME = "Frederick II"
FREDERICK_PLAYER_ID = "frederick-ii"
CREATE_PLAY_URL = "https://app.bgstatsapp.com/createPlay.html"


def is_win(title: str, options: BgStatsOptions) -> bool:
    """Whether ``title`` (the one the game earned) is ``options.win_title`` or better.

    >>> is_win("Feudal lord", BgStatsOptions(win_title="Knight"))
    True
    >>> is_win("Feudal lord", BgStatsOptions())
    False
    """
    if title not in TITLE_CHOICES:
        return False
    return TITLE_CHOICES.index(title) >= TITLE_CHOICES.index(options.win_title)


def play_date(finished_at: str) -> str:
    """A stored UTC time as BG Stats wants it.

    >>> play_date("2026-11-22T18:30:05+00:00")
    '2026-11-22 18:30:05'
    """
    moment = dt.datetime.fromisoformat(finished_at).astimezone(dt.UTC)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def comments(record: HistoryRecord) -> str:
    """The title, the score breakdown and how the game was played, in one short line."""
    score = record.score
    # English on purpose: the BG Stats export is the same in every language
    text = (
        f"{score.title}: {score.total} VP (VP track {score.vp_track}, Structures "
        f"{score.structures}, most Structures {score.most_structures_bonus}, resources "
        f"{score.resources_vp})."
    )
    details = [
        f"{record.rounds} rounds" if record.rounds else "",
        record.difficulty or "",
        f"{record.deck_mode} deck" if record.deck_mode else "",
        f"House {record.house}" if record.house else "",
    ]
    shown = ", ".join(detail for detail in details if detail)
    # English on purpose: the BG Stats export is the same in every language
    return f"{text} {shown + '. ' if shown else ''}Solo vs Frederick II."


def payload(record: HistoryRecord, options: BgStatsOptions | None = None) -> dict[str, Any]:
    """The BG Stats play for ``record`` (see the module for each field)."""
    chosen = options or BgStatsOptions()
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": record.id,
        "playDate": play_date(record.finished_at),
    }
    if record.play_seconds:
        play["durationMin"] = max(1, round(record.play_seconds / 60))
    play["game"] = {
        "name": GAME_NAME,
        "bggId": BGG_ID,
        "sourceGameId": SOURCE_GAME_ID,
        "highestWins": True,
        "noPoints": False,
    }
    won = is_win(record.score.title, chosen)
    play["players"] = [
        {
            "name": chosen.player_name,
            "sourcePlayerId": SOURCE_PLAYER_ID,
            "score": record.score.total,
            "winner": won,
            "startPlayer": True,
        }
    ]
    if chosen.send_frederick:
        play["players"].append(
            {
                "name": FREDERICK_NAME,
                "sourcePlayerId": FREDERICK_PLAYER_ID,
                "winner": not won,
                "startPlayer": False,
            }
        )
    play["comments"] = comments(record)
    return play


def payload_json(record: HistoryRecord, options: BgStatsOptions | None = None) -> str:
    """The payload as compact JSON (the form the link carries)."""
    return json.dumps(payload(record, options), ensure_ascii=False, separators=(",", ":"))


def play_link(record: HistoryRecord, options: BgStatsOptions | None = None) -> str:
    """The link that hands the play to BG Stats (its JSON percent-encoded)."""
    return f"{CREATE_PLAY_URL}?data={quote(payload_json(record, options), safe=':,')}"


def export_bgstats(records: list[HistoryRecord], options: BgStatsOptions | None = None) -> str:
    """Every game's payload as a JSON array (``stupor-solo export --format bgstats``)."""
    plays = [payload(record, options) for record in records]
    return json.dumps(plays, ensure_ascii=False, indent=2) + "\n"
