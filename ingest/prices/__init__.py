"""Daily prices and market data from price providers: CoinGecko (`/coins/{id}/market_chart/range`,
`/coins/markets`), CryptoCompare (`/data/v2/histoday`) and Kraken's downloadable OHLCVT files. Pure:
HTTP or a file in, `DailyClose`s and `MarketQuote`s out; no database. Every close is a UTC day's last
price in USD (or the quote of an FX pair), as the price table keeps them."""
