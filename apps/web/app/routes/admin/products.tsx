import { ukDate } from '@shop/domain';
import type { AdminProductRow } from '@shop/domain';
import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/products';
import { listProducts, allCategories } from '~/features/admin/catalogue/api';
import { AdminInput, AdminSelect } from '~/features/admin/components/admin-field';
import { AdminLoading, adminLoad, LoadFailed } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';
import { listQuery } from '~/features/admin/components/list-params';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = listQuery(request, ['page', 'ordering', 'q', 'category']);
  return adminLoad(request, async () => {
    const [page, categories] = await Promise.all([
      listProducts(search, request.signal),
      allCategories(request.signal),
    ]);
    return { page, categories };
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const COLUMNS: Column<AdminProductRow>[] = [
  { label: 'Name', sort: 'name', cell: (row) => <Link to={`/admin/products/${row.id}`}>{row.name}</Link> },
  { label: 'Category', cell: (row) => row.category_name },
  { label: 'Home page place', numeric: true, cell: (row) => row.featured_rank ?? '—' },
  { label: 'Added', sort: 'created_at', cell: (row) => ukDate(row.created_at) },
];

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Products"
        what="products"
        failure={loaderData}
        back={{ to: '/admin', label: 'Back to the dashboard' }}
      />
    );
  }
  const { page, categories } = loaderData.data;
  return (
    <AdminPage
      title="Products"
      actions={
        <Link className="admin-button" to="/admin/products/new">
          New product
        </Link>
      }
    >
      <Form method="get" className="admin-filters" role="search" aria-label="Find products">
        <AdminInput
          id="q"
          label="Name contains"
          type="search"
          maxLength={100}
          defaultValue={params.get('q') ?? ''}
        />
        <AdminSelect id="category" label="Category" defaultValue={params.get('category') ?? ''}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </AdminSelect>
        <button type="submit" className="admin-button">
          Search
        </button>
      </Form>
      <AdminTable
        caption="Products"
        columns={COLUMNS}
        page={page}
        rowKey={(row) => row.id}
        defaultOrdering="name"
        empty="No products match."
      />
    </AdminPage>
  );
}
