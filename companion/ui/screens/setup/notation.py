"""What the player types about the board at setup, read into the engine's models: the
reward printed under an Active Edict space and the Market tile at a port.

>>> parse_market("sell 2 Grain for 6, buy 2 Stone for 4").describe()
'sell 2 Grain for 6 Augustales; buy 2 Stone for 4 Augustales'
>>> reward_parts(reward_grant("choice", 1))
('choice', 1)
"""

from __future__ import annotations

import re

from annotated_types import Ge, Le

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

MARKET_EXAMPLE = "sell 2 Grain for 6, buy 2 Stone for 4"
_TRADE = re.compile(
    r"^(?P<side>sell|buy)\s+(?P<amount>\d+)\s*(?P<resource>grain|stone|g|s)\s+"
    r"(?:for\s+)?(?P<price>\d+)\s*(?:a|augustal[a-z]*)?$",
    re.IGNORECASE,
)


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
        raise ValueError(f"{part!r} is not a trade: write e.g. {MARKET_EXAMPLE!r}")
    resource = "grain" if match["resource"].lower().startswith("g") else "stone"
    amount, price = int(match["amount"]), int(match["price"])
    low, high = _bounds("amount")
    if not low <= amount <= high:
        raise ValueError(f"{part!r}: a trade is of {low} to {high} {resource.capitalize()}")
    low, high = _bounds("augustales")
    if not low <= price <= high:
        raise ValueError(f"{part!r}: the price is {low} to {high} Augustales")
    return match["side"].lower(), Trade(resource=resource, amount=amount, augustales=price)


def parse_market(text: str) -> MarketTile | None:
    """The Market tile described by ``text`` (``None`` when empty); ``ValueError`` says
    what is wrong.

    >>> parse_market("buy 1s 3").describe()
    'buy 1 Stone for 3 Augustales'
    >>> parse_market("sell 2g 6; sell 1s 2")
    Traceback (most recent call last):
    ValueError: a Market tile shows one sale and one purchase: 'sell' is there twice
    """
    parts = [part.strip() for part in re.split(r"[,;]", text) if part.strip()]
    if not parts:
        return None
    trades: dict[str, Trade] = {}
    for part in parts:
        side, trade = _trade(part)
        if side in trades:
            raise ValueError(
                f"a Market tile shows one sale and one purchase: {side!r} is there twice"
            )
        trades[side] = trade
    return MarketTile(sell=trades.get("sell"), buy=trades.get("buy"))
