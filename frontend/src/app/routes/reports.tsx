import { ReportsPage } from '@/features/reports/components/ReportsPage';

/** /reports and /documents (one page): tax reports and forms, the 1099-DA reconciliation. */
export default function ReportsRoute() {
  return <ReportsPage />;
}
