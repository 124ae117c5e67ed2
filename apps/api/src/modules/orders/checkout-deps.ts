import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../payments/provider';
import type { CheckoutReads } from './queries';

/** What the card checkout's steps work with: the database, its prepared hot reads, the provider and the log. */
export interface CheckoutDeps {
  db: Db;
  reads: CheckoutReads;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}
