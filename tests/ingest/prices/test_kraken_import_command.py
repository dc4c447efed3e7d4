"""`cairn prices import-kraken-ohlcvt FILE --pair PAIR` on the real database: a file's daily closes go
into the price table where it has none or only bundled ones, never over another provider's; a bad
file or pair changes nothing and says why."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from ledger.models import Price
from ledger.reference.seed import PriceRow
from ledger.writes.prices import store_closes
from stack.cli import main
from tests.fakes.price_providers import restore_price_table
from vocabulary.price_sources import BUNDLED_PRICE_SOURCE, COINGECKO, KRAKEN_OHLCVT

pytestmark = pytest.mark.servers


@pytest.fixture
def cleanup(db_engine: Engine) -> Iterator[None]:
    yield
    restore_price_table(db_engine)


def candle(day: str, close: str) -> str:
    opened = int(datetime.fromisoformat(day).replace(tzinfo=UTC).timestamp())
    return f"{opened},1,1,1,{close},10.5,42\n"


def closes(engine: Engine, symbol: str, since: date) -> dict[date, tuple[Decimal, str]]:
    with Session(engine) as session:
        rows = session.execute(
            select(Price.date, Price.close, Price.source).where(
                Price.symbol == symbol, Price.quote == "USD", Price.date >= since
            )
        )
        return {day: (close, source) for day, close, source in rows}


@pytest.mark.usefixtures("cleanup")
def test_the_files_closes_fill_the_table_over_bundled_ones_only(
    db_engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Session(db_engine) as session, session.begin():
        store_closes(session, [PriceRow("ETH", "USD", date(2025, 2, 13), Decimal("2650"), COINGECKO)])
    bundled = closes(db_engine, "ETH", date(2025, 2, 11))[date(2025, 2, 11)]
    assert bundled[1] == BUNDLED_PRICE_SOURCE
    ohlcvt = tmp_path / "ETHUSD_1440.csv"
    ohlcvt.write_text(
        candle("2025-02-11", "2601.5") + candle("2025-02-12", "2620.25") + candle("2025-02-13", "2777")
    )

    assert main(["prices", "import-kraken-ohlcvt", str(ohlcvt), "--pair", "ETHUSD"]) == 0
    assert "3 daily closes of ETH (2025-02-11 to 2025-02-13)" in capsys.readouterr().out
    assert closes(db_engine, "ETH", date(2025, 2, 11)) == {
        date(2025, 2, 11): (Decimal("2601.5"), KRAKEN_OHLCVT),
        date(2025, 2, 12): (Decimal("2620.25"), KRAKEN_OHLCVT),
        date(2025, 2, 13): (Decimal("2650"), COINGECKO),  # another provider's close stays
    }


@pytest.mark.usefixtures("cleanup")
def test_a_bad_file_or_pair_changes_nothing(
    db_engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = closes(db_engine, "BTC", date(2025, 2, 1))
    bad = tmp_path / "XBTUSD_1440.csv"
    bad.write_text(candle("2025-02-12", "97000") + "not,a,candle\n")
    assert main(["prices", "import-kraken-ohlcvt", str(bad), "--pair", "XBTUSD"]) == 1
    assert "line 2: not an OHLCVT row" in capsys.readouterr().err
    good = tmp_path / "XBTEUR_1440.csv"
    good.write_text(candle("2025-02-12", "93000"))
    assert main(["prices", "import-kraken-ohlcvt", str(good), "--pair", "XBTEUR"]) == 1
    assert "not a USD pair" in capsys.readouterr().err
    assert main(["prices", "import-kraken-ohlcvt", str(tmp_path / "missing.csv"), "--pair", "XBTUSD"]) == 1
    assert closes(db_engine, "BTC", date(2025, 2, 1)) == before
