// The documents' calls for other modules' statements: the seller as it is now, whether its bank details are set,
// and the next document numbers. Apart from service.ts, which renders quotes and statements and so imports those
// modules.
export { bankDetailsSet, nextDocumentNumbers, sellerNow } from './queries';
