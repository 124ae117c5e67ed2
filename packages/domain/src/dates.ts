import { TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';

/**
 * Dates and times as the shop writes them, on its pages, e-mails and documents alike: en-GB, in UK time
 * whatever the browser's or server's zone, so a customer abroad and the staff in the warehouse read the same
 * day. Each takes a Date or the API's ISO text, and gives text that is not a date back unchanged. The one
 * place that turns a date into words (lint refuses a date formatter elsewhere).
 */

const UK = { timeZone: 'Europe/London' } as const;

/**
 * A date alone ('2025-03-05') is that calendar day: read at noon UTC, it is the same day in London. A month
 * alone ('2025-03', as the dashboard's months come) is its first day.
 */
function dateOf(when: string | Date): Date | null {
  if (typeof when === 'string' && /^\d{4}-\d{2}$/.test(when)) return dateOf(`${when}-01`);
  const date =
    typeof when !== 'string'
      ? when
      : /^\d{4}-\d{2}-\d{2}$/.test(when)
        ? new Date(`${when}T12:00:00Z`)
        : new Date(when);
  return Number.isNaN(date.getTime()) ? null : date;
}

function writer(options: Intl.DateTimeFormatOptions): (when: string | Date) => string {
  const format = new Intl.DateTimeFormat('en-GB', { ...options, ...UK });
  return (when) => {
    const date = dateOf(when);
    return date ? format.format(date) : String(when);
  };
}

const calendarDay = new Intl.DateTimeFormat('en-CA', UK);

/** Today's calendar day in the UK (YYYY-MM-DD): the day an invoice issued now is dated. */
export function ukToday(now: Date = new Date()): string {
  return calendarDay.format(now);
}

/** '5 Mar 2025': an order's, a customer's or a product's date. */
export const ukDate = writer({ day: 'numeric', month: 'short', year: 'numeric' });

/** '5 March 2025': a day named in full (the dashboard's today, a legal page's last update). */
export const ukLongDate = writer({ day: 'numeric', month: 'long', year: 'numeric' });

const ukWeekday = writer({ weekday: 'short' });

/**
 * 'Fri 27 Nov 2026': a day whose weekday matters (a dispatch-by or promised delivery day). Put together from
 * two parts: ICU versions differ on a comma after the weekday.
 */
export const ukWeekdayDate = (when: string | Date) =>
  dateOf(when) ? `${ukWeekday(when)} ${ukDate(when)}` : String(when);

/** 'Fri 25 December 2026': a bank holiday in the delivery settings, its month in full; two parts, as above. */
export const ukWeekdayLongDate = (when: string | Date) =>
  dateOf(when) ? `${ukWeekday(when)} ${ukLongDate(when)}` : String(when);

/** 'March 2025', from a day or a month ('2025-03'). */
export const ukMonth = writer({ month: 'long', year: 'numeric' });

/** 'March': a month named without its year, beside one that has it ('January to March 2026'). */
export const ukMonthName = writer({ month: 'long' });

/** '5 Mar 2025, 10:15': when something happened, as staff read it. */
export const ukDateTime = writer({ dateStyle: 'medium', timeStyle: 'short' });

/** '5 March 2025 at 10:15': a document's time of supply. */
export const ukLongDateTime = writer({ dateStyle: 'long', timeStyle: 'short' });

/** '5 Mar 2025, 10:15:07': to the second, for the audit log. */
export const ukDateTimeSeconds = writer({ dateStyle: 'medium', timeStyle: 'medium' });

const ukWeekdayLong = writer({ weekday: 'long' });
const ukDayMonth = writer({ day: 'numeric', month: 'long' });

/**
 * 'Friday 28 November': a promised delivery day, as the product page's promise words it. Put together from
 * two parts, as `ukWeekdayDate` is, so no ICU version's comma comes between them.
 */
export const ukDeliveryDay = (when: string | Date) =>
  dateOf(when) ? `${ukWeekdayLong(when)} ${ukDayMonth(when)}` : String(when);

/** A calendar day (YYYY-MM-DD) as documents and e-mails print it: '31 December 2026'. */
export function formatUkDay(day: string): string {
  return format(parseISO(day), 'd MMMM yyyy');
}

/** A calendar day with its weekday and year, as the order's documents promise it: 'Friday 28 November 2026'. */
export const deliveryDayWithYear = (day: string) => format(parseISO(day), 'EEEE d MMMM yyyy');

/** The cut-off instant as the product page words it: '14:00 on Monday'. */
export function orderByLabel(orderBy: string): string {
  const cutoff = new TZDate(Date.parse(orderBy), UK.timeZone);
  return `${format(cutoff, 'HH:mm')} on ${format(cutoff, 'EEEE')}`;
}
