import type { Db } from '../../db/client';
import { pageWindow, type PageQuery } from '../../http/pagination';
import * as queries from './queries';

/** Reads the outbox for the development mailbox. */
export function createDevMailboxService(db: Db) {
  return {
    async listMessages(to: string | undefined, page: PageQuery) {
      const { count, rows } = await queries.selectMessages(db, to, pageWindow(page));
      const results = rows.map(({ createdAt, ...message }) => ({
        ...message,
        created_at: createdAt.toISOString(),
      }));
      return { count, results };
    },
  };
}

export type DevMailboxService = ReturnType<typeof createDevMailboxService>;
