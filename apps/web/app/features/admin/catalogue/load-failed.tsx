import { Link } from 'react-router';
import { AdminPage } from '../components/admin-page';

/** A screen whose data could not be read: why, and a way back. */
export function LoadFailed({
  title,
  message,
  back,
}: {
  title: string;
  message: string;
  back: { to: string; label: string };
}) {
  return (
    <AdminPage title={title}>
      <p role="alert">{message}</p>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </AdminPage>
  );
}
