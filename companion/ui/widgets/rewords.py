""":class:`WordsItself`: a widget a dialog words again on a language switch without
telling it any words (it holds what it needs: the fact it shows, its English messages).

A dialog's :meth:`~companion.ui.screens.modals.event_modal.EventModal.relabel` finds every
such widget it contains and calls its ``relabel()``; the widgets whose words only their
dialog knows (a :class:`~companion.ui.widgets.number_field.NumberField`'s label and hint,
a :class:`~companion.ui.widgets.focus_hint.FocusHint`'s two hints) are worded by the
dialog instead, with the words it passes.
"""

from __future__ import annotations


class WordsItself:
    """A widget that words itself again in the language in use from what it holds; what
    was typed, chosen or highlighted in it stays."""

    def relabel(self) -> None:
        """Word the widget again in the language in use."""
        raise NotImplementedError
