import type { DashboardWarning } from '@shop/domain';
import { Link } from 'react-router';

/** The words of each warning's link to the page that puts it right. */
const ACTIONS: Record<DashboardWarning['kind'], string> = {
  bank_details_missing: 'Set the bank details',
};

/** What needs putting right before anything else (nothing shown when nothing does). */
export function DashboardWarnings({ warnings }: { warnings: readonly DashboardWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <section className="admin-warnings" aria-labelledby="dashboard-warnings-title">
      <h2 id="dashboard-warnings-title">Needs attention</h2>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.kind}>
            {warning.message} <Link to={warning.href}>{ACTIONS[warning.kind]}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
