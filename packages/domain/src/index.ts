export * from './catalogue/types';
export * from './units/length';
export * from './search/size-search';
export * from './contact/schemas';
export * from './accounts/schemas';
export * from './catalogue/product-page';
export * from './pricing/index';
export * from './cart/schemas';
