// The orders folder's queries (private to it, like any module's queries.ts), by concern.
export * from './checkout-reads';
export * from './payments';
export * from './order-writes';
export * from './order-reads';
export * from './on-account';
