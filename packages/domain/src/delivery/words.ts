import { SERVICE_LABELS } from './labels';
import { DELIVERY_EXTRAS, type DeliveryExtra, type DeliveryService } from './schemas';

/**
 * How an order's delivery reads in the documents and e-mails that carry it: the extras' labels
 * ('Tail lift (no forklift on site)') explain a choice at checkout; once chosen, a line names them shortly.
 */
const EXTRA_WORDS: Record<DeliveryExtra, { short: string; noun: string }> = {
  am_slot: { short: 'AM slot', noun: 'an AM slot' },
  timed_slot: { short: 'timed slot', noun: 'a timed slot' },
  tail_lift: { short: 'tail lift', noun: 'a tail lift' },
};

const inOrder = (extras: readonly DeliveryExtra[]) => DELIVERY_EXTRAS.filter((code) => extras.includes(code));

/** The service and extras as a document's line names them: 'Pallet, next day, tail lift'. */
export function deliveryServiceWords(service: DeliveryService, extras: readonly DeliveryExtra[]): string {
  return [SERVICE_LABELS[service], ...inOrder(extras).map((code) => EXTRA_WORDS[code].short)].join(', ');
}

/** The service and extras in a sentence: 'Pallet, next day, with an AM slot and a tail lift'. */
export function deliveryServicePhrase(service: DeliveryService, extras: readonly DeliveryExtra[]): string {
  const nouns = inOrder(extras).map((code) => EXTRA_WORDS[code].noun);
  if (nouns.length === 0) return SERVICE_LABELS[service];
  const listed = nouns.length === 1 ? nouns[0] : `${nouns.slice(0, -1).join(', ')} and ${nouns.at(-1)}`;
  return `${SERVICE_LABELS[service]}, with ${listed}`;
}

/** An extra as a noun: 'a tail lift'. */
export const extraNoun = (code: DeliveryExtra) => EXTRA_WORDS[code].noun;
