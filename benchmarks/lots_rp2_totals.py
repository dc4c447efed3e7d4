"""Run inside benchmarks/.rp2-venv: RP2's FIFO gains per asset, year and term, as JSON.

Usage: python lots_rp2_totals.py CONFIG.ini INPUT.ods
"""

import json
import sys
from collections import defaultdict
from decimal import Decimal

from prezzemolo.avl_tree import AVLTree
from rp2.accounting_engine import AccountingEngine
from rp2.configuration import Configuration
from rp2.ods_parser import open_ods, parse_ods
from rp2.plugin.accounting_method.fifo import AccountingMethod
from rp2.plugin.country.us import US
from rp2.tax_engine import compute_tax


def main() -> None:
    configuration = Configuration(sys.argv[1], US())
    methods: AVLTree = AVLTree()
    methods.insert_node(1970, AccountingMethod())
    engine = AccountingEngine(years_2_methods=methods)
    handle = open_ods(configuration=configuration, input_file_path=sys.argv[2])
    totals: dict[str, Decimal] = defaultdict(Decimal)
    for asset in sorted(configuration.assets):
        computed = compute_tax(configuration, engine, parse_ods(configuration, asset, handle))
        for gain_loss in computed.gain_loss_set:
            if gain_loss.acquired_lot is None:  # income, not a disposal
                continue
            term = "LONG" if gain_loss.is_long_term_capital_gains() else "SHORT"
            totals[f"{asset}/{gain_loss.timestamp.year}/{term}"] += Decimal(str(gain_loss.fiat_gain))
    print(json.dumps({key: str(value) for key, value in sorted(totals.items())}))


if __name__ == "__main__":
    main()
