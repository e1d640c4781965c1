""":class:`ByItselfModal`: a dialog that always opens by itself, which takes no key typed
before it was drawn (see :mod:`companion.ui.first_look`; the follow-through marks the other
prompts that open by themselves, :mod:`companion.ui.screens.follow_through`)."""

from __future__ import annotations

from companion.ui.screens.modals.event_modal import EventT, GameEventModal


class ByItselfModal(GameEventModal[EventT]):
    """A :class:`GameEventModal` that only ever opens by itself, as the consequence of a
    move (Put resources back): keys typed before it was drawn, or sooner after than anyone
    can read it, are not used, and a notice says so once."""

    opens_by_itself = True
