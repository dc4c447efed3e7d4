import { useState } from 'react';
import { useGenerateTaxReport } from '@/features/reports/api/useTaxReports';
import { NOT_STARTED, today } from '@/features/reports/utils/reports';
import { ReportJobStatus } from './ReportJobStatus';
import './reports.css';

/** Every year's transactions: from the first bitcoin block's year to today. */
const FIRST_DAY = '2009-01-01';

/** The transactions page's CSV export (spec 001 §7): the report workflow with the page's filter. */
export function ExportTransactionsCsv({ query }: { query: string }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateTaxReport();
  const start = () => {
    setError(null);
    setJobId(null);
    generate.mutate(
      { type: 'TRANSACTIONS_CSV', taxYear: new Date().getFullYear(), query: query || null, startDate: FIRST_DAY, endDate: today() },
      {
        onSuccess: (answer) => (answer.success && answer.jobId ? setJobId(answer.jobId) : setError(answer.errorMessage ?? NOT_STARTED)),
        onError: () => setError(NOT_STARTED),
      },
    );
  };
  return (
    <div className="export-csv">
      <button type="button" className="button" onClick={start} disabled={generate.isPending}>
        Export CSV
      </button>
      {error ? (
        <p className="notice notice--warning" role="alert">
          {error}
        </p>
      ) : null}
      {jobId ? <ReportJobStatus key={jobId} jobId={jobId} label="transactions CSV" /> : null}
    </div>
  );
}
