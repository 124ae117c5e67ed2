import type { AuditEntryView, CustomerSummary, RoleChange, StaffMemberView } from '@shop/domain';
import { type AdminPage, adminRequest } from '../../api';
import { listQuery } from '../../components/list-params';

/** Owners only: staff and owners. */
export function getStaff(page: number, signal?: AbortSignal) {
  return adminRequest<AdminPage<StaffMemberView>>(`staff/?page=${page}`, { signal });
}

/** Owners only: gives a user a role, from their next request. */
export function changeRole(userId: number, body: RoleChange) {
  return adminRequest<StaffMemberView>(`users/${userId}/role/`, { method: 'PATCH', body });
}

/** The account with exactly this e-mail, found through the customer search. */
export async function findUserByEmail(email: string): Promise<CustomerSummary | null> {
  const wanted = email.trim().toLowerCase();
  const page = await adminRequest<AdminPage<CustomerSummary>>(
    `customers/?q=${encodeURIComponent(wanted)}&page_size=100`,
  );
  return page.results.find((row) => row.email === wanted) ?? null;
}

/** The audit log page for a URL's query (entity_type, entity_id, actor, action, page). */
export function getAuditLog(search: URLSearchParams, signal?: AbortSignal) {
  const query = listQuery(search, ['entity_type', 'entity_id', 'actor', 'action', 'page']);
  return adminRequest<AdminPage<AuditEntryView>>(`audit/${query}`, { signal });
}
