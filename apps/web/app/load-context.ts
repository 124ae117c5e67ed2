import type { StorefrontLoadContext } from '@shop/domain';

declare module 'react-router' {
  // The server (apps/api) builds this per request: catalogue read functions and the CSP nonce.
  interface AppLoadContext extends StorefrontLoadContext {}
}
