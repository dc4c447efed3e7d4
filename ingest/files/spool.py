"""The decoded text of a CSV upload, kept as UTF-8 in an anonymous temporary file, so that no reader
ever holds the whole text: the row reader streams it and the column reader takes it a block of lines
at a time, each from its own offset (positioned reads: readers in several threads never interfere).
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Iterator

READ_BYTES = 1 << 20


class TextSpool:
    """UTF-8 text written once, then read from any offset by any number of readers."""

    def __init__(self) -> None:
        self._file = tempfile.TemporaryFile()  # noqa: SIM115 - open as long as the spool lives
        self.size = 0  # bytes

    def write(self, text: str) -> None:
        self.size += self._file.write(text.encode())

    def reader(self, offset: int = 0) -> io.BufferedReader:
        """The bytes from `offset` on."""
        self._file.flush()
        return io.BufferedReader(_PositionedReader(self, offset), READ_BYTES)

    def text(self, offset: int = 0) -> io.TextIOWrapper:
        """The text from `offset` (a byte offset at a character boundary), line breaks untranslated."""
        return io.TextIOWrapper(self.reader(offset), encoding="utf-8", newline="")

    def blocks(self, offset: int, size: int) -> Iterator[bytes]:
        """The bytes from `offset` in blocks of about `size` that end just after a line break; a line
        longer than `size` comes in pieces, and the last block ends where the text does."""
        with self.reader(offset) as reader:
            tail = b""
            while chunk := reader.read(size):
                chunk = tail + chunk
                end = chunk.rfind(b"\n") + 1 or len(chunk)
                tail = chunk[end:]
                yield chunk[:end]
            if tail:
                yield tail

    def count(self, byte: bytes, offset: int = 0) -> int:
        """How many times `byte` occurs from `offset` on."""
        with self.reader(offset) as reader:
            return sum(chunk.count(byte) for chunk in iter(lambda: reader.read(READ_BYTES), b""))

    def fileno(self) -> int:
        return self._file.fileno()


class _PositionedReader(io.RawIOBase):
    """Reads the spool's file with pread, so its position is its own."""

    def __init__(self, spool: TextSpool, offset: int) -> None:
        self._spool = spool  # keeps the file open while this reader lives
        self._offset = offset

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        read = os.preadv(self._spool.fileno(), [buffer], self._offset)
        self._offset += read
        return read
