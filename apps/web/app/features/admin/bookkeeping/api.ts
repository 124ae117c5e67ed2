import { ukToday } from '@shop/domain';
import type { ExportFormat, ExportKind, VatReturnView } from '@shop/domain';
import { fetchDocument } from '~/lib/fetch-document';
import { saveFile } from '~/lib/save-file';
import { adminRequest } from '../api';

/** The quarter 'YYYY-Qn' of a UK day 'YYYY-MM-DD'. */
export function quarterOf(day: string): string {
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

/** The quarter before `quarter`. */
export function previousQuarter(quarter: string): string {
  const year = Number(quarter.slice(0, 4));
  const n = Number(quarter.slice(6));
  return n === 1 ? `${year - 1}-Q4` : `${year}-Q${n - 1}`;
}

/** The last complete quarter (the one a VAT return is usually made for), and the `count` before it. */
export function recentQuarters(count: number, now = new Date()): string[] {
  const quarters = [quarterOf(ukToday(now))];
  while (quarters.length < count + 1) quarters.push(previousQuarter(quarters[quarters.length - 1]!));
  return quarters;
}

export function getVatReturn(quarter: string, signal?: AbortSignal) {
  return adminRequest<VatReturnView>(`vat-return/?quarter=${encodeURIComponent(quarter)}`, { signal });
}

/** The file needs the staff token, so it is fetched and saved rather than linked. */
export async function downloadVatReturnCsv(quarter: string): Promise<void> {
  const blob = await fetchDocument(
    `/api/administration/vat-return.csv?quarter=${encodeURIComponent(quarter)}`,
  );
  saveFile(blob, `vat-return-${quarter}.csv`);
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
