import { type CompanyMemberView, CompanyMemberViewSchema, MAX_COMPANY_MEMBERS } from '@shop/domain';
import { request } from '~/lib/api-client';
import { readList } from './read-list';

/** The company's members (GET account/company/members/, administrators), every page. */
export function getMembers(signal?: AbortSignal): Promise<CompanyMemberView[]> {
  return readList(
    `account/company/members/?page_size=${MAX_COMPANY_MEMBERS / 2}`,
    CompanyMemberViewSchema,
    signal,
  );
}

/** A member's role and order limit, in pounds or null for none (PATCH account/company/members/{id}/). */
export function updateMember(
  id: number,
  body: { role?: string; order_limit?: string | null },
): Promise<CompanyMemberView> {
  return request<CompanyMemberView>(`account/company/members/${id}/`, { method: 'PATCH', body });
}

/** Removes a member (DELETE account/company/members/{id}/): their next request no longer acts for it. */
export async function removeMember(id: number): Promise<void> {
  await request<unknown>(`account/company/members/${id}/`, { method: 'DELETE' });
}
