"""Stores a demo booking from the public enterprise page (no user: the visitor is not signed in)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from ledger.models.demo_bookings import DemoBooking


async def record_demo_booking(
    session: AsyncSession, *, name: str, email: str, company: str, message: str
) -> int:
    """Saves the booking (committed) and answers its id."""
    booking = DemoBooking(name=name, email=email, company=company, message=message)
    session.add(booking)
    await session.commit()
    return booking.id
