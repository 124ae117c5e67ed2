// The documents' calls for other modules' statements: the seller as it is now and the next document numbers.
// Apart from service.ts, which renders quotes and statements and so imports those modules.
export { nextDocumentNumbers, sellerNow } from './queries';
