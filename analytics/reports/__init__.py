"""Tax reports made from the lot engine's tables: forms, the files tax software imports, and the
1099-DA reconciliation. Pure: Polars and the PDF library, no database (see catalogue.py)."""
