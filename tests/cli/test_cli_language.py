"""The commands speak the language chosen (``--lang``, ``[ui] language``): their messages,
tables and errors; what a script reads (``--json``, exports) stays the same in every
language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from companion.i18n import use_language

SCORE = ["score", "--vp", "40", "--structures", "10", "--grain", "1", "--stone", "1"]
SCORE += ["--augustales", "8"]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("it", ["Punteggio finale", "Tracciato PV", "Totale", "Feudatario"]),
        ("de", ["Schlusswertung", "SP-Leiste", "Summe", "Lehnsherr"]),
        ("fr", ["Score final", "Piste des PV", "Total", "Seigneur féodal"]),
    ],
)
def test_score_speaks_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, words: list[str]
) -> None:
    assert main(["--data-dir", str(tmp_path), "--lang", language, *SCORE]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out
    assert "Final score" not in out


def test_json_is_the_same_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for language in ("en", "it", "de", "fr"):
        assert main(["--data-dir", str(tmp_path), "--lang", language, *SCORE, "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert all(output == outputs[0] for output in outputs)
    assert outputs[0]["title"] == "Feudal lord"


def test_locate_keeps_its_columns_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(tmp_path), "--lang", "de", "locate"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Datenordner:")
    assert lines[-1].startswith("Konfigurationsdatei:")
    starts = {line.index("/") for line in lines}
    assert len(starts) == 1  # every path in one column


def test_errors_speak_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "--lang", "fr", "score", "--vp", "-3"]) == 2
    err = capsys.readouterr().err
    assert "--vp doit être un nombre entier de 0 ou plus, pas '-3'" in err
    config = tmp_path / "config.toml"
    config.write_text('[ui]\nlanguage = "it"\n[backups]\nkeep = "ten"\n', encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "--config", str(config), "config"]) == 1
    captured = capsys.readouterr()
    assert "scrivi un numero intero da 1 a 999" in captured.err
    assert "file di configurazione:" in captured.out


def test_history_in_italian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), *SCORE, "--save"]) == 0
    capsys.readouterr()
    assert main(["--data-dir", str(tmp_path), "--lang", "it", "history"]) == 0
    out = capsys.readouterr().out
    assert "1 partita conclusa, dalla più recente" in out
    assert "Feudatario" in out and "Data" in out
    assert main(["--data-dir", str(tmp_path), "--lang", "it", "stats"]) == 0
    out = capsys.readouterr().out
    assert "La tua carriera in solitario: 1 partita" in out
    assert "Miglior punteggio" in out
