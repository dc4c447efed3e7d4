"""The product's shared vocabulary: the words every layer speaks, with nothing else attached.

- `enums`: the specification's enumerations (account kinds, import types and their names, transaction
  types, job states…), kept with their exact values;
- `errors`: the specification's error catalogue, codes and user-facing texts;
- `fiat`: the ISO 4217 codes that are money, never lots;
- `transfers`: the transaction types of the two legs of a transfer, and who linked them;
- `lot_engine`: the lot engine's words: the flow types it reads, its columns in the ledger it reads
  and the tables it writes.

Pure: the standard library only, importing nothing else of the project, so any layer (the API, the
worker, ingest, analytics) may import it without pulling in another.
"""
