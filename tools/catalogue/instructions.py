"""The HTML of an integration's instructions and coverage notes."""

from html import escape

FILE_FORMATS_TEXT = ".csv, .xls or .xlsx"

_CREDENTIAL_LABELS = {
    "apiKey": "API key",
    "secret": "API secret",
    "privateKey": "private key",
    "walletAddress": "wallet address",
    "password": "passphrase",
    "uid": "user ID",
    "accountId": "account ID",
}


def _section(kind: str, title: str, steps: list[str]) -> str:
    items = "".join(f"<li>{step}</li>" for step in steps)
    return f'<section class="{kind}-importer"><h3>{title}</h3><ol>{items}</ol></section>'


def _join(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def file_instructions(name: str, own_format: bool) -> str:
    source = (
        f"Download your complete transaction history from {name}."
        if own_format
        else f"Write your {name} transactions into the Cairn CSV template, one row per transaction."
    )
    return _section("file", "File import", [source, f"Upload the file here as {FILE_FORMATS_TEXT}."])


def exchange_instructions(name: str, credentials: tuple[str, ...], own_format: bool) -> str:
    name = escape(name)
    labels = _join([_CREDENTIAL_LABELS.get(c, c) for c in credentials])
    api = _section(
        "api",
        "Automatic sync",
        [
            f"Sign in to {name} and open its API settings.",
            "Create a key with read-only permissions: no trading, no withdrawals.",
            f"Enter its {labels} here.",
        ],
    )
    return api + file_instructions(name, own_format)


def redirect_instructions(name: str, own_format: bool) -> str:
    name = escape(name)
    api = _section(
        "api",
        "Automatic sync",
        [
            f"Choose Connect {name}; {name} asks you to sign in and allow read-only access.",
            "You come back here and the first sync starts.",
        ],
    )
    return api + file_instructions(name, own_format)


def address_instructions(name: str, hint: str) -> str:
    name = escape(name)
    api = _section(
        "api",
        "Automatic sync",
        [
            f"Paste {hint} of your {name} wallet, or several addresses at once.",
            "Cairn reads public chain data only: never share a private key or seed phrase.",
        ],
    )
    return api + file_instructions(name, own_format=False)


def csv_instructions() -> str:
    return _section(
        "file",
        "File import",
        [
            "Write your transactions into the Cairn CSV template, one row per transaction.",
            f"Name the wallet and upload the file as {FILE_FORMATS_TEXT}.",
        ],
    )


def csv_coverage(name: str, own_format: bool) -> str:
    if own_format:
        return f"<p>Reads the history export of {escape(name)}: trades, deposits, withdrawals and fees.</p>"
    return "<p>Imports every transaction written in the Cairn CSV template.</p>"


def exchange_sync_coverage(name: str) -> str:
    return f"<p>Trades, deposits, withdrawals, fees and balances, read through the {escape(name)} API.</p>"


def chain_sync_coverage(networks: list[str], not_synced: list[str]) -> str:
    """What a chain's or a wallet app's sync reads, and which of its chains are not synced yet."""
    texts = []
    if networks:
        texts.append(
            f"<p>Native coin and token transactions on {escape(_join(networks))}, from public chain data.</p>"
        )
    if not_synced:
        names = escape(_join(not_synced))
        texts.append(f"<p>Not synced yet: {names}. Import these transactions from a file.</p>")
    return "".join(texts)
