import type {
  Page,
  SavedListImport,
  SavedListLinesAdd,
  SavedListSummary,
  SavedListView,
  SavedListWriteInput,
} from '@shop/domain';
import { request } from '~/lib/api-client';
import { fetchDocument } from '~/lib/fetch-document';

/** Lists one person may keep (SAVED_LIST_LIMITS.listsPerUser): one page of the index holds them all. */
const INDEX_PAGE_SIZE = 100;

/** The buyer's own lists and their company's shared ones, by name (GET account/lists/). */
export function getSavedLists(page = 1, signal?: AbortSignal): Promise<Page<SavedListSummary>> {
  return request<Page<SavedListSummary>>(`account/lists/?page=${page}&page_size=${INDEX_PAGE_SIZE}`, {
    signal,
  });
}

/** One list with its lines (GET account/lists/{id}/). */
export function getSavedList(id: number, signal?: AbortSignal): Promise<SavedListView> {
  return request<SavedListView>(`account/lists/${id}/`, { signal });
}

/** A new list (POST account/lists/). */
export function createSavedList(body: SavedListWriteInput): Promise<SavedListView> {
  return request<SavedListView>('account/lists/', { method: 'POST', body });
}

/** The list's name, sharing and lines replaced (PUT account/lists/{id}/). */
export function replaceSavedList(id: number, body: SavedListWriteInput): Promise<SavedListView> {
  return request<SavedListView>(`account/lists/${id}/`, { method: 'PUT', body });
}

/** Deletes a list (DELETE account/lists/{id}/). */
export async function deleteSavedList(id: number): Promise<void> {
  await request<unknown>(`account/lists/${id}/`, { method: 'DELETE' });
}

/** Adds an item, or several lines, to a list (POST account/lists/{id}/lines/). */
export function addToSavedList(id: number, body: SavedListLinesAdd): Promise<SavedListView> {
  return request<SavedListView>(`account/lists/${id}/lines/`, { method: 'POST', body });
}

/** A new list from CSV text in the quick order's `SKU, packs` format (POST account/lists/import/). */
export function importSavedList(body: SavedListImport): Promise<SavedListView> {
  return request<SavedListView>('account/lists/import/', { method: 'POST', body });
}

/** The list as a CSV file (GET account/lists/{id}/export.csv), with the buyer's token. */
export function exportSavedList(id: number, signal?: AbortSignal): Promise<Blob> {
  return fetchDocument(`/api/account/lists/${id}/export.csv`, signal);
}
