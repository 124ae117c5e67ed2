import type { ApprovalStatus, ApprovalView, OrderView, Page, ReorderResult } from '@shop/domain';
import { request } from '~/lib/api-client';
import { setCartCount } from '~/lib/current-cart';
import { getAccessToken } from '~/lib/session';

/**
 * Held orders (GET account/company/approvals/): the company's for approvers and administrators, a buyer's
 * own for a buyer; one status only when given.
 */
export function getApprovals(
  status: ApprovalStatus | null,
  page: number,
  signal?: AbortSignal,
): Promise<Page<ApprovalView>> {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return request<Page<ApprovalView>>(`account/company/approvals/${text ? `?${text}` : ''}`, { signal });
}

/**
 * Approves a held order (POST …/approvals/{id}/approve/): the order is placed now, with stock and credit
 * checked again; a 409 says why it could not be (the approval is then `refused`).
 */
export function approveOrder(id: number): Promise<{ approval: ApprovalView; order: OrderView }> {
  return request(`account/company/approvals/${id}/approve/`, { method: 'POST', body: {} });
}

/** Declines a held order, with a reason the buyer reads (POST …/approvals/{id}/decline/). */
export function declineOrder(id: number, reason: string): Promise<ApprovalView> {
  return request<ApprovalView>(`account/company/approvals/${id}/decline/`, {
    method: 'POST',
    body: { reason },
  });
}

/**
 * Puts the caller's own declined request back in their cart at today's prices (POST …/approvals/{id}/add-to-cart/),
 * and tells the header's cart link the cart's new number of lines.
 */
export async function approvalToCart(id: number): Promise<ReorderResult> {
  const result = await request<ReorderResult>(`account/company/approvals/${id}/add-to-cart/`, {
    method: 'POST',
  });
  // An answer that lands after a logout belongs to nobody now.
  if (getAccessToken() !== null) setCartCount(result.cart.items.length);
  return result;
}
