"""The signed-in user and what the app needs to know about the server."""

from __future__ import annotations

import strawberry

from api.context import CairnInfo
from ledger.models import User as UserRow
from ledger.scope.security import mfa_enabled
from ledger.scope.settings import theme_of
from ledger.scope.tax_pros import is_cpa, is_tax_pro
from ledger.scope.view_as import debug_permission_of
from vocabulary.enums import AccountKind, Theme


@strawberry.type
class UserStats:
    number_of_exchanges: int
    number_of_local_wallets: int
    number_of_custom_wallets: int


@strawberry.type
class User:
    public_id: strawberry.ID
    email: str
    is_admin: bool
    base_currency: str
    cost_basis_by_wallet: bool
    selected_theme: Theme
    view_as_user_id: strawberry.ID | None  # set while an admin or tax pro acts as this user
    debug_permission: bool  # an admin viewing as this user may change their data
    registered_as_tax_pro: bool
    is_cpa: bool
    is_tax_pro_viewing_client: bool  # a tax pro works on this user's books (spec 001 §3)
    enable_cbe: bool  # the broker demo (spec 001 §6): view modes exist only while it is on
    is_broker: bool  # with enable_cbe: broker mode

    @strawberry.field
    async def stats(self, info: CairnInfo) -> UserStats:
        counts = await info.context.scope.accounts.account_counts()
        return UserStats(
            number_of_exchanges=counts.get(AccountKind.EXCHANGE, 0),
            number_of_local_wallets=counts.get(AccountKind.WALLET, 0),
            number_of_custom_wallets=counts.get(AccountKind.CUSTOM_WALLET, 0),
        )

    @strawberry.field
    async def is_two_step_verification_enabled(self, info: CairnInfo) -> bool:
        """Whether signing in asks for a TOTP code (api.mfa)."""
        return await mfa_enabled(info.context.session, info.context.user.id)

    @classmethod
    def of(cls, user: UserRow, *, viewed: bool = False, by_tax_pro: bool = False) -> User:
        return cls(
            public_id=strawberry.ID(str(user.public_id)),
            email=user.email,
            is_admin=user.is_admin,
            base_currency=user.base_currency,
            cost_basis_by_wallet=user.cost_basis_by_wallet,
            selected_theme=theme_of(user),
            view_as_user_id=strawberry.ID(str(user.id)) if viewed else None,
            debug_permission=debug_permission_of(user),
            registered_as_tax_pro=is_tax_pro(user),
            is_cpa=is_cpa(user),
            is_tax_pro_viewing_client=viewed and by_tax_pro,
            enable_cbe=user.enable_cbe,
            is_broker=user.is_broker,
        )


@strawberry.type
class AppInfo:
    maintenance_mode: bool
    maintenance_message: str | None
    max_upload_bytes: int


@strawberry.type
class UsersQuery:
    @strawberry.field
    async def me(self, info: CairnInfo) -> User | None:
        context = info.context
        return User.of(
            await context.scope.user(), viewed=context.viewing_as, by_tax_pro=context.tax_pro_viewing
        )

    @strawberry.field
    def app_info(self, info: CairnInfo) -> AppInfo:
        settings = info.context.services.settings
        return AppInfo(
            maintenance_mode=settings.maintenance_mode,
            maintenance_message=settings.maintenance_message or None,
            max_upload_bytes=settings.max_upload_bytes,
        )
