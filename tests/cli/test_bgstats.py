"""Issue 18: the BG Stats push-play payload: its shape, the same payload every time (a
resend updates the play, never duplicates it), the winner rule, the link, and
``export --format bgstats``."""

from __future__ import annotations

import json
import pathlib
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion.config import TITLE_CHOICES, BgStatsOptions
from companion.history.bgstats import BGG_ID, is_win, payload, play_link
from companion.storage import HistoryRecord
from tests.cli.conftest import RecordFactory, Run


def test_the_payload_has_the_fields_bg_stats_reads(make_record: RecordFactory) -> None:
    record = make_record(id="a" * 32, finished_at="2025-03-01T21:15:09+01:00")
    play = payload(record)
    assert play == {
        "sourceName": "stupor-solo",
        "sourcePlayId": "a" * 32,
        "playDate": "2025-03-01 20:15:09",
        "durationMin": 75,
        "game": {
            "name": "Stupor Mundi",
            "bggId": 392492,
            "sourceGameId": "stupor-mundi",
            "highestWins": True,
            "noPoints": False,
        },
        "players": [
            {
                "name": "Me",
                "sourcePlayerId": "solo-player",
                "score": 56,
                "winner": False,
                "startPlayer": True,
            }
        ],
        "comments": "Feudal lord: 56 VP (VP track 40, Structures 10, most Structures 4, "
        "resources 2). 6 rounds, medium, virtual deck, House Savoy. Solo vs Frederick II.",
    }
    assert BGG_ID == 392492


def test_every_player_carries_start_player_and_the_game_is_scored(
    make_record: RecordFactory,
) -> None:
    # BG Stats refuses a play whose player has no startPlayer ("No value for startPlayer").
    play = payload(make_record())
    assert play["players"] and all(player["startPlayer"] is True for player in play["players"])
    assert play["game"]["noPoints"] is False


def test_the_payload_is_the_same_every_time(make_record: RecordFactory) -> None:
    record = make_record()
    copy = HistoryRecord.model_validate(record.model_dump(mode="json"))
    assert payload(record) == payload(copy)
    assert play_link(record) == play_link(copy)
    assert payload(record)["sourcePlayId"] == record.id


def test_a_quick_entry_has_no_duration_and_no_details(make_record: RecordFactory) -> None:
    record = make_record(
        total=12, play_seconds=0, rounds=None, difficulty=None, house=None, deck_mode=None
    )
    play = payload(record)
    assert "durationMin" not in play
    assert play["comments"].endswith("resources 0). Solo vs Frederick II.")


def test_the_winner_is_the_aimed_title_or_better(make_record: RecordFactory) -> None:
    for total, title in ((29, "Serf"), (30, "Knight"), (50, "Feudal lord"), (80, "Duke")):
        record = make_record(total=total)
        assert record.score.title == title
        for aim in TITLE_CHOICES:
            options = BgStatsOptions(player_name="Ada", win_title=aim)
            won = payload(record, options)["players"][0]["winner"]
            assert won is (TITLE_CHOICES.index(title) >= TITLE_CHOICES.index(aim))
            assert payload(record, options)["players"][0]["name"] == "Ada"
    assert not is_win("Emperor", BgStatsOptions())


def test_frederick_is_sent_only_when_asked_and_wins_when_you_do_not(
    make_record: RecordFactory,
) -> None:
    """Issue 39: ``[bgstats] send_frederick`` adds Frederick II, the same player in every
    play, with no score; exactly one of the two wins."""
    for total in (49, 50):  # below and at Feudal lord
        record = make_record(total=total)
        assert len(payload(record, BgStatsOptions(win_title="Feudal lord"))["players"]) == 1
        players = payload(record, BgStatsOptions(win_title="Feudal lord", send_frederick=True))[
            "players"
        ]
        you, frederick = players
        assert frederick == {
            "name": "Frederick II",
            "sourcePlayerId": "frederick-ii",
            "winner": total < 50,
            "startPlayer": False,
        }
        assert you["winner"] is (total >= 50) and "score" not in frederick


def test_send_frederick_is_a_setting_off_by_default() -> None:
    from companion.config import parse_config

    assert parse_config(b"")[0].bgstats.send_frederick is False
    on, problems = parse_config(b"[bgstats]\nsend_frederick = true\n")
    assert problems == [] and on.bgstats.send_frederick is True
    bad, told = parse_config(b'[bgstats]\nsend_frederick = "yes"\n')
    assert bad.bgstats.send_frederick is False and len(told) == 1


def test_the_link_carries_the_payload(make_record: RecordFactory) -> None:
    record = make_record(notes='my "notes" & more')
    link = play_link(record)
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    assert " " not in link and '"' not in link
    assert json.loads(parse_qs(parts.query)["data"][0]) == payload(record)
    assert "notes" not in parse_qs(parts.query)["data"][0]


def test_export_bgstats_writes_one_payload_per_game(
    run: Run,
    data: pathlib.Path,
    make_record: RecordFactory,
    store_records: Any,
    private_config: pathlib.Path,
    tmp_path: pathlib.Path,
) -> None:
    records = [
        make_record(total=n, finished_at=f"2025-03-0{n % 9 + 1}T20:00:00+00:00") for n in (20, 85)
    ]
    store_records(data, records)
    private_config.parent.mkdir(parents=True)
    private_config.write_text('[bgstats]\nplayer_name = "Ada"\nwin_title = "Knight"\n')
    out = run("export", "--format", "bgstats", "-")
    assert out.code == 0, out.err
    plays = json.loads(out.out)
    assert [p["sourcePlayId"] for p in plays] == [r.id for r in records]
    assert [p["players"][0]["winner"] for p in plays] == [False, True]
    assert {p["players"][0]["name"] for p in plays} == {"Ada"}
    target = tmp_path / "plays.json"
    first = run("export", "--format", "bgstats", str(target))
    assert first.code == 0 and "Exported 2 games" in first.out
    again = run("export", "--format", "bgstats", "--force", str(target))
    assert again.code == 0
    assert json.loads(target.read_text(encoding="utf-8")) == plays


def test_export_without_a_format_names_bgstats(run: Run, tmp_path: pathlib.Path) -> None:
    result = run("export", str(tmp_path / "plays.txt"))
    assert result.code == 2 and "--format bgstats" in result.err
