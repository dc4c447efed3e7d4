"""One user's settings: base currency, country, cost-basis method, its timeline and scope, tax-year
start, theme and the taxability of lending, liquid staking, liquidity, staking rewards and wrapping.
Every check of spec 001 §9 is made here, before anything is written; the API then requests a
cost-basis run for the changes that alter results (`ALTERS_RESULTS`).
"""

from __future__ import annotations

import calendar
from datetime import date

from sqlalchemy import delete, select, union
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import CostBasisMethodPeriod, Price, User
from ledger.scope.freezing import locked_before
from vocabulary.enums import AllocationScope, CostBasisMethod, Theme
from vocabulary.errors import SettingsError
from vocabulary.fiat import CURRENT_CODES
from vocabulary.taxability import TAXABILITY_KEY, TaxabilityCategory

USD = "USD"
# Spec 001 §9: universal cost basis is not accepted from this day (US taxpayers, per-wallet rules).
UNIVERSAL_ENDS = date(2025, 1, 1)
UNIVERSAL_ENDS_FOR = frozenset({"US"})
THEME_KEY = "selectedTheme"


class SettingsScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id

    async def _user(self) -> User:
        user = await self.session.get(User, self.user_id, with_for_update={"key_share": True})
        if user is None:
            raise LookupError(f"user {self.user_id} no longer exists")
        return user

    async def _frozen(self) -> bool:
        """A tax year is frozen (or being frozen): its closing lots were taken in the scope and year
        bounds of today's settings, which may then not change."""
        return await locked_before(self.session, self.user_id) is not None

    async def base_currencies(self) -> list[str]:
        """USD and every currency the price table has a daily USD rate for (either way round)."""
        quoted = union(
            select(Price.symbol.label("code")).where(Price.quote == USD),
            select(Price.quote.label("code")).where(Price.symbol == USD),
        ).subquery()
        codes = await self.session.scalars(select(quoted.c.code).distinct())
        return sorted({USD, *(code for code in codes if code in CURRENT_CODES)})

    async def periods(self) -> list[CostBasisMethodPeriod]:
        found = await self.session.scalars(
            select(CostBasisMethodPeriod)
            .where(CostBasisMethodPeriod.user_id == self.user_id)
            .order_by(CostBasisMethodPeriod.effective_from)
        )
        return list(found)

    async def set_base_currency(self, code: str) -> SettingsError | None:
        code = code.upper()
        if code not in await self.base_currencies():
            return SettingsError.INVALID_BASE_CURRENCY
        (await self._user()).base_currency = code
        return None

    async def set_country(self, code: str) -> SettingsError | None:
        code = code.upper()
        if len(code) != 2 or not code.isascii() or not code.isalpha():
            return SettingsError.INVALID_COUNTRY
        user = await self._user()
        if code in UNIVERSAL_ENDS_FOR and not user.cost_basis_by_wallet:
            # the universal scope is then refused: such a user moves to per-wallet with the country
            if await self._frozen():
                return SettingsError.YEARS_FROZEN
            user.cost_basis_by_wallet = True
        user.country = code
        return None

    async def set_method(self, method: CostBasisMethod) -> None:
        (await self._user()).cost_basis_method = method

    async def set_scope(self, scope: AllocationScope, today: date) -> SettingsError | None:
        user = await self._user()
        if scope is AllocationScope.UNIVERSAL and universal_refused(user.country, today):
            return SettingsError.UNIVERSAL_NOT_ALLOWED
        by_wallet = scope is AllocationScope.WALLET
        if by_wallet != user.cost_basis_by_wallet and await self._frozen():
            return SettingsError.YEARS_FROZEN
        user.cost_basis_by_wallet = by_wallet
        return None

    async def add_period(
        self, start: date, end: date | None, method: CostBasisMethod, today: date
    ) -> SettingsError | None:
        """The method from `start` until the next period starts, or until `end` (exclusive) when given;
        a period starting that day is replaced. A period with an end may not take in another's start,
        nor start inside another period that has an end."""
        if start.year > today.year + 1:
            return SettingsError.INVALID_PERIOD
        if end is not None and end <= start:
            return SettingsError.PERIOD_ENDS_BEFORE_START
        await self._user()  # one settings change at a time per user
        for other in await self.periods():
            if other.effective_from == start:
                continue
            if (end is not None and start < other.effective_from < end) or (
                other.effective_until is not None and other.effective_from < start < other.effective_until
            ):
                return SettingsError.PERIODS_OVERLAP
        changes = {"method": method, "effective_until": end}
        await self.session.execute(
            insert(CostBasisMethodPeriod)
            .values(user_id=self.user_id, effective_from=start, **changes)
            .on_conflict_do_update(index_elements=["user_id", "effective_from"], set_=changes)
        )
        return None

    async def remove_period(self, start: date) -> SettingsError | None:
        period = CostBasisMethodPeriod
        removed = await self.session.execute(
            delete(period)
            .where(period.user_id == self.user_id, period.effective_from == start)
            .returning(period.effective_from)
        )
        return None if removed.first() is not None else SettingsError.PERIOD_NOT_FOUND

    async def set_tax_year_start(self, month: int, day: int) -> SettingsError | None:
        # 29 February is refused: a tax year must start on a day every year has
        if not 1 <= month <= 12 or not 1 <= day <= calendar.monthrange(2023, month)[1]:
            return SettingsError.INVALID_TAX_YEAR_START
        user = await self._user()
        if (month, day) != (user.tax_year_start_month, user.tax_year_start_day) and await self._frozen():
            return SettingsError.YEARS_FROZEN
        user.tax_year_start_month, user.tax_year_start_day = month, day
        return None

    async def set_theme(self, theme: Theme) -> None:
        user = await self._user()
        user.settings = {**user.settings, THEME_KEY: theme.value}

    async def set_taxability(self, category: TaxabilityCategory, taxable: bool | None) -> None:
        """The user's word on a category; None takes it back (the category is then taxable)."""
        user = await self._user()
        said = {key: value for key, value in taxability_of(user).items() if key is not category}
        if taxable is not None:
            said[category] = taxable
        user.settings = {**user.settings, TAXABILITY_KEY: {key.value: value for key, value in said.items()}}


def universal_refused(country: str | None, today: date) -> bool:
    return country in UNIVERSAL_ENDS_FOR and today >= UNIVERSAL_ENDS


def taxability_of(user: User) -> dict[TaxabilityCategory, bool]:
    """What the user said of each category (those they said nothing of are taxable)."""
    return {
        TaxabilityCategory(key): bool(value) for key, value in user.settings.get(TAXABILITY_KEY, {}).items()
    }


def theme_of(user: User) -> Theme:
    return Theme(user.settings.get(THEME_KEY, Theme.LIGHT.value))  # spec 001 §3: default light
