"""The served page in the language ``serve`` speaks: its sentences put in that language by
the server (escaped: a translation is text, never markup); the English page as written."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from aiohttp.test_utils import make_mocked_request

from companion.i18n import use_language
from companion.i18n.catalogues import translations
from companion.serve import CompanionServer
from companion.serve.access import Access
from companion.serve.page_words import PAGE_WORDS, spoken_page

PAGE = resources.files("companion.serve").joinpath("page.html").read_text("utf-8")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


async def _served(tmp_path: Path, language: str | None) -> str:
    server = CompanionServer(
        folder=tmp_path, host="127.0.0.1", port=0, access=Access.for_host("127.0.0.1")
    )
    server.language = language
    request = make_mocked_request("GET", "/", headers={"Host": "127.0.0.1:8000"})
    response = await server.index(request)
    assert response.text is not None
    return response.text


def test_every_sentence_of_the_page_is_one_the_server_translates() -> None:
    page = re.sub(r"<(script|style)\b.*?</\1>", "", PAGE, flags=re.S)
    texts = {" ".join(text.split()) for text in re.findall(r">([^<]*)<", page)}
    titles = set(re.findall(r'title="([^"]*)"', page))
    shown = {text for text in texts | titles if any(ch.isalpha() for ch in text)}
    assert shown == set(PAGE_WORDS)


async def test_the_english_page_is_sent_as_written(tmp_path: Path) -> None:
    assert spoken_page(PAGE, "en") is PAGE
    text = await _served(tmp_path, "en")
    expected = (
        PAGE.replace("{{websocket_url}}", "ws://127.0.0.1:8000/ws")
        .replace("{{font_size}}", "")
        .replace("{{default_font_size}}", "16")
    )
    assert text == expected


async def test_the_italian_page_carries_the_italian_sentences(tmp_path: Path) -> None:
    text = await _served(tmp_path, "it")
    italian = translations("it")
    assert '<html lang="it">' in text
    for english in PAGE_WORDS:
        said = italian.gettext(english)
        assert said != english, english
        assert html.escape(said, quote=True) in text, said
        assert english not in " ".join(text.split()), english
    assert "ws://127.0.0.1:8000/ws" in text  # the placeholders are filled as in English


def test_a_translation_is_text_never_markup(monkeypatch: pytest.MonkeyPatch) -> None:
    class Hostile:
        def gettext(self, message: str) -> str:
            return '<img src=x onerror="alert(1)"> {{websocket_url}} & \\1'

    monkeypatch.setattr("companion.i18n.catalogues.translations", lambda language: Hostile())
    page = spoken_page(PAGE, "it")
    assert "<img" not in page and 'onerror="' not in page
    assert (
        "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &#123;&#123;websocket_url}} &amp; \\1"
        in (page)
    )
    assert page.count("{{websocket_url}}") == PAGE.count("{{websocket_url}}")
