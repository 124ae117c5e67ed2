import { COMPANY_STATUS_LABELS, COMPANY_STATUSES } from '@shop/domain';
import { Form, Link } from 'react-router';
import type { FieldErrors } from '~/lib/api-client';
import { AdminInput, AdminSelect } from '../../components/admin-field';
import { companyStatusOf } from '../api/companies';

/**
 * The company list's filters: a GET form, so the filters live in the URL (and a new search starts at page 1).
 * With no status in the URL the list shows the applications awaiting a decision; "Any status" is `any`.
 */
export function CompanyFilters({ search, errors }: { search: URLSearchParams; errors: FieldErrors }) {
  const ordering = search.get('ordering');
  return (
    // The key resets the inputs when the URL changes (back, forward, Clear).
    <Form
      method="get"
      className="admin-filters"
      role="search"
      aria-label="Trade accounts"
      key={search.toString()}
    >
      <AdminSelect id="status" label="Status" defaultValue={companyStatusOf(search)} errors={errors.status}>
        {COMPANY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {COMPANY_STATUS_LABELS[status]}
          </option>
        ))}
        <option value="any">Any status</option>
      </AdminSelect>
      <AdminInput
        id="search"
        label="Search"
        type="search"
        maxLength={100}
        defaultValue={search.get('search') ?? ''}
        hint="Legal or trading name, or company number"
        errors={errors.search}
      />
      {ordering ? <input type="hidden" name="ordering" value={ordering} /> : null}
      <button type="submit" className="admin-button">
        Search
      </button>
      <Link to="?" className="admin-button admin-button--secondary">
        Clear
      </Link>
    </Form>
  );
}
