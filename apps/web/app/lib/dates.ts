/**
 * Dates and times as the shop writes them: en-GB, in UK time whatever the browser's zone, so a customer
 * abroad and the staff in the warehouse read the same day. Each takes the API's ISO text and gives that text
 * back unchanged when it is not a date.
 */

const UK = { timeZone: 'Europe/London' } as const;

/** A date alone ('2025-03-05') is that calendar day: read at noon UTC, it is the same day in London. */
function dateOf(iso: string): Date | null {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function writer(options: Intl.DateTimeFormatOptions): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-GB', { ...options, ...UK });
  return (iso) => {
    const date = dateOf(iso);
    return date ? format.format(date) : iso;
  };
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
export const ukWeekdayDate = (iso: string) => (dateOf(iso) ? `${ukWeekday(iso)} ${ukDate(iso)}` : iso);

/** 'March 2025'. */
export const ukMonth = writer({ month: 'long', year: 'numeric' });

/** '5 Mar 2025, 10:15': when something happened, as staff read it. */
export const ukDateTime = writer({ dateStyle: 'medium', timeStyle: 'short' });

/** '5 Mar 2025, 10:15:07': to the second, for the audit log. */
export const ukDateTimeSeconds = writer({ dateStyle: 'medium', timeStyle: 'medium' });

const ukWeekdayLong = writer({ weekday: 'long' });
const ukDayMonth = writer({ day: 'numeric', month: 'long' });

/**
 * 'Friday 28 November': a promised delivery day (issue 23), as the product page's promise words it. Put
 * together from two parts, as `ukWeekdayDate` is, so no ICU version's comma comes between them.
 */
export const ukDeliveryDay = (iso: string) =>
  dateOf(iso) ? `${ukWeekdayLong(iso)} ${ukDayMonth(iso)}` : iso;
