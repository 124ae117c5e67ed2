import { z } from 'zod';

/** The back office's words for a customer's exclusive prices. */
export const EXCLUSIVE_PRICE_MESSAGES = {
  itemRequired: 'Item SKU is required.',
  itemUnknown: 'No item has this SKU.',
  duplicate: 'This customer already has an exclusive price for this item.',
  percentRange: 'Enter a percentage from 0 to 100.',
  percentDecimals: 'Use at most 2 decimal places.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  datesOrdered: 'The end date must be on or after the start date.',
} as const;

/** A discount in percent, 0 to 100, to the hundredth (the column is numeric(5, 2)). */
export const DiscountPercentageSchema = z
  .number({ message: EXCLUSIVE_PRICE_MESSAGES.percentRange })
  .min(0, EXCLUSIVE_PRICE_MESSAGES.percentRange)
  .max(100, EXCLUSIVE_PRICE_MESSAGES.percentRange)
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    EXCLUSIVE_PRICE_MESSAGES.percentDecimals,
  );

/** A UK calendar day, `YYYY-MM-DD`; null or absent for an open end. */
const OptionalDaySchema = z.iso.date({ message: EXCLUSIVE_PRICE_MESSAGES.dateInvalid }).nullable().optional();

/** Whether two optional days are in order (either missing is fine). */
export function daysInOrder(startsOn: string | null | undefined, endsOn: string | null | undefined): boolean {
  return !startsOn || !endsOn || startsOn <= endsOn;
}

const datesOrdered = (value: {
  starts_on?: string | null | undefined;
  ends_on?: string | null | undefined;
}) => daysInOrder(value.starts_on, value.ends_on);

/** POST administration/customers/{id}/exclusive-prices/: the item by SKU, the percent off, optional dates. */
export const ExclusivePriceCreateSchema = z
  .object({
    item: z
      .string({ message: EXCLUSIVE_PRICE_MESSAGES.itemRequired })
      .trim()
      .min(1, EXCLUSIVE_PRICE_MESSAGES.itemRequired)
      .max(64, 'Ensure this field has no more than 64 characters.'),
    discount_percentage: DiscountPercentageSchema,
    starts_on: OptionalDaySchema,
    ends_on: OptionalDaySchema,
  })
  .strict()
  .refine(datesOrdered, { message: EXCLUSIVE_PRICE_MESSAGES.datesOrdered, path: ['ends_on'] });
export type ExclusivePriceCreate = z.infer<typeof ExclusivePriceCreateSchema>;

/** PATCH administration/customers/{id}/exclusive-prices/{priceId}/: any of the percent and the dates. */
export const ExclusivePriceUpdateSchema = z
  .object({
    discount_percentage: DiscountPercentageSchema.optional(),
    starts_on: OptionalDaySchema,
    ends_on: OptionalDaySchema,
  })
  .strict()
  .refine(datesOrdered, { message: EXCLUSIVE_PRICE_MESSAGES.datesOrdered, path: ['ends_on'] });
export type ExclusivePriceUpdate = z.infer<typeof ExclusivePriceUpdateSchema>;

/** An exclusive price as the back office shows it. */
export const AdminExclusivePriceSchema = z.object({
  id: z.number().int(),
  item: z.object({ id: z.number().int(), sku: z.string(), title: z.string() }),
  discount_percentage: z.number(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  /** Whether it applies today (UK date). */
  in_force: z.boolean(),
  created_at: z.string(),
});
export type AdminExclusivePrice = z.infer<typeof AdminExclusivePriceSchema>;

export const UserRoleSchema = z.enum(['customer', 'staff', 'owner']);
export type UserRoleName = z.infer<typeof UserRoleSchema>;

/** A row of the back office's customer list. */
export const CustomerSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string().nullable(),
  role: UserRoleSchema,
  is_active: z.boolean(),
  created_at: z.string(),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

const SnapshotAddressSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  telephone_number: z.string(),
});

/** One customer with their addresses, latest orders and exclusive prices. */
export const CustomerDetailSchema = CustomerSummarySchema.extend({
  interested_in_marketing_communications: z.boolean(),
  order_count: z.number().int(),
  addresses: z.array(SnapshotAddressSchema),
  recent_orders: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      payment_status: z.string(),
      total_pence: z.number().int(),
      created_at: z.string(),
    }),
  ),
  /** All of the customer's exclusive prices; `exclusive_prices` holds the first 100 by SKU. */
  exclusive_price_count: z.number().int(),
  exclusive_prices: z.array(AdminExclusivePriceSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

/** PATCH administration/customers/{id}/. */
export const CustomerUpdateSchema = z.object({ is_active: z.boolean() }).strict();
export type CustomerUpdate = z.infer<typeof CustomerUpdateSchema>;

/** PATCH administration/users/{id}/role/. */
export const RoleChangeSchema = z.object({ role: UserRoleSchema }).strict();
export type RoleChange = z.infer<typeof RoleChangeSchema>;

/** GET administration/me/: who is signed in to the back office (the back office checks its access with it). */
export const StaffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(['staff', 'owner']),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

/** A row of the owner's staff list (and the answer of a role change). */
export const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: UserRoleSchema,
  is_active: z.boolean(),
});
export type StaffMemberView = z.infer<typeof StaffMemberSchema>;

/** A row of the audit log. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;
