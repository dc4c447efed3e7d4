"""The taxability vocabulary agrees with how the cost-basis run reads each ledger type: calling a receipt
taxable or not changes whether it is income, and nothing about its other flows."""

from activities.cost_basis_ledger import ENGINE_TYPES
from vocabulary.enums import TransactionType as Type
from vocabulary.lot_engine import INCOME_TYPES as ENGINE_INCOME_TYPES
from vocabulary.taxability import INCOME_LEDGER_TYPES, NOT_TAXABLE_AS, TAXABLE_AS

# engine types an outflow without a transfer link is disposed of at market value by (TREATMENTS.md)
AT_MARKET_VALUE = {Type.SEND, Type.RECEIVE, Type.TRANSFER}


def test_income_types_are_the_receipts_read_as_income_whose_outflows_go_at_market_value() -> None:
    read_as_income = {
        kind
        for kind, (inflow, outflow) in ENGINE_TYPES.items()
        if inflow in ENGINE_INCOME_TYPES and outflow in AT_MARKET_VALUE
    }
    assert read_as_income == INCOME_LEDGER_TYPES


def test_taxable_and_not_taxable_readings_differ_only_in_income() -> None:
    assert ENGINE_TYPES[TAXABLE_AS][0] in ENGINE_INCOME_TYPES
    assert ENGINE_TYPES[NOT_TAXABLE_AS][0] not in ENGINE_INCOME_TYPES
    assert {ENGINE_TYPES[TAXABLE_AS][1], ENGINE_TYPES[NOT_TAXABLE_AS][1]} <= AT_MARKET_VALUE
