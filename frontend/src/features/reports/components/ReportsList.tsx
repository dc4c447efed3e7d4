import { useTaxReports } from '@/features/reports/api/useTaxReports';
import { byYear, reportLabel } from '@/features/reports/utils/reports';
import { formatDateTime } from '@/lib/format';

/** Every report made, per tax year, newest first, each with a fresh download link. */
export function ReportsList() {
  const reports = useTaxReports();
  return (
    <section className="card card--padded" aria-labelledby="made-title">
      <h2 id="made-title" className="card__title">
        Your reports
      </h2>
      {reports.isError ? <p className="notice notice--warning">The reports could not be loaded. Please try again.</p> : null}
      {reports.data && reports.data.length === 0 ? <p className="reports__hint">No reports yet. Generate one above.</p> : null}
      {byYear(reports.data ?? []).map(([year, made]) => (
        <div key={year} className="reports__year" data-testid={`reports-${year}`}>
          <h3 className="reports__year-title">{year}</h3>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Report</th>
                  <th scope="col">Made</th>
                  <th scope="col">File</th>
                </tr>
              </thead>
              <tbody>
                {made.map((report) => (
                  <tr key={`${report.jobId}-${report.createdAt}`}>
                    <td>{reportLabel(report.type)}</td>
                    <td>{report.finishedAt ? formatDateTime(report.finishedAt) : ''}</td>
                    <td>
                      {report.url ? (
                        <a href={report.url} download={report.fileName ?? undefined}>
                          {report.fileName}
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </section>
  );
}
