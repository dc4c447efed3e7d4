import { useState } from 'react';
import { AddCostBasisMethodPeriodDocument, DeleteCostBasisMethodPeriodDocument, type CostBasisMethod } from '@/gql/graphql';
import { formatDate } from '@/lib/format';
import { request } from '@/lib/graphql';
import { useSettingChange, useUserSettings } from '@/features/settings/api/useSettings';
import { METHODS, methodLabel } from '@/features/settings/utils/options';
import './settings.css';

/** /cost-basis-method-calendar: the method timeline, each period running until the next one starts. */
export function MethodCalendar() {
  const settings = useUserSettings().data?.userSettings;
  const [startDate, setStartDate] = useState('');
  const [method, setMethod] = useState<CostBasisMethod>('FIFO');
  const add = useSettingChange(
    async (variables: { startDate: string; method: CostBasisMethod }) =>
      (await request(AddCostBasisMethodPeriodDocument, variables)).addCostBasisMethodPeriod,
    { recalculates: true },
  );
  const remove = useSettingChange(
    async (start: string) => (await request(DeleteCostBasisMethodPeriodDocument, { startDate: start })).deleteCostBasisMethodPeriod,
    { recalculates: true },
  );
  if (!settings) return null;
  const periods = settings.costBasisTimeline;
  return (
    <div className="page settings">
      <header className="page__header">
        <div>
          <h1 className="page__title">Cost-basis method</h1>
          <p className="page__subtitle">
            Before the first period, and without periods, {methodLabel(settings.costBasisMethod)} applies.
          </p>
        </div>
      </header>
      <section className="card" aria-labelledby="timeline-title">
        <div className="card__header">
          <h2 id="timeline-title" className="card__title">
            Method timeline
          </h2>
        </div>
        {periods.length === 0 ? (
          <p className="settings__empty muted">No periods: one method for every year.</p>
        ) : (
          <table className="data-table" data-testid="method-timeline">
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Until</th>
                <th scope="col">Method</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {periods.map((period, index) => (
                <tr key={period.startDate}>
                  <td>{formatDate(period.startDate)}</td>
                  <td>{index + 1 < periods.length ? formatDate(periods[index + 1].startDate) : 'Today'}</td>
                  <td>{methodLabel(period.method)}</td>
                  <td>
                    <button type="button" className="link-button" onClick={() => remove.mutate(period.startDate)}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <form
          className="settings__inline card--padded"
          onSubmit={(event) => {
            event.preventDefault();
            if (startDate) add.mutate({ startDate, method });
          }}
        >
          <label className="field">
            <span className="field__label">Start date</span>
            <input className="input" type="date" required value={startDate} onChange={(event) => setStartDate(event.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Method</span>
            <select className="input" value={method} onChange={(event) => setMethod(event.target.value as CostBasisMethod)}>
              {METHODS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--primary" disabled={!startDate || add.isPending}>
            Add period
          </button>
        </form>
      </section>
    </div>
  );
}
