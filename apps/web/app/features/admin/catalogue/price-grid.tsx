import {
  CATALOGUE_LIMITS,
  penceFromDecimal,
  penceToDecimal,
  PriceTableUpdateSchema,
  type PriceTable,
  type PriceTableUpdate,
} from '@shop/domain';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormOutcome } from '../components/admin-field';
import { FormInvalid, parseOrThrow, useFormSubmit } from '../components/use-form-submit';
import { ScrollRegion } from '~/components/ui/scroll-region';

type TierType = 'pack' | 'pallet';

interface TierDraft {
  /** A stable React key (an existing tier's id, or a counter for a new one). */
  key: string;
  id?: number;
  tier_type: TierType;
  range_start: string;
}

interface RowDraft {
  id: number;
  sku: string;
  title: string;
  status: 'active' | 'inactive';
  /** Pounds as typed, one per tier. */
  prices: string[];
}

const CELL_MESSAGES = {
  empty: 'Enter a price.',
  invalid: 'Enter pounds and pence, e.g. 12.50.',
  tooHigh: `Enter at most £${penceToDecimal(CATALOGUE_LIMITS.pricePence)}.`,
  start: 'Enter a whole number of at least 1.',
};

function draftsOf(table: PriceTable): { tiers: TierDraft[]; rows: RowDraft[] } {
  return {
    tiers: table.tiers.map((tier) => ({
      key: `t${tier.id}`,
      id: tier.id,
      tier_type: tier.tier_type,
      range_start: String(tier.range_start),
    })),
    rows: table.items.map((item) => ({
      id: item.id,
      sku: item.sku,
      title: item.title,
      status: item.status,
      prices: item.prices.map((pence) => (pence === null ? '' : penceToDecimal(pence))),
    })),
  };
}

/** How a tier's column is named: '10+ packs', '1+ pallets'. */
export function tierLabel(tier: { tier_type: TierType; range_start: string | number }): string {
  return `${tier.range_start || '?'}+ ${tier.tier_type === 'pack' ? 'packs' : 'pallets'}`;
}

/** The grid as the API's document, or the errors of cells that are not prices (keyed as the API keys them). */
export function priceTableBody(
  tiers: TierDraft[],
  rows: RowDraft[],
): { body: PriceTableUpdate } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const body: PriceTableUpdate = {
    tiers: tiers.map((tier, index) => {
      const start = Number(tier.range_start);
      if (!/^\d+$/.test(tier.range_start.trim()) || start < 1) {
        errors[`tiers.${index}.range_start`] = [CELL_MESSAGES.start];
      }
      return {
        ...(tier.id !== undefined ? { id: tier.id } : {}),
        tier_type: tier.tier_type,
        range_start: start,
      };
    }),
    items: rows.map((row, rowIndex) => ({
      id: row.id,
      prices: row.prices.map((text, column) => {
        const at = `items.${rowIndex}.prices.${column}`;
        const pence = penceFromDecimal(text);
        if (text.trim() === '') errors[at] = [CELL_MESSAGES.empty];
        else if (Number.isNaN(pence) || pence < 0) errors[at] = [CELL_MESSAGES.invalid];
        else if (pence > CATALOGUE_LIMITS.pricePence) errors[at] = [CELL_MESSAGES.tooHigh];
        return pence;
      }),
    })),
  };
  return Object.keys(errors).length > 0 ? { errors } : { body };
}

/**
 * A variant's whole price table on one screen: rows are items, columns are tiers, each cell the
 * price of one pack in pounds. Tiers are added, removed and moved by their starting quantity; 'Save all
 * prices' sends the whole table, and the server's errors show under the cells they name.
 */
export function PriceGrid({
  table,
  onSave,
}: {
  table: PriceTable;
  onSave: (body: PriceTableUpdate) => Promise<PriceTable>;
}) {
  const [{ tiers, rows }, setDraft] = useState(() => draftsOf(table));
  const form = useFormSubmit();
  const [added, setAdded] = useState(0);
  const canPallet = table.variant.units_per_pallet !== null;

  const setTier = (index: number, change: Partial<TierDraft>) =>
    setDraft((draft) => ({
      ...draft,
      tiers: draft.tiers.map((tier, i) => (i === index ? { ...tier, ...change } : tier)),
    }));
  const setCell = (rowIndex: number, column: number, value: string) =>
    setDraft((draft) => ({
      ...draft,
      rows: draft.rows.map((row, i) =>
        i === rowIndex
          ? { ...row, prices: row.prices.map((price, c) => (c === column ? value : price)) }
          : row,
      ),
    }));

  function addTier() {
    const packStarts = tiers
      .filter((tier) => tier.tier_type === 'pack')
      .map((tier) => Number(tier.range_start) || 0);
    const start = packStarts.length === 0 ? 1 : Math.max(...packStarts) * 2 || 1;
    setAdded((n) => n + 1);
    setDraft((draft) => ({
      tiers: [...draft.tiers, { key: `new${added}`, tier_type: 'pack', range_start: String(start) }],
      rows: draft.rows.map((row) => ({ ...row, prices: [...row.prices, ''] })),
    }));
  }

  function removeTier(index: number) {
    setDraft((draft) => ({
      tiers: draft.tiers.filter((_, i) => i !== index),
      rows: draft.rows.map((row) => ({ ...row, prices: row.prices.filter((_, c) => c !== index) })),
    }));
    // Errors are addressed by position, which just changed.
    form.clearErrors();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    await form.run(async () => {
      // Cells are pounds as typed: the grid reads them into pence itself, then the API's schema checks the rest.
      const built = priceTableBody(tiers, rows);
      if ('errors' in built) throw new FormInvalid(built.errors);
      const saved = await onSave(parseOrThrow(PriceTableUpdateSchema.safeParse(built.body)));
      setDraft(draftsOf(saved));
      return 'Prices saved.';
    });
  }

  /** Enter and the up and down arrows move between rows of a column, like a spreadsheet. */
  function moveInColumn(event: KeyboardEvent<HTMLInputElement>, rowIndex: number, column: number) {
    const step = event.key === 'ArrowDown' || event.key === 'Enter' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    const target = document.getElementById(`price-${rowIndex + step}-${column}`);
    if (!target) return;
    event.preventDefault();
    target.focus();
  }

  const cellError = form.errorsOf;
  const tableErrors = cellError('tiers');
  const described = (id: string, messages: string[] | undefined) =>
    messages ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

  return (
    <form onSubmit={submit} noValidate>
      <div className="admin-table price-grid">
        <ScrollRegion className="admin-table__scroll" label="Price table grid">
          <table>
            <caption>Price of one pack, in pounds, for each item (rows) in each tier (columns)</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                {tiers.map((tier, index) => {
                  const startErrors = cellError(`tiers.${index}.range_start`);
                  const typeErrors = cellError(`tiers.${index}.tier_type`) ?? cellError(`tiers.${index}.id`);
                  const startId = `tier-${index}-start`;
                  const typeId = `tier-${index}-type`;
                  return (
                    <th key={tier.key} scope="col" className="price-grid__tier">
                      <span className="price-grid__tier-name">{tierLabel(tier)}</span>
                      <label htmlFor={typeId} className="visually-hidden">
                        Tier {index + 1} counts
                      </label>
                      <select
                        id={typeId}
                        className="form__control"
                        value={tier.tier_type}
                        onChange={(event) => setTier(index, { tier_type: event.target.value as TierType })}
                        {...described(typeId, typeErrors)}
                      >
                        <option value="pack">Packs</option>
                        {canPallet || tier.tier_type === 'pallet' ? (
                          <option value="pallet">Pallets</option>
                        ) : null}
                      </select>
                      {typeErrors ? (
                        <span id={`${typeId}-error`} className="field-error">
                          {typeErrors.join(' ')}
                        </span>
                      ) : null}
                      <label htmlFor={startId} className="visually-hidden">
                        Tier {index + 1} starts at
                      </label>
                      <input
                        id={startId}
                        className="form__control"
                        type="number"
                        min={1}
                        max={CATALOGUE_LIMITS.tierStart}
                        step={1}
                        inputMode="numeric"
                        value={tier.range_start}
                        onChange={(event) => setTier(index, { range_start: event.target.value })}
                        {...described(startId, startErrors)}
                      />
                      {startErrors ? (
                        <span id={`${startId}-error`} className="field-error">
                          {startErrors.join(' ')}
                        </span>
                      ) : null}
                      <button
                        type="button"
                        className="admin-button admin-button--secondary"
                        onClick={() => removeTier(index)}
                        aria-label={`Remove tier ${tierLabel(tier)}`}
                      >
                        Remove
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={tiers.length + 1} className="admin-table__empty">
                    This variant has no items yet.
                  </td>
                </tr>
              ) : (
                rows.map((row, rowIndex) => {
                  const rowErrors =
                    cellError(`items.${rowIndex}.prices`) ?? cellError(`items.${rowIndex}.id`);
                  return (
                    <tr key={row.id}>
                      <th scope="row">
                        <span className="price-grid__sku">{row.sku}</span>
                        <span className="price-grid__title">{row.title}</span>
                        {row.status === 'inactive' ? <span className="admin-badge">Inactive</span> : null}
                        {rowErrors ? <span className="field-error">{rowErrors.join(' ')}</span> : null}
                      </th>
                      {row.prices.map((price, column) => {
                        const id = `price-${rowIndex}-${column}`;
                        const messages = cellError(`items.${rowIndex}.prices.${column}`);
                        return (
                          <td key={tiers[column]?.key ?? column}>
                            <input
                              id={id}
                              className="form__control price-grid__cell"
                              type="number"
                              min={0}
                              step={0.01}
                              inputMode="decimal"
                              aria-label={`${row.sku} price for ${tierLabel(tiers[column]!)}`}
                              value={price}
                              onChange={(event) => setCell(rowIndex, column, event.target.value)}
                              onKeyDown={(event) => moveInColumn(event, rowIndex, column)}
                              {...described(id, messages)}
                            />
                            {messages ? (
                              <span id={`${id}-error`} className="field-error">
                                {messages.join(' ')}
                              </span>
                            ) : null}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
      {tableErrors ? <p className="field-error">{tableErrors.join(' ')}</p> : null}
      <p className="admin-page__actions">
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={addTier}
          disabled={tiers.length >= CATALOGUE_LIMITS.tiers}
        >
          Add tier
        </button>
        <button type="submit" className="admin-button" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save all prices'}
        </button>
      </p>
      {/* The whole table is saved at once, or none of it. */}
      <FormOutcome error={form.formError && `${form.formError} Nothing was saved.`} success={form.success} />
    </form>
  );
}
