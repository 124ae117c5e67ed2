import type {
  ImportApplied,
  ImportChangedRow,
  ImportCounts,
  ImportPreview,
  ImportRefused as ImportRefusedBody,
} from '@shop/domain';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Db } from '../../../db/client';
import { BadRequest, Conflict, DomainError } from '../../../http/errors';
import { audit, type Actor, type AuditEntry } from '../audit';
import { formatField, formatPrice, ITEM_FIELDS, KEY_COLUMNS, MAX_LISTED, priceColumn } from './csv-format';
import { namedInFile, planImport, readHeader, type ImportPlan } from './plan';
import * as queries from './queries';
import { readCsv } from './read-csv';

/** Items per export statement: a few hundred kB in memory at a time, whatever the catalogue's size. */
export const EXPORT_BATCH = 1_000;
/** The reason stock movements of an import carry. */
export const IMPORT_STOCK_REASON = 'CSV import';

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

export function sha256Of(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

function previewOf(sha256: string, plan: ImportPlan): ImportPreview {
  const counts: ImportCounts = {
    create: 0,
    update: 0,
    unchanged: 0,
    invalid: plan.invalidRows,
    errors: plan.errors.length,
  };
  const changes: ImportChangedRow[] = [];
  for (const row of plan.rows) {
    counts[row.action] += 1;
    if (row.action !== 'unchanged' && changes.length < MAX_LISTED) {
      changes.push({ line: row.line, sku: row.sku, action: row.action, fields: row.changes });
    }
  }
  return {
    sha256,
    rows: plan.rows.length + plan.invalidRows,
    counts,
    errors: plan.errors.slice(0, MAX_LISTED),
    errors_truncated: plan.errors.length > MAX_LISTED,
    changes,
    changes_truncated: counts.create + counts.update > changes.length,
  };
}

/** Reads, checks and compares a file with the catalogue; `lock` holds the named items until the transaction ends. */
async function planFile(db: Db, body: Buffer, lock: boolean): Promise<ImportPlan> {
  const file = readCsv(body);
  if (!file.ok) return { errors: [file.error], rows: [], invalidRows: 0 };
  const header = readHeader(file.header);
  if (!header.roles.some((role) => role.kind === 'sku')) {
    return planImport(header, file.records, new Map(), new Map());
  }
  const named = namedInFile(header, file.records);
  const existing = await queries.selectItemsBySku(db, named.skus, lock);
  const variantIds = new Set(named.variantIds);
  for (const item of existing.values()) variantIds.add(item.variantId);
  const variants = await queries.selectVariantTiers(db, [...variantIds]);
  return planImport(header, file.records, existing, variants);
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

export function createImportExportService(db: Db, { exportBatch = EXPORT_BATCH } = {}) {
  return {
    /** What importing `body` would change, and every error, without writing anything. */
    async preview(body: Buffer): Promise<ImportPreview> {
      return previewOf(sha256Of(body), await planFile(db, body, false));
    },

    /**
     * Applies a previewed file, all or nothing, in one transaction: the file is checked again against the
     * catalogue as it is now (its items locked), and refused whole if any row has an error.
     */
    async apply(body: Buffer, previewedSha256: string, actor: Actor): Promise<ImportApplied> {
      const sha256 = sha256Of(body);
      if (sha256 !== previewedSha256.toLowerCase()) {
        throw new BadRequest(
          'This file is not the one that was previewed. Preview it again before applying.',
        );
      }
      try {
        return await db.transaction(async (tx) => {
          const plan = await planFile(tx, body, true);
          const preview = previewOf(sha256, plan);
          if (plan.errors.length > 0) throw new ImportRefused(preview);

          const creating = plan.rows.filter((row) => row.action === 'create');
          const updating = plan.rows.filter((row) => row.action === 'update');
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
          const changedRows = plan.rows.filter((row) => row.action !== 'unchanged');
          await queries.upsertPrices(
            tx,
            changedRows.flatMap((row) =>
              row.prices.map((price) => ({
                tierId: price.tierId,
                itemId: itemIdOf(row),
                pence: price.pence,
              })),
            ),
          );
          const movements = changedRows
            .map((row) => ({
              itemId: itemIdOf(row),
              delta: row.after.stock - (row.before?.stock ?? 0),
              stockAfter: row.after.stock,
            }))
            .filter((movement) => movement.delta !== 0);
          await queries.insertStockMovements(tx, movements, IMPORT_STOCK_REASON, actor.id);

          const entries = changedRows.map((row) => auditEntryOf(row, itemIdOf(row)));
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
          for (const batch of queries.batches(entries, queries.WRITE_BATCH)) await audit(tx, actor, ...batch);

          return {
            sha256,
            counts: {
              create: preview.counts.create,
              update: preview.counts.update,
              unchanged: preview.counts.unchanged,
            },
            stock_movements: movements.length,
          };
        });
      } catch (error) {
        if (isRace(error)) {
          throw new Conflict('The catalogue changed while the file was applied. Preview the file again.');
        }
        throw error;
      }
    },

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
