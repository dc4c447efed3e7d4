"""One user's onboarding (spec 001 §2): the country they confirm, the web-app home page a signed-in user
lands on, and the feedback prompt's answers and rule (spec 001 §6, §9)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models import Feedback, User
from ledger.scope.settings import SettingsScope
from vocabulary.errors import SettingsError

HOME_PAGE_KEY = "webAppHomePage"
ONBOARDED_KEY = "onboardingCountryConfirmed"
ONBOARDING = "/onboarding"
HOME = "/home"
# The pages a user may choose to land on; onboarding is where they land until they confirm a country.
HOME_PAGES = ("/home", "/wallets", "/transactions", "/tax", "/performance")
FEEDBACK_AFTER = timedelta(days=30)  # spec 001 §6, §9: only accounts over 30 days old are asked
MAX_RATING = 10


def onboarded(user: User) -> bool:
    """A user who confirmed their country, or who set one in the settings before onboarding existed."""
    return bool(user.settings.get(ONBOARDED_KEY)) or user.country is not None


def home_page_of(user: User) -> str:
    if not onboarded(user):
        return ONBOARDING
    page = user.settings.get(HOME_PAGE_KEY)
    return page if page in HOME_PAGES else HOME


def feedback_due(user: User, now: datetime) -> bool:
    return now - user.created_at > FEEDBACK_AFTER


class OnboardingScope:
    def __init__(self, session: AsyncSession, user_id: int) -> None:
        self.session = session
        self.user_id = user_id
        self.settings = SettingsScope(session, user_id)

    async def _user(self) -> User:
        user = await self.session.get(User, self.user_id, with_for_update={"key_share": True})
        if user is None:
            raise LookupError(f"user {self.user_id} no longer exists")
        return user

    async def confirm_country(self, code: str) -> SettingsError | None:
        """The country as the settings set it (same checks), and onboarding marked done."""
        if not code.strip():
            return SettingsError.INVALID_COUNTRY
        refused = await self.settings.set_country(code.strip())
        if refused is not None:
            return refused
        user = await self._user()
        user.settings = {**user.settings, ONBOARDED_KEY: True}
        return None

    async def set_home_page(self, page: str) -> bool:
        if page not in HOME_PAGES:
            return False
        user = await self._user()
        user.settings = {**user.settings, HOME_PAGE_KEY: page}
        return True

    async def save_feedback(self, message: str | None, rating: int | None) -> bool:
        """Stored when it says something: a message that is not blank, a rating on the 0–10 scale, or both
        (a rating alone comes without a message, never with a blank one: spec 001 §5 requires it)."""
        message = message.strip() if message is not None else None
        if rating is not None and not 0 <= rating <= MAX_RATING:
            return False
        if message == "" or (message is None and rating is None):
            return False
        self.session.add(Feedback(user_id=self.user_id, message=message or None, rating=rating))
        return True
