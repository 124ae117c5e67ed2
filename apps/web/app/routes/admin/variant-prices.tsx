import { Link } from 'react-router';
import type { Route } from './+types/variant-prices';
import { getPriceTable, savePriceTable } from '~/features/admin/catalogue/api';
import { PriceGrid } from '~/features/admin/catalogue/price-grid';
import { AdminLoading, adminLoad, LoadFailed, routeId } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getPriceTable(routeId(params.id), request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

export default function AdminVariantPrices({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Prices"
        what="price table"
        failure={loaderData}
        back={{ to: '/admin/products', label: 'Back to products' }}
      />
    );
  }
  const table = loaderData.data;
  const { variant } = table;
  return (
    <AdminPage
      title={`Prices: ${variant.product_name}, ${variant.name}`}
      actions={<Link to={`/admin/products/${variant.product}`}>Back to {variant.product_name}</Link>}
    >
      <p>
        Each tier runs from its start to just before the next tier of the same kind; the last one has no end.
        {variant.units_per_pallet === null
          ? ' This variant is not sold by the pallet, so it has pack tiers only.'
          : ` One pallet holds ${variant.units_per_pallet} units.`}
      </p>
      <PriceGrid
        key={table.tiers.map((tier) => tier.id).join(',')}
        table={table}
        onSave={(body) => savePriceTable(variant.id, body)}
      />
    </AdminPage>
  );
}
