const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** An amount in integer pence as pounds, e.g. 1234 -> "£12.34". */
export function formatPence(pence: number): string {
  return GBP.format(pence / 100);
}

/** An amount in integer pence as a schema.org price, e.g. 1234 -> "12.34" (no float rounding drift). */
export function penceToDecimal(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
