/** One found item, ready to show. */
export interface SizeResultView {
  id: number;
  sku: string;
  title: string;
  productName: string;
  href: string;
  image: { src: string; alt: string } | null;
  unitsPerPack: number;
  /** The item's dimensions in the searched unit, largest first, e.g. "30.5 × 20 × 15 cm". */
  dimensions: string;
  /** How close the item is to the searched size, e.g. "Exact size" or "±4% from your size". */
  closeness: string;
}
