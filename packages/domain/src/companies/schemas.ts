import { z } from 'zod';
import { AddressCreateSchema, AddressUpdateSchema, AddressViewSchema } from '../addresses/schemas';
import { CompanyNumberSchema, UkVatNumberSchema } from '../administration/shop-settings';
import { pageSchema } from '../pagination';
import { formatGbp, penceFromPounds } from '../pricing/money';
import { AddressSnapshotSchema, ORDER_STATUSES, OrderViewSchema, PAYMENT_STATUSES } from '../orders/schemas';
import { AGED_BUCKETS } from '../receivables/rules';

/**
 * Trade accounts (DESIGN §7): a company applies, staff approve it with a credit limit and payment
 * terms (or for card payment only), its members order under it with roles, and an approved company may pay
 * on account within its available credit.
 */

/** The most credit a company may be given or ask for, in pence (£999,999.99, one order's most). */
export const MAX_CREDIT_LIMIT_PENCE = 99_999_999;
/** The most members and pending invitations one company may have together (docs/security.md). */
export const MAX_COMPANY_MEMBERS = 200;
/** The most shared delivery addresses one company may keep. */
export const MAX_COMPANY_ADDRESSES = 100;
/** How long an invitation may be accepted, in days. */
export const INVITATION_DAYS = 14;
/** The most days of credit a company may be given. */
export const MAX_PAYMENT_TERMS_DAYS = 120;
/** A purchase-order number's most characters. */
export const MAX_PO_NUMBER_LENGTH = 50;

export const COMPANY_STATUSES = ['pending', 'approved', 'declined'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_ROLES = ['administrator', 'buyer', 'approver'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  administrator: 'Administrator',
  buyer: 'Buyer',
  approver: 'Approver',
};

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  pending: 'Awaiting a decision',
  approved: 'Approved',
  declined: 'Declined',
};

/** The words of trade accounts, shown as written; the API's field errors and details use them too. */
export const COMPANY_MESSAGES = {
  required: 'This field is required.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  email: 'Enter a valid email address.',
  money: 'Enter an amount in pounds, e.g. 2500, 2500.00 or £2,500.',
  creditRange: `Enter an amount from £0.00 to ${formatGbp(MAX_CREDIT_LIMIT_PENCE)}.`,
  twoReferences: 'Give two trade references.',
  termsRange: `Enter a number of days from 1 to ${MAX_PAYMENT_TERMS_DAYS}.`,
  termsOneOf: 'Give either payment_terms_days or payment_terms, not both.',
  termsRequired: 'Payment terms are required when credit is given.',
  alreadyMember: 'You already belong to a company.',
  alreadyApplied: 'You have already applied for a trade account.',
  notApproved: 'This company’s trade account is not approved.',
  alreadyDecided: 'This application has already been decided.',
  declineReason: 'Give the reason for declining.',
  invitedAlreadyMember: 'This person already belongs to a company.',
  invitedAlreadyInvited: 'This person has already been invited.',
  invitationEmailMismatch: 'This invitation was sent to another e-mail address.',
  invitationExpired: 'This invitation has expired. Ask the company’s administrator to invite you again.',
  tooManyMembers: `A company can have at most ${MAX_COMPANY_MEMBERS} members and invitations.`,
  tooManyAddresses: `A company can keep at most ${MAX_COMPANY_ADDRESSES} addresses.`,
  lastAdministrator: 'A company needs at least one administrator.',
  removeSelf: 'You cannot remove yourself. Ask another administrator.',
  orderLimitRange: `Enter an amount from £0.01 to ${formatGbp(MAX_CREDIT_LIMIT_PENCE)}, or leave it empty for no limit.`,
  forbidden: 'Only the company’s administrators can do this.',
  approverOnly: 'Only the company’s approvers and administrators can approve orders.',
  staffNoTrade:
    'Staff and owner accounts cannot belong to a trade account. Use a customer account to order for a company.',
  staffApplicant:
    'This application was made from a staff or owner account, which cannot hold a trade account. Decline it.',
  inviterGone:
    'This invitation is no longer valid: the person who sent it no longer administers the company. Ask the company’s administrator to invite you again.',
  lastAdministratorPromoted:
    'This person is the only administrator of a trade account that others belong to. Make another member its administrator first.',
  invitationSentToday:
    'An invitation was already sent to that address today. You can invite it again tomorrow.',
  // Ordering on account
  poRequired: 'Enter your purchase-order number.',
  poUsed: (number: string) =>
    `Purchase-order number ${number} has already been used by your company. Place the order again to use it anyway.`,
  notOnAccount: 'Your company cannot pay on account. Please pay by card.',
  noCompany: 'Pay on account is for trade accounts. Please pay by card.',
  onHold: (reason: string) =>
    `Your company’s account is on hold, so it cannot pay on account${reason ? `: ${reason}` : ''}. Please pay by card or contact us.`,
  overCredit: (availablePence: number) =>
    `This order is more than your company’s available credit of ${formatGbp(Math.max(0, availablePence))}. Please pay by card or contact us.`,
  awaitingApproval: 'Your order is above your order limit, so it has been sent to your company’s approvers.',
  /** The checkout's word before an on-account order above the buyer's order limit is sent. */
  overOrderLimit: (limitPence: number) =>
    `This order is over your order limit of ${formatGbp(limitPence)}, so it will go to your company’s approvers. Nothing is charged or sent until one of them approves it.`,
  approvalDecided: 'This order has already been approved or declined.',
  ownApproval: 'You cannot approve your own order.',
  notPutBack: 'Only a request that was declined or could not be placed can be put back in your cart.',
} as const;

const text = (max: number) =>
  z
    .string({ message: COMPANY_MESSAGES.required })
    .trim()
    .min(1, COMPANY_MESSAGES.required)
    .max(max, COMPANY_MESSAGES.tooLong(max));

const email = z
  .string({ message: COMPANY_MESSAGES.required })
  .trim()
  .min(1, { message: COMPANY_MESSAGES.required, abort: true })
  .max(254, { message: COMPANY_MESSAGES.tooLong(254), abort: true })
  .toLowerCase()
  .pipe(z.email({ message: COMPANY_MESSAGES.email }));

/**
 * An amount of pounds as the API takes it, "2500", "2500.00", "£2,500" or 2500, answered as pence; bounded by `max`
 * pence and at least `min`.
 */
export const poundsSchema = (min: number, max: number, message: string) =>
  z
    .union([z.string(), z.number()], { message: COMPANY_MESSAGES.money })
    .transform((value, ctx) => {
      const pence =
        typeof value === 'number'
          ? Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
            ? Math.round(value * 100)
            : Number.NaN
          : penceFromPounds(value);
      if (Number.isNaN(pence)) {
        ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.money });
        return z.NEVER;
      }
      if (pence < min || pence > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return pence;
    })
    .meta({ description: 'Pounds: a decimal string such as "2500.00", or a number.' });

const CreditLimitSchema = poundsSchema(0, MAX_CREDIT_LIMIT_PENCE, COMPANY_MESSAGES.creditRange);

/** A company's address, in the address book's fields (no default flags). */
export const CompanyAddressSchema = AddressCreateSchema.omit({
  is_default_billing: true,
  is_default_shipping: true,
});
export type CompanyAddressInput = z.input<typeof CompanyAddressSchema>;
export type CompanyAddress = z.infer<typeof CompanyAddressSchema>;

export const TradeReferenceSchema = z.object({ name: text(200), email }).strict();

/** What kind of business applies: it decides which registration numbers the application needs. */
export const BUSINESS_TYPES = [
  'limited_company',
  'llp',
  'sole_trader',
  'partnership',
  'charity',
  'other',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  limited_company: 'Limited company',
  llp: 'Limited liability partnership (LLP)',
  sole_trader: 'Sole trader',
  partnership: 'Partnership',
  charity: 'Charity',
  other: 'Other, e.g. a public body',
};

/** The business types registered at Companies House, whose number the application needs. */
export const INCORPORATED_BUSINESS_TYPES: readonly BusinessType[] = ['limited_company', 'llp'];

/** How many working days staff take to decide an application, as the applicant's receipt promises. */
export const APPLICATION_DECISION_WORKING_DAYS = 2;

export const APPLICATION_MESSAGES = {
  businessType: 'Choose the type of business.',
  companyNumberRequired: 'Enter the Companies House number: limited companies and LLPs have one.',
  vatNumberRequired: 'Enter your VAT number, or say that you are not VAT registered.',
} as const;

/** Copies a field schema's refusal onto the application's issues, under the field's name. */
function checkField(
  schema: z.ZodType,
  value: unknown,
  path: string,
  emptyMessage: string,
  ctx: z.RefinementCtx,
) {
  if (typeof value !== 'string' || value.trim() === '') {
    ctx.addIssue({ code: 'custom', path: [path], message: emptyMessage });
    return;
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0]!.message });
  }
}

/** A registration number field: optional in the body, needed only when the business type or VAT says so. */
const optionalNumber = z
  .string({ message: COMPANY_MESSAGES.required })
  .max(20, COMPANY_MESSAGES.tooLong(20))
  .optional();

/** The application's own fields; CompanyApplySchema adds the numbers that its business type asks for. */
const ApplicationFieldsSchema = z
  .object({
    business_type: z
      .enum(BUSINESS_TYPES, { message: APPLICATION_MESSAGES.businessType })
      .default('limited_company'),
    legal_name: text(200),
    trading_name: text(200),
    company_number: optionalNumber,
    vat_registered: z.boolean({ message: 'Say whether you are VAT registered.' }).default(true),
    vat_number: optionalNumber,
    registered_address: CompanyAddressSchema,
    invoice_address: CompanyAddressSchema,
    accounts_email: email,
    requested_credit_limit: CreditLimitSchema,
    trade_references: z
      .array(TradeReferenceSchema, { message: COMPANY_MESSAGES.twoReferences })
      .length(2, COMPANY_MESSAGES.twoReferences),
  })
  .strict();

/**
 * The numbers a business type asks for, read from the body as sent: checked beside the other fields (an
 * intersection, not a refinement of the object, which would wait until every other field is right), so a
 * form shows every mistake at once.
 */
const RegistrationNumbersSchema = z
  .object({
    business_type: z.unknown().optional(),
    company_number: z.unknown().optional(),
    vat_registered: z.unknown().optional(),
    vat_number: z.unknown().optional(),
  })
  // Strict as well: an intersection reports a key only when neither side knows it.
  .strict()
  .superRefine((body, ctx) => {
    const type = body.business_type ?? 'limited_company';
    if (INCORPORATED_BUSINESS_TYPES.includes(type as BusinessType)) {
      checkField(
        CompanyNumberSchema,
        body.company_number,
        'company_number',
        APPLICATION_MESSAGES.companyNumberRequired,
        ctx,
      );
    }
    if (body.vat_registered !== false) {
      checkField(
        UkVatNumberSchema,
        body.vat_number,
        'vat_number',
        APPLICATION_MESSAGES.vatNumberRequired,
        ctx,
      );
    }
  });

/**
 * POST account/company/: the application for a trade account. A Companies House number only from a limited
 * company or an LLP, a VAT number only from a VAT-registered business; any other is dropped (null). A body
 * without `business_type` and `vat_registered` reads as a VAT-registered limited company, as the first
 * clients of trade accounts send it.
 */
export const CompanyApplySchema = z
  // The fields' schema last: a generator that merges the parts (the OpenAPI fuzz run) keeps its properties.
  .intersection(RegistrationNumbersSchema, ApplicationFieldsSchema)
  .transform((body) => ({
    business_type: body.business_type,
    legal_name: body.legal_name,
    trading_name: body.trading_name,
    company_number: INCORPORATED_BUSINESS_TYPES.includes(body.business_type)
      ? CompanyNumberSchema.parse(body.company_number)
      : null,
    vat_registered: body.vat_registered,
    vat_number: body.vat_registered ? UkVatNumberSchema.parse(body.vat_number) : null,
    registered_address: body.registered_address,
    invoice_address: body.invoice_address,
    accounts_email: body.accounts_email,
    requested_credit_limit: body.requested_credit_limit,
    trade_references: body.trade_references,
  }));
export type CompanyApply = z.infer<typeof CompanyApplySchema>;
export type CompanyApplyInput = z.input<typeof CompanyApplySchema>;

/**
 * Payment terms: a number of days after the invoice, or the end of the month after the invoice's month.
 * Stored and answered in this one shape.
 */
export const PaymentTermsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('days'), days: z.number().int().min(1).max(MAX_PAYMENT_TERMS_DAYS) }),
  z.object({ kind: z.literal('end_of_following_month') }),
]);
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

const TermsDaysSchema = z
  .number({ message: COMPANY_MESSAGES.termsRange })
  .int(COMPANY_MESSAGES.termsRange)
  .min(1, COMPANY_MESSAGES.termsRange)
  .max(MAX_PAYMENT_TERMS_DAYS, COMPANY_MESSAGES.termsRange);

/**
 * The terms as staff give them: `payment_terms_days: 30`, or `payment_terms: "end_of_following_month"`.
 * A credit limit of 0 approves the company for card payment only, and needs no terms.
 */
const termsFields = {
  credit_limit: CreditLimitSchema,
  payment_terms_days: TermsDaysSchema.optional(),
  payment_terms: z.literal('end_of_following_month').optional(),
};

function termsOf(body: {
  payment_terms_days?: number | undefined;
  payment_terms?: 'end_of_following_month' | undefined;
}): PaymentTerms | null {
  if (body.payment_terms_days !== undefined) return { kind: 'days', days: body.payment_terms_days };
  if (body.payment_terms !== undefined) return { kind: 'end_of_following_month' };
  return null;
}

const withTerms = <T extends { credit_limit: number } & Parameters<typeof termsOf>[0]>(
  body: T,
  ctx: z.RefinementCtx,
) => {
  if (body.payment_terms_days !== undefined && body.payment_terms !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['payment_terms'], message: COMPANY_MESSAGES.termsOneOf });
  } else if (body.credit_limit > 0 && termsOf(body) === null) {
    ctx.addIssue({ code: 'custom', path: ['payment_terms_days'], message: COMPANY_MESSAGES.termsRequired });
  }
};

/** POST administration/companies/{id}/approve/: the credit limit and terms (0: card payment only). */
export const CompanyApproveSchema = z
  .object(termsFields)
  .strict()
  .superRefine(withTerms)
  .transform((body) => ({ credit_limit_pence: body.credit_limit, terms: termsOf(body) }));
export type CompanyApprove = z.infer<typeof CompanyApproveSchema>;

/** POST administration/companies/{id}/decline/. */
export const CompanyDeclineSchema = z
  .object({ reason: text(500).pipe(z.string().min(1, COMPANY_MESSAGES.declineReason)) })
  .strict();

/** PATCH administration/companies/{id}/: a new limit and terms for an approved company. */
export const CompanyCreditUpdateSchema = CompanyApproveSchema;

/** POST administration/companies/{id}/hold/: put on hold (with the reason the buyers read) or lift it. */
export const CompanyHoldSchema = z
  .object({ on_hold: z.boolean(), reason: z.string().trim().max(500).optional().default('') })
  .strict();

/** PATCH account/company/: the company's own settings, by its administrators. */
export const CompanySettingsSchema = z.object({ po_required: z.boolean() }).strict();

const OrderLimitSchema = poundsSchema(1, MAX_CREDIT_LIMIT_PENCE, COMPANY_MESSAGES.orderLimitRange).nullable();

/** POST account/company/invitations/: invite someone by e-mail, with a role and an optional order limit. */
export const CompanyInviteSchema = z
  .object({
    email,
    role: z.enum(COMPANY_ROLES, { message: 'Choose administrator, buyer or approver.' }),
    order_limit: OrderLimitSchema.optional().default(null),
  })
  .strict();
export type CompanyInvite = z.infer<typeof CompanyInviteSchema>;

/** PATCH account/company/members/{id}/: a member's role and order limit (null: none). */
export const CompanyMemberUpdateSchema = z
  .object({
    role: z.enum(COMPANY_ROLES, { message: 'Choose administrator, buyer or approver.' }).optional(),
    order_limit: OrderLimitSchema.optional(),
  })
  .strict();

/** POST account/company/approvals/{id}/decline/. */
export const ApprovalDeclineSchema = z.object({ reason: z.string().trim().max(500).default('') }).strict();

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const money = z.string().meta({ description: 'Pounds as a decimal string, e.g. "2500.00".' });

/**
 * The five aged-debt buckets of a company's open invoices, in pounds (receivables/schemas re-exports
 * it: defined here so the company views use it without an import cycle).
 */
export const AgedViewSchema = z.object(
  Object.fromEntries(AGED_BUCKETS.map((bucket) => [bucket, money])) as Record<
    (typeof AGED_BUCKETS)[number],
    typeof money
  >,
);
export type AgedView = z.infer<typeof AgedViewSchema>;

export const PaymentTermsViewSchema = z.object({
  /** 'days' (so many days after the invoice) or 'end_of_following_month'. */
  kind: z.enum(['days', 'end_of_following_month']),
  days: z.number().int().nullable(),
  /** In words, as the invoice prints them: "30 days from the invoice date". */
  label: z.string(),
});

/** GET account/company/: the caller's company and role; the credit figures for administrators, the available credit for every member. */
export const CompanyViewSchema = z.object({
  id: z.number().int(),
  /** The account number staff and the buyer quote, e.g. TA-000042. */
  account_number: z.string(),
  status: z.enum(COMPANY_STATUSES),
  legal_name: z.string(),
  trading_name: z.string(),
  business_type: z.enum(BUSINESS_TYPES),
  /** Null for a business without one (only limited companies and LLPs must give it). */
  company_number: z.string().nullable(),
  /** Null when the business is not VAT registered. */
  vat_number: z.string().nullable(),
  registered_address: AddressSnapshotSchema,
  invoice_address: AddressSnapshotSchema,
  accounts_email: z.string(),
  requested_credit_limit: money,
  decline_reason: z.string().nullable(),
  role: z.enum(COMPANY_ROLES),
  /** This member's own order limit: on-account orders above it wait for an approver (null: none). */
  order_limit: money.nullable(),
  po_required: z.boolean(),
  /** Whether the company may pay on account at all (approved with credit). */
  pay_on_account: z.boolean(),
  on_hold: z.boolean(),
  hold_reason: z.string().nullable(),
  /** Administrators only (null for others): the limit, what is owed, what is left, and the terms. */
  credit_limit: money.nullable(),
  balance: money.nullable(),
  /** Administrators only: what is past its due day, and the open invoices by how long they are past due. */
  overdue: money.nullable(),
  aged: AgedViewSchema.nullable(),
  /** Administrators, and every member of an approved company: what is left to order on account. */
  available_credit: money.nullable(),
  payment_terms: PaymentTermsViewSchema.nullable(),
  created_at: z.string(),
});
export type CompanyView = z.infer<typeof CompanyViewSchema>;

export const CompanyMemberViewSchema = z.object({
  id: z.number().int(),
  user: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(COMPANY_ROLES),
  order_limit: money.nullable(),
  joined_at: z.string(),
});
export type CompanyMemberView = z.infer<typeof CompanyMemberViewSchema>;

export const CompanyInvitationViewSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  order_limit: money.nullable(),
  /** The administrator who sent it (null when their account has been deleted). */
  invited_by: z.object({ user: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type CompanyInvitationView = z.infer<typeof CompanyInvitationViewSchema>;

/** An invitation as the invited person sees it in My account. */
export const MyInvitationViewSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** The order limit the invitation gives: on-account orders above it wait for an approver (null: none). */
  order_limit: money.nullable(),
  invited_by: z.string(),
  expires_at: z.string(),
});
export type MyInvitationView = z.infer<typeof MyInvitationViewSchema>;

export const CompanyAddressViewSchema = AddressViewSchema.omit({
  is_default_billing: true,
  is_default_shipping: true,
}).extend({
  /** Always true: the address is the company's, shared with every member. */
  shared: z.literal(true),
});
export type CompanyAddressView = z.infer<typeof CompanyAddressViewSchema>;

/** An on-account order waiting for, or decided by, an approver. */
export const APPROVAL_STATUSES = ['awaiting_approval', 'approved', 'declined', 'refused'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  declined: 'Declined',
  refused: 'Could not be placed',
};

/**
 * An approval request's reference, as screens, e-mails and the API show it: AR- and at least six digits
 * (AR-000002), never "order #2", which names an order.
 */
export const approvalReference = (id: number) => `AR-${String(id).padStart(6, '0')}`;

export const ApprovalViewSchema = z.object({
  id: z.number().int(),
  /** The request's reference (approvalReference): how the buyer and the approvers name it. */
  reference: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  buyer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  purchase_order_number: z.string().nullable(),
  subtotal: money,
  vat_amount: money,
  shipping_cost: money,
  total: money,
  lines: z.array(
    z.object({
      item: z.number().int(),
      sku: z.string(),
      title: z.string(),
      pack_quantity: z.number().int(),
      price_per_pack: money,
      total: money,
    }),
  ),
  shipping_address: AddressSnapshotSchema,
  /** The order made when it was approved. */
  order: z.number().int().nullable(),
  /** Why it was declined, or why it could not be placed when approved (stock or credit gone). */
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /**
   * Whether the caller may put its lines back in their cart (`add-to-cart/`): their own request that placed
   * nothing (mayGoBackInCart), an approver's own included.
   */
  can_put_back: z.boolean(),
});
export type ApprovalView = z.infer<typeof ApprovalViewSchema>;

/** POST orders/ answers 202 with this when the order waits for an approver. */
export const AwaitingApprovalViewSchema = z.object({
  status: z.literal('awaiting_approval'),
  approval: z.number().int(),
  /** The approval request's reference (AR-000002). */
  reference: z.string(),
  detail: z.string(),
  total: money,
});
export type AwaitingApprovalView = z.infer<typeof AwaitingApprovalViewSchema>;

/** GET account/company/orders/: the company's orders for its administrators, with who placed each. */
export const CompanyOrderViewSchema = OrderViewSchema.extend({
  buyer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
});
export type CompanyOrderView = z.infer<typeof CompanyOrderViewSchema>;

export const CompanyOrderFiltersSchema = z
  .object({
    buyer: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    purchase_order_number: z.string().trim().max(MAX_PO_NUMBER_LENGTH).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
  })
  .strict();

// Staff

export const AdminCompanyRowSchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  status: z.enum(COMPANY_STATUSES),
  legal_name: z.string(),
  trading_name: z.string(),
  business_type: z.enum(BUSINESS_TYPES),
  applicant_email: z.string().nullable(),
  members: z.number().int(),
  credit_limit: money,
  requested_credit_limit: money,
  on_hold: z.boolean(),
  created_at: z.string(),
});
export type AdminCompanyRow = z.infer<typeof AdminCompanyRowSchema>;
export const AdminCompanyPageSchema = pageSchema(AdminCompanyRowSchema);

export const AdminCompanyDetailSchema = AdminCompanyRowSchema.extend({
  company_number: z.string().nullable(),
  vat_number: z.string().nullable(),
  registered_address: AddressSnapshotSchema,
  invoice_address: AddressSnapshotSchema,
  accounts_email: z.string(),
  trade_references: z.array(z.object({ name: z.string(), email: z.string() })),
  decline_reason: z.string().nullable(),
  payment_terms: PaymentTermsViewSchema.nullable(),
  pay_on_account: z.boolean(),
  po_required: z.boolean(),
  hold_reason: z.string().nullable(),
  hold_set_by: z.enum(['staff', 'automatic']).nullable(),
  balance: money,
  overdue: money,
  aged: AgedViewSchema,
  available_credit: money,
  decided_at: z.string().nullable(),
  member_list: z.array(CompanyMemberViewSchema),
  /**
   * What staff should know before or after deciding: BANK_DETAILS_MISSING while no bank details are set and
   * the company is pending or has credit. Empty otherwise.
   */
  warnings: z.array(z.string()),
});
export type AdminCompanyDetail = z.infer<typeof AdminCompanyDetailSchema>;

export const AdminCompanyFiltersSchema = z
  .object({
    status: z.enum(COMPANY_STATUSES).optional(),
    search: z.string().trim().max(100).optional(),
  })
  .strict();

/** The warning beside credit approved (or about to be) while the shop has no bank details set. */
export const BANK_DETAILS_MISSING =
  'No bank details are set: invoices and statements on account will tell the company to ask our accounts team how to pay. Set them in Settings, under Bank details.';

/** A company's account number as printed: TA- and six digits. */
export function companyAccountNumber(id: number): string {
  return `TA-${String(id).padStart(6, '0')}`;
}

/** The order's payment method as POST orders/ takes it: card (a paid intent) or the company's account. */
export const PO_NUMBER_SCHEMA = z
  .string()
  .trim()
  .max(MAX_PO_NUMBER_LENGTH, COMPANY_MESSAGES.tooLong(MAX_PO_NUMBER_LENGTH))
  .regex(/^[\w ./#-]*$/, 'Use letters, digits, spaces and . / # - only.');

/** GET account/company/invoices/: one invoiced order of the company, for every member. */
export const CompanyInvoiceViewSchema = z.object({
  order: z.number().int(),
  invoice_number: z.string(),
  /** The invoice's API path (GET /api/orders/{id}/invoice.pdf). */
  invoice: z.string(),
  total: money,
  invoice_due_date: z.string().nullable(),
  purchase_order_number: z.string().nullable(),
  payment_status: z.enum(PAYMENT_STATUSES),
  buyer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  created_at: z.string(),
});
export type CompanyInvoiceView = z.infer<typeof CompanyInvoiceViewSchema>;

/** GET account/company/approvals/?status=. */
export const ApprovalFiltersSchema = z.object({ status: z.enum(APPROVAL_STATUSES).optional() }).strict();

/** The staff's bodies as the back office sends them (the schemas' input: pounds, and the terms in either form). */
export type CompanyCreditInput = z.input<typeof CompanyApproveSchema>;
export type CompanyDeclineInput = z.input<typeof CompanyDeclineSchema>;
export type CompanyHoldInput = z.input<typeof CompanyHoldSchema>;

// Companies and members

/** PATCH account/company/addresses/{id}/: any of a shared address's fields, with the address book's rules. */
export const CompanyAddressUpdateSchema = AddressUpdateSchema.omit({
  is_default_billing: true,
  is_default_shipping: true,
}).strict();
export type CompanyAddressUpdate = z.infer<typeof CompanyAddressUpdateSchema>;

/** The words of the companies slice that COMPANY_MESSAGES does not hold. */
export const COMPANY_MEMBER_MESSAGES = {
  /** Deleting the account of a company's only administrator while others remain (docs/operations.md). */
  lastAdministratorLeaving:
    'You are your company’s only administrator. Make another member an administrator before deleting your account.',
} as const;
