import type { PriceTable, PriceTableUpdate } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { PriceGrid, priceTableBody } from './price-grid';

const table = (overrides: Partial<PriceTable['variant']> = {}): PriceTable => ({
  variant: {
    id: 7,
    product: 3,
    product_name: 'Tape Dispenser',
    name: 'Hand Tape Dispensers',
    units_per_pallet: null,
    show_units_per: 'pack',
    position: 0,
    table_fields: [],
    tier_count: 2,
    ...overrides,
  },
  tiers: [
    { id: 11, tier_type: 'pack', range_start: 1, range_end: 9, no_end_range: false },
    { id: 12, tier_type: 'pack', range_start: 10, range_end: null, no_end_range: true },
  ],
  items: [
    { id: 101, sku: 'TD-PRO-50', title: 'Heavy Duty Tape Gun 50mm', status: 'active', prices: [1295, 1204] },
    { id: 102, sku: 'TD-PRO-75', title: 'Heavy Duty Tape Gun 75mm', status: 'active', prices: [1595, null] },
  ],
});

function renderGrid(onSave = vi.fn<(body: PriceTableUpdate) => Promise<PriceTable>>()) {
  const view = render(<PriceGrid table={table()} onSave={onSave} />);
  return { ...view, onSave, user: userEvent.setup() };
}

describe('PriceGrid', () => {
  it('shows each item’s price per tier in pounds, in inputs labelled by SKU and tier', async () => {
    const { container } = renderGrid();
    expect(screen.getByLabelText('TD-PRO-50 price for 1+ packs')).toHaveValue(12.95);
    expect(screen.getByLabelText('TD-PRO-50 price for 10+ packs')).toHaveValue(12.04);
    expect(screen.getByLabelText('TD-PRO-75 price for 10+ packs')).toHaveValue(null);
    expect(screen.getByRole('rowheader', { name: /TD-PRO-75/ })).toBeInTheDocument();
    // Pallet tiers are not offered to a variant without units per pallet.
    expect(
      within(screen.getByLabelText('Tier 1 counts')).queryByRole('option', { name: 'Pallets' }),
    ).toBeNull();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });

  it('sends the whole table in pence after cells are edited and a tier is added', async () => {
    const onSave = vi.fn(async (body: PriceTableUpdate) => {
      void body;
      return {
        ...table(),
        tiers: [
          ...table().tiers.slice(0, 1),
          { id: 12, tier_type: 'pack' as const, range_start: 10, range_end: 19, no_end_range: false },
          { id: 13, tier_type: 'pack' as const, range_start: 20, range_end: null, no_end_range: true },
        ],
        items: table().items.map((item) => ({ ...item, prices: [1000, 900, 800] })),
      };
    });
    const { user } = renderGrid(onSave);
    const cell = screen.getByLabelText('TD-PRO-75 price for 10+ packs');
    await user.type(cell, '14.5');
    await user.clear(screen.getByLabelText('TD-PRO-50 price for 1+ packs'));
    await user.type(screen.getByLabelText('TD-PRO-50 price for 1+ packs'), '13');
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    // The new column starts at twice the highest pack start, empty for every item.
    expect(screen.getByLabelText('Tier 3 starts at')).toHaveValue(20);
    await user.type(screen.getByLabelText('TD-PRO-50 price for 20+ packs'), '11.99');
    await user.type(screen.getByLabelText('TD-PRO-75 price for 20+ packs'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Save all prices' }));

    expect(onSave).toHaveBeenCalledWith({
      tiers: [
        { id: 11, tier_type: 'pack', range_start: 1 },
        { id: 12, tier_type: 'pack', range_start: 10 },
        { tier_type: 'pack', range_start: 20 },
      ],
      items: [
        { id: 101, prices: [1300, 1204, 1199] },
        { id: 102, prices: [1595, 1450, 50] },
      ],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Prices saved.');
    // The grid shows what the server stored.
    expect(screen.getByLabelText('TD-PRO-75 price for 20+ packs')).toHaveValue(8);
  });

  it('removes a tier with its column of prices', async () => {
    const { user, onSave } = renderGrid();
    onSave.mockResolvedValue(table());
    await user.type(screen.getByLabelText('TD-PRO-75 price for 10+ packs'), '15');
    await user.click(screen.getByRole('button', { name: 'Remove tier 10+ packs' }));
    expect(screen.queryByLabelText('TD-PRO-75 price for 10+ packs')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save all prices' }));
    expect(onSave).toHaveBeenCalledWith({
      tiers: [{ id: 11, tier_type: 'pack', range_start: 1 }],
      items: [
        { id: 101, prices: [1295] },
        { id: 102, prices: [1595] },
      ],
    });
  });

  it('refuses empty and malformed cells in the browser, sending nothing', async () => {
    const { user, onSave } = renderGrid();
    await user.click(screen.getByRole('button', { name: 'Save all prices' }));
    expect(onSave).not.toHaveBeenCalled();
    const cell = screen.getByLabelText('TD-PRO-75 price for 10+ packs');
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(cell).toHaveAccessibleDescription('Enter a price.');
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields. Nothing was saved.');
  });

  it('shows the server’s errors under the cells and tiers they name', async () => {
    const { user, onSave } = renderGrid();
    onSave.mockRejectedValue(
      new ApiError({
        kind: 'response',
        status: 400,
        message: 'Please check the form.',
        generic: true,
        fields: {
          'items.1.prices.0': ['Ensure this value is less than or equal to 10,000,000.'],
          'tiers.1.range_start': ['Each tier must start above the tier of the same type before it.'],
        },
      }),
    );
    await user.type(screen.getByLabelText('TD-PRO-75 price for 10+ packs'), '3');
    await user.click(screen.getByRole('button', { name: 'Save all prices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Check the highlighted fields. Nothing was saved.',
    );
    expect(screen.getByLabelText('TD-PRO-75 price for 1+ packs')).toHaveAccessibleDescription(
      'Ensure this value is less than or equal to 10,000,000.',
    );
    expect(screen.getByLabelText('Tier 2 starts at')).toHaveAccessibleDescription(
      'Each tier must start above the tier of the same type before it.',
    );
    expect(screen.getByLabelText('TD-PRO-50 price for 1+ packs')).not.toHaveAttribute('aria-invalid');
  });

  it('moves down a column with Enter and the arrow keys', async () => {
    const { user } = renderGrid();
    await user.click(screen.getByLabelText('TD-PRO-50 price for 10+ packs'));
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('TD-PRO-75 price for 10+ packs')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByLabelText('TD-PRO-50 price for 10+ packs')).toHaveFocus();
  });

  it('offers pallet tiers when the variant has units per pallet', () => {
    render(<PriceGrid table={table({ units_per_pallet: 240 })} onSave={vi.fn()} />);
    expect(
      within(screen.getByLabelText('Tier 1 counts')).getByRole('option', { name: 'Pallets' }),
    ).toBeInTheDocument();
  });
});

describe('priceTableBody', () => {
  it('converts pounds to pence exactly and addresses bad cells as the API does', () => {
    const tiers = [
      { key: 'a', id: 1, tier_type: 'pack' as const, range_start: '1' },
      { key: 'b', tier_type: 'pallet' as const, range_start: '0' },
    ];
    const rows = [{ id: 5, sku: 'A', title: 'A', status: 'active' as const, prices: ['0.29', '1.1'] }];
    expect(priceTableBody(tiers.slice(0, 1), [{ ...rows[0]!, prices: ['0.29'] }])).toEqual({
      body: { tiers: [{ id: 1, tier_type: 'pack', range_start: 1 }], items: [{ id: 5, prices: [29] }] },
    });
    expect(priceTableBody(tiers, [{ ...rows[0]!, prices: ['1.234', '100001'] }])).toEqual({
      errors: {
        'tiers.1.range_start': ['Enter a whole number of at least 1.'],
        'items.0.prices.0': ['Enter pounds and pence, e.g. 12.50.'],
        'items.0.prices.1': ['Enter at most £100000.00.'],
      },
    });
  });
});
