import { RequireAdmin } from '@/features/admin/components/RequireAdmin';
import { ViewAsForm } from '@/features/view-as/components/ViewAsForm';

/** /user/view-as: admins only. */
export default function ViewAsRoute() {
  return (
    <RequireAdmin>
      <ViewAsForm />
    </RequireAdmin>
  );
}
