"""The engine's sentences are data (issue 42): every refusal and every sentence of a
converted module is built by :mod:`solo_deck.text`, from a literal template whose fields
are exactly the values passed, so a front end can render it in another language.

Modules are marked converted by the line ``# i18n: sentences are Text``; a line that
builds a string a player never reads (an id, a key, a programming error) carries
``# i18n: not for a player``.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solo_deck import RuleError, SoloGame, ally_income
from solo_deck.events import EndRound, FrederickTurn
from solo_deck.text import Text, joined, named, t, term, tn

ENGINE = Path(__file__).resolve().parents[2] / "solo_deck"
MARKER = "# i18n: sentences are Text"
NOT_A_SENTENCE = "# i18n: not for a player"
INTERNAL_ERRORS = frozenset({"ValueError", "KeyError", "TypeError"})
MAKERS = {"t": 1, "tn": 2, "term": 1}
"""Each maker and how many of its first arguments are templates (literals)."""


def _modules() -> Iterator[tuple[Path, str, ast.Module]]:
    for path in sorted(ENGINE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        yield path, source, ast.parse(source)


def _name(path: Path) -> str:
    return str(path.relative_to(ENGINE.parent))


def _is_maker_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MAKERS


def _sentence_like(node: ast.JoinedStr) -> bool:
    literal = "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
    return any(len(word) > 1 and word.isalpha() for word in literal.split())


def _built_sentences(tree: ast.Module, lines: list[str]) -> list[tuple[int, str]]:
    """f-strings with words, ``"..." % x`` and ``"...".format(...)`` outside docstrings.

    The message of a built-in ``ValueError``, ``KeyError`` or ``TypeError`` is left out:
    raised in a model's validator, pydantic words it again in a ``ValidationError`` (its
    message does not reach a player as the engine wrote it); elsewhere it is a programming
    error. The player-facing errors have their own classes (``RuleError``…)."""
    internal: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in INTERNAL_ERRORS
        ):
            internal.update(id(inner) for arg in node.args for inner in ast.walk(arg))
    found = []
    for node in ast.walk(tree):
        if id(node) in internal:
            continue
        what = None
        if isinstance(node, ast.JoinedStr) and _sentence_like(node):
            what = "f-string"
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Mod)
            and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)
        ):
            what = "% format"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and isinstance(node.func.value, ast.Constant)
        ):
            what = ".format"
        if what is None:
            continue
        assert isinstance(node, ast.expr)
        span = lines[node.lineno - 1 : (node.end_lineno or node.lineno)]
        if any(NOT_A_SENTENCE in line for line in span):
            continue
        found.append((node.lineno, what))
    # an f-string nested in another is one sentence
    return sorted(set(found))


def test_every_refusal_is_built_by_t_or_tn() -> None:
    bad = []
    for path, _, tree in _modules():
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "RuleError"
                and node.args
            ):
                continue
            message = node.args[0]
            if isinstance(message, (ast.Constant, ast.JoinedStr, ast.BinOp)) or (
                isinstance(message, ast.Call)
                and not _is_maker_call(message)
                and not isinstance(message.func, ast.Name)
            ):
                bad.append(f"{_name(path)}:{node.lineno}")
    assert not bad, f"RuleError messages not built by t/tn: {bad}"


def test_converted_modules_build_no_sentence_by_hand() -> None:
    bad, left = [], {}
    for path, source, tree in _modules():
        found = _built_sentences(tree, source.splitlines())
        if MARKER in source:
            bad += [f"{_name(path)}:{line} ({what})" for line, what in found]
        elif found:
            left[_name(path)] = len(found)
    print(f"\nnot yet converted: {len(left)} modules, {sum(left.values())} sentences")
    for module, count in sorted(left.items(), key=lambda item: -item[1]):
        print(f"  {count:4d}  {module}")
    assert not bad, f"sentences built by hand in converted modules: {bad}"


def _template_fields(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def _maker_calls() -> Iterator[tuple[str, ast.Call]]:
    for path, _, tree in _modules():
        if path.name == "text.py":
            continue  # the makers' own definitions and doctests
        for node in ast.walk(tree):
            if _is_maker_call(node):
                assert isinstance(node, ast.Call)
                yield f"{_name(path)}:{node.lineno}", node


def test_templates_are_literals_with_exactly_the_fields_passed() -> None:
    calls = list(_maker_calls())
    assert len(calls) > 300  # the extractor sees the engine's sentences
    bad = []
    for where, call in calls:
        assert isinstance(call.func, ast.Name)
        maker = call.func.id
        templates = call.args[: MAKERS[maker]]
        if len(templates) < MAKERS[maker] or not all(
            isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in templates
        ):
            bad.append(f"{where}: {maker}() needs literal template(s)")
            continue
        if maker == "term":
            continue
        if any(keyword.arg is None for keyword in call.keywords):
            bad.append(f"{where}: **values hides the fields from the extractor")
            continue
        passed = {keyword.arg for keyword in call.keywords if keyword.arg is not None}
        if maker == "tn":
            passed.add("n")
        for template in templates:
            assert isinstance(template, ast.Constant)
            fields = _template_fields(str(template.value))
            if any(not field or field.isdigit() for field in fields):
                bad.append(f"{where}: positional field in {template.value!r}")
            elif fields != passed:
                bad.append(
                    f"{where}: {template.value!r} has {sorted(fields)}, given {sorted(passed)}"
                )
    assert not bad, "\n".join(bad)


def test_no_template_glues_a_plural_ending_to_a_value() -> None:
    """``{structure}s`` makes the English plural of a value: a translator cannot write the
    plural of their language. A count uses ``tn``, a term its plural form, a kind of thing
    one whole sentence per kind."""
    glued = []
    for where, call in _maker_calls():
        for template in call.args[: MAKERS[call.func.id]]:  # type: ignore[attr-defined]
            if not (isinstance(template, ast.Constant) and isinstance(template.value, str)):
                continue
            for literal, _field, _, _ in list(string.Formatter().parse(template.value))[1:]:
                if literal[:1] == "s" and not literal[1:2].isalpha():
                    glued.append(f"{where}: {template.value!r}")
    assert not glued, "\n".join(glued)


# --- rendering the parts back: a fake catalogue that shouts ---------------------------------


def _shout(template: str) -> str:
    """The catalogue's "translation": every literal part upper case, fields kept."""
    parts = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        parts.append(literal.upper().replace("{", "{{").replace("}", "}}"))
        if field is not None:
            parts.append(
                "{"
                + field
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
    return "".join(parts)


def render(value: Any) -> str:
    """Render a Text again from its parts, as a front end would, with the shouting
    catalogue (terms from a shouting glossary). A plain ``str`` part is left as it is:
    it was not made by the engine's makers and could not be translated."""
    if not isinstance(value, Text):
        return str(value)
    if value.is_term:
        return str(value).upper()
    if value.context == "list":
        return value.template.upper().join(render(part) for part in value.parts)
    form = value.plural if value.plural is not None and value.number != 1 else value.template
    filled = {name: _rendered(part) for name, part in value.values.items()}
    return _shout(form).format(**filled) if filled else form.upper()


def _rendered(part: object) -> object:
    return render(part) if isinstance(part, str) else part


def test_the_shouting_catalogue_renders_a_sentence_from_its_parts() -> None:
    line = t(
        "Frederick gains {n} {resource} in {port}; {list}",
        n=2,
        resource=term("Stone", "resource"),
        port=named("Tunis", "port"),
        list=joined([tn("{n} card", "{n} cards", 3), t("one Keep")], ", "),
    )
    assert render(line) == "FREDERICK GAINS 2 STONE IN TUNIS; 3 CARDS, ONE KEEP"
    assert render(line) == line.upper()


def test_a_plain_str_part_is_caught_by_the_shouting_catalogue() -> None:
    assert render(t("in {port}", port="Tunis")) != t("in {port}", port="Tunis").upper()


@pytest.fixture
def frederick_game(make_game: Any, turns: Any) -> SoloGame:
    game: SoloGame = make_game(seed=3)
    turns.idle_turn(game)
    game.push(FrederickTurn())
    return game


def test_frederick_s_turn_steps_and_log_line_are_text_with_their_parts(
    frederick_game: SoloGame,
) -> None:
    report = frederick_game.state.last_frederick
    assert report is not None and report.steps
    for step in report.steps:
        assert isinstance(step, Text), step
        assert render(step) == step.upper(), (step.template, step.values)
    ship = report.steps[0]
    assert isinstance(ship, Text)
    assert "{" in ship.template and ship.values  # a template with its values, not a fixed text
    line = frederick_game.log[-1]
    assert isinstance(line, Text)
    assert render(line) == line.upper()


def test_a_refusal_is_text_with_its_parts(make_game: Any) -> None:
    game: SoloGame = make_game()
    with pytest.raises(RuleError) as refused:
        game.push(FrederickTurn())  # your turn, not his
    error = refused.value.text
    assert error is refused.value.args[0]
    assert error.template == "it is not Frederick's turn: now it is {phase}"
    assert error.values["phase"] == "your turn"
    assert render(error) == "IT IS NOT FREDERICK'S TURN: NOW IT IS YOUR TURN"
    why = game.why_not("decline")
    assert isinstance(why, Text) and render(why) == why.upper() == "NOTHING IS PENDING"


def test_the_end_phase_s_log_lines_and_ally_reasons_are_text_with_their_parts(
    make_game: Any, turns: Any
) -> None:
    """The reorganisation's line (its parts a list, the ports turned up named), the game's
    end and each Ally's reason for its income are rendered from their parts."""
    allies = ("altair", "tento", "castellan", "severin", "gregoria-1")
    game: SoloGame = make_game(port_allies=allies)  # seed 1: he removes two Allies
    while game.state.phase.value in ("player", "frederick"):  # his turns, then the End Phase
        if game.state.phase.value == "player":
            turns.idle_turn(game)
        else:
            turns.frederick(game)
    player = game.state.player.model_copy(update={"allies": ("theophilos", "gisela")})
    reasons = [line.reason for line in ally_income(player, game.state.palace).lines]
    assert len(reasons) == 2
    for reason in reasons:
        assert isinstance(reason, Text) and render(reason) == reason.upper(), reason
    turns.income_and_reorganise(game)
    line = game.log[-1]
    assert line == (
        "Reorganisation: refilled 1 card space (10 left in the pile); "
        "turned up the Ally in Roma, Tunis"
    )
    assert isinstance(line, Text) and line.template == "Reorganisation: {parts}"
    assert render(line) == line.upper()
    turns.complete_castle(game)
    game.push(EndRound())
    over = game.log[-1]
    assert over == "Round 1 ended. The game is over: your castle is complete"
    assert isinstance(over, Text) and render(over) == over.upper()
