// The documents' calls for other modules' statements: the seller as it is now, whether its bank details are set,
// the next document numbers and how a number prints. Apart from service.ts, which renders quotes and statements and so imports those
// modules.
export { bankDetailsSet, nextDocumentNumbers, paddedNumberSql, sellerNow } from './queries';
