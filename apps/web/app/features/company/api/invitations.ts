import {
  type CompanyInvitationView,
  CompanyInvitationViewSchema,
  type CompanyView,
  type MyInvitationView,
  MyInvitationViewSchema,
} from '@shop/domain';
import { request } from '~/lib/api-client';
import { readList } from './read-list';

/** The company's pending invitations (GET account/company/invitations/, administrators). */
export function getCompanyInvitations(signal?: AbortSignal): Promise<CompanyInvitationView[]> {
  return readList('account/company/invitations/', CompanyInvitationViewSchema, signal);
}

/** Invites someone by e-mail (POST account/company/invitations/); the server e-mails them. */
export function inviteMember(body: {
  email: string;
  role: string;
  order_limit: string | null;
}): Promise<CompanyInvitationView> {
  return request<CompanyInvitationView>('account/company/invitations/', { method: 'POST', body });
}

/** Cancels a pending invitation (DELETE account/company/invitations/{id}/). */
export async function cancelInvitation(id: number): Promise<void> {
  await request<unknown>(`account/company/invitations/${id}/`, { method: 'DELETE' });
}

/** The invitations sent to the caller's own e-mail address (GET account/invitations/). */
export function getMyInvitations(signal?: AbortSignal): Promise<MyInvitationView[]> {
  return readList('account/invitations/', MyInvitationViewSchema, signal);
}

/** Joins the inviting company (POST account/invitations/{id}/accept/). */
export function acceptInvitation(id: number): Promise<CompanyView> {
  return request<CompanyView>(`account/invitations/${id}/accept/`, { method: 'POST', body: {} });
}

/** Turns an invitation down (POST account/invitations/{id}/decline/). */
export async function declineInvitation(id: number): Promise<void> {
  await request<unknown>(`account/invitations/${id}/decline/`, { method: 'POST', body: {} });
}
