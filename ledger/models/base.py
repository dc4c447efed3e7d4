"""The declarative base every table derives from, and the column types the ledger shares.

Money and quantities are `NUMERIC` (Python `Decimal`), never floats; timestamps carry their zone.
Constraint names follow one convention so that Alembic migrations can address them.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import Enum, IntEnum
from typing import Any

from sqlalchemy import DateTime, Dialect, MetaData, Numeric, SmallInteger, TypeDecorator, func
from sqlalchemy import Enum as SqlEnum
from sqlalchemy.orm import DeclarativeBase, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

QUANTITY = Numeric(38, 18)  # asset quantities, exact to 18 decimals (the finest common token unit)
MONEY = Numeric(38, 18)  # fiat values and prices; as exact as the quantities they multiply


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 (SQLAlchemy reads this class attribute)
        datetime: DateTime(timezone=True),
        Decimal: QUANTITY,
    }


def text_enum(enum: type[Enum], name: str) -> SqlEnum:
    """An enum stored by value as VARCHAR with a CHECK constraint (no PostgreSQL enum type to migrate)."""
    return SqlEnum(
        enum,
        name=name,
        native_enum=False,
        create_constraint=True,
        length=max(len(str(member.value)) for member in enum),
        values_callable=lambda members: [str(member.value) for member in members],
        validate_strings=True,
    )


class IntEnumType(TypeDecorator[IntEnum]):
    """An `IntEnum` stored as SMALLINT: the spec's numeric codes (account kinds, import types)."""

    impl = SmallInteger
    cache_ok = True

    def __init__(self, enum: type[IntEnum], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.enum = enum

    def process_bind_param(self, value: IntEnum | int | None, dialect: Dialect) -> int | None:
        return None if value is None else int(self.enum(value))

    def process_result_value(self, value: int | None, dialect: Dialect) -> IntEnum | None:
        return None if value is None else self.enum(value)


def created_at_column() -> Any:
    return mapped_column(DateTime(timezone=True), server_default=func.now(), nullable=False)
