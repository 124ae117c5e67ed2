import { AdminPage } from '~/features/admin/components/admin-page';

export default function AdminDashboard() {
  return (
    <AdminPage title="Dashboard">
      <p>The dashboard is being built.</p>
    </AdminPage>
  );
}
