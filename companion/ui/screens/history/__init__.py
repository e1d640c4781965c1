"""The record-keeping screens: the History of finished games and its file dialogs, the
Statistics and a game as a BG Stats play."""
