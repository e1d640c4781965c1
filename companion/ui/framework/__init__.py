"""The one door to the frameworks' internals: every private name of Textual, Rich and
textual-serve that the companion uses is used here, and only here.

Textual and textual-serve are pinned, but an upgrade may rename or drop a private name
without notice. So each one is reached through a function or a class of this package,
with a line saying why no public API does the job, and :data:`~companion.ui.framework.
registry.PRIVATE_NAMES` lists them all with the signature we rely on: a test checks each
still exists with that signature, so an upgrade fails the suite, not the player. Another
test checks that no module outside this package touches a private framework name.

- :mod:`.textual_internals`: message queues, the key's propagation, the input's cursor
  blink, the select's overlay, a border's box characters, the driver (for measurements).
- :mod:`.quick_open`: the screens' restyle and repaint savings, and the width classes
  given before a screen is mounted.
- :mod:`.hooks`: the private methods a widget must override (a line's visual, a toggle's
  mark), each turned into a public hook our widgets implement.
- :mod:`.serve_internals`: textual-serve's app process, started without a shell.
- :mod:`.registry`: the list of names, their signatures and why.
"""
