"""The tax year a report covers, per country."""

from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum


class Country(StrEnum):
    US = "US"
    CA = "CA"
    GB = "GB"


@dataclass(frozen=True)
class TaxYear:
    """US and Canada: the calendar year. UK: 6 April of `year` to 5 April of the next (HMRC's
    "2024 to 2025" tax year is `TaxYear(2024, GB)`). Instants are UTC, as the engine's dates are."""

    year: int
    country: Country

    @property
    def start(self) -> datetime:
        return (
            datetime(self.year, 4, 6, tzinfo=UTC)
            if self.country is Country.GB
            else datetime(self.year, 1, 1, tzinfo=UTC)
        )

    @property
    def end(self) -> datetime:
        """The first instant after the year."""
        return TaxYear(self.year + 1, self.country).start

    @property
    def label(self) -> str:
        return f"{self.year} to {self.year + 1}" if self.country is Country.GB else str(self.year)
