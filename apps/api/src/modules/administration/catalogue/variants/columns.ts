// A variant's columns that the products' and items' reads select; apart from service.ts, which reads products.
export { fieldsOfVariant, tierCount } from './queries';
