"""Hand-kept inputs of the generator: chains, wallets, redirect-based exchanges and the ranking.
Exchanges otherwise come from ccxt (see generate.py)."""

from dataclasses import dataclass

from ingest.catalogue.model import FormId


@dataclass(frozen=True, slots=True)
class Chain:
    name: str  # its cryptoNetwork slug is derived from it (spec 000 §3, public address payload)
    symbol: str
    website_url: str
    is_evm: bool = False
    supports_hd_wallet: bool = False
    address_hint: str = "a public address"


@dataclass(frozen=True, slots=True)
class Wallet:
    slug: str
    name: str
    networks: tuple[str, ...]  # cryptoNetwork slugs, the main one first
    website_url: str
    supports_hd_wallet: bool = False


@dataclass(frozen=True, slots=True)
class RedirectExchange:
    slug: str
    name: str
    form_id: FormId
    ccxt_id: str | None  # its connector: ccxt `coinbase` takes the OAuth token; Uphold, CoinJar: own ones
    website_url: str
    sync_coverage: str | None = None  # HTML, where the sync reads less than the exchange's whole history


_HD_HINT = "an address or an xPub, yPub or zPub key"

CHAINS = (
    Chain("Bitcoin", "BTC", "https://bitcoin.org", supports_hd_wallet=True, address_hint=_HD_HINT),
    Chain("Ethereum", "ETH", "https://ethereum.org", is_evm=True, address_hint="an address or an ENS domain"),
    Chain("Arbitrum One", "ETH", "https://arbitrum.io", is_evm=True),
    Chain("Avalanche", "AVAX", "https://www.avax.network", is_evm=True),
    Chain("Binance Smart Chain", "BNB", "https://www.bnbchain.org", is_evm=True),
    Chain("Fantom", "FTM", "https://fantom.foundation", is_evm=True),
    Chain("Optimism", "ETH", "https://www.optimism.io", is_evm=True),
    Chain("Polygon", "POL", "https://polygon.technology", is_evm=True),
    Chain("Base", "ETH", "https://base.org", is_evm=True),
    Chain("zkSync Era", "ETH", "https://zksync.io", is_evm=True),
    Chain("Solana", "SOL", "https://solana.com"),
    Chain("Cardano", "ADA", "https://cardano.org", address_hint="an address or a stake key"),
    Chain("Litecoin", "LTC", "https://litecoin.org", supports_hd_wallet=True, address_hint=_HD_HINT),
    Chain("Dogecoin", "DOGE", "https://dogecoin.com", supports_hd_wallet=True, address_hint=_HD_HINT),
    Chain("Bitcoin Cash", "BCH", "https://bitcoincash.org", supports_hd_wallet=True, address_hint=_HD_HINT),
    Chain("Tron", "TRX", "https://tron.network"),
    Chain("XRP", "XRP", "https://xrpl.org"),
)

_EVM = ("ethereum", "arbitrum-one", "avalanche", "binance-smart-chain", "optimism", "polygon", "base")

# The spec's connect-wallet slugs (spec 000 §9) with the chains each wallet holds.
WALLETS = (
    Wallet(
        "coinbase-wallet",
        "Coinbase Wallet",
        (*_EVM, "solana", "bitcoin", "litecoin", "dogecoin"),
        "https://www.coinbase.com/wallet",
    ),
    Wallet("metamask", "MetaMask", (*_EVM, "zksync-era", "fantom", "solana"), "https://metamask.io"),
    Wallet(
        "trust",
        "Trust Wallet",
        (*_EVM, "bitcoin", "solana", "litecoin", "dogecoin", "bitcoin-cash", "tron", "xrp", "cardano"),
        "https://trustwallet.com",
    ),
    Wallet("uniswap", "Uniswap Wallet", (*_EVM, "zksync-era"), "https://wallet.uniswap.org"),
    Wallet("rainbow", "Rainbow", (*_EVM, "zksync-era"), "https://rainbow.me"),
    Wallet(
        "okx-wallet",
        "OKX Wallet",
        (*_EVM, "zksync-era", "fantom", "bitcoin", "solana", "tron", "litecoin", "dogecoin"),
        "https://web3.okx.com",
    ),
    Wallet(
        "ledger",
        "Ledger",
        (
            "bitcoin",
            *_EVM,
            "solana",
            "cardano",
            "litecoin",
            "dogecoin",
            "bitcoin-cash",
            "tron",
            "xrp",
            "zksync-era",
            "fantom",
        ),
        "https://www.ledger.com",
        supports_hd_wallet=True,
    ),
    Wallet("zerion", "Zerion", (*_EVM, "zksync-era", "fantom", "solana"), "https://zerion.io"),
    Wallet(
        "kraken-wallet",
        "Kraken Wallet",
        ("ethereum", "bitcoin", "solana", "arbitrum-one", "base", "optimism", "polygon", "dogecoin"),
        "https://www.kraken.com/wallet",
    ),
    Wallet(
        "robinhood-wallet",
        "Robinhood Wallet",
        ("ethereum", "bitcoin", "dogecoin", "solana", "arbitrum-one", "base", "optimism", "polygon"),
        "https://robinhood.com/web3-wallet",
    ),
    Wallet(
        "exodus",
        "Exodus",
        ("bitcoin", *_EVM, "solana", "cardano", "litecoin", "dogecoin", "bitcoin-cash", "tron", "xrp"),
        "https://www.exodus.com",
    ),
    Wallet("jupiter", "Jupiter", ("solana",), "https://jup.ag"),
    Wallet("solflare", "Solflare", ("solana",), "https://solflare.com"),
    Wallet("phantom", "Phantom", ("solana", "ethereum", "base", "polygon", "bitcoin"), "https://phantom.com"),
    Wallet("coin98", "Coin98", (*_EVM, "solana", "tron", "bitcoin"), "https://coin98.com"),
    Wallet(
        "backpack",
        "Backpack",
        ("solana", "ethereum", "arbitrum-one", "base", "polygon"),
        "https://backpack.app",
    ),
    Wallet("xverse", "Xverse", ("bitcoin",), "https://www.xverse.app"),
    Wallet("leather", "Leather", ("bitcoin",), "https://leather.io"),
)

REDIRECT_EXCHANGES = (
    RedirectExchange("coinbase", "Coinbase", "Coinbase", "coinbase", "https://www.coinbase.com"),
    RedirectExchange(
        "coinjar",
        "CoinJar",
        "Coinjar",
        "coinjar",
        "https://www.coinjar.com",
        sync_coverage="<p>Trades on CoinJar Exchange (its fills), read through the CoinJar Exchange API."
        " The CoinJar app's own history and transfers to and from CoinJar Exchange are not read: import"
        " them as a file.</p>",
    ),
    RedirectExchange("uphold", "Uphold", "Uphold", "uphold", "https://uphold.com"),
)

# Exchanges whose own history export ingest/files reads (families of shared/data/exports); their file
# tab is "Custom file". Every other integration imports files in the Cairn CSV template.
OWN_FILE_FORMAT = frozenset(
    {
        "binance",
        "bitbank",
        "bitstamp",
        "bitvavo",
        "coinbase",
        "coincheck",
        "cryptocom",
        "kraken",
        "kucoin",
        "uphold",
    }
)

# ccxt lists no required credential for dydx, whose account history is public: it reads by wallet address.
CREDENTIAL_OVERRIDES: dict[str, tuple[str, ...]] = {"dydx": ("walletAddress",)}

# Most used first; everything not listed follows in name order.
POPULAR: tuple[tuple[str, str], ...] = (
    ("Exchange", "coinbase"),
    ("Exchange", "binance"),
    ("Exchange", "kraken"),
    ("Blockchain", "ethereum"),
    ("Blockchain", "bitcoin"),
    ("Wallet", "metamask"),
    ("Wallet", "coinbase-wallet"),
    ("Blockchain", "solana"),
    ("Wallet", "phantom"),
    ("Wallet", "ledger"),
    ("Exchange", "binanceus"),
    ("Exchange", "cryptocom"),
    ("Exchange", "kucoin"),
    ("Exchange", "gemini"),
    ("Exchange", "bybit"),
    ("Exchange", "okx"),
    ("Wallet", "trust"),
    ("Wallet", "exodus"),
    ("Blockchain", "base"),
    ("Blockchain", "arbitrum-one"),
    ("Blockchain", "polygon"),
    ("Blockchain", "binance-smart-chain"),
    ("Blockchain", "optimism"),
    ("Blockchain", "avalanche"),
    ("Blockchain", "cardano"),
    ("Blockchain", "xrp"),
    ("Blockchain", "litecoin"),
    ("Blockchain", "dogecoin"),
    ("Blockchain", "tron"),
    ("Blockchain", "bitcoin-cash"),
    ("Exchange", "uphold"),
    ("Exchange", "coinjar"),
    ("Exchange", "bitstamp"),
    ("Exchange", "bitfinex"),
    ("Exchange", "gate"),
    ("Exchange", "htx"),
    ("Exchange", "mexc"),
    ("Exchange", "bitget"),
    ("Exchange", "bitvavo"),
    ("Exchange", "coinbaseexchange"),
    ("Exchange", "hyperliquid"),
    ("Wallet", "kraken-wallet"),
    ("Wallet", "robinhood-wallet"),
    ("Wallet", "uniswap"),
    ("Wallet", "rainbow"),
    ("Wallet", "okx-wallet"),
    ("Wallet", "zerion"),
    ("Wallet", "solflare"),
    ("Wallet", "jupiter"),
    ("Wallet", "backpack"),
    ("Wallet", "xverse"),
    ("Wallet", "leather"),
    ("Wallet", "coin98"),
    ("Blockchain", "zksync-era"),
    ("Blockchain", "fantom"),
)
