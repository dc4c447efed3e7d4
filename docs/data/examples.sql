-- Ten questions data teams ask of a Cairn export (docs/data/SCHEMA.md), in DuckDB SQL.
-- Run one with `cairn query "…"`, or all of them with `cairn query < docs/data/examples.sql`.
-- tests/workflows/test_data_export.py runs each against an export made on the real servers and checks
-- its answer. Money is in USD, exact to 18 decimals; dates are UTC.

-- 1. Realized gains by asset and year, across users.
SELECT asset, year, sum(gain) AS gain, count(DISTINCT "user") AS users
FROM disposals
GROUP BY asset, year
ORDER BY year, asset;

-- 2. Users with missing prices: days a flow of a priced asset has no USD close.
SELECT "user", count(*) AS days_without_price, min(date) AS first_day
FROM prices_used
WHERE used_for = 'flow' AND close IS NULL AND inverse_close IS NULL
GROUP BY "user"
ORDER BY days_without_price DESC, "user";

-- 3. Income by category per month, across users.
SELECT type AS category, strftime(received_at, '%Y-%m') AS month, sum(value) AS income,
       count(*) AS events
FROM income
GROUP BY category, month
ORDER BY month, category;

-- 4. Largest unrealized losses: open lots at each asset's latest close, per user and asset.
WITH latest AS (
    SELECT "user", symbol, arg_max(close, date) AS close
    FROM prices_used
    WHERE used_for = 'holding'
    GROUP BY "user", symbol
)
SELECT l."user", l.asset, sum(l.remaining) AS quantity, sum(l.remaining_cost_basis) AS cost_basis,
       -- decimal(28, 10) factors keep the product within DuckDB's 38 digits
       round(sum(l.remaining::DECIMAL(28, 10) * p.close::DECIMAL(28, 10)) - sum(l.remaining_cost_basis), 2)
           AS unrealized
FROM lots l
JOIN latest p ON p."user" = l."user" AND p.symbol = l.asset
WHERE l.remaining > 0
GROUP BY l."user", l.asset
HAVING unrealized < 0
ORDER BY unrealized, l."user"
LIMIT 20;

-- 5. Short- and long-term gains per user and year.
SELECT "user", year, short_term_gain, long_term_gain, gain
FROM yearly_summaries
WHERE disposals > 0
ORDER BY "user", year;

-- 6. Fees paid, by asset and year.
SELECT asset, year, sum(quantity) AS quantity, count(*) AS fees
FROM flows
WHERE is_fee
GROUP BY asset, year
ORDER BY year, asset;

-- 7. Open holdings by asset, across users.
SELECT asset, sum(remaining) AS quantity, sum(remaining_cost_basis) AS cost_basis,
       count(DISTINCT "user") AS users
FROM lots
WHERE remaining > 0
GROUP BY asset
ORDER BY asset;

-- 8. Wallets with the most transactions.
SELECT a.name AS wallet, count(*) AS transactions, min(t.timestamp) AS first, max(t.timestamp) AS last
FROM transactions t
JOIN accounts a ON a."user" = t."user" AND a.account_id = t.account_id
GROUP BY a.name
ORDER BY transactions DESC, wallet;

-- 9. Holding periods: lot slices disposed, by term.
SELECT term, count(*) AS slices, min(holding_days) AS shortest, max(holding_days) AS longest,
       sum(quantity) AS quantity
FROM disposals
GROUP BY term
ORDER BY term;

-- 10. Proceeds, cost basis, gains and income per year, across users.
SELECT year, sum(proceeds) AS proceeds, sum(cost_basis) AS cost_basis, sum(gain) AS gain,
       sum(income) AS income, count(DISTINCT "user") AS users
FROM yearly_summaries
GROUP BY year
ORDER BY year;
