import type { ImportApplied, ImportPreview, ImportRefused as ImportRefusedBody } from '@shop/domain';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Db } from '../../../db/client';
import { Conflict, DomainError, TooManyRequests } from '../../../http/errors';
import { createSemaphore } from '../../../lib/semaphore';
import type { RateLimit, RateLimiter } from '../../rate-limits/service';
import { mayHaveRestocked, notifyRestocked } from '../../stock-alerts/restock';
import { audit, type Actor, type AuditEntry } from '../audit';
import { formatField, formatPrice, ITEM_FIELDS, KEY_COLUMNS, priceColumn } from './csv-format';
import type { CatalogueRequest, PlanAnswer } from './csv-plan-worker';
import { createCsvPlanner, type CsvPlanner } from './csv-planner';
import type { ImportPlan } from './plan';
import * as queries from './queries';

/** Items per export statement: a few hundred kB in memory at a time, whatever the catalogue's size. */
export const EXPORT_BATCH = 1_000;
/** The reason stock movements of an import carry. */
export const IMPORT_STOCK_REASON = 'CSV import';

/**
 * Previews and applies one member of staff may start, together: each parses up to 10 MB in the worker, and a
 * person correcting a file previews it a few times, not dozens.
 */
export const IMPORT_LIMIT: RateLimit = { name: 'catalogue-import', limit: 30, windowMs: 15 * 60_000 };
/** The answer while this process works on another import (its worker has one thread). */
export const IMPORT_BUSY_MESSAGE =
  'Another catalogue import is being processed. Please try again in a moment.';
/** A 10 MB file takes a few seconds. */
const IMPORT_BUSY_RETRY_AFTER_S = 5;

/** The answer to an apply/ refused for errors in the file: 400 with the same errors as the preview's. */
export class ImportRefused extends DomainError {
  constructor(preview: ImportPreview) {
    const body: ImportRefusedBody = {
      detail: 'The file has errors; nothing was changed. Correct them and preview the file again.',
      counts: preview.counts,
      errors: preview.errors,
      errors_truncated: preview.errors_truncated,
    };
    super('The file has errors; nothing was changed.', 400, body);
  }
}

/** PostgreSQL's codes for a row that another transaction created or removed meanwhile. */
const RACED = new Set(['23503', '23505']);

function isRace(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && RACED.has(code)) return true;
    cause = cause.cause;
  }
  return false;
}

/** The rows of the items and variants a file names; with `lock`, the items stay locked until the transaction ends. */
async function catalogueRows(db: Db, named: CatalogueRequest, lock: boolean) {
  const existing = await queries.selectItemsBySku(db, named.skus, lock);
  const variantIds = new Set(named.variantIds);
  for (const item of existing.values()) variantIds.add(item.variantId);
  const variants = await queries.selectVariantTiers(db, [...variantIds]);
  return { existing, variants };
}

/** The worker's answer, or the 4xx it refused the file with. */
function planned(answer: PlanAnswer): Extract<PlanAnswer, { preview: unknown }> {
  if ('refused' in answer) throw new DomainError(answer.refused.detail, answer.refused.status);
  // The main thread ends a task this way only after its own read failed, and reports that failure instead.
  if ('abandoned' in answer) throw new Error('the import was abandoned');
  return answer;
}

/** The changed fields of a row as the audit log keeps them: column → value as the CSV writes it. */
function auditEntryOf(row: ImportPlan['rows'][number], itemId: number): AuditEntry {
  const before: Record<string, string | null> = {};
  const after: Record<string, string> = {};
  for (const change of row.changes) {
    before[change.field] = change.before;
    after[change.field] = change.after;
  }
  return {
    action: row.action === 'create' ? 'item.create' : 'item.update',
    entityType: 'item',
    entityId: itemId,
    before: row.action === 'create' ? null : before,
    after: { sku: row.sku, ...after },
  };
}

/**
 * Writes the rows of a file that change (the worker sends only those), in batches: new items, changed items,
 * prices, stock movements, back-in-stock e-mails and audit entries, in the apply's transaction.
 */
async function writeRows(
  tx: Db,
  actor: Actor,
  preview: ImportPreview,
  rows: ImportPlan['rows'],
  publicUrl: string,
): Promise<ImportApplied> {
  const { sha256 } = preview;

  const creating = rows.filter((row) => row.action === 'create');
  const updating = rows.filter((row) => row.action === 'update');
  const createdIds = await queries.insertItems(
    tx,
    creating.map((row) => ({ ...row.after, sku: row.sku, variantId: row.variantId })),
  );
  if (createdIds.size !== creating.length) {
    throw new Conflict('Another change created one of these SKUs meanwhile. Preview the file again.');
  }
  const itemIdOf = (row: ImportPlan['rows'][number]) => row.itemId ?? createdIds.get(row.sku)!;
  await queries.updateItems(
    tx,
    updating
      .filter((row) => row.before && ITEM_FIELDS.some((spec) => changed(spec, row)))
      .map((row) => ({ ...row.after, id: row.itemId! })),
  );
  // In file order from here: prices, stock movements and audit entries.
  await queries.upsertPrices(
    tx,
    rows.flatMap((row) =>
      row.prices.map((price) => ({
        tierId: price.tierId,
        itemId: itemIdOf(row),
        pence: price.pence,
      })),
    ),
  );
  const movements = rows
    .map((row) => ({
      itemId: itemIdOf(row),
      delta: row.after.stock - (row.before?.stock ?? 0),
      stockAfter: row.after.stock,
    }))
    .filter((movement) => movement.delta !== 0);
  await queries.insertStockMovements(tx, movements, IMPORT_STOCK_REASON, actor.id);
  // Items the file made orderable again (their rows are locked): their waiting alerts are spent and e-mailed.
  await notifyRestocked(
    tx,
    updating.filter((row) => row.before && mayHaveRestocked(row.before, row.after)).map((row) => row.itemId!),
    publicUrl,
  );

  const entries = rows.map((row) => auditEntryOf(row, itemIdOf(row)));
  entries.push({
    action: 'catalogue.import',
    entityType: 'catalogue_import',
    entityId: sha256,
    after: {
      sha256,
      rows: preview.rows,
      created: preview.counts.create,
      updated: preview.counts.update,
      unchanged: preview.counts.unchanged,
    },
  });
  for await (const batch of queries.batchesInTurns(entries, queries.WRITE_BATCH))
    await audit(tx, actor, ...batch);

  return {
    sha256,
    counts: {
      create: preview.counts.create,
      update: preview.counts.update,
      unchanged: preview.counts.unchanged,
    },
    stock_movements: movements.length,
  };
}

export interface ImportExportOptions {
  rateLimiter: RateLimiter;
  /** The shop's origin, for the product links of the back-in-stock e-mails an import sends. */
  publicUrl: string;
  /** The worker that parses and plans files; by default one of the service's own, started on first use. */
  planner?: CsvPlanner;
  exportBatch?: number;
}

export function createImportExportService(
  db: Db,
  { rateLimiter, publicUrl, planner = createCsvPlanner(), exportBatch = EXPORT_BATCH }: ImportExportOptions,
) {
  // One import at a time in this process: a second is refused rather than queued behind a file of 10 MB.
  const imports = createSemaphore(1);

  async function oneImport<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
    const release = imports.tryAcquire();
    if (!release) throw new TooManyRequests(IMPORT_BUSY_RETRY_AFTER_S, IMPORT_BUSY_MESSAGE);
    try {
      await rateLimiter.consume(IMPORT_LIMIT, String(actor.id ?? actor.email));
      return await work();
    } finally {
      release();
    }
  }

  return {
    /**
     * What importing `body` would change, and every error, without writing anything. The file is parsed and
     * planned in the worker; the catalogue rows it names are read here, between the two.
     */
    async preview(body: Buffer, actor: Actor): Promise<ImportPreview> {
      return oneImport(actor, async () => {
        const answer = await planner.plan({ body, previewedSha256: null }, (named) =>
          catalogueRows(db, named, false),
        );
        return planned(answer).preview;
      });
    },

    /**
     * Applies a previewed file, all or nothing, in one transaction: the worker refuses another file than the one
     * previewed and reads this one before the transaction starts; in it the named items are locked, the file is
     * planned against the catalogue as it is now, and refused whole if any row has an error.
     */
    async apply(body: Buffer, previewedSha256: string, actor: Actor): Promise<ImportApplied> {
      return oneImport(actor, async () => {
        const job = planner.start({ body, previewedSha256 });
        try {
          const named = await job.named;
          return await db.transaction(async (tx) => {
            const catalogue = named && (await catalogueRows(tx, named, true));
            const { preview, rows } = planned(await job.finish(catalogue));
            if (preview.counts.errors > 0 || rows === null) throw new ImportRefused(preview);
            return writeRows(tx, actor, preview, rows, publicUrl);
          });
        } catch (error) {
          // The worker waits for the catalogue rows until it is told: a failure before they were sent ends it.
          await job.finish(null).catch(() => undefined);
          if (isRace(error)) {
            throw new Conflict('The catalogue changed while the file was applied. Preview the file again.');
          }
          throw error;
        }
      });
    },

    /** Ends the import worker's thread (the app's onClose). */
    close: () => planner.close(),

    /**
     * The whole catalogue's items and prices as CSV, read a batch of items at a time as the client takes the
     * text, so memory stays flat at 100k items. Each batch is consistent on its own; an item changed during a
     * long download shows as it was when its batch was read.
     */
    async exportCsv(onError: (error: unknown) => void): Promise<Readable> {
      const tierKeys = await queries.selectTierKeys(db);
      const priceColumns = tierKeys.map(priceColumn);
      const columns = [...KEY_COLUMNS, ...ITEM_FIELDS.map((spec) => spec.column), ...priceColumns];
      const priceAt = new Map(priceColumns.map((column, index) => [column, index]));

      async function* records(): AsyncGenerator<string[]> {
        let afterId = 0;
        for (;;) {
          const batch = await queries.selectExportBatch(db, afterId, exportBatch);
          for (const row of batch) {
            const prices = new Array<string>(priceColumns.length).fill('');
            for (const [tierType, rangeStart, pence] of row.prices ?? []) {
              const index = priceAt.get(priceColumn({ tierType, rangeStart }));
              // Two tiers with one type and start: the lower id's price, as the import reads them.
              if (index !== undefined && prices[index] === '') prices[index] = formatPrice(pence);
            }
            yield [
              row.sku,
              String(row.variantId),
              row.productName,
              row.variantName,
              ...ITEM_FIELDS.map((spec) => formatField(spec, row)),
              ...prices,
            ];
          }
          if (batch.length < exportBatch) return;
          afterId = batch[batch.length - 1]!.id;
        }
      }

      // A byte-order mark, so spreadsheet programs read the file as UTF-8; CRLF line ends (RFC 4180).
      const csv = stringify({ bom: true, header: true, columns, record_delimiter: 'windows' });
      pipeline(Readable.from(records()), csv).catch(onError);
      return csv;
    },
  };
}

function changed(spec: (typeof ITEM_FIELDS)[number], row: ImportPlan['rows'][number]): boolean {
  return formatField(spec, row.before!) !== formatField(spec, row.after);
}

export type ImportExportService = ReturnType<typeof createImportExportService>;
