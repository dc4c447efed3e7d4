import { useState } from 'react';
import { LoadFailed } from '@/components/LoadStates';
import { formatFiat } from '@/lib/format';
import { useExchangeLevelReport } from '@/features/broker/api/useBroker';
import { BROKER_TAX_YEAR } from '@/features/broker/utils/menus';

const YEARS = Array.from({ length: 6 }, (_, index) => BROKER_TAX_YEAR - index);

/** Every connected user's tax year and the exchange's totals, in USD, from their last cost-basis run. */
export function ExchangeLevelReport() {
  const [taxYear, setTaxYear] = useState(BROKER_TAX_YEAR);
  const query = useExchangeLevelReport(taxYear);
  const report = query.data?.exchangeLevelReport;
  return (
    <section className="card" aria-labelledby="exchange-report-title" data-testid="exchange-level-report">
      <div className="card__header">
        <h2 id="exchange-report-title" className="card__title">
          Exchange-level report
        </h2>
        <label className="field">
          <span className="field__label">Tax year</span>
          <select className="input" value={taxYear} onChange={(event) => setTaxYear(Number(event.target.value))}>
            {YEARS.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isError ? <LoadFailed title="We couldn't load the report" onRetry={() => void query.refetch()} /> : null}
      {report ? (
        <table className="broker-table">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col" className="number">
                Proceeds
              </th>
              <th scope="col" className="number">
                Cost basis
              </th>
              <th scope="col" className="number">
                Gain
              </th>
            </tr>
          </thead>
          <tbody>
            {report.users.map((user) => (
              <tr key={user.publicId}>
                <td>{user.email}</td>
                <td className="number">{formatFiat(user.totals.proceeds)}</td>
                <td className="number">{formatFiat(user.totals.costBasis)}</td>
                <td className="number">{formatFiat(user.totals.capitalGain)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="exchange-totals">
              <th scope="row">All users</th>
              <td className="number">{formatFiat(report.totals.proceeds)}</td>
              <td className="number">{formatFiat(report.totals.costBasis)}</td>
              <td className="number">{formatFiat(report.totals.capitalGain)}</td>
            </tr>
          </tfoot>
        </table>
      ) : null}
    </section>
  );
}
