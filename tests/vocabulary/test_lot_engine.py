"""The lot engine's flow types are the ledger's words: every ledger type the cost-basis run reads
becomes flow types the engine accepts."""

from activities.cost_basis_ledger import ENGINE_TYPES
from vocabulary.lot_engine import FLOW_TYPES


def test_every_ledger_type_is_read_as_flow_types_of_the_engine() -> None:
    assert {flow for pair in ENGINE_TYPES.values() for flow in pair} <= FLOW_TYPES
