/**
 * Money is integer pence. Percentages are applied with one half-up rounding to whole pence
 * (DESIGN §4.5), never with floating-point sums of pounds.
 */

/** `percent` of `pence`, rounded half-up to a whole penny. Works for percentages with up to 2 decimals. */
export function percentOf(pence: number, percent: number): number {
  if (!Number.isInteger(pence)) throw new RangeError(`Money must be whole pence, got ${pence}`);
  // Percent in hundredths, so 12.5 % is 1250 exactly; the product stays an exact integer for
  // any realistic cart (< 2^53 / 10_000 pence, about GBP 9 billion).
  const hundredths = Math.round(percent * 100);
  const numerator = pence * hundredths;
  const sign = numerator < 0 ? -1 : 1;
  const rounded = Math.floor((Math.abs(numerator) + 5_000) / 10_000);
  // No negative zero: it would show as "-£0.00".
  return rounded === 0 ? 0 : sign * rounded;
}

/** The amount after a percentage discount: `pence` less `percent` of it (each rounded once). */
export function discounted(pence: number, percent: number): number {
  return pence - percentOf(pence, percent);
}

/** Pence as pounds with two decimals, the API's decimal string ("12.50"). */
export function penceToDecimal(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Ten-thousandths of a pound as pounds with four decimals, the API's price of one unit ("0.3472"). */
export function tenThousandthsToDecimal(tenThousandths: number): string {
  return (tenThousandths / 10_000).toFixed(4);
}

/**
 * The price of one from a line's amount over its quantity, in pounds to 4 decimals without trailing zeros
 * ('0.3472', '2.5'): an accounts export's unit price. `quantity` is above zero.
 */
export function unitPriceDecimal(amountPence: number, quantity: number): string {
  return String(Number((amountPence / quantity / 100).toFixed(4)));
}

/** A percentage as documents print it: up to 2 decimals, no trailing zeros ('20%', '12.5%', '7.25%'). */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/**
 * Pounds as people type them in a form: an optional sign and £, thousands grouped by commas or not
 * ("£10,000", "10000", "-£2,500.50"), at most 2 decimals; as pence, or NaN when it is not such an amount.
 * A negative amount parses, so a range check can say what is allowed.
 */
export function penceFromPounds(text: string): number {
  const match = /^(-)?£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const pence = Number(match[2]!.replace(/,/g, '')) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] && pence !== 0 ? -pence : pence;
}

/** A decimal string of pounds ("12.5", "12.50", "-3") as pence; NaN when it is not one. */
export function penceFromDecimal(text: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const pence = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] && pence !== 0 ? -pence : pence;
}

const GBP = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Pence as the shop shows money: pounds sterling, 2 decimals, en-GB (spec 2, §9): 123450 is '£1,234.50',
 * -150 is '-£1.50'. Dividing whole pence by 100 lands far closer than half a penny to the amount for any real
 * sum, so the 2-decimal text is exactly its pence (money.test.ts checks it).
 */
export function formatGbp(pence: number): string {
  return GBP.format(pence / 100);
}

/**
 * Pence as a chart's scale hands them over (a fraction of a penny, or a number's text), to the nearest penny:
 * 1234.6 is '£12.35', '150' is '£1.50'.
 */
export function formatNearestGbp(pence: number | string): string {
  return formatGbp(Math.round(Number(pence)));
}

/**
 * The API's decimal pounds as the shop shows money: '1234.5' is '£1,234.50', '-3' is '-£3.00'. Read as whole
 * pence first, so no float sum touches it; a text that is not an amount is shown as it came.
 */
export function formatDecimalGbp(decimal: string): string {
  const pence = penceFromDecimal(decimal);
  return Number.isNaN(pence) ? decimal : formatGbp(pence);
}
