import { Form } from 'react-router';
import type { FieldErrors } from '~/lib/api-client';
import { AdminInput, AdminSelect } from '../../components/admin-field';

/** The customer search: a GET form, so the query lives in the URL (and a new search starts at page 1). */
export function CustomerFilters({ search, errors }: { search: URLSearchParams; errors: FieldErrors }) {
  const ordering = search.get('ordering');
  return (
    <Form method="get" className="admin-filters" role="search" aria-label="Customers">
      <AdminInput
        id="q"
        label="Search"
        type="search"
        maxLength={100}
        defaultValue={search.get('q') ?? ''}
        hint="E-mail, name or company"
        errors={errors.q}
      />
      <AdminSelect id="role" label="Role" defaultValue={search.get('role') ?? ''} errors={errors.role}>
        <option value="">Any</option>
        <option value="customer">Customers</option>
        <option value="staff">Staff</option>
        <option value="owner">Owners</option>
      </AdminSelect>
      <AdminSelect
        id="active"
        label="Account"
        defaultValue={search.get('active') ?? ''}
        errors={errors.active}
      >
        <option value="">Active or not</option>
        <option value="true">Active</option>
        <option value="false">Deactivated</option>
      </AdminSelect>
      {ordering ? <input type="hidden" name="ordering" value={ordering} /> : null}
      <button type="submit" className="admin-button">
        Search
      </button>
    </Form>
  );
}
