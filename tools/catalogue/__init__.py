"""The generator of the integration catalogue (ingest/catalogue/integrations.json) and its icons, from
ccxt (a dev dependency) and the hand-written sources."""
