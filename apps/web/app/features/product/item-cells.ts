import { type DimensionUnit, formatDimension, type ProductPageItem, type TableField } from '@shop/domain';

const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/** What a table-field cell shows: text, a number, an amount or an image, from the item's data entries. */
export type FieldValue =
  { kind: 'text'; text: string } | { kind: 'price'; pence: number } | { kind: 'image'; src: string };

/** The value of a configurable column for an item (spec 2, §3 tableFields and data_entries). */
export function fieldValue(item: ProductPageItem, field: TableField): FieldValue {
  const entry = item.data_entries.find((candidate) => candidate.field === field.id);
  if (!entry) return { kind: 'text', text: '' };
  switch (field.field_type) {
    case 'image':
      return entry.value_image ? { kind: 'image', src: entry.value_image } : { kind: 'text', text: '' };
    case 'price':
      // Amounts in data entries are pounds, like the API's decimal prices.
      return entry.value_number === null
        ? { kind: 'text', text: entry.value_text ?? '' }
        : { kind: 'price', pence: Math.round(entry.value_number * 100) };
    case 'number':
      return {
        kind: 'text',
        text: entry.value_number === null ? (entry.value_text ?? '') : NUMBER.format(entry.value_number),
      };
    case 'text':
      return { kind: 'text', text: entry.value_text ?? entry.value_number?.toString() ?? '' };
  }
}

/** A bag's size as width x length (x height) in the chosen unit, e.g. '6 x 9'; empty when unknown. */
export function itemDimension(item: ProductPageItem, unit: DimensionUnit): string {
  return [item.width_in_inches, item.length_in_inches, item.height_in_inches]
    .filter((value): value is number => value !== null && value > 0)
    .map((inches) => formatDimension(inches, unit))
    .join(' x ');
}
