"""Every private name of Textual, Rich and textual-serve the companion relies on, where it
lives, the signature we call or override (``None``: an attribute), and why.

``tests/app/test_framework_door.py`` checks each entry against the installed versions:
a method or function must exist with exactly this signature; an attribute must still be
set by its class (``self.<name>`` in the class's source, or a class attribute). A new use
of a private name outside this package fails another test there.
"""

from __future__ import annotations

from typing import NamedTuple


class PrivateName(NamedTuple):
    """One private name: ``owner`` is ``module:Class`` or ``module`` (a module-level
    name), ``signature`` as :func:`inspect.signature` prints it, ``why`` our reason."""

    owner: str
    name: str
    signature: str | None
    why: str


APP = "textual.app:App"
SCREEN = "textual.screen:Screen"

PRIVATE_NAMES: tuple[PrivateName, ...] = (
    # --- hooks we override (hooks.py, quick_open.py, serve_internals.py, key_characters.py) --
    PrivateName(
        APP,
        "_get_screen",
        "(self, screen: 'Screen | str') -> 'tuple[Screen, AwaitMount]'",
        "the only place a screen is seen between being pushed and mounted",
    ),
    PrivateName(
        "textual.widgets._option_list:OptionList",
        "_get_visual",
        "(self, option: 'Option') -> 'Visual'",
        "the only place a line's look is decided (touch lists pad lines to three rows)",
    ),
    PrivateName(
        "textual.widget:Widget",
        "_size_updated",
        "(self, size: 'Size', virtual_size: 'Size', container_size: 'Size', "
        "layout: 'bool' = True) -> 'bool'",
        "the only place a change of size found by a layout asks for a second layout",
    ),
    PrivateName(
        SCREEN,
        "_on_screen_resume",
        "(self, event: 'events.ScreenResume') -> 'None'",
        "a screen shown for the first time need not be restyled again",
    ),
    PrivateName(
        SCREEN,
        "_on_screen_suspend",
        "(self) -> 'None'",
        "what a hidden screen's styles depended on is noted as it is hidden",
    ),
    PrivateName(
        SCREEN,
        "_compositor_refresh",
        "(self) -> 'None'",
        "a screen under an opaque one must not ask for a repaint of the one on top",
    ),
    PrivateName(
        "textual_serve.app_service:AppService",
        "_open_app_process",
        "(self, width: 'int' = 80, height: 'int' = 24) -> 'Process'",
        "the only place an app's process is started: ours starts it without a shell",
    ),
    PrivateName(
        "textual.screen",
        "key_to_character",
        "(key: 'str') -> 'str | None'",
        "the name the binding chain calls for each key's character: ours answers without "
        "reading Unicode's name table (key_characters.py)",
    ),
    # --- calls and reads (textual_internals.py, quick_open.py, serve_internals.py) --------
    PrivateName(
        "textual_serve.app_service:AppService",
        "_build_environment",
        "(self, width: 'int' = 80, height: 'int' = 24) -> 'dict[str, str]'",
        "the app process's environment, as textual-serve sets it",
    ),
    PrivateName(
        "textual_serve.app_service:AppService",
        "_process",
        None,
        "the started process, where textual-serve's service keeps it",
    ),
    PrivateName(
        "textual_serve.app_service:AppService",
        "_stdin",
        None,
        "the process's input, where textual-serve's service writes to it",
    ),
    PrivateName(
        "textual_serve.download_manager:DownloadManager",
        "_active_downloads",
        None,
        "whether a download key is one the app started (no public lookup)",
    ),
    PrivateName(
        "textual.message_pump:MessagePump",
        "_message_queue",
        None,
        "messages waiting in a node: no public 'idle' query for the type-ahead",
    ),
    PrivateName(
        SCREEN,
        "_callbacks",
        None,
        "after-refresh callbacks still waiting on a screen",
    ),
    PrivateName(APP, "_closing", None, "the app has begun to quit: no key is posted to it"),
    PrivateName(
        APP,
        "_notifications",
        None,
        "the notices on screen: a notice already shown is not stacked a second time",
    ),
    PrivateName(APP, "_driver", None, "measurements hand keys to the app as the terminal does"),
    PrivateName(APP, "_css_update_count", None, "the CSS generation: a theme change counts it up"),
    PrivateName(
        "textual.message:Message",
        "_stop_propagation",
        None,
        "whether a widget took a key (stop() has no public read)",
    ),
    PrivateName(
        "textual.widgets._input:Input",
        "_pause_blink",
        "(self, visible: 'bool' = False) -> 'None'",
        "the cursor shows at once on the tap that selects a field's whole text",
    ),
    PrivateName(
        "textual.widgets._input:Input",
        "_restart_blink",
        "(self) -> 'None'",
        "a first key handled by our field blinks the cursor as the Input's would",
    ),
    PrivateName(
        "textual.widgets._select:Select",
        "_options",
        None,
        "the lines of a Select's list, to name the one F1 points at",
    ),
    PrivateName(
        "textual.widgets._select:Select",
        "_legal_values",
        None,
        "how many values a Select can take (a single one offers no choice)",
    ),
    PrivateName(SCREEN, "_compositor", None, "the regions a hidden screen asked to repaint"),
    PrivateName(
        "textual._compositor:Compositor",
        "_dirty_regions",
        None,
        "dropped for a screen hidden under an opaque one",
    ),
    PrivateName(SCREEN, "_dirty_widgets", None, "as _dirty_regions, by widget"),
    # --- private modules --------------------------------------------------------------------
    PrivateName(
        "textual._border",
        "get_box",
        "(name: 'EdgeType', inner_style: 'Style', outer_style: 'Style', style: 'Style') "
        "-> 'BoxSegments'",
        "a border style's characters, to draw the footer's key caps",
    ),
    PrivateName("textual.widgets._select", "SelectOverlay", None, "the Select's open list"),
    PrivateName("textual.widgets._select", "SelectCurrent", None, "the Select's closed face"),
    PrivateName("textual.widgets._select", "SelectType", None, "the Select's value type"),
    PrivateName(
        "textual.widgets._toast",
        "ToastRack",
        None,
        "the notices' rack, named by its type in companion.tcss and notice_room.py (the "
        "type name is the CSS selector): placed clear of What to do and kept from scrolling",
    ),
)
"""The private names, grouped by how we use them."""
