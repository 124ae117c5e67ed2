import { z } from 'zod';
import { MAX_LINES_PER_ADD, PackQuantitySchema } from '../cart/schemas';
import { QuickOrderItemSchema } from '../cart/quick-order';

/**
 * Saved lists: named lists of items with a default number of packs, the buyer's own or shared with
 * their company (every member uses it; its administrators and approvers edit it). The API's calls:
 * - `GET account/lists/` (paged: the caller's own lists and their company's shared ones) → SavedListSummary;
 * - `POST account/lists/` SavedListWriteSchema → 201 SavedListView;
 * - `GET`, `PUT` (SavedListWriteSchema, replacing name, sharing and lines) and `DELETE account/lists/{id}/`;
 * - `POST account/lists/{id}/lines/` SavedListLineAddSchema → SavedListView (adds packs to a line already there);
 * - `POST account/lists/{id}/add-to-cart/` SavedListAddToCartSchema → ReorderResult, in one transaction
 *   through the cart's own add, each line reported as a reorder reports it;
 * - `GET account/lists/{id}/export.csv` and `POST account/lists/import/` SavedListImportSchema → 201, in the
 *   quick order's `SKU, packs` format.
 */
export const SAVED_LIST_LIMITS = {
  nameLength: 80,
  /** Lines one list holds: as many as one cart add takes. */
  linesPerList: MAX_LINES_PER_ADD,
  /** Lists one person owns (shared ones they made included). */
  listsPerUser: 100,
  /** An imported CSV's text: 200 lines of a 64-character SKU and packs fit in a sixth of it. */
  csvCharacters: 100_000,
} as const;

const L = SAVED_LIST_LIMITS;

export const SAVED_LIST_MESSAGES = {
  nameRequired: 'Enter a name for the list.',
  nameTooLong: `A list’s name has at most ${L.nameLength} characters.`,
  tooManyLines: `A list holds at most ${L.linesPerList} items.`,
  tooManyLists: `You can keep at most ${L.listsPerUser} lists. Delete one you no longer use first.`,
  /** `shared` without a company to share with (400 on `shared`). */
  noCompany: 'Only members of an approved trade account can share a list with their company.',
  /** A buyer creating, editing or deleting a shared list (403). */
  editorsOnly: 'Only your company’s administrators and approvers can change its shared lists.',
  /** An item of a line that does not exist. */
  noItem: (item: number) => `No item with id ${item}.`,
  /** An item that can be saved no more: retired or without a price for the packs. */
  unavailable: (sku: string) => `Item ${sku} is no longer available.`,
  /** A ticked line of add-to-cart that is not a line of the list. */
  notOnList: (item: number) => `Item ${item} is not on this list.`,
  emptyList: 'This list has no items to add.',
  itemOrLines: 'Give an item and its packs, or lines.',
  csvRequired: 'Choose a CSV file with a SKU and a number of packs on each line.',
  csvTooLong: `A CSV file for a list has at most ${L.csvCharacters.toLocaleString('en-GB')} characters.`,
  csvNotCsv: (reason: string) => `This is not valid CSV: ${reason}`,
  /** A line of an imported file, e.g. "Line 3: No item with SKU 'BOX-9'." */
  csvLine: (line: number, message: string) => `Line ${line}: ${message}`,
} as const;

const M = SAVED_LIST_MESSAGES;

const id = z.number().int().positive().max(2_147_483_647);

export const SavedListNameSchema = z
  .string({ message: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(L.nameLength, M.nameTooLong);

/** One line as written: the item and its default packs. */
export const SavedListLineInputSchema = z.object({ item: id, packs: PackQuantitySchema }).strict();
export type SavedListLineInput = z.infer<typeof SavedListLineInputSchema>;

const LinesSchema = z.array(SavedListLineInputSchema).max(L.linesPerList, M.tooManyLines);

/**
 * POST account/lists/ and PUT account/lists/{id}/: the whole list. Lines naming one item twice become one
 * line of their packs summed (at most MAX_PACK_QUANTITY).
 */
export const SavedListWriteSchema = z
  .object({
    name: SavedListNameSchema,
    shared: z.boolean().default(false),
    lines: LinesSchema.default([]),
  })
  .strict();
export type SavedListWrite = z.infer<typeof SavedListWriteSchema>;
export type SavedListWriteInput = z.input<typeof SavedListWriteSchema>;

/**
 * POST account/lists/{id}/lines/: packs of one item (`{item, packs}`, packs 1 when left out), or several lines
 * at once (`{lines}`, from the cart, an order or the quick order), added to the lines already there.
 */
export const SavedListLinesAddSchema = z
  .object({
    item: id.optional(),
    packs: PackQuantitySchema.optional(),
    lines: z.array(SavedListLineInputSchema).min(1).max(L.linesPerList, M.tooManyLines).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.item === undefined) === (body.lines === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['item'], message: M.itemOrLines });
    } else if (body.lines !== undefined && body.packs !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['packs'], message: M.itemOrLines });
    }
  });
export type SavedListLinesAdd = z.input<typeof SavedListLinesAddSchema>;

/** POST account/lists/{id}/add-to-cart/: no body (or no `lines`) adds the whole list; else the ticked lines. */
export const SavedListAddToCartSchema = z
  .object({ lines: z.array(SavedListLineInputSchema).min(1).max(L.linesPerList, M.tooManyLines).optional() })
  .strict();
export type SavedListAddToCart = z.infer<typeof SavedListAddToCartSchema>;

/** POST account/lists/import/: a new list made from the quick order's `SKU, packs` lines. */
export const SavedListImportSchema = z
  .object({
    name: SavedListNameSchema,
    shared: z.boolean().default(false),
    csv: z
      .string({ message: M.csvRequired })
      .max(L.csvCharacters, { message: M.csvTooLong, abort: true })
      .refine((text) => text.trim() !== '', M.csvRequired),
  })
  .strict();
export type SavedListImport = z.input<typeof SavedListImportSchema>;

/** A list in the index: whose it is, whether the caller may change it, and how many lines it has. */
export const SavedListSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  /** The caller may rename, edit, share or delete it: its owner (a personal list), or an editor of the company. */
  can_edit: z.boolean(),
  /** Who made it, as 'First Last'. */
  owner_name: z.string(),
  line_count: z.number().int(),
  updated_at: z.string(),
});
export type SavedListSummary = z.infer<typeof SavedListSummarySchema>;

/** A line of a list with its item as the quick order shows it (for links and stock), and whether it is sold. */
export const SavedListLineSchema = z.object({
  id: z.number().int(),
  item: QuickOrderItemSchema.extend({ status: z.enum(['active', 'inactive']) }),
  packs: z.number().int(),
  /** Pounds: one pack after the buyer's discount, when the line was saved or last put in the cart. */
  saved_price_per_pack: z.string().nullable(),
  updated_at: z.string(),
});
export type SavedListLine = z.infer<typeof SavedListLineSchema>;

export const SavedListViewSchema = SavedListSummarySchema.extend({
  lines: z.array(SavedListLineSchema),
});
export type SavedListView = z.infer<typeof SavedListViewSchema>;
