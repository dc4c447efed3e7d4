"""The API's bounds, named: every input is held to these before any work is done on it.

Each number is far above what the app itself sends and far below what hurts a shared server.
"""

from __future__ import annotations

from datetime import timedelta

from ledger.scope.throttle import Limit

# The HTTP request
MAX_BODY_BYTES = 256 * 1024  # files never pass through the API: the browser posts them to S3
REQUEST_TIMEOUT_SECONDS = 30.0

# The GraphQL document
MAX_QUERY_TOKENS = 2_000
MAX_QUERY_DEPTH = 10
MAX_ALIASES = 15
MAX_QUERY_COST = 10_000  # objects a query may ask for, see api.query_cost
UNPAGED_LIST_COST = 10  # objects assumed in a list without a limit argument (balances, flows, …)

# Pagination (api.pagination)
MAX_PAGE_SIZE = 200
MAX_OFFSET = 10_000_000  # rows skipped; also bounds page × limit

# Strings, in characters (api.string_bounds)
MAX_STRING_CHARS = 2_048  # any string argument without a tighter bound of its own
MAX_ADDRESS_CHARS = 256  # an address, xpub or ENS name (the longest, Cardano Byron, is under 130)
MAX_SEARCH_CHARS = 100
MAX_NAME_CHARS = 200
MAX_SLUG_CHARS = 100
MAX_FILENAME_CHARS = 255
MAX_URL_CHARS = 2_048
MAX_ID_CHARS = 100  # account, transaction and job ids
MAX_ASSET_CHARS = 100

# Sign-in and sign-up throttling (api.auth): attempts in a window, the rest refused until it ends
SIGN_IN_PER_ACCOUNT = Limit(attempts=5, window=timedelta(minutes=15))  # a success starts it afresh
SIGN_IN_PER_ADDRESS = Limit(attempts=30, window=timedelta(minutes=15))
SIGN_UP_PER_ACCOUNT = Limit(attempts=5, window=timedelta(hours=1))  # attempts with one e-mail, taken or not
SIGN_UP_PER_ADDRESS = Limit(attempts=10, window=timedelta(hours=1))

# Account security (api.password_reset, api.email_change): mails asked for, and codes tried
PASSWORD_RESET_PER_ACCOUNT = Limit(attempts=3, window=timedelta(hours=1))
PASSWORD_RESET_PER_ADDRESS = Limit(attempts=10, window=timedelta(hours=1))
EMAIL_CHANGE_CODE_TRIES = Limit(attempts=5, window=timedelta(minutes=15))  # then the code stops working
EMAIL_CHANGE_REQUESTS_PER_DAY = 5  # beyond: MAX_CHANGE_REQUEST_LIMIT_REACHED
EMAIL_CHANGES_PER_YEAR = 3  # beyond: MAX_CHANGE_LIMIT_REACHED

# The public wallet check (api.schema.wallet_lookup): explorer calls per client address
WALLET_LOOKUPS_PER_ADDRESS = Limit(attempts=30, window=timedelta(minutes=10))
