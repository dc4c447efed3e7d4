import { RequireAdmin } from '@/features/admin/components/RequireAdmin';
import { WorkflowConsole } from '@/features/admin/components/WorkflowConsole';

/** /admin/workflows: the support console, admins only. */
export default function AdminWorkflowsRoute() {
  return (
    <RequireAdmin>
      <WorkflowConsole />
    </RequireAdmin>
  );
}
