"""Onboarding (spec 001 §2 /onboarding/…, §7 "confirm onboarding country"): where a signed-in user
lands, and the country they confirm, which onboarding requires (spec 001 §5)."""

from __future__ import annotations

from typing import Annotated

import strawberry

from api.context import CairnInfo
from api.schema.common import MutationResult
from api.schema.settings import recalculated
from api.string_bounds import max_length
from ledger.scope.onboarding import HOME_PAGES, home_page_of, onboarded
from vocabulary.errors import NOT_ON_BEHALF

INVALID_HOME_PAGE = "invalid_home_page"
INVALID_HOME_PAGE_MESSAGE = "Choose one of the pages offered."

Code = Annotated[str, max_length(10)]
Page = Annotated[str, max_length(50)]


@strawberry.type
class OnboardingStatus:
    country: str | None
    country_confirmed: bool = strawberry.field(
        description="Onboarding is done: the user confirmed a country."
    )
    web_app_home_page: str = strawberry.field(
        description="Where the user lands when signed in: /onboarding until a country is confirmed."
    )
    home_pages: list[str] = strawberry.field(description="The pages the user may choose to land on.")


@strawberry.type
class OnboardingQuery:
    @strawberry.field
    async def onboarding_status(self, info: CairnInfo) -> OnboardingStatus:
        user = await info.context.scope.user()
        return OnboardingStatus(
            country=user.country,
            country_confirmed=onboarded(user),
            web_app_home_page=home_page_of(user),
            home_pages=list(HOME_PAGES),
        )


@strawberry.type
class OnboardingMutation:
    @strawberry.mutation
    async def confirm_onboarding_country(self, info: CairnInfo, country_code: Code) -> MutationResult:
        """Required: a blank or malformed code is refused and nothing is saved; a country that changes
        the tax rules requests a cost-basis run, as the country setting does. Onboarding is the user's
        own: no admin or tax pro viewing as them confirms it (spec 001 §2)."""
        if info.context.viewing_as:
            return MutationResult(success=False, error="view_as", error_message=NOT_ON_BEHALF)
        return await recalculated(info, await info.context.scope.onboarding.confirm_country(country_code))

    @strawberry.mutation
    async def update_web_app_home_page(self, info: CairnInfo, page: Page) -> MutationResult:
        if not await info.context.scope.onboarding.set_home_page(page):
            return MutationResult(
                success=False, error=INVALID_HOME_PAGE, error_message=INVALID_HOME_PAGE_MESSAGE
            )
        await info.context.session.commit()
        return MutationResult.ok()
