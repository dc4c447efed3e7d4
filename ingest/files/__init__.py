"""Reading users' export files: detection, decoding and one parser module per source family."""
