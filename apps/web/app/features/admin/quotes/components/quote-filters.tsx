import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from '@shop/domain';
import { Form, Link } from 'react-router';
import type { FieldErrors } from '~/lib/api-client';
import { AdminSelect } from '../../components/admin-field';

/**
 * The quote list's filter: a GET form, so the status lives in the URL (and a new filter starts at page 1).
 * Requests awaiting a price are 'Requested'.
 */
export function QuoteFilters({ search, errors }: { search: URLSearchParams; errors: FieldErrors }) {
  return (
    // The key resets the select when the URL changes (back, forward, Clear).
    <Form method="get" className="admin-filters" aria-label="Filter quotes" key={search.toString()}>
      <AdminSelect
        id="status"
        label="Status"
        defaultValue={search.get('status') ?? ''}
        errors={errors.status}
      >
        <option value="">Any status</option>
        {QUOTE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {QUOTE_STATUS_LABELS[status]}
          </option>
        ))}
      </AdminSelect>
      <button type="submit" className="admin-button">
        Filter
      </button>
      <Link to="?" className="admin-button admin-button--secondary">
        Clear
      </Link>
    </Form>
  );
}
