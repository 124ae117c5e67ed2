/** A readable title from a URL slug, for pages whose record is missing: "pallet-wraps" -> "Pallet wraps". */
export function titleFromSlug(slug: string): string {
  const words = slug.split('-').filter(Boolean).join(' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}
