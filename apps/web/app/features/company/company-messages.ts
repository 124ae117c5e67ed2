import { APPLICATION_DECISION_WORKING_DAYS, type CompanyRole, COMPANY_ROLE_LABELS } from '@shop/domain';

/** What the trade account screens say of their own; the API's words come from COMPANY_MESSAGES. */
export const COMPANY_PAGE_MESSAGES = {
  loadFailed: 'Your trade account could not be loaded.',
  sectionLoadFailed: (what: string) => `The ${what} could not be loaded.`,
  explain:
    'A trade account lets your business order on account within a credit limit, with purchase-order numbers, ' +
    'several buyers and approvals. Limited companies, LLPs, sole traders, partnerships, charities and public ' +
    `bodies may apply. We check every application and e-mail you our decision within ${APPLICATION_DECISION_WORKING_DAYS} working days.`,
  pending: `We are checking your application and will e-mail you our decision within ${APPLICATION_DECISION_WORKING_DAYS} working days.`,
  declined: 'Your application was declined.',
  applied: 'Thank you. Your application has been sent to us.',
  applyFailed: 'Your application could not be sent. Please try again.',
  checkForm: 'Please correct the highlighted fields.',
  invitationsNone: 'You have no invitations.',
  invitedTo: (company: string, role: CompanyRole) =>
    `${company} has invited you to join its trade account as ${COMPANY_ROLE_LABELS[role].toLowerCase()}.`,
  joined: (company: string) => `You have joined ${company}.`,
  noOrderLimit: 'None: your on-account orders need no approval',
  invitationDeclined: 'Invitation declined.',
  invitationFailed: 'The invitation could not be answered. Please try again.',
  memberSaved: (name: string) => `${name}’s role and order limit are saved.`,
  memberRemoved: (name: string) => `${name} has been removed from the company.`,
  memberFailed: 'The member could not be changed. Please try again.',
  confirmRemove: (name: string) => `Remove ${name} from the company? They will no longer order for it.`,
  invited: (email: string) => `An invitation has been e-mailed to ${email}.`,
  inviteFailed: 'The invitation could not be sent. Please try again.',
  invitationCancelled: (email: string) => `The invitation to ${email} has been cancelled.`,
  noInvitations: 'There are no pending invitations.',
  noAddresses: 'The company has no shared addresses yet.',
  addressAdded: 'Address added. Every member can now choose it at checkout.',
  addressSaved: 'Address saved.',
  addressDeleted: 'Address deleted.',
  addressSaveFailed: 'The address could not be saved. Please try again.',
  addressDeleteFailed: 'The address could not be deleted. Please try again.',
  settingsSaved: 'Settings saved.',
  settingsFailed: 'The settings could not be saved. Please try again.',
  noOrders: 'No orders match.',
  noInvoices: 'The company has no invoices yet.',
  noApprovals: 'There are no orders here.',
  approved: (order: number) => `Order #${order} placed.`,
  declinedOrder: 'The order has been declined, and the buyer told.',
  approvalFailed: 'The order could not be decided. Please try again.',
  putBack: (reference: string) => `The items of ${reference} are back in your cart, at today’s prices.`,
  putBackFailed: 'The items could not be put back in your cart. Please try again.',
} as const;
