import {
  availableCreditPence,
  COMPANY_MESSAGES,
  companyAccountNumber,
  type CompanyAddress,
  type CompanyAddressUpdate,
  type CompanyAddressView,
  type CompanyApply,
  type CompanyInvitationView,
  type CompanyInvite,
  companyMay,
  type CompanyMemberView,
  type CompanyRole,
  type CompanyView,
  INVITATION_DAYS,
  MAX_COMPANY_ADDRESSES,
  MAX_COMPANY_MEMBERS,
  type MyInvitationView,
  type PageRequest,
  type PaymentTerms,
  paymentTermsLabel,
  penceToDecimal,
  ukToday,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { BadRequest, Invalid, NotFound, TooManyRequests } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { PermissionDenied } from '../accounts/errors';
import { enqueueEmail } from '../mail/service';
import { createRateLimiter, type RateLimit, type RateLimiter } from '../rate-limits/service';
import { ledgerOfJson } from '../receivables/ledger';
import { positionViewOf } from '../receivables/service';
import { selectSetting } from '../settings/service';
import { applicationEmail, applicationReceiptEmail, invitationEmail } from './emails';
import * as invitations from './invitation-queries';
import { membershipOf, paysOnAccount, type Membership } from './membership';
import * as queries from './queries';

// The companies module's calls for other modules.
export {
  companyColumns,
  isLastAdministratorWithOthers,
  leaveCompaniesOnErasure,
  ledgerJsonOf,
  lockCompany,
  owedPenceOf,
  selectAdministratorEmails,
  selectMembers,
  type CompanyRow,
  type LedgerJson,
} from './queries';
export { deleteMembershipOfUser } from './invitation-queries';

/**
 * Invitation e-mails to one address from one company: one a day, however often it is withdrawn and sent
 * again. Keyed by the address first, so an erasure of that address forgets it (removeClient).
 */
export const INVITATION_EMAIL_LIMIT: RateLimit = {
  name: 'company-invite-address',
  limit: 1,
  windowMs: 24 * 60 * 60_000,
};

/** 403 for a staff or owner account: they hold no trade membership (they price and approve trade accounts). */
function assertCustomer(account: { role: string }): void {
  if (account.role !== 'customer') throw new PermissionDenied(COMPANY_MESSAGES.staffNoTrade);
}

/** The most invitations one person's My account lists. */
export const MY_INVITATIONS_LIMIT = 50;

/** The caller: their id and the e-mail address the session check read from the database this request. */
export interface Caller {
  id: number;
  email: string;
}

/** Payment terms as the API answers them. */
export function paymentTermsView(terms: PaymentTerms | null) {
  if (!terms) return null;
  return {
    kind: terms.kind,
    days: terms.kind === 'days' ? terms.days : null,
    label: paymentTermsLabel(terms),
  };
}

const money = (pence: number | null) => (pence === null ? null : penceToDecimal(pence));

/** The caller's company in the API's words; the credit figures for its administrators, the available credit for every member. */
export function companyViewOf(row: queries.OwnCompanyRow, now: Date = new Date()): CompanyView {
  const administrator = row.role === 'administrator';
  const owed = row.owedPence ?? 0;
  const position =
    administrator && row.ledger !== null ? positionViewOf(ledgerOfJson(row.ledger), ukToday(now)) : null;
  return {
    id: row.id,
    account_number: companyAccountNumber(row.id),
    status: row.status,
    legal_name: row.legalName,
    trading_name: row.tradingName,
    business_type: row.businessType,
    company_number: row.companyNumber || null,
    vat_number: row.vatNumber || null,
    registered_address: row.registeredAddress,
    invoice_address: row.invoiceAddress,
    accounts_email: row.accountsEmail,
    requested_credit_limit: penceToDecimal(row.requestedCreditLimitPence),
    decline_reason: row.declineReason,
    role: row.role,
    order_limit: money(row.orderLimitPence),
    po_required: row.poRequired,
    pay_on_account: paysOnAccount(row),
    on_hold: row.onHold,
    hold_reason: row.holdReason,
    credit_limit: administrator ? penceToDecimal(row.creditLimitPence) : null,
    balance: administrator ? penceToDecimal(owed) : null,
    overdue: position?.overdue ?? null,
    aged: position?.aged ?? null,
    // Every member of an approved company sees what is left to order on account (the header shows it); the
    // limit, balance, aged debt and terms stay the administrators'.
    available_credit:
      administrator || row.status === 'approved'
        ? penceToDecimal(availableCreditPence(row.creditLimitPence, owed))
        : null,
    payment_terms: administrator ? paymentTermsView(row.paymentTerms) : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function memberViewOf(row: queries.MemberRow): CompanyMemberView {
  return {
    id: row.id,
    user: row.userId,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    order_limit: money(row.orderLimitPence),
    joined_at: row.createdAt.toISOString(),
  };
}

function invitationViewOf(row: invitations.ListedInvitationRow): CompanyInvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    order_limit: money(row.orderLimitPence),
    invited_by:
      row.inviterId === null
        ? null
        : {
            user: row.inviterId,
            name: `${row.inviterFirstName ?? ''} ${row.inviterLastName ?? ''}`.trim(),
            email: row.inviterEmail ?? '',
          },
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

const addressViewOf = (address: { id: number } & Omit<CompanyAddressView, 'shared' | 'id'>) => ({
  ...address,
  shared: true as const,
});

const noInviter = { inviterId: null, inviterFirstName: null, inviterLastName: null, inviterEmail: null };

/** 403 unless the member's role may do it (the role read from the database this request). */
function assertMay(membership: Membership, action: 'manage' | 'approve'): void {
  if (!companyMay(membership.role, action)) {
    throw new PermissionDenied(
      action === 'manage' ? COMPANY_MESSAGES.forbidden : COMPANY_MESSAGES.approverOnly,
    );
  }
}

/**
 * The trade account's company, members, invitations and shared addresses, from the member's side.
 * Membership and role are read from the database on every call (DESIGN §7): a member removed a moment ago
 * reads as none (404), and each write reads them again under the company's row lock.
 */
export function createCompaniesService(
  db: Db,
  options: { publicUrl: string; rateLimiter?: RateLimiter | undefined },
) {
  const accountUrl = `${options.publicUrl}/account/company`;
  const rateLimiter = options.rateLimiter ?? createRateLimiter(db);

  /** The caller's membership, or 404 when they belong to no company. */
  async function membership(userId: number): Promise<Membership> {
    const found = await membershipOf(db, userId);
    if (!found) throw new NotFound();
    return found;
  }

  /**
   * Runs a change of the caller's company in one transaction: the company's row locked first, then the
   * membership read again (a removal or role change that committed meanwhile counts), then the role checked.
   */
  async function asAdministrator<T>(userId: number, change: (tx: Db, member: Membership) => Promise<T>) {
    return db.transaction(async (tx) => {
      const companyId = await queries.lockCompanyOfUser(tx, userId);
      const member = companyId === undefined ? undefined : await membershipOf(tx, userId);
      if (!member || member.companyId !== companyId) throw new NotFound();
      assertMay(member, 'manage');
      return change(tx, member);
    });
  }

  async function ownCompany(userId: number): Promise<CompanyView> {
    const row = await queries.selectOwnCompany(db, userId);
    if (!row) throw new NotFound();
    return companyViewOf(row);
  }

  return {
    /** GET account/company/: one statement. */
    getCompany: ownCompany,

    /**
     * Applies for a trade account: the pending company, the caller as its administrator, the e-mail to the
     * shop and the applicant's receipt, all or nothing. A staff or owner account is refused (403), and so is a
     * member of a pending or approved company; a declined applicant's old membership ends in the same
     * transaction.
     */
    async apply(caller: Caller, application: CompanyApply): Promise<CompanyView> {
      await db.transaction(async (tx) => {
        const account = await queries.lockUser(tx, caller.id);
        if (!account) throw new NotFound();
        assertCustomer(account);
        const current = await membershipOf(tx, caller.id);
        if (current?.status === 'pending') throw new BadRequest(COMPANY_MESSAGES.alreadyApplied);
        if (current?.status === 'approved') throw new BadRequest(COMPANY_MESSAGES.alreadyMember);
        if (current) await queries.deleteMembership(tx, current.memberId);
        const companyId = await queries.insertCompany(tx, caller.id, application);
        await queries.insertMember(tx, {
          companyId,
          userId: caller.id,
          role: 'administrator',
          orderLimitPence: null,
        });
        const shop = await selectSetting(tx, 'contact');
        await enqueueEmail(tx, applicationEmail(shop.email, companyId, caller, application));
        await enqueueEmail(tx, applicationReceiptEmail(caller.email, companyId, application, accountUrl));
      });
      return ownCompany(caller.id);
    },

    /** PATCH account/company/: the company's own settings, by an administrator. */
    async updateSettings(userId: number, body: { po_required: boolean }): Promise<CompanyView> {
      await asAdministrator(userId, (tx, member) =>
        queries.updateCompanySettings(tx, member.companyId, body.po_required),
      );
      return ownCompany(userId);
    },

    // Members ---------------------------------------------------------------------------------

    async listMembers(userId: number, page: PageRequest) {
      const member = await membership(userId);
      assertMay(member, 'manage');
      const { count, rows } = await queries.selectMemberPage(db, member.companyId, pageWindow(page));
      return { count, results: rows.map(memberViewOf) };
    },

    /**
     * Changes a member's role and order limit. The company keeps at least one administrator, so the last one
     * cannot become a buyer or approver. An administrator who stops being one loses the invitations they sent.
     */
    async updateMember(
      userId: number,
      memberId: number,
      body: { role?: CompanyRole | undefined; order_limit?: number | null | undefined },
    ): Promise<CompanyMemberView> {
      return asAdministrator(userId, async (tx, member) => {
        const target = await queries.selectMember(tx, member.companyId, memberId);
        if (!target) throw new NotFound();
        if (
          target.role === 'administrator' &&
          body.role !== undefined &&
          body.role !== 'administrator' &&
          (await queries.countAdministrators(tx, member.companyId)) <= 1
        ) {
          throw new Invalid({ role: [COMPANY_MESSAGES.lastAdministrator] });
        }
        // An empty change (`{}`) changes nothing: there is no statement to run.
        if (body.role !== undefined || body.order_limit !== undefined) {
          await queries.updateMember(tx, memberId, { role: body.role, orderLimitPence: body.order_limit });
        }
        if (target.role === 'administrator' && body.role !== undefined && body.role !== 'administrator') {
          await invitations.deleteInvitationsFrom(tx, member.companyId, target.userId);
        }
        return memberViewOf({
          ...target,
          role: body.role ?? target.role,
          orderLimitPence: body.order_limit === undefined ? target.orderLimitPence : body.order_limit,
        });
      });
    },

    /**
     * Removes a member: never the caller, never the last administrator. The member's next request reads no
     * membership (every company call reads it from the database), so it no longer acts for the company;
     * their orders stay in the company's history, and the invitations they sent are withdrawn.
     */
    async removeMember(userId: number, memberId: number): Promise<void> {
      await asAdministrator(userId, async (tx, member) => {
        const target = await queries.selectMember(tx, member.companyId, memberId);
        if (!target) throw new NotFound();
        if (target.id === member.memberId) throw new BadRequest(COMPANY_MESSAGES.removeSelf);
        if (
          target.role === 'administrator' &&
          (await queries.countAdministrators(tx, member.companyId)) <= 1
        ) {
          throw new BadRequest(COMPANY_MESSAGES.lastAdministrator);
        }
        await invitations.deleteInvitationsFrom(tx, member.companyId, target.userId);
        await queries.deleteMembership(tx, memberId);
      });
    },

    // Invitations ------------------------------------------------------------------------------

    async listInvitations(userId: number, page: PageRequest) {
      const member = await membership(userId);
      assertMay(member, 'manage');
      const { count, rows } = await invitations.selectInvitationPage(db, member.companyId, pageWindow(page));
      return { count, results: rows.map(invitationViewOf) };
    },

    /**
     * Invites an address to an approved company, with the e-mail in the same transaction. Members and
     * unexpired invitations together stay within MAX_COMPANY_MEMBERS; one address is e-mailed by one company
     * at most once a day (429 after), however often its invitation is withdrawn and made again. Whether the address belongs to
     * another company is not said here (that would tell one company about another's people); accepting
     * refuses it instead.
     */
    async invite(caller: Caller, body: CompanyInvite): Promise<CompanyInvitationView> {
      return asAdministrator(caller.id, async (tx, member) => {
        if (member.status !== 'approved') throw new BadRequest(COMPANY_MESSAGES.notApproved);
        if (await queries.isMemberByEmail(tx, member.companyId, body.email)) {
          throw new Invalid({ email: [COMPANY_MESSAGES.invitedAlreadyMember] });
        }
        if ((await queries.seatsTaken(tx, member.companyId)) >= MAX_COMPANY_MEMBERS) {
          throw new Invalid({ non_field_errors: [COMPANY_MESSAGES.tooManyMembers] });
        }
        const invitation = await queries.insertInvitation(
          tx,
          member.companyId,
          caller.id,
          body,
          INVITATION_DAYS,
        );
        if (!invitation) throw new Invalid({ email: [COMPANY_MESSAGES.invitedAlreadyInvited] });
        try {
          // Counted in the transaction: a refused invitation leaves no count behind.
          await rateLimiter.consume(INVITATION_EMAIL_LIMIT, `${body.email}|${member.companyId}`, tx);
        } catch (error) {
          if (!(error instanceof TooManyRequests)) throw error;
          throw new TooManyRequests(error.retryAfterSeconds, COMPANY_MESSAGES.invitationSentToday);
        }
        const sent = await queries.selectInvitation(tx, invitation.id);
        await enqueueEmail(
          tx,
          invitationEmail(
            body.email,
            {
              companyId: member.companyId,
              company: sent!.company,
              role: body.role,
              invitedBy: sent!.invitedBy,
            },
            accountUrl,
          ),
        );
        const inviter = { user: caller.id, name: sent!.invitedBy, email: caller.email };
        return { ...invitationViewOf({ ...invitation, ...noInviter }), invited_by: inviter };
      });
    },

    async cancelInvitation(userId: number, invitationId: number): Promise<void> {
      await asAdministrator(userId, async (tx, member) => {
        if (!(await queries.deleteCompanyInvitation(tx, member.companyId, invitationId)))
          throw new NotFound();
      });
    },

    /** The invitations to the caller's own address (unexpired, from approved companies). */
    async myInvitations(caller: Caller): Promise<MyInvitationView[]> {
      const rows = await queries.selectInvitationsTo(db, caller.email, MY_INVITATIONS_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        company: row.company,
        role: row.role,
        order_limit: money(row.orderLimitPence),
        invited_by: row.invitedBy,
        expires_at: row.expiresAt.toISOString(),
      }));
    },

    /**
     * Accepts an invitation to the caller's own address (decision 010: the account's e-mail, proved at sign-up,
     * is the proof; any other invitation is 404). The caller must be a customer account (403 for staff and
     * owners), belong to no company (a declined application's membership ends here), and the invitation's sender
     * must still administer the company (403 otherwise); the invitation becomes the membership, in one
     * transaction.
     */
    async acceptInvitation(caller: Caller, invitationId: number): Promise<CompanyView> {
      await db.transaction(async (tx) => {
        const account = await queries.lockUser(tx, caller.id);
        if (!account) throw new NotFound();
        assertCustomer(account);
        const invitation = await queries.lockInvitationTo(tx, invitationId, caller.email);
        if (!invitation) throw new NotFound();
        if (invitation.expired) throw new BadRequest(COMPANY_MESSAGES.invitationExpired);
        // Read after the company's lock, in a statement of its own: a sender removed or demoted meanwhile
        // counts, and so does one whose account is gone (null) or is no longer a customer's.
        const sender =
          invitation.invitedById === null ? undefined : await membershipOf(tx, invitation.invitedById);
        if (sender?.companyId !== invitation.companyId || sender.role !== 'administrator') {
          throw new PermissionDenied(COMPANY_MESSAGES.inviterGone);
        }
        const current = await membershipOf(tx, caller.id);
        if (current && current.status !== 'declined') throw new BadRequest(COMPANY_MESSAGES.alreadyMember);
        if (current) await queries.deleteMembership(tx, current.memberId);
        await queries.insertMember(tx, {
          companyId: invitation.companyId,
          userId: caller.id,
          role: invitation.role,
          orderLimitPence: invitation.orderLimitPence,
        });
        await queries.deleteInvitation(tx, invitation.id);
      });
      return ownCompany(caller.id);
    },

    async declineInvitation(caller: Caller, invitationId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const invitation = await queries.lockInvitationTo(tx, invitationId, caller.email);
        if (!invitation) throw new NotFound();
        await queries.deleteInvitation(tx, invitation.id);
      });
    },

    // Shared addresses ---------------------------------------------------------------------------

    async listAddresses(userId: number): Promise<CompanyAddressView[]> {
      const member = await membership(userId);
      const rows = await queries.selectCompanyAddresses(db, member.companyId, MAX_COMPANY_ADDRESSES);
      return rows.map(addressViewOf);
    },

    async createAddress(userId: number, address: CompanyAddress): Promise<CompanyAddressView> {
      const id = await asAdministrator(userId, (tx, member) =>
        queries.insertCompanyAddressUnderCap(tx, member.companyId, address, MAX_COMPANY_ADDRESSES),
      );
      if (id === null) throw new Invalid({ non_field_errors: [COMPANY_MESSAGES.tooManyAddresses] });
      return addressViewOf({ id, ...address });
    },

    async updateAddress(
      userId: number,
      addressId: number,
      update: CompanyAddressUpdate,
    ): Promise<CompanyAddressView> {
      const { country: _country, ...changes } = update;
      const address = await asAdministrator(userId, (tx, member) =>
        queries.updateCompanyAddress(tx, member.companyId, addressId, changes),
      );
      if (!address) throw new NotFound();
      return addressViewOf(address);
    },

    async deleteAddress(userId: number, addressId: number): Promise<void> {
      await asAdministrator(userId, async (tx, member) => {
        if (!(await queries.deleteCompanyAddress(tx, member.companyId, addressId))) throw new NotFound();
      });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
