import type { ImportApplied, ImportPreview, ImportRefused } from '@shop/domain';
import { ApiError, apiUrl, normaliseErrorResponse, refreshAccessToken } from '~/lib/api-client';
import { getAccessToken } from '~/lib/session';
import { adminUpload } from '../api';

const ROOT = 'import-export/items';

/** The file as the API takes it: its bytes with the CSV media type, whatever the browser guessed. */
export function csvBlob(source: Blob | string): Blob {
  return new Blob([source], { type: 'text/csv' });
}

/** What importing the file would change, and its errors by line and column; writes nothing. */
export function previewItemsCsv(file: Blob): Promise<ImportPreview> {
  return adminUpload<ImportPreview>(`${ROOT}/preview/`, file);
}

/** Applies the previewed file (the same bytes, and the preview's hash), all or nothing. */
export function applyItemsCsv(file: Blob, sha256: string): Promise<ImportApplied> {
  return adminUpload<ImportApplied>(`${ROOT}/apply/?sha256=${encodeURIComponent(sha256)}`, file);
}

/** The refusal's errors when apply/ found errors in the file (the catalogue changed since the preview). */
export function refusedImport(error: unknown): ImportRefused | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as Partial<ImportRefused> | null;
  return body && Array.isArray(body.errors) && body.counts ? (body as ImportRefused) : null;
}

/**
 * Downloads the catalogue CSV. A plain link cannot carry the bearer token, so the file is fetched with it (and
 * a refreshed one when it has expired) and handed to the browser as a Blob: the whole file is held in memory
 * once, about 15 MB at 100k items.
 */
export async function downloadItemsCsv(): Promise<{ blob: Blob; filename: string }> {
  const send = (token: string | null) =>
    fetch(apiUrl(`administration/import-export/items.csv`), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  let response = await send(getAccessToken());
  if (response.status === 401) response = await send(await refreshAccessToken());
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text is the message.
    }
    throw normaliseErrorResponse(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'items.csv';
  return { blob: await response.blob(), filename };
}

/** Saves a Blob as a file through a temporary object URL (the browser's own download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the URL to the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
