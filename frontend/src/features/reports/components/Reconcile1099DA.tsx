import { useState, type FormEvent } from 'react';
import { useGenerateTaxReport, useTaxReportJob } from '@/features/reports/api/useTaxReports';
import { NOT_STARTED, RECONCILIATION_STATUSES, refusalMessage, reportYears } from '@/features/reports/utils/reports';
import { formatFiat } from '@/lib/format';
import { StepError, uploadFile } from '@/lib/upload/uploadFile';
import { ReportJobStatus } from './ReportJobStatus';

interface Jobs {
  csv: string;
  pdf: string;
}

/**
 * 1099-DA reconciliation: the broker's form (CSV, or the PDF) goes to S3 as every upload does, then the
 * worker pairs each line with Cairn's disposals of the year; each line shows its status, and the report
 * is offered as CSV and PDF. Amounts are dollars, as the form's.
 */
export function Reconcile1099DA() {
  const years = reportYears();
  const [taxYear, setTaxYear] = useState(years[1]);
  const [file, setFile] = useState<File | null>(null);
  const [jobs, setJobs] = useState<Jobs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const generate = useGenerateTaxReport();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setJobs(null);
    setUploading(true);
    try {
      const fileUrl = await uploadFile(file, file.name, () => true);
      if (!fileUrl) return;
      const start = (type: string) => generate.mutateAsync({ type, taxYear, form1099daFileUrl: fileUrl });
      const [csv, pdf] = await Promise.all([start('EXCHANGE_1099_RECONCILIATION_CSV'), start('EXCHANGE_1099_RECONCILIATION')]);
      if (csv.jobId && pdf.jobId) setJobs({ csv: csv.jobId, pdf: pdf.jobId });
      else setError(refusalMessage(csv.jobId ? pdf : csv));
    } catch (failure) {
      setError(failure instanceof StepError ? [failure.message, failure.detail].filter(Boolean).join(' ') : NOT_STARTED);
    } finally {
      setUploading(false);
    }
  };
  return (
    <section className="card card--padded" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title" className="card__title">
        Reconcile a 1099-DA
      </h2>
      <p className="reports__hint">Upload the Form 1099-DA your broker sent you (CSV, or its PDF) to check each sale it reports against Cairn&apos;s.</p>
      <form className="reports__form" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span className="field__label">Form 1099-DA</span>
          <input className="input" type="file" accept=".csv,.pdf,text/csv,application/pdf" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
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
        <button type="submit" className="button button--primary" disabled={!file || uploading || generate.isPending}>
          Reconcile
        </button>
      </form>
      {error ? (
        <p className="notice notice--warning" role="alert">
          {error}
        </p>
      ) : null}
      {jobs ? (
        <>
          <ReportJobStatus key={jobs.csv} jobId={jobs.csv} label="reconciliation (CSV)" />
          <ReportJobStatus key={jobs.pdf} jobId={jobs.pdf} label="reconciliation (PDF)" />
          <ReconciliationLines jobId={jobs.csv} />
        </>
      ) : null}
    </section>
  );
}

function ReconciliationLines({ jobId }: { jobId: string }) {
  const lines = useTaxReportJob(jobId).data?.report?.reconciliation;
  if (!lines) return null;
  const money = (value: string | null) => (value === null ? '—' : formatFiat(value, 'USD'));
  const counts = RECONCILIATION_STATUSES.map((status) => [status, lines.filter((line) => line.status === status).length] as const);
  return (
    <>
      <ul className="reports__counts" aria-label="Lines per status">
        {counts.map(([status, count]) => (
          <li key={status}>
            {status}: {count}
          </li>
        ))}
      </ul>
      <div className="table-scroll">
        <table className="data-table" data-testid="reconciliation-lines">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Asset</th>
              <th scope="col">Sold (form)</th>
              <th scope="col">Sold (Cairn)</th>
              <th scope="col" className="num">
                Proceeds (form)
              </th>
              <th scope="col" className="num">
                Proceeds (Cairn)
              </th>
              <th scope="col" className="num">
                Basis (form)
              </th>
              <th scope="col" className="num">
                Basis (Cairn)
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={`${line.formRows ?? ''}-${index}`} data-status={line.status}>
                <td>
                  <span className={`reconciliation-status reconciliation-status--${line.status === 'Matched' ? 'ok' : 'off'}`}>{line.status}</span>
                </td>
                <td>{line.asset}</td>
                <td>{line.formSold ?? '—'}</td>
                <td>{line.sold ?? '—'}</td>
                <td className="num">{money(line.formProceeds)}</td>
                <td className="num">{money(line.proceeds)}</td>
                <td className="num">{money(line.formCostBasis)}</td>
                <td className="num">{money(line.costBasis)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
