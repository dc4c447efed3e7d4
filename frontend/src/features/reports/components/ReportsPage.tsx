import { GenerateReport } from './GenerateReport';
import { Reconcile1099DA } from './Reconcile1099DA';
import { ReportsList } from './ReportsList';
import './reports.css';

/** /reports and /documents: generate tax reports and forms, reconcile a 1099-DA, download what was made. */
export function ReportsPage() {
  return (
    <div className="page reports">
      <header className="page__header">
        <div>
          <h1 className="page__title">Reports</h1>
          <p className="page__subtitle">Tax forms and the files tax software imports, made from your latest cost basis.</p>
        </div>
      </header>
      <GenerateReport />
      <Reconcile1099DA />
      <ReportsList />
    </div>
  );
}
