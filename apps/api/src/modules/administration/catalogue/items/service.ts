import {
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGES as M,
  ImagePathSchema,
  type AdminItem,
  type AdminItemRow,
  type ItemCreate,
  type ItemUpdate,
  dimensionColumns,
  SIZE_UNIT_LENGTH,
  toMillimetres,
} from '@shop/domain';
import type { Db } from '../../../../db/client';
import type { MeasurementUnit } from '../../../../db/schema';
import { Invalid, NotFound } from '../../../../http/errors';
import { mayHaveRestocked, notifyRestocked } from '../../../stock-alerts/restock';
import { audit, changedFields, type Actor } from '../../audit';
import type { Window } from '../query-parts';
import {
  addError,
  countOfList,
  type FieldErrors,
  type ListPage,
  throwIfAny,
  withUniqueFieldErrors,
} from '../shared';
import { insertMovement } from '../stock/movements';
import {
  fieldsFromTuples,
  selectFieldsOfVariant,
  selectVariant,
  type TableFieldRow,
} from '../variants/service';
import * as queries from './queries';

// The items' calls for the other catalogue entities.
export { itemExists, lockItem, updateItem } from './queries';

function itemRowView(row: queries.ItemListRow): AdminItemRow {
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    stock: row.stock,
    track_inventory: row.trackInventory,
    low_stock_threshold: row.lowStockThreshold,
    status: row.status,
    variant: row.variantId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The item fields the audit log keeps, in the API's names. */
function itemAuditFields(row: queries.ItemRow) {
  return {
    sku: row.sku,
    title: row.title,
    units_per_pack: row.unitsPerPack,
    stock: row.stock,
    track_inventory: row.trackInventory,
    weight: row.weight,
    weight_unit: row.weightUnit,
    measurement_unit: row.measurementUnit,
    width: row.width,
    height: row.height,
    length: row.length,
    status: row.status,
    low_stock_threshold: row.lowStockThreshold,
  };
}

/** Errors of an item's dimensions: a unit with length and width, each within the columns' range in mm. */
function dimensionErrors(dims: {
  measurement_unit: MeasurementUnit | null;
  width: number | null;
  height: number | null;
  length: number | null;
}): FieldErrors {
  const errors: FieldErrors = {};
  const unit = dims.measurement_unit;
  if (unit === null) {
    for (const field of ['width', 'height', 'length'] as const) {
      if (dims[field] !== null) addError(errors, 'measurement_unit', M.dimensionsNeedUnit);
    }
    if (errors.measurement_unit) errors.measurement_unit = [M.dimensionsNeedUnit];
    return errors;
  }
  for (const field of ['length', 'width'] as const) {
    if (dims[field] === null) addError(errors, field, M.dimensionRequired);
  }
  for (const field of ['width', 'height', 'length'] as const) {
    const value = dims[field];
    if (value !== null && toMillimetres(value, SIZE_UNIT_LENGTH[unit]) > CATALOGUE_LIMITS.dimensionMm) {
      addError(errors, field, M.dimensionTooLarge);
    }
  }
  return errors;
}

/** The columns an item's dimensions are stored in, the sorted mm columns kept in step. */
function dimensionValues(dims: {
  measurement_unit: MeasurementUnit | null;
  width: number | null;
  height: number | null;
  length: number | null;
}) {
  if (dims.measurement_unit === null) return dimensionColumns(null);
  return dimensionColumns({
    unit: dims.measurement_unit,
    length: dims.length!,
    width: dims.width!,
    height: dims.height,
  });
}

/**
 * An item's table-field values as rows to set and fields to clear, each checked against its field's type;
 * errors name the entry (`data_entries.2.value`).
 */
function dataEntryWrites(
  entries: ItemCreate['data_entries'],
  fields: TableFieldRow[],
  errors: FieldErrors,
): { set: queries.DataEntryWrite[]; remove: number[] } {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const seen = new Set<number>();
  const set: queries.DataEntryWrite[] = [];
  const remove: number[] = [];
  entries.forEach((entry, index) => {
    const at = `data_entries.${index}`;
    const field = byId.get(entry.field);
    if (!field) return addError(errors, `${at}.field`, M.unknownField);
    if (seen.has(entry.field)) return addError(errors, `${at}.field`, M.duplicateField);
    seen.add(entry.field);
    const value = typeof entry.value === 'string' ? entry.value.trim() : entry.value;
    if (value === null || value === '') return void remove.push(field.id);
    const row: queries.DataEntryWrite = {
      tableFieldId: field.id,
      valueText: null,
      valueNumber: null,
      valueImage: null,
    };
    if (field.fieldType === 'text') {
      row.valueText = String(value);
    } else if (field.fieldType === 'image') {
      const path = ImagePathSchema.safeParse(String(value));
      if (!path.success) return addError(errors, `${at}.value`, M.imagePath);
      row.valueImage = path.data;
    } else {
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number) || Math.abs(number) > 1_000_000_000) {
        return addError(errors, `${at}.value`, M.notANumber);
      }
      row.valueNumber = number;
    }
    set.push(row);
  });
  return { set, remove };
}

/**
 * The back office's items: every write in one transaction with its audit entry. `publicUrl` is the shop's
 * origin, for the product links of the back-in-stock e-mails an update can send.
 */
export function createItemAdminService(db: Db, { publicUrl }: { publicUrl: string }) {
  async function itemDetail(id: number): Promise<AdminItem> {
    const row = await queries.selectItem(db, id);
    if (!row) throw new NotFound();
    const { item } = row;
    return {
      ...itemRowView({ ...item, variantId: item.productVariantId }),
      units_per_pack: item.unitsPerPack,
      weight: item.weight,
      weight_unit: item.weightUnit,
      measurement_unit: item.measurementUnit,
      width: item.width,
      height: item.height,
      length: item.length,
      variant_name: row.variantName,
      product: row.productId,
      product_name: row.productName,
      table_fields: fieldsFromTuples(row.fields),
      data_entries: (row.entries ?? []).map(([field, valueText, valueNumber, valueImage]) => ({
        field,
        value_text: valueText,
        value_number: valueNumber === null ? null : Number(valueNumber),
        value_image: valueImage,
      })),
    };
  }

  return {
    async listItems(
      filter: queries.ItemFilter & { ordering: queries.ItemOrdering; descending: boolean },
      window: Window,
    ): Promise<ListPage<AdminItemRow>> {
      const rows = await queries.selectItemPage(db, filter, window);
      const { count, capped } = await countOfList(rows.length, window, () => queries.countItems(db, filter));
      return { count, capped, results: rows.map(itemRowView) };
    },

    getItem: itemDetail,

    /** Creates an item; its opening stock is recorded as a stock movement. */
    async createItem(actor: Actor, body: ItemCreate): Promise<AdminItem> {
      const errors: FieldErrors = dimensionErrors(body);
      const variant = await selectVariant(db, body.variant);
      if (!variant) addError(errors, 'variant', 'Choose an existing variant.');
      if (await queries.skuTaken(db, body.sku)) addError(errors, 'sku', M.skuTaken);
      const fields = variant ? await selectFieldsOfVariant(db, body.variant) : [];
      const entries = dataEntryWrites(body.data_entries, fields, errors);
      throwIfAny(errors);
      const id = await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          if (!(await selectVariant(tx, body.variant, true)))
            throw new Invalid({ variant: ['Choose an existing variant.'] });
          const created = await queries.insertItem(tx, {
            productVariantId: body.variant,
            sku: body.sku,
            title: body.title,
            unitsPerPack: body.units_per_pack,
            stock: body.stock,
            trackInventory: body.track_inventory,
            weight: body.weight,
            weightUnit: body.weight_unit,
            status: body.status,
            lowStockThreshold: body.low_stock_threshold,
            ...dimensionValues(body),
          });
          await queries.writeDataEntries(tx, created, entries.set, []);
          if (body.stock !== 0) {
            await insertMovement(tx, {
              itemId: created,
              delta: body.stock,
              stockAfter: body.stock,
              reason: 'Opening stock',
              actorId: actor.id,
            });
          }
          await audit(tx, actor, {
            action: 'item.create',
            entityType: 'item',
            entityId: created,
            after: body,
          });
          return created;
        }),
      );
      return itemDetail(id);
    },

    /**
     * Updates an item. Dimensions given are merged with the stored ones and the sorted mm columns recomputed;
     * a new stock level is recorded as a stock movement; data entries given are set (null or '' clears one).
     * A change that makes the item orderable again spends its waiting alerts (stock-alerts/restock.ts).
     */
    async updateItem(actor: Actor, id: number, body: ItemUpdate): Promise<AdminItem> {
      if (body.sku !== undefined && (await queries.skuTaken(db, body.sku, id))) {
        throw new Invalid({ sku: [M.skuTaken] });
      }
      await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          const row = await queries.lockItem(tx, id);
          if (!row) throw new NotFound();
          const { data_entries: dataEntries, ...fields } = body;
          const dims = {
            measurement_unit:
              fields.measurement_unit !== undefined ? fields.measurement_unit : row.measurementUnit,
            width: fields.width !== undefined ? fields.width : row.width,
            height: fields.height !== undefined ? fields.height : row.height,
            length: fields.length !== undefined ? fields.length : row.length,
          };
          const dimsGiven = ['measurement_unit', 'width', 'height', 'length'].some(
            (field) => fields[field as keyof typeof fields] !== undefined,
          );
          const errors: FieldErrors = dimsGiven ? dimensionErrors(dims) : {};
          const entries = dataEntries
            ? dataEntryWrites(dataEntries, await selectFieldsOfVariant(tx, row.productVariantId), errors)
            : { set: [], remove: [] };
          throwIfAny(errors);
          const change = changedFields(itemAuditFields(row), fields);
          if (change) {
            await queries.updateItem(tx, id, {
              sku: fields.sku,
              title: fields.title,
              unitsPerPack: fields.units_per_pack,
              stock: fields.stock,
              trackInventory: fields.track_inventory,
              weight: fields.weight,
              weightUnit: fields.weight_unit,
              status: fields.status,
              lowStockThreshold: fields.low_stock_threshold,
              ...(dimsGiven ? dimensionValues(dims) : {}),
            });
          }
          if (fields.stock !== undefined && fields.stock !== row.stock) {
            await insertMovement(tx, {
              itemId: id,
              delta: fields.stock - row.stock,
              stockAfter: fields.stock,
              reason: 'Stock set in the item form',
              actorId: actor.id,
            });
          }
          await queries.writeDataEntries(tx, id, entries.set, entries.remove);
          // More stock, or back on sale, untracked or a smaller pack: the item's waiting alerts may be due.
          const after = {
            stock: fields.stock ?? row.stock,
            trackInventory: fields.track_inventory ?? row.trackInventory,
            unitsPerPack: fields.units_per_pack ?? row.unitsPerPack,
            status: fields.status ?? row.status,
          };
          if (mayHaveRestocked(row, after)) await notifyRestocked(tx, [id], publicUrl);
          if (change || dataEntries) {
            await audit(tx, actor, {
              action: 'item.update',
              entityType: 'item',
              entityId: id,
              before: change?.before ?? {},
              after: { ...change?.after, ...(dataEntries ? { data_entries: dataEntries } : {}) },
            });
          }
        }),
      );
      return itemDetail(id);
    },

    async deleteItem(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await queries.lockItem(tx, id);
        if (!row) throw new NotFound();
        await queries.deleteItem(tx, id);
        await audit(tx, actor, {
          action: 'item.delete',
          entityType: 'item',
          entityId: id,
          before: { variant: row.productVariantId, ...itemAuditFields(row) },
        });
      });
    },
  };
}
