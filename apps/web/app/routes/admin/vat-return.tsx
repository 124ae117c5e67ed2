import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  type ExportFormat,
  formatDecimalGbp,
  isVatPeriod,
  recentVatPeriods,
  ukDate,
  ukToday,
  vatPeriodLabel,
  vatPeriodOfQuarter,
  type VatReturnView,
} from '@shop/domain';
import { useState } from 'react';
import type { Route } from './+types/vat-return';
import {
  downloadAccountsExport,
  downloadVatReturnCsv,
  getVatReturn,
  type VatPeriodChoice,
} from '~/features/admin/bookkeeping/api';
import { VatPeriodForm } from '~/features/admin/bookkeeping/vat-period-form';
import { AdminInput, AdminSelect, FormOutcome } from '~/features/admin/components/admin-field';
import { AdminLoading, adminLoad, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { useFormSubmit } from '~/features/admin/components/use-form-submit';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'VAT return and exports',
    description: 'The VAT return and the accounts exports.',
    noIndex: true,
  });

/** The documents listed on the page; the CSV has them all. */
export const DOCUMENTS_SHOWN = 200;

/**
 * The period the URL names (`?period=YYYY-MM`, or an older link's calendar `?quarter=YYYY-Qn`), else the last
 * complete calendar quarter.
 */
function choiceIn(search: string): VatPeriodChoice {
  const params = new URLSearchParams(search);
  const period = params.get('period');
  if (period !== null) return { period };
  const quarter = params.get('quarter');
  if (quarter !== null) return { quarter };
  return { period: recentVatPeriods(1, ukToday(), 1)[1]! };
}

/** The period of a choice, 'YYYY-MM', or null for one the API will refuse. */
function periodOf(choice: VatPeriodChoice): string | null {
  if ('period' in choice) return isVatPeriod(choice.period) ? choice.period : null;
  return /^\d{4}-Q[1-4]$/.test(choice.quarter) ? vatPeriodOfQuarter(choice.quarter) : null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const choice = choiceIn(new URL(request.url).search);
  const loaded = await adminLoad(request, () => getVatReturn(choice, request.signal));
  return { choice, loaded };
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const KIND_LABELS = {
  invoices: 'Invoices',
  'credit-notes': 'Credit notes',
  payments: 'Payments received',
} as const;
const FORMAT_LABELS: Record<ExportFormat, string> = { xero: 'Xero', quickbooks: 'QuickBooks Online' };

function Boxes({ view }: { view: VatReturnView }) {
  return (
    <div className="admin-table">
      <ScrollRegion className="admin-table__scroll" label="The nine boxes, scrolls sideways">
        <table className="admin-vat-boxes">
          <caption>
            VAT return for {view.label} ({ukDate(view.from)} to {ukDate(view.to)})
          </caption>
          <thead>
            <tr>
              <th scope="col">Box</th>
              <th scope="col">Description</th>
              <th scope="col" className="admin-table__num">
                Amount
              </th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {view.boxes.map((box) => (
              <tr key={box.box}>
                <th scope="row">{box.box}</th>
                <td>{box.label}</td>
                <td className="admin-table__num">
                  {box.value === null ? 'Not from the shop' : formatDecimalGbp(box.value)}
                </td>
                <td>{box.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

function Documents({ view }: { view: VatReturnView }) {
  const shown = view.documents.slice(0, DOCUMENTS_SHOWN);
  return (
    <>
      <p>
        {view.documents.length > DOCUMENTS_SHOWN
          ? `Showing the first ${DOCUMENTS_SHOWN} of ${view.documents.length} documents; the CSV has them all.`
          : `${view.documents.length} documents.`}
      </p>
      {shown.length === 0 ? null : (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label="Invoices and credit notes, scrolls sideways">
            <table>
              <caption className="visually-hidden">Documents behind boxes 1 and 6</caption>
              <thead>
                <tr>
                  <th scope="col">Document</th>
                  <th scope="col">Order</th>
                  <th scope="col">Issued</th>
                  <th scope="col" className="admin-table__num">
                    Net
                  </th>
                  <th scope="col" className="admin-table__num">
                    VAT
                  </th>
                  <th scope="col" className="admin-table__num">
                    Gross
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((document) => (
                  <tr key={`${document.kind}-${document.number}`}>
                    <td>
                      {document.kind === 'invoice' ? 'VAT invoice' : 'Credit note'} {document.number}
                    </td>
                    <td>#{document.order}</td>
                    <td>{ukDate(document.issued_on)}</td>
                    <td className="admin-table__num">{formatDecimalGbp(document.net)}</td>
                    <td className="admin-table__num">{formatDecimalGbp(document.vat)}</td>
                    <td className="admin-table__num">{formatDecimalGbp(document.gross)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}
    </>
  );
}

function AccountsExports() {
  const today = ukToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<ExportFormat>('xero');
  const download = useFormSubmit();
  return (
    <section className="admin-panel" aria-labelledby="exports-title">
      <h2 id="exports-title">Exports for the accounts package</h2>
      <p>
        Invoices, credit notes and payments received of a range of days, in the layout the package imports.
      </p>
      <div className="admin-filters">
        <AdminInput
          id="export-from"
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          errors={download.errorsOf('from')}
        />
        <AdminInput
          id="export-to"
          label="To"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          errors={download.errorsOf('to')}
        />
        <AdminSelect
          id="export-format"
          label="Accounts package"
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
          errors={download.errorsOf('format')}
        >
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </AdminSelect>
      </div>
      <ul className="admin-downloads">
        {EXPORT_KINDS.map((kind) => (
          <li key={kind}>
            <button
              type="button"
              className="admin-button"
              disabled={download.busy}
              onClick={() =>
                void download.run(async () => {
                  await downloadAccountsExport(kind, format, from, to);
                  return `${KIND_LABELS[kind]} for ${FORMAT_LABELS[format]} are downloading.`;
                })
              }
            >
              Download {KIND_LABELS[kind].toLowerCase()} (CSV)
            </button>
          </li>
        ))}
      </ul>
      <FormOutcome error={download.formError} success={download.success} />
    </section>
  );
}

/**
 * /admin/vat-return: a VAT period's return (a calendar quarter or a staggered one) with the documents behind it,
 * and the accounts exports.
 */
export default function AdminVatReturn({ loaderData }: Route.ComponentProps) {
  const { choice, loaded } = loaderData;
  const period = periodOf(choice);
  const named = period ? vatPeriodLabel(period) : 'the period';
  const csv = useFormSubmit();
  return (
    <AdminPage
      title="VAT return and exports"
      actions={
        <button
          type="button"
          className="admin-button"
          disabled={csv.busy || loaded.state !== 'loaded'}
          onClick={() =>
            void csv.run(async () => {
              await downloadVatReturnCsv(choice);
              return `The VAT return for ${named} is downloading.`;
            })
          }
        >
          Download CSV
        </button>
      }
    >
      <FormOutcome error={csv.formError} success={csv.success} />
      <VatPeriodForm key={period ?? ''} period={period} />
      {loaded.state === 'loaded' ? (
        <>
          <section className="admin-panel" aria-labelledby="vat-boxes-title">
            <h2 id="vat-boxes-title">The nine boxes</h2>
            <p>
              HMRC takes boxes 6 to 9 in whole pounds: round them down when entering them. Boxes 4, 5 and 7
              depend on purchases, which are not in the shop.
            </p>
            <Boxes view={loaded.data} />
          </section>
          <section className="admin-panel" aria-labelledby="vat-documents-title">
            <h2 id="vat-documents-title">Invoices and credit notes</h2>
            <Documents view={loaded.data} />
          </section>
        </>
      ) : (
        <LoadFailure what="VAT return" failure={loaded} />
      )}
      <AccountsExports />
    </AdminPage>
  );
}
