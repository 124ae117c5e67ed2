// The stock's call for the items' writes; apart from service.ts, which uses the items' own calls.
export { insertMovement } from './queries';
