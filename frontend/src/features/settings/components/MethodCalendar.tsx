import { useState } from 'react';
import { AddCostBasisMethodPeriodDocument, DeleteCostBasisMethodPeriodDocument, type CostBasisMethod } from '@/gql/graphql';
import { formatDate } from '@/lib/format';
import { request } from '@/lib/graphql';
import { useSettingChange, useUserSettings } from '@/features/settings/api/useSettings';
import { METHODS, methodLabel } from '@/features/settings/utils/options';
import './settings.css';

/**
 * /cost-basis-method-calendar: the method timeline. Each period runs until its end date (exclusive) or,
 * without one, until the next period starts; after an end the default method applies again.
 */
export function MethodCalendar() {
  const settings = useUserSettings().data?.userSettings;
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [method, setMethod] = useState<CostBasisMethod>('FIFO');
  const add = useSettingChange(
    async (variables: { startDate: string; endDate: string | null; method: CostBasisMethod }) =>
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
            Without periods, and from a period&apos;s end until the next period starts, {methodLabel(settings.costBasisMethod)}{' '}
            applies. Before the first period, that period&apos;s method applies.
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
                  <td>{until(period.endDate, periods[index + 1]?.startDate)}</td>
                  <td>{methodLabel(period.method)}</td>
                  <td className="settings__actions">
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        setStartDate(period.startDate);
                        setEndDate(period.endDate ?? '');
                        setMethod(period.method);
                      }}
                    >
                      Edit
                    </button>
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
            if (startDate) add.mutate({ startDate, endDate: endDate || null, method });
          }}
        >
          <label className="field">
            <span className="field__label">Start date</span>
            <input className="input" type="date" required value={startDate} onChange={(event) => setStartDate(event.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">End date (optional)</span>
            <input className="input" type="date" min={startDate || undefined} value={endDate} onChange={(event) => setEndDate(event.target.value)} />
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
            {periods.some((period) => period.startDate === startDate) ? 'Save period' : 'Add period'}
          </button>
        </form>
      </section>
    </div>
  );
}

/** Where a period stops: its end date (the first day it no longer applies), else the next period's start. */
function until(endDate: string | null, nextStart: string | undefined): string {
  if (endDate) return formatDate(endDate);
  return nextStart ? formatDate(nextStart) : 'Today';
}
