export * from './catalogue/types';
export * from './units/length';
export * from './search/size-search';
export * from './contact/schemas';
export * from './accounts/schemas';
