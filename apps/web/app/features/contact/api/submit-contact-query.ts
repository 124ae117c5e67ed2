import type { ContactQuery } from '@shop/domain';
import { request } from '~/lib/api-client';

export interface ContactAnswer {
  message?: string;
}

/** POST administration/contact/: stores the query and e-mails the shop. */
export function submitContactQuery(query: ContactQuery): Promise<ContactAnswer> {
  return request<ContactAnswer>('administration/contact/', { method: 'POST', body: query });
}
