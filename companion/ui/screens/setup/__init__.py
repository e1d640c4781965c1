"""The New game form (:mod:`~companion.ui.screens.setup.form`) and its sections: the
choices and their checks, the Voyage ports and what the board shows."""
