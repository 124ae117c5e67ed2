import {
  formatDecimalGbp,
  MAX_PACK_QUANTITY,
  type QuickOrderLineResult,
  type SavedListLine,
  type SavedListView,
} from '@shop/domain';
import { Link } from 'react-router';
import { type LineColumn, LinesTable } from '~/features/commerce/components/lines-table';

/** A line as the page edits it: the packs as typed, whether it is ticked for the cart, whether it is removed. */
export interface Row {
  line: SavedListLine;
  packs: string;
  ticked: boolean;
}

export const rowsOf = (list: SavedListView): Row[] =>
  list.lines.map((line) => ({ line, packs: String(line.packs), ticked: true }));

/** Packs as typed: a whole number from 1 to MAX_PACK_QUANTITY, else null. */
export function packsOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const packs = Number(trimmed);
  return packs >= 1 && packs <= MAX_PACK_QUANTITY ? packs : null;
}

export const PACKS_MESSAGE = `Enter a whole number from 1 to ${MAX_PACK_QUANTITY.toLocaleString('en-GB')}.`;

/** Whether a line's item can be bought now, in a few words. */
function availability(line: SavedListLine): string {
  if (line.item.status !== 'active') return 'No longer sold';
  if (line.item.track_inventory && line.item.stock < line.item.units_per_pack) return 'Out of stock';
  return 'In stock';
}

interface SavedListLinesProps {
  /** The page's id, which the packs fields' ids start with. */
  id: string;
  rows: readonly Row[];
  /** Whether the lines can be removed (the buyer's own list, or a company list they may edit). */
  editable: boolean;
  disabled: boolean;
  /** Today's price of each line for its packs, by item id, as the server checked it (none while unknown). */
  today: ReadonlyMap<number, QuickOrderLineResult>;
  onRow: (itemId: number, change: Partial<Row>) => void;
  onRemove: (itemId: number) => void;
}

/**
 * The list's lines: each ticked to go in the cart or not, its packs to edit, the price it was saved at and
 * today's price and total for its packs, and its stock.
 */
export function SavedListLines({
  id,
  rows,
  editable,
  disabled,
  today,
  onRow,
  onRemove,
}: SavedListLinesProps) {
  const todayOf = (row: Row) => today.get(row.line.item.id);
  const columns: LineColumn<Row>[] = [
    {
      heading: 'Add',
      className: 'saved-list__tick',
      unlabelled: true,
      cell: ({ line: { item }, ticked }) => (
        <input
          type="checkbox"
          checked={ticked}
          aria-label={`Add ${item.sku} to cart`}
          onChange={(event) => onRow(item.id, { ticked: event.target.checked })}
        />
      ),
    },
    {
      heading: 'Item',
      className: 'saved-list__item',
      unlabelled: true,
      cell: ({ line: { item } }) => (
        <>
          <Link to={`/details/${item.category_slug}/${item.product_slug}`}>{item.sku}</Link>
          <span className="saved-list__title">{item.title}</span>
        </>
      ),
    },
    {
      heading: 'Packs',
      className: 'saved-list__packs',
      cell: (row) => <PacksInput id={id} row={row} onRow={onRow} />,
    },
    {
      heading: 'Saved price',
      numeric: true,
      cell: ({ line }) => (line.saved_price_per_pack ? formatDecimalGbp(line.saved_price_per_pack) : '—'),
    },
    {
      heading: 'Today’s price',
      numeric: true,
      cell: (row) => {
        const price = todayOf(row)?.price_per_pack;
        return price ? formatDecimalGbp(price) : '—';
      },
    },
    {
      heading: 'Line total',
      numeric: true,
      cell: (row) => {
        const total = todayOf(row)?.total;
        return total ? formatDecimalGbp(total) : '—';
      },
    },
    { heading: 'Stock', cell: ({ line }) => availability(line) },
  ];
  if (editable) {
    columns.push({
      heading: 'Remove',
      unlabelled: true,
      cell: ({ line: { item } }) => (
        <button
          type="button"
          className="button button--outline"
          aria-label={`Remove ${item.sku}`}
          disabled={disabled}
          onClick={() => onRemove(item.id)}
        >
          Remove
        </button>
      ),
    });
  }
  return (
    <LinesTable
      label="Items on the list"
      caption="Items on the list: tick the ones to add to your cart"
      scrollClassName="saved-list__scroll"
      className="saved-list__table"
      columns={columns}
      lines={rows}
      lineKey={(row) => row.line.item.id}
    />
  );
}

/** A line's packs as typed, with what is wrong with them under the field. */
function PacksInput({ id, row, onRow }: { id: string; row: Row; onRow: SavedListLinesProps['onRow'] }) {
  const { item } = row.line;
  const packsId = `${id}-packs-${item.id}`;
  const invalid = packsOf(row.packs) === null;
  return (
    <>
      <label htmlFor={packsId} className="visually-hidden">
        Packs of {item.sku}
      </label>
      <input
        id={packsId}
        className="form__control"
        inputMode="numeric"
        value={row.packs}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${packsId}-error` : undefined}
        onChange={(event) => onRow(item.id, { packs: event.target.value })}
      />
      {invalid ? (
        <span id={`${packsId}-error`} className="field-error">
          {PACKS_MESSAGE}
        </span>
      ) : null}
    </>
  );
}
