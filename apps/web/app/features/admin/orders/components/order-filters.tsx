import {
  MAX_PO_NUMBER_LENGTH,
  ORDER_DUE_FILTERS,
  ORDER_DUE_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
} from '@shop/domain';
import { Form, Link } from 'react-router';
import { AdminInput, AdminSelect } from '../../components/admin-field';

interface OrderFiltersProps {
  /** The URL's query: the form shows the filters in force. */
  search: URLSearchParams;
  /** The server's errors for a filter it refused. */
  errors?: Record<string, string[]>;
}

/**
 * The order list's filters. A GET form: its values go to the URL, so a filtered list can be linked and
 * reloaded, and submitting goes back to the first page (the ordering is kept).
 */
export function OrderFilters({ search, errors = {} }: OrderFiltersProps) {
  const value = (name: string) => search.get(name) ?? '';
  return (
    // The key resets the inputs when the URL changes (back, forward, Clear).
    <Form method="get" className="admin-filters" aria-label="Filter orders" key={search.toString()}>
      <AdminSelect id="status" label="Status" defaultValue={value('status')} errors={errors.status}>
        <option value="">Any status</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_LABELS[status]}
          </option>
        ))}
      </AdminSelect>
      <AdminSelect
        id="payment_status"
        label="Payment"
        defaultValue={value('payment_status')}
        errors={errors.payment_status}
      >
        <option value="">Any payment</option>
        {PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PAYMENT_STATUS_LABELS[status]}
          </option>
        ))}
      </AdminSelect>
      <AdminInput
        id="date_from"
        label="From"
        type="date"
        defaultValue={value('date_from')}
        errors={errors.date_from}
      />
      <AdminInput
        id="date_to"
        label="To"
        type="date"
        defaultValue={value('date_to')}
        errors={errors.date_to}
      />
      <AdminInput
        id="customer"
        label="Customer"
        type="search"
        placeholder="Id, e-mail or name"
        maxLength={100}
        defaultValue={value('customer')}
        errors={errors.customer}
      />
      <AdminInput
        id="sku"
        label="SKU"
        type="search"
        maxLength={64}
        defaultValue={value('sku')}
        errors={errors.sku}
      />
      <AdminInput
        id="purchase_order_number"
        label="PO number"
        type="search"
        maxLength={MAX_PO_NUMBER_LENGTH}
        hint="The start or the whole of it"
        defaultValue={value('purchase_order_number')}
        errors={errors.purchase_order_number}
      />
      <AdminSelect
        id="due"
        label="Due out"
        hint="Orders still to ship"
        defaultValue={value('due')}
        errors={errors.due}
      >
        <option value="">Any</option>
        {ORDER_DUE_FILTERS.map((due) => (
          <option key={due} value={due}>
            {ORDER_DUE_LABELS[due]}
          </option>
        ))}
      </AdminSelect>
      <AdminInput
        id="dispatch_by_from"
        label="Dispatch by from"
        type="date"
        defaultValue={value('dispatch_by_from')}
        errors={errors.dispatch_by_from}
      />
      <AdminInput
        id="dispatch_by_to"
        label="Dispatch by to"
        type="date"
        defaultValue={value('dispatch_by_to')}
        errors={errors.dispatch_by_to}
      />
      {search.get('ordering') ? <input type="hidden" name="ordering" value={value('ordering')} /> : null}
      <button type="submit" className="admin-button">
        Filter
      </button>
      <Link to="?" className="admin-button admin-button--secondary">
        Clear
      </Link>
    </Form>
  );
}
