import type { TradeAccountSummary } from '../components/trade-account-section';
import { getCompany } from './get-company';
import { getMyInvitations } from './invitations';

/**
 * What My account shows of the trade account: the caller's company (or none) and the invitations sent to
 * them, read side by side; the invitations matter only to someone without a company.
 */
export async function getTradeAccountSummary(signal?: AbortSignal): Promise<TradeAccountSummary> {
  const [company, invitations] = await Promise.all([getCompany(signal), getMyInvitations(signal)]);
  return { company, invitations: company ? [] : invitations };
}
