/**
 * What an import would do: every row checked against the file's header and the catalogue, and compared with the
 * item it names. Pure: the service reads the catalogue, this decides, the service writes.
 */
import type {
  ImportChangedRow,
  ImportCounts,
  ImportError,
  ImportFieldChange,
  ImportPreview,
} from '@shop/domain';
import {
  checkSku,
  formatField,
  formatPrice,
  ITEM_FIELDS,
  type ItemField,
  type ItemValues,
  KEY_COLUMNS,
  MAX_LISTED,
  NEW_ITEM_DEFAULTS,
  parsePrice,
  parseVariantId,
  priceColumn,
  READ_ONLY_COLUMNS,
  tierOfColumn,
} from './csv-format';
import type { CsvRecord } from './read-csv';

/** An item as the catalogue holds it, with its price per tier id. */
export interface ExistingItem extends ItemValues {
  id: number;
  sku: string;
  variantId: number;
  prices: Map<number, number>;
}

/** A variant's tiers: price column name → tier id (the lowest id where two tiers share a type and start). */
export type VariantTiers = Map<string, number>;

export interface PlannedPrice {
  tierId: number;
  column: string;
  pence: number;
}

export interface PlannedRow {
  line: number;
  sku: string;
  action: 'create' | 'update' | 'unchanged';
  /** Null for a new item. */
  itemId: number | null;
  variantId: number;
  before: ItemValues | null;
  after: ItemValues;
  /** Prices that are new or differ. */
  prices: PlannedPrice[];
  changes: ImportFieldChange[];
}

export interface ImportPlan {
  errors: ImportError[];
  /** Rows without errors, in file order. */
  rows: PlannedRow[];
  /** Rows with at least one error. */
  invalidRows: number;
}

/** The header's columns by position: an editable field, a price column, the key, or one to skip. */
type ColumnRole =
  | { kind: 'sku' }
  | { kind: 'variant_id' }
  | { kind: 'ignored' }
  | { kind: 'field'; spec: ItemField }
  | { kind: 'price'; column: string };

export interface ReadHeader {
  roles: ColumnRole[];
  errors: ImportError[];
}

/** Checks the header: every column known, none twice, `sku` present. */
export function readHeader(header: string[]): ReadHeader {
  const errors: ImportError[] = [];
  const seen = new Set<string>();
  const roles = header.map((column): ColumnRole => {
    if (seen.has(column)) {
      errors.push({ line: 1, column, message: `The column "${column}" appears twice.` });
      return { kind: 'ignored' };
    }
    seen.add(column);
    if (column === 'sku' || column === 'variant_id') return { kind: column };
    if (READ_ONLY_COLUMNS.has(column)) return { kind: 'ignored' };
    const spec = ITEM_FIELDS.find((candidate) => candidate.column === column);
    if (spec) return { kind: 'field', spec };
    const tier = tierOfColumn(column);
    if (tier) return { kind: 'price', column: priceColumn(tier) };
    errors.push({
      line: 1,
      column,
      message:
        `Unknown column "${column}". Columns are ${[...KEY_COLUMNS, ...ITEM_FIELDS.map((f) => f.column)].join(', ')}` +
        ' and price_pack_<from> or price_pallet_<from> for each tier.',
    });
    return { kind: 'ignored' };
  });
  if (!seen.has('sku')) errors.push({ line: 1, column: null, message: 'The header has no "sku" column.' });
  return { roles, errors };
}

/** The SKUs and the new items' variant ids a file names, so the service can read just those. */
export function namedInFile(
  header: ReadHeader,
  records: CsvRecord[],
): { skus: string[]; variantIds: number[] } {
  const skuAt = header.roles.findIndex((role) => role.kind === 'sku');
  const variantAt = header.roles.findIndex((role) => role.kind === 'variant_id');
  const skus = new Set<string>();
  const variantIds = new Set<number>();
  for (const { cells } of records) {
    const sku = cells[skuAt]?.trim();
    if (sku && checkSku(sku) === null) skus.add(sku);
    const variant = variantAt >= 0 ? parseVariantId(cells[variantAt]?.trim() ?? '') : null;
    if (variant && 'value' in variant) variantIds.add(variant.value);
  }
  return { skus: [...skus], variantIds: [...variantIds] };
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Checks each row and compares it with its item. An empty cell leaves the item's value as it is (a new item takes
 * the database's default); a row whose values all equal the item's is unchanged.
 */
export function planImport(
  header: ReadHeader,
  records: CsvRecord[],
  existing: ReadonlyMap<string, ExistingItem>,
  variants: ReadonlyMap<number, VariantTiers>,
): ImportPlan {
  const errors: ImportError[] = [...header.errors];
  const rows: PlannedRow[] = [];
  let invalidRows = 0;
  if (!header.roles.some((role) => role.kind === 'sku')) return { errors, rows, invalidRows };
  const firstLineOf = new Map<string, number>();

  for (const { line, cells } of records) {
    if (isBlank(cells)) continue;
    const rowErrors: ImportError[] = [];
    const fail = (column: string | null, message: string) => rowErrors.push({ line, column, message });
    if (cells.length !== header.roles.length) {
      fail(null, `This row has ${cells.length} cells; the header has ${header.roles.length}.`);
      errors.push(...rowErrors);
      invalidRows += 1;
      continue;
    }

    let sku = '';
    let variantCell: number | null = null;
    const given: Partial<ItemValues> = {};
    const givenPrices: { column: string; pence: number }[] = [];
    for (const [index, role] of header.roles.entries()) {
      const text = cells[index]!.trim();
      if (role.kind === 'sku') {
        sku = text;
        const problem = checkSku(text);
        if (problem) fail('sku', problem);
        continue;
      }
      if (text === '' || role.kind === 'ignored') continue;
      if (role.kind === 'variant_id') {
        const parsed = parseVariantId(text);
        if ('error' in parsed) fail('variant_id', parsed.error);
        else variantCell = parsed.value;
      } else if (role.kind === 'field') {
        const parsed = role.spec.parse(text);
        if ('error' in parsed) fail(role.spec.column, parsed.error);
        else (given as Record<string, unknown>)[role.spec.key] = parsed.value;
      } else {
        const parsed = parsePrice(text);
        if ('error' in parsed) fail(role.column, parsed.error);
        else givenPrices.push({ column: role.column, pence: parsed.value });
      }
    }

    if (sku !== '' && checkSku(sku) === null) {
      const first = firstLineOf.get(sku);
      if (first !== undefined) fail('sku', `The SKU ${sku} is also on line ${first}.`);
      else firstLineOf.set(sku, line);
    }

    const item = existing.get(sku);
    let variantId: number | null = item?.variantId ?? null;
    if (item) {
      if (variantCell !== null && variantCell !== item.variantId) {
        fail(
          'variant_id',
          `The item ${sku} belongs to variant ${item.variantId}; an import does not move items between variants.`,
        );
      }
    } else if (sku !== '') {
      if (variantCell === null) {
        if (!rowErrors.some((error) => error.column === 'variant_id')) {
          fail('variant_id', `The SKU ${sku} is new: give the variant_id of the variant it belongs to.`);
        }
      } else if (!variants.has(variantCell)) {
        fail('variant_id', `There is no variant with id ${variantCell}.`);
      } else {
        variantId = variantCell;
      }
      if (given.title === undefined && !rowErrors.some((error) => error.column === 'title')) {
        fail('title', 'A new item needs a title.');
      }
    }

    const tiers = variantId === null ? undefined : variants.get(variantId);
    const prices: PlannedPrice[] = [];
    for (const price of givenPrices) {
      const tierId = tiers?.get(price.column);
      if (tierId === undefined) {
        if (tiers) fail(price.column, `Variant ${variantId} has no tier for the column ${price.column}.`);
        continue;
      }
      if (item?.prices.get(tierId) !== price.pence)
        prices.push({ tierId, column: price.column, pence: price.pence });
    }

    if (rowErrors.length > 0 || variantId === null) {
      errors.push(...rowErrors);
      invalidRows += 1;
      continue;
    }

    const before: ItemValues | null = item ? storedItemValues(item) : null;
    const after: ItemValues = { ...(before ?? { ...NEW_ITEM_DEFAULTS, title: '' }), ...given };
    const changes: ImportFieldChange[] = [];
    for (const spec of ITEM_FIELDS) {
      const was = before ? formatField(spec, before) : null;
      const now = formatField(spec, after);
      if (was !== now) changes.push({ field: spec.column, before: was, after: now });
    }
    for (const price of prices) {
      const was = item?.prices.get(price.tierId);
      changes.push({
        field: price.column,
        before: was === undefined ? null : formatPrice(was),
        after: formatPrice(price.pence),
      });
    }
    rows.push({
      line,
      sku,
      action: !item ? 'create' : changes.length > 0 ? 'update' : 'unchanged',
      itemId: item?.id ?? null,
      variantId,
      before,
      after,
      prices,
      changes,
    });
  }
  return { errors, rows, invalidRows };
}

/** What an existing item holds in the fields a CSV row carries, to compare the row with. */
function storedItemValues(item: ExistingItem): ItemValues {
  return {
    title: item.title,
    unitsPerPack: item.unitsPerPack,
    stock: item.stock,
    trackInventory: item.trackInventory,
    weight: item.weight,
    weightUnit: item.weightUnit,
    status: item.status,
    lowStockThreshold: item.lowStockThreshold,
  };
}

/** The preview of a plan: every count, and the first MAX_LISTED errors and changed rows. */
export function previewOf(sha256: string, plan: ImportPlan): ImportPreview {
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
