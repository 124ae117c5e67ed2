import { describe, expect, test } from 'vitest';
import type { DeliveryExtra, DeliveryService } from './schemas';
import { deliveryDayWithYear } from '../dates';
import { deliveryServicePhrase, deliveryServiceWords } from './words';

describe('an order’s delivery in words', () => {
  test.each<[DeliveryService, DeliveryExtra[], string, string]>([
    ['parcel', [], 'Parcel', 'Parcel'],
    ['pallet_economy', [], 'Pallet, economy', 'Pallet, economy'],
    ['pallet_next_day', ['tail_lift'], 'Pallet, next day, tail lift', 'Pallet, next day, with a tail lift'],
    [
      'pallet_next_day',
      ['tail_lift', 'am_slot'],
      'Pallet, next day, AM slot, tail lift',
      'Pallet, next day, with an AM slot and a tail lift',
    ],
    ['pallet_economy', ['timed_slot'], 'Pallet, economy, timed slot', 'Pallet, economy, with a timed slot'],
  ])('%s with %j: “%s” and “%s”', (service, extras, words, phrase) => {
    expect(deliveryServiceWords(service, extras)).toBe(words);
    expect(deliveryServicePhrase(service, extras)).toBe(phrase);
  });

  test('names the delivery day with its weekday and year', () => {
    expect(deliveryDayWithYear('2026-11-27')).toBe('Friday 27 November 2026');
    expect(deliveryDayWithYear('2027-01-04')).toBe('Monday 4 January 2027');
  });
});
