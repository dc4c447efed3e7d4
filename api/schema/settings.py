"""The user's settings (spec 001 §2 /user/profile, /user/profile/tax, /cost-basis-method-calendar; §7
"Settings"). Checks are the scope's; a change that alters results (country, method, its timeline,
scope, taxability of lending, liquid staking, liquidity, staking rewards or wrapping) also requests a
cost-basis run. Base currency, tax-year start and theme change only how results are read: values are
stored in USD and converted at read time, years are cut at read time.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.schema.common import MutationResult
from api.schema.cost_basis import request_run
from api.string_bounds import max_length
from ledger.scope.portfolio import today_utc
from ledger.scope.settings import taxability_of, theme_of, universal_refused
from vocabulary.enums import AllocationScope, CostBasisMethod, QueuePriority, Theme
from vocabulary.errors import ENQUEUE_FAILED, SETTINGS_ERROR_MESSAGES, SettingsError
from vocabulary.taxability import TaxabilityCategory

strawberry.enum(CostBasisMethod, name="CostBasisMethod")
strawberry.enum(AllocationScope, name="AllocationScope")
strawberry.enum(Theme, name="Theme")
strawberry.enum(TaxabilityCategory, name="TaxabilityCategory")

Code = Annotated[str, max_length(10)]


@strawberry.type
class MethodPeriod:
    start_date: date
    end_date: date | None = strawberry.field(
        description="The first day the default method applies again; none: it runs to the next period."
    )
    method: CostBasisMethod


@strawberry.type
class TaxabilitySetting:
    category: TaxabilityCategory
    taxable: bool
    is_default: bool = strawberry.field(description="The user has said nothing: the category is taxable.")


@strawberry.type
class UserSettings:
    base_currency: str
    base_currencies: list[str] = strawberry.field(description="The currencies with daily exchange rates.")
    country: str | None
    cost_basis_method: CostBasisMethod = strawberry.field(description="Outside the timeline's periods.")
    cost_basis_timeline: list[MethodPeriod] = strawberry.field(
        description="Each period runs from its start date to its end date, else to the next period's."
    )
    allocation_scope: AllocationScope
    universal_allowed: bool = strawberry.field(description="Spec 001 §9: not for US taxpayers from 2025.")
    tax_start_month: int
    tax_start_day: int
    selected_theme: Theme
    taxability: list[TaxabilitySetting]


def refused(code: SettingsError) -> MutationResult:
    return MutationResult(success=False, error=code.value, error_message=SETTINGS_ERROR_MESSAGES[code])


async def recalculated(info: CairnInfo, error: SettingsError | None = None) -> MutationResult:
    """The change is saved with a run requested; a refused change saves nothing."""
    if error is not None:
        return refused(error)
    return await request_run(info, QueuePriority.HIGH, ENQUEUE_FAILED)


async def saved(info: CairnInfo, error: SettingsError | None = None) -> MutationResult:
    if error is not None:
        return refused(error)
    await info.context.session.commit()
    return MutationResult.ok()


@strawberry.type
class SettingsQuery:
    @strawberry.field
    async def user_settings(self, info: CairnInfo) -> UserSettings:
        user = await info.context.scope.user()
        scope = info.context.scope.settings
        said = taxability_of(user)
        return UserSettings(
            base_currency=user.base_currency,
            base_currencies=await scope.base_currencies(),
            country=user.country,
            cost_basis_method=user.cost_basis_method,
            cost_basis_timeline=[
                MethodPeriod(
                    start_date=period.effective_from, end_date=period.effective_until, method=period.method
                )
                for period in await scope.periods()
            ],
            allocation_scope=user.allocation_scope,
            universal_allowed=not universal_refused(user.country, today_utc()),
            tax_start_month=user.tax_year_start_month,
            tax_start_day=user.tax_year_start_day,
            selected_theme=theme_of(user),
            taxability=[
                TaxabilitySetting(
                    category=category, taxable=said.get(category, True), is_default=category not in said
                )
                for category in TaxabilityCategory
            ],
        )


@strawberry.type
class SettingsMutation:
    @strawberry.mutation
    async def update_base_currency(self, info: CairnInfo, base_currency: Code) -> MutationResult:
        return await saved(info, await info.context.scope.settings.set_base_currency(base_currency))

    @strawberry.mutation
    async def update_country(self, info: CairnInfo, country_code: Code) -> MutationResult:
        return await recalculated(info, await info.context.scope.settings.set_country(country_code))

    @strawberry.mutation
    async def update_cost_basis_method(self, info: CairnInfo, method: CostBasisMethod) -> MutationResult:
        await info.context.scope.settings.set_method(method)
        return await recalculated(info)

    @strawberry.mutation
    async def update_lot_allocation(self, info: CairnInfo, scope: AllocationScope) -> MutationResult:
        """Per-wallet or universal scope (spec 001 §7 "lot allocation")."""
        return await recalculated(info, await info.context.scope.settings.set_scope(scope, today_utc()))

    @strawberry.mutation
    async def add_cost_basis_method_period(
        self, info: CairnInfo, start_date: date, method: CostBasisMethod, end_date: date | None = None
    ) -> MutationResult:
        """A period of the timeline, or a new method or end for the period starting that day."""
        return await recalculated(
            info, await info.context.scope.settings.add_period(start_date, end_date, method, today_utc())
        )

    @strawberry.mutation
    async def delete_cost_basis_method_period(self, info: CairnInfo, start_date: date) -> MutationResult:
        return await recalculated(info, await info.context.scope.settings.remove_period(start_date))

    @strawberry.mutation
    async def update_taxability_setting(
        self, info: CairnInfo, category: TaxabilityCategory, taxable: bool
    ) -> MutationResult:
        await info.context.scope.settings.set_taxability(category, taxable)
        return await recalculated(info)

    @strawberry.mutation(description="Back to the default: the category is taxable.")
    async def delete_taxability_setting(
        self, info: CairnInfo, category: TaxabilityCategory
    ) -> MutationResult:
        await info.context.scope.settings.set_taxability(category, None)
        return await recalculated(info)

    @strawberry.mutation
    async def update_tax_year_start(self, info: CairnInfo, month: int, day: int) -> MutationResult:
        return await saved(info, await info.context.scope.settings.set_tax_year_start(month, day))

    @strawberry.mutation
    async def update_theme(self, info: CairnInfo, theme: Theme) -> MutationResult:
        await info.context.scope.settings.set_theme(theme)
        return await saved(info)
