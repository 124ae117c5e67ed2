import { CONTACT_MESSAGES, type ContactQuery } from '@shop/domain';
import type { Db } from '../../db/client';
import { enqueueEmail } from '../mail/service';
import { contactEmailText } from './emails';
import { selectSetting } from '../settings/service';
import * as queries from './queries';

// The contact module's call for other modules.
export { redactQueriesOf } from './queries';

export function createContactService(db: Db) {
  return {
    /** Stores the query and e-mails the shop through the outbox, both or neither. */
    async submitQuery(query: ContactQuery): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const id = await queries.insertContactQuery(tx, query);
        const contact = await selectSetting(tx, 'contact');
        await enqueueEmail(tx, {
          to: contact.email,
          subject: `Contact form: ${query.subject}`,
          text: contactEmailText(query, id),
        });
      });
      return { message: CONTACT_MESSAGES.contactSent };
    },

    /** Subscribes idempotently: a second subscription of an address succeeds without a second row. */
    async subscribe(email: string): Promise<{ created: boolean; success: true; message: string }> {
      const created = await queries.insertSubscription(db, email);
      return { created, success: true, message: CONTACT_MESSAGES.newsletterSubscribed };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
