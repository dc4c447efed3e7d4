"""Reading wallets from blockchains: UTXO chains through Esplora, EVM chains through Etherscan v2 and
JSON-RPC, Solana through its JSON-RPC, and the extended public keys that name HD wallets. Pure: HTTP
in, `ParsedTransaction`s, assets and balances out; no database."""
