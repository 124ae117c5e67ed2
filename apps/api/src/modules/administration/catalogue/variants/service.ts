import {
  CATALOGUE_MESSAGES as M,
  type AdminTableField,
  type AdminVariantDetail,
  type TableFieldCreate,
  type TableFieldUpdate,
  type VariantCreate,
  type VariantUpdate,
} from '@shop/domain';
import type { Db } from '../../../../db/client';
import { Invalid, NotFound } from '../../../../http/errors';
import { audit, changedFields, type Actor } from '../../audit';
import { selectProduct } from '../products/lookup';
import * as queries from './queries';

// The variants' calls for the other catalogue entities.
export { selectFieldsOfVariant, selectVariant, type TableFieldRow } from './queries';

function fieldView(row: queries.TableFieldRow): AdminTableField {
  return {
    id: row.id,
    name: row.name,
    field_type: row.fieldType,
    long_field: row.longField,
    position: row.position,
  };
}

/** A variant's table fields as the API answers them. */
export const fieldsFromTuples = (tuples: queries.FieldTuple[] | null): AdminTableField[] =>
  (tuples ?? []).map(([id, name, fieldType, longField, position]) => ({
    id,
    name,
    field_type: fieldType as AdminTableField['field_type'],
    long_field: longField,
    position,
  }));

function variantView(
  row: NonNullable<Awaited<ReturnType<typeof queries.selectVariant>>>,
): AdminVariantDetail {
  return {
    id: row.variant.id,
    product: row.variant.productId,
    product_name: row.productName,
    name: row.variant.name,
    units_per_pallet: row.variant.unitsPerPallet,
    show_units_per: row.variant.showUnitsPer,
    position: row.variant.position,
    table_fields: fieldsFromTuples(row.fields),
    tier_count: row.tierCount,
  };
}

/** A variant with its product's name and its table fields. */
export async function variantDetail(db: Db, id: number): Promise<AdminVariantDetail> {
  const row = await queries.selectVariant(db, id);
  if (!row) throw new NotFound();
  return variantView(row);
}

/** The back office's variants and their table fields: every write in one transaction with its audit entry. */
export function createVariantAdminService(db: Db) {
  return {
    getVariant: (id: number) => variantDetail(db, id),

    async createVariant(actor: Actor, productId: number, body: VariantCreate): Promise<AdminVariantDetail> {
      if (body.show_units_per === 'pallet' && body.units_per_pallet === null) {
        throw new Invalid({ show_units_per: [M.palletNeedsUnits] });
      }
      const id = await db.transaction(async (tx) => {
        if (!(await selectProduct(tx, productId, true))) throw new NotFound();
        const created = await queries.insertVariant(tx, {
          productId,
          name: body.name,
          unitsPerPallet: body.units_per_pallet,
          showUnitsPer: body.show_units_per,
          position: body.position,
        });
        await audit(tx, actor, {
          action: 'variant.create',
          entityType: 'variant',
          entityId: created,
          after: { product: productId, ...body },
        });
        return created;
      });
      return variantDetail(db, id);
    },

    async updateVariant(actor: Actor, id: number, body: VariantUpdate): Promise<AdminVariantDetail> {
      await db.transaction(async (tx) => {
        const row = await queries.selectVariant(tx, id, true);
        if (!row) throw new NotFound();
        const before = {
          name: row.variant.name,
          units_per_pallet: row.variant.unitsPerPallet,
          show_units_per: row.variant.showUnitsPer,
          position: row.variant.position,
        };
        const merged = { ...before, ...body };
        if (merged.show_units_per === 'pallet' && merged.units_per_pallet === null) {
          throw new Invalid({ show_units_per: [M.palletNeedsUnits] });
        }
        const change = changedFields(before, body);
        if (!change) return;
        await queries.updateVariant(tx, id, {
          name: body.name,
          unitsPerPallet: body.units_per_pallet,
          showUnitsPer: body.show_units_per,
          position: body.position,
        });
        await audit(tx, actor, { action: 'variant.update', entityType: 'variant', entityId: id, ...change });
      });
      return variantDetail(db, id);
    },

    /** Deletes a variant with its table fields, tiers and items. */
    async deleteVariant(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await queries.selectVariant(tx, id, true);
        if (!row) throw new NotFound();
        await queries.deleteVariant(tx, id);
        await audit(tx, actor, {
          action: 'variant.delete',
          entityType: 'variant',
          entityId: id,
          before: { product: row.variant.productId, name: row.variant.name },
        });
      });
    },

    async createTableField(
      actor: Actor,
      variantId: number,
      body: TableFieldCreate,
    ): Promise<AdminTableField> {
      const row = await db.transaction(async (tx) => {
        if (!(await queries.selectVariant(tx, variantId, true))) throw new NotFound();
        const created = await queries.insertTableField(tx, {
          productVariantId: variantId,
          name: body.name,
          fieldType: body.field_type,
          longField: body.long_field,
          position: body.position,
        });
        await audit(tx, actor, {
          action: 'table_field.create',
          entityType: 'table_field',
          entityId: created.id,
          after: { variant: variantId, ...body },
        });
        return created;
      });
      return fieldView(row);
    },

    async updateTableField(actor: Actor, id: number, body: TableFieldUpdate): Promise<AdminTableField> {
      return db.transaction(async (tx) => {
        const row = await queries.selectTableField(tx, id);
        if (!row) throw new NotFound();
        const change = changedFields(fieldView(row), body);
        if (!change) return fieldView(row);
        await queries.updateTableField(tx, id, {
          name: body.name,
          fieldType: body.field_type,
          longField: body.long_field,
          position: body.position,
        });
        await audit(tx, actor, {
          action: 'table_field.update',
          entityType: 'table_field',
          entityId: id,
          ...change,
        });
        return { ...fieldView(row), ...body };
      });
    },

    /** Deletes a table field and every item's value for it. */
    async deleteTableField(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await queries.selectTableField(tx, id);
        if (!row) throw new NotFound();
        await queries.deleteTableField(tx, id);
        await audit(tx, actor, {
          action: 'table_field.delete',
          entityType: 'table_field',
          entityId: id,
          before: { variant: row.productVariantId, ...fieldView(row) },
        });
      });
    },
  };
}
