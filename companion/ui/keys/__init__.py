"""Key bindings as data: one table per screen, each key with a stable id and a tooltip."""
