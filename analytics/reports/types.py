"""The report types: spec 001 §3's, with the UK summary and the income report added."""

from enum import StrEnum

from analytics.reports.year import Country
from vocabulary.enums import CostBasisMethod


class ReportType(StrEnum):
    CAPITAL_GAINS_CCH = "CAPITAL_GAINS_CCH"
    CAPITAL_GAINS_CSV = "CAPITAL_GAINS_CSV"
    CAPITAL_GAINS_TAXACT = "CAPITAL_GAINS_TAXACT"
    CAPITAL_GAINS_TURBOTAX_DESKTOP = "CAPITAL_GAINS_TURBOTAX_DESKTOP"
    CAPITAL_GAINS_TURBOTAX_ONLINE = "CAPITAL_GAINS_TURBOTAX_ONLINE"
    CA_SCHEDULE_3 = "CA_SCHEDULE_3"
    UK_CAPITAL_GAINS_SUMMARY = "UK_CAPITAL_GAINS_SUMMARY"
    FORM_1040_S1 = "FORM_1040_S1"
    FORM_1040_SD = "FORM_1040_SD"
    FORM_8949 = "FORM_8949"
    FORM_8949_CONDENSED = "FORM_8949_CONDENSED"
    LOTS_AS_OF_DATE = "LOTS_AS_OF_DATE"
    TAX_LOTS_CSV = "TAX_LOTS_CSV"
    INCOME_BY_MONTH = "INCOME_BY_MONTH"
    TRANSACTIONS_CSV = "TRANSACTIONS_CSV"
    # the spec's "exchange 1099 reports": a broker's 1099-DA reconciled with Cairn's disposals
    EXCHANGE_1099_RECONCILIATION = "EXCHANGE_1099_RECONCILIATION"
    EXCHANGE_1099_RECONCILIATION_CSV = "EXCHANGE_1099_RECONCILIATION_CSV"


COUNTRY_OF = {ReportType.CA_SCHEDULE_3: Country.CA, ReportType.UK_CAPITAL_GAINS_SUMMARY: Country.GB}
# the method the country's law computes these returns with (analytics/reports/abroad.py)
METHOD_OF = {
    ReportType.CA_SCHEDULE_3: CostBasisMethod.ACB,
    ReportType.UK_CAPITAL_GAINS_SUMMARY: CostBasisMethod.SP,
}
