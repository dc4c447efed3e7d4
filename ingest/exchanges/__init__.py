"""Exchange connectors over ccxt: verify a key, then fetch what is new per stream as `ParsedTransaction`s.

Natural keys equal the file importers' for the same history, so files and API syncs never double.
Pure: no database; the caller stores each batch, then its cursor.
"""
