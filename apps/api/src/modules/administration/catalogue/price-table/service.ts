import { CATALOGUE_MESSAGES as M, type PriceTable, type PriceTableUpdate, withRangeEnds } from '@shop/domain';
import type { Db } from '../../../../db/client';
import { NotFound } from '../../../../http/errors';
import { audit, type Actor } from '../../audit';
import { addError, type FieldErrors, throwIfAny } from '../shared';
import { selectVariant } from '../variants/service';
import { variantDetail } from '../variants/service';
import * as queries from './queries';

/** A variant's price table: its tiers and every item's price in each, replaced as a whole. */
export function createPriceTableAdminService(db: Db) {
  return {
    async getPriceTable(variantId: number): Promise<PriceTable> {
      const variant = await variantDetail(db, variantId);
      const [tiers, itemRows] = await Promise.all([
        queries.selectTiers(db, variantId),
        queries.selectPricedItems(db, variantId),
      ]);
      return {
        variant,
        tiers: tiers.map((tier) => ({
          id: tier.id,
          tier_type: tier.tierType,
          range_start: tier.rangeStart,
          range_end: tier.rangeEnd,
          no_end_range: tier.noEndRange,
        })),
        items: itemRows.map((item) => {
          const prices = new Map(item.prices ?? []);
          return {
            id: item.id,
            sku: item.sku,
            title: item.title,
            status: item.status,
            prices: tiers.map((tier) => prices.get(tier.id) ?? null),
          };
        }),
      };
    },

    /**
     * Replaces a variant's whole price table in one transaction: its tiers (kept by id, added, removed, each
     * ending where the next of its type starts) and every item's price in each. Every cell is checked
     * first, with errors addressed to it (`items.2.prices.1`); a bad one changes nothing.
     */
    async replacePriceTable(actor: Actor, variantId: number, body: PriceTableUpdate): Promise<PriceTable> {
      await db.transaction(async (tx) => {
        const variant = await selectVariant(tx, variantId, true);
        if (!variant) throw new NotFound();
        const [existingTiers, existingItems] = await Promise.all([
          queries.selectTiers(tx, variantId),
          queries.selectPricedItems(tx, variantId),
        ]);
        const errors: FieldErrors = {};

        const known = new Set(existingTiers.map((tier) => tier.id));
        const kept = new Set<number>();
        const lastStart: Partial<Record<'pack' | 'pallet', number>> = {};
        body.tiers.forEach((tier, index) => {
          const at = `tiers.${index}`;
          if (tier.id !== undefined) {
            if (!known.has(tier.id)) addError(errors, `${at}.id`, M.unknownTier);
            else if (kept.has(tier.id)) addError(errors, `${at}.id`, M.duplicateTier);
            kept.add(tier.id);
          }
          if (tier.tier_type === 'pallet' && variant.variant.unitsPerPallet === null) {
            addError(errors, `${at}.tier_type`, M.palletTierNeedsUnits);
          }
          const previous = lastStart[tier.tier_type];
          if (previous === undefined) {
            if (tier.tier_type === 'pack' && tier.range_start !== 1)
              addError(errors, `${at}.range_start`, M.firstPackTier);
          } else if (tier.range_start <= previous) {
            addError(errors, `${at}.range_start`, M.tierOrder);
          }
          lastStart[tier.tier_type] = tier.range_start;
        });
        if (lastStart.pack === undefined) addError(errors, 'tiers', M.needPackTier);

        const variantItems = new Set(existingItems.map((item) => item.id));
        const listed = new Set<number>();
        body.items.forEach((item, index) => {
          const at = `items.${index}`;
          if (!variantItems.has(item.id)) addError(errors, `${at}.id`, M.unknownItem);
          else if (listed.has(item.id)) addError(errors, `${at}.id`, 'This item appears twice.');
          listed.add(item.id);
          if (item.prices.length !== body.tiers.length) addError(errors, `${at}.prices`, M.priceCount);
        });
        if ([...variantItems].some((id) => !listed.has(id)))
          addError(errors, 'non_field_errors', M.tableOutOfDate);
        throwIfAny(errors);

        const ranged = withRangeEnds(body.tiers);
        const toWrite = (tier: (typeof ranged)[number]) => ({
          tierType: tier.tier_type,
          rangeStart: tier.range_start,
          rangeEnd: tier.range_end,
          noEndRange: tier.no_end_range,
        });
        await queries.updateTiers(
          tx,
          ranged.filter((tier) => tier.id !== undefined).map((tier) => ({ id: tier.id!, ...toWrite(tier) })),
        );
        const newIds = await queries.insertTiers(
          tx,
          variantId,
          ranged.filter((tier) => tier.id === undefined).map(toWrite),
        );
        let next = 0;
        const tierIds = ranged.map((tier) => tier.id ?? newIds[next++]!);
        const firstPack = tierIds[ranged.findIndex((tier) => tier.tier_type === 'pack')]!;
        const removed = existingTiers.filter((tier) => !kept.has(tier.id)).map((tier) => tier.id);
        await queries.deleteTiers(tx, removed, firstPack);
        await queries.upsertPrices(
          tx,
          body.items.flatMap((item) =>
            item.prices.map((pence, index) => ({ tierId: tierIds[index]!, itemId: item.id, pence })),
          ),
        );

        const skus = new Map(existingItems.map((item) => [item.id, item.sku]));
        const tierLabel = (tier: { tier_type: string; range_start: number }) =>
          `${tier.tier_type}:${tier.range_start}`;
        const beforePrices = Object.fromEntries(
          existingItems.map((item) => {
            const prices = new Map(item.prices ?? []);
            return [item.sku, existingTiers.map((tier) => prices.get(tier.id) ?? null)];
          }),
        );
        await audit(tx, actor, {
          action: 'price_table.replace',
          entityType: 'variant',
          entityId: variantId,
          before: {
            tiers: existingTiers.map((tier) =>
              tierLabel({ tier_type: tier.tierType, range_start: tier.rangeStart }),
            ),
            prices: beforePrices,
          },
          after: {
            tiers: body.tiers.map(tierLabel),
            prices: Object.fromEntries(body.items.map((item) => [skus.get(item.id), item.prices])),
          },
        });
      });
      return this.getPriceTable(variantId);
    },
  };
}
