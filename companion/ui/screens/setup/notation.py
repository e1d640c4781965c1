"""What the player types about the board (at setup, or when a move first needs it), read
into the engine's models: the reward printed under an Active Edict space and the Market
tile at a port.

A Market tile is written short, the sale first and the purchase second, each as amount,
resource letter and price (``2G6 2S4``: sell 2 Grain for 6 Augustales, buy 2 Stone for 4),
``-`` for a side the tile does not show; or long, each side named
(``sell 2 Grain for 6, buy 2 Stone for 4``).

>>> parse_market("2G6 2S4").describe()
'sell 2 Grain for 6 Augustales; buy 2 Stone for 4 Augustales'
>>> parse_market("sell 2 Grain for 6, buy 2 Stone for 4").describe()
'sell 2 Grain for 6 Augustales; buy 2 Stone for 4 Augustales'
>>> reward_parts(reward_grant("choice", 1))
('choice', 1)

A reward is written as amounts with their letter: ``3A`` (3 Augustales), ``1VP``, ``2G``,
``1S``, ``1R`` (a resource of your choice); more than one side by side (``1VP 2A``).

>>> from solo_deck import describe_grant
>>> describe_grant(parse_reward("1vp 2a"))
'+1 VP, +2 Augustales'
"""

from __future__ import annotations

import re

from annotated_types import Ge, Le
from pydantic import ValidationError

from companion.i18n import N_, _
from solo_deck import Gains, Grant, MarketTile, Trade

REWARD_KINDS: tuple[tuple[str, str], ...] = (
    ("augustales", "Augustales"),
    ("vp", "VP"),
    ("grain", "Grain"),
    ("stone", "Stone"),
    ("choice", "resources of your choice"),
)
"""The plain rewards the form can note; anything else is told when it is first taken."""
CHOICE = "choice"
REWARD_MAX = 9

MARKET_EXAMPLE = "2G6 2S4"
"""A Market tile, short: sell 2 Grain for 6 Augustales, buy 2 Stone for 4."""
MARKET_LONG_EXAMPLE = "sell 2 Grain for 6, buy 2 Stone for 4"


def market_how() -> str:
    """How to write a Market tile, in the language in use."""
    return _(
        "write the sale then the purchase, e.g. {example} (sell 2 Grain for 6, buy 2 Stone "
        "for 4); - for a side the tile lacks"
    ).format(example=MARKET_EXAMPLE)


"""How to write a tile, for the message that refuses one."""
_SHORT = re.compile(r"^(?P<amount>\d+)\s*(?P<resource>g|s)\s*(?P<price>\d+)$", re.IGNORECASE)
_NAMED = re.compile(r"\b(sell|buy)\b", re.IGNORECASE)
_TRADE = re.compile(
    r"^(?P<side>sell|buy)\s+(?P<amount>\d+)\s*(?P<resource>grain|stone|g|s)\s+"
    r"(?:for\s+)?(?P<price>\d+)\s*(?:a|augustal[a-z]*)?$",
    re.IGNORECASE,
)


REWARD_EXAMPLE = "3A"
REWARD_HOW = N_(
    "write each amount with its letter: 3A (3 Augustales), 1VP, 2G, 1S, 1R (a resource of "
    "your choice); more than one side by side, e.g. 1VP 2A"
)
"""How to write a reward, for the message that refuses one."""
_REWARD_LETTERS = {
    "a": "augustales",
    "vp": "vp",
    "v": "vp",
    "g": "grain",
    "s": "stone",
    "r": "choice",
    "c": "choice",
}
_REWARD_PART = re.compile(r"(\d+)\s*([a-z]+)", re.IGNORECASE)


def parse_reward(text: str) -> Grant | None:
    """The reward ``text`` writes (``None`` when empty); ``ValueError`` says what is wrong
    and how to write it, in one line.

    >>> from solo_deck import describe_grant
    >>> describe_grant(parse_reward("3A"))
    '+3 Augustales'
    >>> describe_grant(parse_reward("1 VP, 1r"))
    '+1 VP, +1 resource of your choice'
    >>> parse_reward("3X")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: '3X' is not a reward: write each amount with its letter: 3A (3 Augustales)...
    >>> parse_reward("1A 2A")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: Augustales is there twice: ...
    >>> parse_reward("0A")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: a reward gives at least 1 of something: ...
    """
    joined = re.sub(r"(\d)\s+(?=[a-z])", r"\1", text.strip(), flags=re.IGNORECASE)
    parts = [part for part in re.split(r"[\s,;+]+", joined) if part]
    if not parts:
        return None
    amounts: dict[str, int] = {}
    for part in parts:
        match = _REWARD_PART.fullmatch(part)
        kind = _REWARD_LETTERS.get(match[2].lower()) if match else None
        if match is None or kind is None:
            raise ValueError(
                _("{part!r} is not a reward: {reward_how}").format(
                    part=part, reward_how=_(REWARD_HOW)
                )
            )
        if kind in amounts:
            raise ValueError(
                _("{what} is there twice: {reward_how}").format(
                    what=dict(REWARD_KINDS)[kind], reward_how=_(REWARD_HOW)
                )
            )
        amounts[kind] = int(match[1])
    if not any(amounts.values()):
        raise ValueError(
            _("a reward gives at least 1 of something: {reward_how}").format(
                reward_how=_(REWARD_HOW)
            )
        )
    choice = amounts.pop(CHOICE, 0)
    try:
        return Grant(gain=Gains.model_validate(amounts), resource_choice=choice)
    except ValidationError:
        raise ValueError(
            _("{text!r} is more than a reward gives: {reward_how}").format(
                text=text.strip(), reward_how=_(REWARD_HOW)
            )
        ) from None


def reward_grant(kind: str, amount: int) -> Grant:
    """The reward ``amount`` of ``kind`` (a :data:`REWARD_KINDS` key) as a Grant."""
    if kind == CHOICE:
        return Grant(resource_choice=amount)
    return Grant(gain=Gains.model_validate({kind: amount}))


def reward_parts(grant: Grant | None) -> tuple[str, int] | None:
    """``(kind, amount)`` when ``grant`` is one plain reward the form can show, else None.

    >>> reward_parts(Grant(gain=Gains(augustales=3)))
    ('augustales', 3)
    >>> reward_parts(Grant(unknown=True)) is None
    True
    """
    if grant is None or grant.unknown:
        return None
    if grant.resource_choice and grant == Grant(resource_choice=grant.resource_choice):
        return CHOICE, grant.resource_choice
    items = grant.gain.items()
    if len(items) == 1 and grant == Grant(gain=grant.gain):
        return items[0]
    return None


def _bounds(field: str) -> tuple[int, int]:
    """The range :class:`Trade` accepts for ``field``, from the model itself."""
    low, high = 0, 99
    for rule in Trade.model_fields[field].metadata:
        if isinstance(rule, Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, Le):
            high = int(rule.le)  # type: ignore[call-overload]
    return low, high


def _trade(part: str) -> tuple[str, Trade]:
    match = _TRADE.match(part)
    if match is None:
        raise ValueError(
            _("{part!r} is not a trade: write e.g. {market_long_example!r}").format(
                part=part, market_long_example=MARKET_LONG_EXAMPLE
            )
        )
    return match["side"].lower(), _checked(part, match["resource"], match["amount"], match["price"])


def _checked(part: str, letter: str, amount_text: str, price_text: str) -> Trade:
    """The trade of ``amount_text`` of the resource ``letter`` for ``price_text``, within
    the bounds of :class:`Trade` (``ValueError`` naming ``part`` otherwise)."""
    resource = "grain" if letter.lower().startswith("g") else "stone"
    amount, price = int(amount_text), int(price_text)
    low, high = _bounds("amount")
    if not low <= amount <= high:
        raise ValueError(
            _("{part!r}: a trade is of {low} to {high} {resource}").format(
                part=part, low=low, high=high, resource=resource.capitalize()
            )
        )
    low, high = _bounds("augustales")
    if not low <= price <= high:
        raise ValueError(
            _("{part!r}: the price is {low} to {high} Augustales").format(
                part=part, low=low, high=high
            )
        )
    return Trade(resource=resource, amount=amount, augustales=price)


def _short(text: str) -> MarketTile | None:
    """The tile written short: the sale, then the purchase (``-``: none).

    >>> _short("1g3").describe()
    'sell 1 Grain for 3 Augustales'
    >>> _short("- 1s3").describe()
    'buy 1 Stone for 3 Augustales'
    >>> _short("2 G 6, 2 S 4").describe()
    'sell 2 Grain for 6 Augustales; buy 2 Stone for 4 Augustales'
    >>> _short("2G6 2S4 1G1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: a tile shows at most a sale and a purchase: write the sale then the purchase...
    >>> _short("2X6")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: '2X6' is not a trade: write the sale then the purchase, e.g. 2G6 2S4 (sell...
    """
    parts = re.findall(r"-|\d+\s*[a-z]+\s*\d*|[^\s,;/]+", text.strip(), re.IGNORECASE)
    if len(parts) > 2:
        raise ValueError(
            _("a tile shows at most a sale and a purchase: {market_how}").format(
                market_how=market_how()
            )
        )
    trades: list[Trade | None] = []
    for part in parts:
        if part == "-":
            trades.append(None)
            continue
        match = _SHORT.match(part)
        if match is None:
            raise ValueError(
                _("{part!r} is not a trade: {market_how}").format(
                    part=part, market_how=market_how()
                )
            )
        trades.append(_checked(part, match["resource"], match["amount"], match["price"]))
    sell, buy = [*trades, None, None][:2]
    if sell is None and buy is None:
        return None
    return MarketTile(sell=sell, buy=buy)


def parse_market(text: str) -> MarketTile | None:
    """The Market tile described by ``text``, short or long (``None`` when empty or only
    ``-``); ``ValueError`` says what is wrong, in one line.

    >>> parse_market("1G3 3S6").describe()
    'sell 1 Grain for 3 Augustales; buy 3 Stone for 6 Augustales'
    >>> parse_market("buy 1s 3").describe()
    'buy 1 Stone for 3 Augustales'
    >>> parse_market("sell 2g 6; sell 1s 2")
    Traceback (most recent call last):
    ValueError: a Market tile shows one sale and one purchase: 'sell' is there twice
    """
    if not _NAMED.search(text):
        return _short(text)
    parts = [part.strip() for part in re.split(r"[,;]", text) if part.strip()]
    if not parts:
        return None
    trades: dict[str, Trade] = {}
    for part in parts:
        side, trade = _trade(part)
        if side in trades:
            raise ValueError(
                _("a Market tile shows one sale and one purchase: {side!r} is there twice").format(
                    side=side
                )
            )
        trades[side] = trade
    return MarketTile(sell=trades.get("sell"), buy=trades.get("buy"))
