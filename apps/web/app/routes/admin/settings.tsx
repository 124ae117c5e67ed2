import type { Route } from './+types/settings';
import { FormOutcome } from '~/features/admin/components/admin-field';
import { AdminPage } from '~/features/admin/components/admin-page';
import { failureOf } from '~/features/admin/components/use-form-submit';
import { getSettings } from '~/features/admin/settings/api/settings';
import { InvoiceForm } from '~/features/admin/settings/components/invoice-form';
import { ShippingForm } from '~/features/admin/settings/components/shipping-form';
import { VatRateForm } from '~/features/admin/settings/components/vat-rate-form';
import { isAbortError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  try {
    return { state: 'loaded' as const, settings: await getSettings(request.signal) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { state: 'failed' as const, message: failureOf(error).message };
  }
}

/** /admin/settings: invoice details, the VAT rate and delivery rates, each saved on its own. */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'failed') {
    return (
      <AdminPage title="Settings">
        <FormOutcome error={`The settings could not be loaded: ${loaderData.message}`} />
      </AdminPage>
    );
  }
  const { settings } = loaderData;
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
        <VatRateForm vatRate={settings.vat_rate} />
      </section>
      <section className="admin-panel">
        <ShippingForm shipping={settings.shipping} />
      </section>
    </AdminPage>
  );
}
