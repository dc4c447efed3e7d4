"""Decompression bombs, made a chunk at a time: a megabyte or so that inflates to gigabytes."""

from __future__ import annotations

import io
import zipfile
import zlib

MiB = 1 << 20
GENERIC_HEADER = (
    b"Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag\n"
)


def gzip_bomb(decompressed: int) -> bytes:
    """A generic CSV header, then `decompressed` bytes of blank lines, gzip-compressed."""
    deflater = zlib.compressobj(wbits=zlib.MAX_WBITS | 16)
    parts = [deflater.compress(GENERIC_HEADER)]
    chunk = b"\n" * MiB
    parts.extend(deflater.compress(chunk) for _ in range(decompressed // MiB))
    parts.append(deflater.flush())
    return b"".join(parts)


def xlsx_bomb(decompressed: int) -> bytes:
    """A workbook whose sheet part inflates to `decompressed` bytes of padding."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as part:
            chunk = b" " * MiB
            for _ in range(decompressed // MiB):
                part.write(chunk)
    return out.getvalue()
