import { useTaxReportJob } from '@/features/reports/api/useTaxReports';
import { GENERATING, NOT_MADE, POLL_MESSAGES, READY } from '@/features/reports/utils/reports';

/** A report on its way: what the poll says every 2 s, then the download link or why it was not made. */
export function ReportJobStatus({ jobId, label }: { jobId: string; label: string }) {
  const job = useTaxReportJob(jobId);
  const poll = job.data;
  if (job.isError) return <p className="notice notice--warning">{NOT_MADE}</p>;
  if (!poll || !poll.isStatusFinal) {
    const waiting = poll?.status ? (POLL_MESSAGES[poll.status] ?? GENERATING) : GENERATING;
    return (
      <p className="notice notice--info report-job" role="status" aria-busy="true" data-testid="report-progress" data-status={poll?.status ?? 'generating'}>
        <span className="spinner spinner--tiny" aria-hidden="true" />
        {waiting}
      </p>
    );
  }
  if (poll.success && poll.url) {
    return (
      <p className="notice notice--success report-job" role="status" data-testid="report-ready">
        {READY}{' '}
        <a className="button button--primary" href={poll.url} download={poll.report?.fileName ?? undefined}>
          Download {label}
        </a>
      </p>
    );
  }
  const reason = (poll.status ? POLL_MESSAGES[poll.status] : null) ?? poll.errorMessage ?? NOT_MADE;
  return (
    <p className="notice notice--warning" role="alert" data-testid="report-failed" data-status={poll.status ?? 'failed'}>
      {reason}
    </p>
  );
}
