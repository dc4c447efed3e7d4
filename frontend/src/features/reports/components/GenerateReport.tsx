import { useState, type FormEvent } from 'react';
import { useGenerateTaxReport } from '@/features/reports/api/useTaxReports';
import { LOTS_AS_OF_DATE, NOT_STARTED, REPORT_KINDS, refusalMessage, reportLabel, reportYears, today } from '@/features/reports/utils/reports';
import { ReportJobStatus } from './ReportJobStatus';
import { ReportRefusal } from './ReportRefusal';

const OFFERED = REPORT_KINDS.filter((kind) => !kind.type.startsWith('EXCHANGE_1099'));

/** Generate a report of a type and a tax year (spec 001 §4): start → job id → poll → download. */
export function GenerateReport() {
  const years = reportYears();
  const [type, setType] = useState(OFFERED[0].type);
  const [taxYear, setTaxYear] = useState(years[1]);
  const [asOf, setAsOf] = useState(`${years[1]}-12-31`);
  const [job, setJob] = useState<{ id: string; label: string } | null>(null);
  const [error, setError] = useState<{ message: string; blocked: boolean } | null>(null);
  const generate = useGenerateTaxReport();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setJob(null);
    const dated = type === LOTS_AS_OF_DATE;
    generate.mutate(
      dated ? { type, taxYear: Number(asOf.slice(0, 4)), endDate: asOf } : { type, taxYear },
      {
        onSuccess: (answer) => {
          if (answer.success && answer.jobId) setJob({ id: answer.jobId, label: `${reportLabel(type)} ${dated ? asOf : taxYear}` });
          else setError({ message: refusalMessage(answer), blocked: Boolean(answer.blocker) });
        },
        onError: () => setError({ message: NOT_STARTED, blocked: false }),
      },
    );
  };
  return (
    <section className="card card--padded" aria-labelledby="generate-title">
      <h2 id="generate-title" className="card__title">
        Generate a report
      </h2>
      <form className="reports__form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Report</span>
          <select className="input" value={type} onChange={(event) => setType(event.target.value)}>
            {OFFERED.map((kind) => (
              <option key={kind.type} value={kind.type}>
                {kind.label}
              </option>
            ))}
          </select>
        </label>
        {type === LOTS_AS_OF_DATE ? (
          <label className="field">
            <span className="field__label">Lots held at the end of</span>
            <input className="input" type="date" required max={today()} value={asOf} onChange={(event) => setAsOf(event.target.value)} />
          </label>
        ) : (
          <label className="field">
            <span className="field__label">Tax year</span>
            <select className="input" value={taxYear} onChange={(event) => setTaxYear(Number(event.target.value))}>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className="button button--primary" disabled={generate.isPending}>
          Generate
        </button>
      </form>
      {error ? <ReportRefusal message={error.message} blocked={error.blocked} /> : null}
      {job ? <ReportJobStatus key={job.id} jobId={job.id} label={job.label} /> : null}
    </section>
  );
}
