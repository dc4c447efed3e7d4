"""An upload's bytes within a bound, before any reader sees them.

Gzip is inflated a chunk at a time into a temporary file and refused as soon as it passes the bound,
so a decompression bomb costs one chunk of memory, never its decompressed size; readers get that
file and read it a chunk at a time. A workbook's zip entries are checked before the spreadsheet
reader opens them: their declared sizes against the bound and their compression ratios, then their
real sizes (each entry inflated once as it streams; Python's zipfile stops at the declared size and
checks the CRC, so a lying header is refused too). XLS (OLE2) is not compressed: the bound on the
file is the bound on what is read.
"""

from __future__ import annotations

import io
import os
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import BinaryIO

GZIP_MAGIC = b"\x1f\x8b"
ZIP_MAGIC = b"PK\x03\x04"
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# The product's upload limit (CAIRN_MAX_UPLOAD_BYTES) by default; callers with settings pass theirs.
MAX_UNPACKED_BYTES = 200 * 1024 * 1024
# Real XLSX parts compress 5 to 30 times; deflate reaches about 1000 on padding, as bombs do.
MAX_ZIP_RATIO = 200
CHUNK_BYTES = 1 << 20


class UnreadableFile(ValueError):
    """The bytes are not a table we can read: empty, binary, corrupt, too large or without a header row."""


@contextmanager
def unpacked(source: bytes | Path, max_bytes: int) -> Iterator[BinaryIO]:
    """The bytes of `source` (its bytes or its path) as a file at its start, gunzipped when compressed,
    a workbook's zip entries checked; open in the block. Raises UnreadableFile when they would be more
    than `max_bytes`."""
    with ExitStack() as stack:
        file: BinaryIO = (
            io.BytesIO(source) if isinstance(source, bytes) else stack.enter_context(open(source, "rb"))
        )
        if file.read(len(GZIP_MAGIC)) == GZIP_MAGIC:
            file.seek(0)
            scratch = stack.enter_context(tempfile.TemporaryFile())
            _inflate(file, scratch, max_bytes)
            file = scratch
        _check_size(file.seek(0, os.SEEK_END), max_bytes)
        file.seek(0)
        if file.read(len(ZIP_MAGIC)) == ZIP_MAGIC:
            _check_zip_entries(file, max_bytes)
        file.seek(0)
        yield file


def _inflate(compressed: BinaryIO, out: BinaryIO, max_bytes: int) -> None:
    inflater = zlib.decompressobj(wbits=zlib.MAX_WBITS | 16)
    written = 0
    try:
        while not inflater.eof and (chunk := compressed.read(CHUNK_BYTES)):
            while chunk and not inflater.eof:
                piece = inflater.decompress(chunk, CHUNK_BYTES)
                written += len(piece)
                if written > max_bytes:
                    raise UnreadableFile(
                        f"The file is too large once decompressed: more than {_size(max_bytes)}, "
                        "the largest file Cairn imports."
                    )
                out.write(piece)
                chunk = inflater.unconsumed_tail
    except zlib.error as exc:
        raise UnreadableFile(f"The file looks gzip-compressed but cannot be decompressed ({exc}).") from exc
    if not inflater.eof:
        raise UnreadableFile("The gzip-compressed file is truncated.")
    out.flush()


def _check_size(size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise UnreadableFile(f"The file is larger than {_size(max_bytes)}, the largest file Cairn imports.")


def _check_zip_entries(file: BinaryIO, max_bytes: int) -> None:
    """Refuse a zip (XLSX) whose entries decompress beyond `max_bytes` in all, or beyond MAX_ZIP_RATIO
    times their compressed size."""
    try:
        with zipfile.ZipFile(file) as archive:
            entries = archive.infolist()
            if sum(entry.file_size for entry in entries) > max_bytes:
                raise UnreadableFile(
                    f"The spreadsheet is too large once decompressed: more than {_size(max_bytes)}, "
                    "the largest file Cairn imports."
                )
            for entry in entries:
                if entry.file_size > MAX_ZIP_RATIO * max(entry.compress_size, 1):
                    raise UnreadableFile(
                        f"The spreadsheet cannot be read: its part {entry.filename!r} expands more than "
                        f"{MAX_ZIP_RATIO} times when decompressed, which no real workbook does."
                    )
            for entry in entries:
                with archive.open(entry) as part:
                    while part.read(CHUNK_BYTES):
                        pass
    except UnreadableFile:
        raise
    # a corrupt archive fails in any of these (bad offsets, encrypted or unknown compression, short data)
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        RuntimeError,
        ValueError,
        OSError,
        zlib.error,
        EOFError,
    ) as exc:
        raise UnreadableFile(f"The spreadsheet cannot be read ({type(exc).__name__}: {exc}).") from exc


def _size(count: int) -> str:
    return f"{count // (1 << 20)} MiB" if count % (1 << 20) == 0 else f"{count:,} bytes"
