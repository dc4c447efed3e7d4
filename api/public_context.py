"""What the resolvers of /public/graphql receive: no user, the database, and the client's address for
throttling."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from strawberry.fastapi import BaseContext
from strawberry.types import Info

from api.services import Services
from ledger.scope.prices import PriceTable


class PublicContext(BaseContext):
    def __init__(self, services: Services, session: AsyncSession, client_address: str) -> None:
        super().__init__()
        self.services = services
        self.session = session
        self.client_address = client_address
        self.prices = PriceTable(session)


PublicInfo = Info[PublicContext, None]
