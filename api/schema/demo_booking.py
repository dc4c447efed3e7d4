"""The enterprise page's demo booking (spec 001 §1-§2, "an enterprise variant with demo booking"), on
/public/graphql because visitors are not signed in: bounded fields, checked and stored, and a
confirmation naming the address we will write to, and a confirmation e-mail to that address. Each
client address may book DEMO_BOOKINGS_PER_ADDRESS times in a window."""

from __future__ import annotations

import math
from datetime import timedelta

import strawberry
from graphql import GraphQLError

from api.auth import INVALID_EMAIL, MAX_EMAIL_CHARS, is_email, too_many_attempts
from api.mail import send_mail
from api.public_context import PublicInfo
from api.string_bounds import MaxLength
from ledger.scope.demo_bookings import record_demo_booking
from ledger.scope.throttle import Limit, attempt_key, take_attempt

MAX_NAME_CHARS = 100
MAX_COMPANY_CHARS = 200
MAX_MESSAGE_CHARS = 2000
DEMO_BOOKINGS_PER_ADDRESS = Limit(attempts=5, window=timedelta(hours=1))
NAME_REQUIRED = "Enter your name."
COMPANY_REQUIRED = "Enter your company."


@strawberry.input
class DemoBookingInput:
    name: str = strawberry.field(directives=[MaxLength(chars=MAX_NAME_CHARS)])
    email: str = strawberry.field(directives=[MaxLength(chars=MAX_EMAIL_CHARS)])
    company: str = strawberry.field(directives=[MaxLength(chars=MAX_COMPANY_CHARS)])
    message: str = strawberry.field(default="", directives=[MaxLength(chars=MAX_MESSAGE_CHARS)])


@strawberry.type
class DemoBookingResult:
    success: bool
    email: str | None = strawberry.field(default=None, description="Where the confirmation goes.")
    error_message: str | None = None


CONFIRMATION_SUBJECT = "Your Cairn demo is booked"


def confirmation_mail(name: str, company: str) -> str:
    return (
        f"Hello {name},\n\n"
        f"Thank you for booking a demo of Cairn for {company}. We will write to you from this address to "
        "find a time that suits you.\n\n"
        "If you did not book it, ignore this message: nothing else will be sent.\n"
    )


def _problem(given: DemoBookingInput, email: str) -> str | None:
    if not given.name.strip():
        return NAME_REQUIRED
    if not is_email(email):
        return INVALID_EMAIL
    if not given.company.strip():
        return COMPANY_REQUIRED
    return None


@strawberry.type
class DemoBookingMutation:
    @strawberry.mutation(description="Books a demo of the enterprise product.")
    async def book_demo(self, info: PublicInfo, input: DemoBookingInput) -> DemoBookingResult:
        email = input.email.strip().lower()
        problem = _problem(input, email)
        if problem is not None:
            return DemoBookingResult(success=False, error_message=problem)
        session = info.context.session
        key = attempt_key("demo-booking", "address", info.context.client_address)
        wait = await take_attempt(session, key, DEMO_BOOKINGS_PER_ADDRESS)
        if wait is not None:
            raise GraphQLError(too_many_attempts(max(1, math.ceil(wait.total_seconds()))))
        name, company = input.name.strip(), input.company.strip()
        message = input.message.strip()
        await record_demo_booking(session, name=name, email=email, company=company, message=message)
        await send_mail(
            info.context.services.settings, email, CONFIRMATION_SUBJECT, confirmation_mail(name, company)
        )
        return DemoBookingResult(success=True, email=email)
