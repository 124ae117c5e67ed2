import { addMonths, endOfMonth, format, parseISO } from 'date-fns';
import { ukMonth, ukMonthName } from '../dates';

// ---------------------------------------------------------------------------------------------------------
// VAT periods: three months named by the month they end (HMRC's "period ending"), 'YYYY-MM'.
// ---------------------------------------------------------------------------------------------------------

/**
 * HMRC's three stagger groups of quarterly returns: periods ending March, June, September and December (the
 * calendar quarters, stagger 1), April, July, October and January (stagger 2), or May, August, November and
 * February (stagger 3).
 */
export const VAT_STAGGERS = [1, 2, 3] as const;
export type VatStagger = (typeof VAT_STAGGERS)[number];

export const VAT_STAGGER_LABELS: Record<VatStagger, string> = {
  1: 'Calendar quarters (ending March, June, September, December)',
  2: 'Quarters ending January, April, July, October',
  3: 'Quarters ending February, May, August, November',
};

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;

/** Whether `text` is a VAT period 'YYYY-MM' (the month it ends). */
export const isVatPeriod = (text: string): boolean => PERIOD.test(text);

function endMonth(period: string): Date {
  const match = PERIOD.exec(period);
  if (!match) throw new RangeError(`Not a VAT period: ${period}`);
  return parseISO(`${match[1]}-${match[2]}-01`);
}

/** The three months ending with the month `period` names, as their first and last days. */
export function vatPeriodBounds(period: string): { from: string; to: string } {
  const end = endMonth(period);
  return { from: format(addMonths(end, -2), 'yyyy-MM-dd'), to: format(endOfMonth(end), 'yyyy-MM-dd') };
}

/** A calendar quarter 'YYYY-Qn' as the VAT period it is: 2026-Q1 ends in March, '2026-03'. */
export function vatPeriodOfQuarter(quarter: string): string {
  const match = QUARTER.exec(quarter);
  if (!match) throw new RangeError(`Not a quarter: ${quarter}`);
  return `${match[1]}-${String(Number(match[2]) * 3).padStart(2, '0')}`;
}

/** The stagger a period belongs to, by the month it ends: March is 1, April 2, May 3, June 1 again. */
export function staggerOf(period: string): VatStagger {
  return (((endMonth(period).getMonth() + 1) % 3) + 1) as VatStagger;
}

/** The period of a stagger that contains the day 'YYYY-MM-DD': the first month ending it on or after the day. */
export function vatPeriodContaining(stagger: VatStagger, day: string): string {
  let end = parseISO(`${day.slice(0, 7)}-01`);
  while (staggerOf(format(end, 'yyyy-MM')) !== stagger) end = addMonths(end, 1);
  return format(end, 'yyyy-MM');
}

/** The period before `period` in its stagger: three months earlier. */
export function previousVatPeriod(period: string): string {
  return format(addMonths(endMonth(period), -3), 'yyyy-MM');
}

/**
 * The stagger's period under way on `today`, then the `count` before it, newest first: the second is the last
 * complete one, which a return is usually made for.
 */
export function recentVatPeriods(stagger: VatStagger, today: string, count: number): string[] {
  const periods = [vatPeriodContaining(stagger, today)];
  while (periods.length < count + 1) periods.push(previousVatPeriod(periods[periods.length - 1]!));
  return periods;
}

/** A period in words: 'January to March 2026', or 'November 2025 to January 2026' across a new year. */
export function vatPeriodLabel(period: string): string {
  const { from, to } = vatPeriodBounds(period);
  const start = from.slice(0, 4) === to.slice(0, 4) ? ukMonthName(from) : ukMonth(from);
  return `${start} to ${ukMonth(to)}`;
}
