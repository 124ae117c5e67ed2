import type {
  AdminCompanyDetail,
  AdminCompanyRow,
  CompanyCreditInput,
  CompanyDeclineInput,
  CompanyHoldInput,
} from '@shop/domain';
import { type AdminPage, adminRequest } from '../../api';
import { listQuery } from '../../components/list-params';

/** The company list's default order, newest first, as the API has it. */
export const DEFAULT_COMPANY_ORDERING = '-created_at';

/** The status the list shows when the URL names none: the applications awaiting a decision come first. */
export const DEFAULT_COMPANY_STATUS = 'pending';

/** The list's status filter as the URL has it: a status, 'any' for every company, none for the default. */
export function companyStatusOf(search: URLSearchParams): string {
  const status = search.get('status');
  return status === null ? DEFAULT_COMPANY_STATUS : status;
}

/** The companies page for a URL's query (status, search, ordering, page). */
export function getCompanies(search: URLSearchParams, signal?: AbortSignal) {
  const params = new URLSearchParams(search);
  const status = companyStatusOf(search);
  if (status === 'any') params.delete('status');
  else params.set('status', status);
  const query = listQuery(params, ['status', 'search', 'ordering', 'page']);
  return adminRequest<AdminPage<AdminCompanyRow>>(`companies/${query}`, { signal });
}

export function getCompany(id: number, signal?: AbortSignal) {
  return adminRequest<AdminCompanyDetail>(`companies/${id}/`, { signal });
}

export function approveCompany(id: number, body: CompanyCreditInput) {
  return adminRequest<AdminCompanyDetail>(`companies/${id}/approve/`, { method: 'POST', body });
}

export function declineCompany(id: number, body: CompanyDeclineInput) {
  return adminRequest<AdminCompanyDetail>(`companies/${id}/decline/`, { method: 'POST', body });
}

/** A new credit limit and terms for an approved company. */
export function updateCompanyCredit(id: number, body: CompanyCreditInput) {
  return adminRequest<AdminCompanyDetail>(`companies/${id}/`, { method: 'PATCH', body });
}

/** Puts the company on hold (it cannot pay on account) or lifts the hold. */
export function holdCompany(id: number, body: CompanyHoldInput) {
  return adminRequest<AdminCompanyDetail>(`companies/${id}/hold/`, { method: 'POST', body });
}
