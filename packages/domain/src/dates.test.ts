import { describe, expect, it } from 'vitest';
import {
  ukDate,
  ukDateTime,
  ukDateTimeSeconds,
  ukLongDate,
  ukLongDateTime,
  ukMonth,
  ukWeekdayDate,
  ukWeekdayLongDate,
} from './dates';

const WRITERS = {
  ukDate,
  ukLongDate,
  ukMonth,
  ukDateTime,
  ukLongDateTime,
  ukDateTimeSeconds,
  ukWeekdayDate,
  ukWeekdayLongDate,
};

describe('UK dates', () => {
  it.each([
    // [writer, ISO text, expected]: London is UTC in winter and UTC+1 in summer (BST).
    ['ukDate', '2025-03-05T10:15:00Z', '5 Mar 2025'],
    ['ukDate', '2025-06-30T23:30:00Z', '1 Jul 2025'],
    ['ukDate', '2025-09-05', '5 Sept 2025'],
    ['ukDate', '2025-01-01', '1 Jan 2025'],
    ['ukLongDate', '2026-11-22', '22 November 2026'],
    ['ukLongDate', '2025-06-30T23:30:00Z', '1 July 2025'],
    ['ukWeekdayDate', '2026-11-27', 'Fri 27 Nov 2026'],
    ['ukWeekdayDate', '2026-03-29', 'Sun 29 Mar 2026'],
    ['ukWeekdayLongDate', '2026-12-25', 'Fri 25 December 2026'],
    ['ukWeekdayLongDate', '2025-09-01', 'Mon 1 September 2025'],
    ['ukMonth', '2025-03-01T00:30:00Z', 'March 2025'],
    ['ukMonth', '2025-04-30T23:30:00Z', 'May 2025'],
    ['ukMonth', '2025-09', 'September 2025'],
    ['ukMonth', '2026-01', 'January 2026'],
    ['ukDateTime', '2025-03-05T10:15:00Z', '5 Mar 2025, 10:15'],
    ['ukDateTime', '2025-07-05T09:05:00Z', '5 Jul 2025, 10:05'],
    ['ukDateTimeSeconds', '2025-03-05T10:15:07Z', '5 Mar 2025, 10:15:07'],
    ['ukLongDateTime', '2025-03-05T10:15:00Z', '5 March 2025 at 10:15'],
    ['ukLongDateTime', '2025-07-05T09:05:00Z', '5 July 2025 at 10:05'],
    // A statement's day (YYYY-MM-DD) is that calendar day, whether London is on GMT or BST.
    ['ukDate', '2025-10-31', '31 Oct 2025'],
    ['ukLongDate', '2025-03-31', '31 March 2025'],
    ['ukMonth', '2025-11-01', 'November 2025'],
  ] as const)('%s writes %s as %s', (name, iso, expected) => {
    expect(WRITERS[name](iso)).toBe(expected);
  });

  it.each(Object.keys(WRITERS) as (keyof typeof WRITERS)[])(
    '%s gives back text that is not a date as it came',
    (name) => {
      expect(WRITERS[name]('not a date')).toBe('not a date');
    },
  );
});
