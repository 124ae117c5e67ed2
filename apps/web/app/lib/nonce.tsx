import { createContext, useContext } from 'react';

const NonceContext = createContext<string | undefined>(undefined);

/** Carries the request's CSP nonce on the server; in the browser it is undefined (scripts already ran). */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
