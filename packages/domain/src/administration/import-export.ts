import { z } from 'zod';

/** The catalogue CSV's limits (docs/catalogue-csv.md), shown on the import screen. */
export const CATALOGUE_CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CATALOGUE_CSV_MAX_ROWS = 50_000;
/** Cells in any one line of the file: the format has 12 item columns and one per tier start in use. */
export const CATALOGUE_CSV_MAX_COLUMNS = 1_000;
/** The preview lists at most this many errors and changed rows; its counts cover them all. */
export const CATALOGUE_CSV_MAX_LISTED = 1_000;

/** A problem with an import file: its line (1 is the header) and column (null: the whole row or file). */
export const ImportErrorSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof ImportErrorSchema>;

export const ImportCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** Rows with at least one error. */
  invalid: z.number().int(),
  /** Every error of the file and its rows (the list stops at CATALOGUE_CSV_MAX_LISTED). */
  errors: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

/** One field an import changes, each side as the CSV writes it (null: there was none). */
export const ImportFieldChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string(),
});
export type ImportFieldChange = z.infer<typeof ImportFieldChangeSchema>;

export const ImportChangedRowSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  action: z.enum(['create', 'update']),
  fields: z.array(ImportFieldChangeSchema),
});
export type ImportChangedRow = z.infer<typeof ImportChangedRowSchema>;

/** POST administration/import-export/items/preview/. */
export const ImportPreviewSchema = z.object({
  /** The SHA-256 of the file's bytes (hex): apply/ takes it to prove it applies the file that was previewed. */
  sha256: z.string(),
  /** Item rows read (blank lines not counted). */
  rows: z.number().int(),
  counts: ImportCountsSchema,
  errors: z.array(ImportErrorSchema),
  errors_truncated: z.boolean(),
  changes: z.array(ImportChangedRowSchema),
  changes_truncated: z.boolean(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** POST administration/import-export/items/apply/?sha256=…. */
export const ImportAppliedSchema = z.object({
  sha256: z.string(),
  counts: ImportCountsSchema.pick({ create: true, update: true, unchanged: true }),
  stock_movements: z.number().int(),
});
export type ImportApplied = z.infer<typeof ImportAppliedSchema>;

/** apply/'s 400 when the file has errors: nothing was changed. */
export const ImportRefusedSchema = z.object({
  detail: z.string(),
  counts: ImportCountsSchema,
  errors: z.array(ImportErrorSchema),
  errors_truncated: z.boolean(),
});
export type ImportRefused = z.infer<typeof ImportRefusedSchema>;

export const ApplyImportQuerySchema = z
  .object({
    sha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'The SHA-256 of the previewed file, 64 hexadecimal digits.'),
  })
  .strict();
