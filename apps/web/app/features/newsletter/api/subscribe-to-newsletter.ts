import type { NewsletterSubscription } from '@shop/domain';
import { request } from '~/lib/api-client';

export interface NewsletterAnswer {
  success: boolean;
  message?: string;
}

/** POST newsletter/: 201 for a new subscriber, 200 when the address is already subscribed. */
export function subscribeToNewsletter(subscription: NewsletterSubscription): Promise<NewsletterAnswer> {
  return request<NewsletterAnswer>('newsletter/', { method: 'POST', body: subscription });
}
