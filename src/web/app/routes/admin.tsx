import { AdminGate } from '../layout/admin-gate.tsx';
import { Dashboard } from '../admin/dashboard.tsx';

/** /admin and /admin/members: the dashboard, for admins only. */
export function Component() {
  return (
    <AdminGate>
      <Dashboard />
    </AdminGate>
  );
}
