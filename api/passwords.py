"""Password hashing with Argon2id (argon2-cffi's recommended parameters), off the event loop."""

from __future__ import annotations

import asyncio
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerifyMismatchError

_hasher = PasswordHasher()


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher.hash, password)


@cache
def _decoy_hash() -> str:
    return _hasher.hash("a password nobody has")


def _verify(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(password_hash or _decoy_hash(), password) and password_hash is not None
    except (VerifyMismatchError, InvalidHashError):
        return False


async def verify_password(password_hash: str | None, password: str) -> bool:
    """Whether `password` matches; an unknown user (None) costs the same time as a wrong password."""
    return await asyncio.to_thread(_verify, password_hash, password)


def needs_rehash(password_hash: str) -> bool:
    return _hasher.check_needs_rehash(password_hash)
