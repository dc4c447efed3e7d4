"""Flows valued in USD at a day's close of the price table, as the cost-basis run and its callout checks
read them: the currency of every stored value is USD (prices are USD closes)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, case, func

from ledger.models import Flow

USD = "USD"


def close_match(alias: Any, symbol: Any, quote: Any, day: Any) -> Any:
    """The join condition of `alias` (a Price) on the close of `symbol` in `quote` on `day`."""
    return and_(alias.symbol == symbol, alias.quote == quote, alias.date == day)


def in_usd(amount: Any, direct: Any, inverse: Any) -> Any:
    """`amount` at the day's close: times the X/USD close, else divided by the USD/X close."""
    return case(
        (direct.close.is_not(None), amount * direct.close), else_=amount / func.nullif(inverse.close, 0)
    )


def stated_in_usd(fx_close: Any, fx_inverse: Any, flows: Any = Flow) -> Any:
    """A flow's stated value in USD, converted at its day's FX close (`fx_close`, `fx_inverse` joined on
    the flow's value currency) when stated in another currency. `flows`: Flow, or a subquery's columns
    (`.c`) with its `value` and `value_currency`."""
    return case((flows.value_currency == USD, flows.value), else_=in_usd(flows.value, fx_close, fx_inverse))
