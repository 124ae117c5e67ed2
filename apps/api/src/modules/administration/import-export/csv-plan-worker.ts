/**
 * The worker thread's side of an import (csv-planner.ts starts it): reads the file, checks its header, asks the
 * main thread for the catalogue rows the file names, plans every row against them and answers the preview (and,
 * for an apply, the rows to write). Only plain data crosses the thread boundary; the database stays on the main
 * thread, in the apply's transaction.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { DomainError } from '../../../http/errors';
import {
  namedInFile,
  planImport,
  previewOf,
  readHeader,
  type ExistingItem,
  type ImportPlan,
  type VariantTiers,
} from './plan';
import { readCsv } from './read-csv';
import type { ImportPreview } from '@shop/domain';
import type { MessagePort } from 'node:worker_threads';

export interface PlanTask {
  /** The file's bytes, as the request carried them. */
  body: Uint8Array;
  /** An apply's previewed SHA-256: another file is refused before it is parsed. Null for a preview. */
  previewedSha256: string | null;
  /** Where the worker asks for the catalogue rows the file names (CatalogueRequest → CatalogueRows). */
  port: MessagePort;
}

/** The SKUs and new items' variant ids a file names: the main thread reads just those. */
export interface CatalogueRequest {
  skus: string[];
  variantIds: number[];
}

/** The catalogue as the plan needs it; `null` when the main thread could not read it (the task then ends). */
export type CatalogueRows = {
  existing: Map<string, ExistingItem>;
  variants: Map<number, VariantTiers>;
} | null;

export type PlanAnswer =
  /** The whole request is refused: a 4xx with this status and detail. */
  | { refused: { status: number; detail: string } }
  /** The main thread's read failed; it reports its own error. */
  | { abandoned: true }
  /** The preview; with `rows` (apply only, and only when the file has no errors) the rows that change. */
  | { preview: ImportPreview; rows: ImportPlan['rows'] | null };

export default async function planCsv({ body: bytes, previewedSha256, port }: PlanTask): Promise<PlanAnswer> {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const sha256 = createHash('sha256').update(body).digest('hex');
    if (previewedSha256 !== null && sha256 !== previewedSha256.toLowerCase()) {
      return refused(400, 'This file is not the one that was previewed. Preview it again before applying.');
    }
    const plan = await planFile(body, port);
    if (plan === null) return { abandoned: true };
    const preview = previewOf(sha256, plan);
    const rows =
      previewedSha256 !== null && plan.errors.length === 0
        ? plan.rows.filter((row) => row.action !== 'unchanged')
        : null;
    return { preview, rows };
  } catch (error) {
    // A cap of the file (rows, cells): the main thread answers it as the same 4xx.
    if (error instanceof DomainError) return refused(error.statusCode, error.message);
    throw error;
  } finally {
    port.close();
  }
}

const refused = (status: number, detail: string): PlanAnswer => ({ refused: { status, detail } });

/** Reads and checks the file, and plans it against the rows the main thread reads; null if that read failed. */
async function planFile(body: Buffer, port: MessagePort): Promise<ImportPlan | null> {
  const file = readCsv(body);
  if (!file.ok) return { errors: [file.error], rows: [], invalidRows: 0 };
  const header = readHeader(file.header);
  if (!header.roles.some((role) => role.kind === 'sku')) {
    return planImport(header, file.records, new Map(), new Map());
  }
  const request: CatalogueRequest = namedInFile(header, file.records);
  const answered = once(port, 'message') as Promise<[CatalogueRows]>;
  port.postMessage(request);
  const [catalogue] = await answered;
  if (catalogue === null) return null;
  return planImport(header, file.records, catalogue.existing, catalogue.variants);
}
