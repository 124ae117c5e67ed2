// The products' calls for the other catalogue entities; apart from service.ts, which builds on theirs.
export { productExists, selectProduct } from './queries';
