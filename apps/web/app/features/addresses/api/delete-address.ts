import { request } from '~/lib/api-client';

/** Deletes one of the buyer's addresses (DELETE addresses/{id}/); orders keep their own copies. */
export async function deleteAddress(id: number): Promise<void> {
  await request<unknown>(`addresses/${id}/`, { method: 'DELETE' });
}
