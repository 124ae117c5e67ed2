import type { Db } from '../../db/client';
import { pageWindow, type PageQuery } from '../../http/pagination';
import { withTestShopNotice } from '../mail/test-shop-notice';
import * as queries from './queries';

/**
 * Reads the outbox for the development mailbox, each message as the sender would deliver it (with a test
 * shop's notice when `testShop`).
 */
export function createDevMailboxService(db: Db, { testShop = false }: { testShop?: boolean } = {}) {
  return {
    async listMessages(to: string | undefined, page: PageQuery) {
      const { count, rows } = await queries.selectMessages(db, to, pageWindow(page));
      const results = rows.map(({ createdAt, ...message }) => ({
        ...(testShop ? withTestShopNotice(message) : message),
        created_at: createdAt.toISOString(),
      }));
      return { count, results };
    },
  };
}

export type DevMailboxService = ReturnType<typeof createDevMailboxService>;
