import type { DeliveryZone } from './data';
import type { DeliveryExtra, DeliveryService } from './schemas';

/*
 * The delivery promise's words that the storefront needs in the browser, in a module of their own
 * with no date library, so the product page's script does not carry the rule's date arithmetic.
 */

export const SERVICE_LABELS: Record<DeliveryService, string> = {
  parcel: 'Parcel',
  pallet_economy: 'Pallet, economy',
  pallet_next_day: 'Pallet, next day',
};

export const EXTRA_LABELS: Record<DeliveryExtra, string> = {
  am_slot: 'AM slot (before 12:00)',
  timed_slot: 'Timed slot (a 1-hour window)',
  tail_lift: 'Tail lift (no forklift on site)',
};

/** How a zone is named in a sentence (the product page says "To the Highlands and Islands: …"). */
export const ZONE_PHRASES: Record<DeliveryZone, string> = {
  mainland: 'mainland Great Britain',
  highlands: 'the Highlands and Islands',
  northern_ireland: 'Northern Ireland',
  isle_of_wight: 'the Isle of Wight',
  scilly: 'the Isles of Scilly',
  isle_of_man: 'the Isle of Man',
  channel_islands: 'the Channel Islands',
};

/**
 * The product page's countdown in words, from the promise's instants and labels alone (no date library in the
 * browser): 'Order within 2 h 13 min for delivery on Friday 28 November', or, when the cut-off is a day or
 * more away, 'Order by 14:00 on Monday for delivery on Tuesday 1 December'.
 */
export function countdownText(
  orderByMs: number,
  nowMs: number,
  deliveryLabel: string,
  byLabel: string,
): string {
  const minutes = Math.max(1, Math.ceil((orderByMs - nowMs) / 60_000));
  if (minutes >= 24 * 60) return `Order by ${byLabel} for delivery on ${deliveryLabel}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `Order within ${hours > 0 ? `${hours} h ${rest} min` : `${rest} min`} for delivery on ${deliveryLabel}`;
}
