"""Recognising blockchain addresses, extended public keys and ENS names in pasted text."""

from ingest.addresses.detect import detected_crypto_networks

__all__ = ["detected_crypto_networks"]
