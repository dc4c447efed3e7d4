"""EVM account addresses with the EIP-55 mixed-case checksum."""

import re

from Crypto.Hash import keccak

_ADDRESS = re.compile(r"0x[0-9a-fA-F]{40}")


def is_evm_address(text: str) -> bool:
    """True for `0x` + 40 hex digits whose letter case is all-lower, all-upper or the EIP-55 checksum."""
    if not _ADDRESS.fullmatch(text):
        return False
    body = text[2:]
    if body in (body.lower(), body.upper()):
        return True
    digest = keccak.new(digest_bits=256, data=body.lower().encode()).hexdigest()
    return all(
        c == (c.upper() if int(h, 16) >= 8 else c.lower()) for c, h in zip(body, digest[:40], strict=True)
    )
