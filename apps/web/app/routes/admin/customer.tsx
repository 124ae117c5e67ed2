import { formatGbp, ukDate } from '@shop/domain';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/customer';
import { useStaffMe } from './layout';
import { AdminLoading, adminLoad, LoadFailed, routeId } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { getCustomer } from '~/features/admin/customers/api/customers';
import { AccountState } from '~/features/admin/customers/components/account-state';
import { ExclusivePricesEditor } from '~/features/admin/customers/components/exclusive-prices-editor';
import { ROLE_WORDS } from '~/features/admin/customers/labels';
import { RoleForm } from '~/features/admin/staff/components/role-form';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getCustomer(routeId(params.id), request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/** /admin/customers/:id: one account: profile, state, exclusive prices, addresses and latest orders. */
export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const me = useStaffMe();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Customer"
        what="customer"
        failure={loaderData}
        back={{ to: '/admin/customers', label: 'Back to the customers' }}
      />
    );
  }
  const customer = loaderData.data;
  // Staff and owner accounts are the owners' to manage (the server refuses staff, 403).
  const isCustomer = customer.role === 'customer';
  const mayManage = isCustomer || me?.role === 'owner';
  return (
    <AdminPage
      title={`${customer.first_name} ${customer.last_name}`}
      actions={<Link to="/admin/customers">All customers</Link>}
    >
      <section className="admin-panel" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <dl className="admin-grid">
          <div>
            <dt>E-mail</dt>
            <dd>{customer.email}</dd>
          </div>
          <div>
            <dt>Company</dt>
            <dd>{customer.company_name ?? 'None'}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{ROLE_WORDS[customer.role]}</dd>
          </div>
          <div>
            <dt>Joined</dt>
            <dd>{ukDate(customer.created_at)}</dd>
          </div>
          <div>
            <dt>Marketing e-mails</dt>
            <dd>{customer.interested_in_marketing_communications ? 'Yes' : 'No'}</dd>
          </div>
          <div>
            <dt>Orders</dt>
            <dd>{customer.order_count}</dd>
          </div>
        </dl>
      </section>

      <section className="admin-panel" aria-labelledby="account-title">
        <h2 id="account-title">Account</h2>
        <AccountState customer={customer} selfId={me?.id ?? null} mayManage={mayManage} onChanged={reload} />
        {me?.role === 'owner' ? <RoleForm user={customer} idPrefix="customer" onChanged={reload} /> : null}
      </section>

      <section className="admin-panel" aria-labelledby="prices-title">
        <h2 id="prices-title">Exclusive prices</h2>
        {isCustomer ? (
          <ExclusivePricesEditor
            customerId={customer.id}
            prices={customer.exclusive_prices}
            count={customer.exclusive_price_count}
            onChanged={reload}
          />
        ) : (
          <>
            <p>Exclusive prices are for customer accounts only: staff and owners pay the shop’s prices.</p>
            {/* Prices given before the rule: an owner can remove them, nobody can add or change one. */}
            {customer.exclusive_prices.length > 0 && mayManage ? (
              <ExclusivePricesEditor
                customerId={customer.id}
                prices={customer.exclusive_prices}
                count={customer.exclusive_price_count}
                onChanged={reload}
                removeOnly
              />
            ) : null}
          </>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="orders-title">
        <h2 id="orders-title">Latest orders</h2>
        {customer.recent_orders.length === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <ul>
            {customer.recent_orders.map((order) => (
              <li key={order.id}>
                <Link to={`/admin/orders/${order.id}`}>Order #{order.id}</Link>, {ukDate(order.created_at)}:{' '}
                {formatGbp(order.total_pence)}, {order.status}, payment {order.payment_status.toLowerCase()}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="addresses-title">
        <h2 id="addresses-title">Addresses</h2>
        {customer.addresses.length === 0 ? (
          <p>No saved addresses.</p>
        ) : (
          <ul className="admin-grid">
            {customer.addresses.map((address) => (
              <li key={address.id}>
                <address>
                  {address.first_name} {address.last_name}
                  <br />
                  {address.street}
                  <br />
                  {address.city}
                  {address.state ? `, ${address.state}` : ''}
                  <br />
                  {address.postal_code}
                  <br />
                  {address.telephone_number}
                </address>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminPage>
  );
}
