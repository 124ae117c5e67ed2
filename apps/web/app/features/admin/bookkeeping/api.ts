import type { ExportFormat, ExportKind, VatReturnView } from '@shop/domain';
import { fetchDocument } from '~/lib/fetch-document';
import { saveFile } from '~/lib/save-file';
import { adminRequest } from '../api';

/** What the VAT page asks for: a calendar quarter (an old link's `?quarter=`) or a period by its last month. */
export type VatPeriodChoice = { quarter: string } | { period: string };

/** The choice as the API's query string. */
export const vatQuery = (choice: VatPeriodChoice) =>
  'quarter' in choice
    ? `quarter=${encodeURIComponent(choice.quarter)}`
    : `period=${encodeURIComponent(choice.period)}`;

export function getVatReturn(choice: VatPeriodChoice, signal?: AbortSignal) {
  return adminRequest<VatReturnView>(`vat-return/?${vatQuery(choice)}`, { signal });
}

/** The file needs the staff token, so it is fetched and saved rather than linked. */
export async function downloadVatReturnCsv(choice: VatPeriodChoice): Promise<void> {
  const blob = await fetchDocument(`/api/administration/vat-return.csv?${vatQuery(choice)}`);
  saveFile(blob, `vat-return-${'quarter' in choice ? choice.quarter : choice.period}.csv`);
}

export async function downloadAccountsExport(
  kind: ExportKind,
  format: ExportFormat,
  from: string,
  to: string,
): Promise<void> {
  const query = new URLSearchParams({ format, from, to });
  const blob = await fetchDocument(`/api/administration/exports/${kind}.csv?${query}`);
  saveFile(blob, `${kind}-${format}-${from}-to-${to}.csv`);
}
