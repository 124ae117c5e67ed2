import type { Route } from './+types/settings';
import { AdminLoading, adminLoad, LoadFailed } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import {
  getBankDetails,
  getDeliverySettings,
  getReceivablesSettings,
  getSettings,
  getStockAlertSettings,
} from '~/features/admin/settings/api/settings';
import { BankDetailsForm } from '~/features/admin/settings/components/bank-details-form';
import { DeliveryForm } from '~/features/admin/settings/components/delivery-form';
import { InvoiceForm } from '~/features/admin/settings/components/invoice-form';
import { ReceivablesForm } from '~/features/admin/settings/components/receivables-form';
import { ShippingForm } from '~/features/admin/settings/components/shipping-form';
import { StockAlertsForm } from '~/features/admin/settings/components/stock-alerts-form';
import { VatRateForm } from '~/features/admin/settings/components/vat-rate-form';
import '~/styles/admin-settings.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, async () => {
    const [settings, bank, receivables, delivery, stockAlerts] = await Promise.all([
      getSettings(request.signal),
      getBankDetails(request.signal),
      getReceivablesSettings(request.signal),
      getDeliverySettings(request.signal),
      getStockAlertSettings(request.signal),
    ]);
    return { settings, bank, receivables, delivery, stockAlerts };
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/**
 * /admin/settings: invoice details, bank details, the VAT rate, the mainland delivery rates, the delivery zones,
 * services and dates, the receivables (reminders, holds, statements) and how long sent stock alerts are kept,
 * each saved on its own.
 */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'failed') {
    return <LoadFailed title="Settings" what="settings" failure={loaderData} />;
  }
  const { settings, bank, receivables, delivery, stockAlerts } = loaderData.data;
  return (
    <AdminPage title="Settings">
      <p>
        Changes apply to carts and new orders straight away, in every server process; orders already placed
        keep the VAT rate and delivery charge they were made with.
      </p>
      <section className="admin-panel">
        <InvoiceForm invoice={settings.invoice} />
      </section>
      <section className="admin-panel">
        <BankDetailsForm bank={bank} />
      </section>
      <section className="admin-panel">
        <VatRateForm vatRate={settings.vat_rate} />
      </section>
      <section className="admin-panel">
        <ShippingForm shipping={settings.shipping} />
      </section>
      <section className="admin-panel">
        <DeliveryForm settings={delivery} />
      </section>
      <section className="admin-panel">
        <ReceivablesForm settings={receivables} />
      </section>
      <section className="admin-panel">
        <StockAlertsForm settings={stockAlerts} />
      </section>
    </AdminPage>
  );
}
