/**
 * The layout's breakpoints (spec 1, §9). app/styles/app.css uses the same queries, so the server's HTML is
 * right at every width before any script runs; scripts only react to changes.
 */
export const WIDE_MENU_QUERY = '(min-width: 1441px)';
export const WIDE_SEARCH_QUERY = '(min-width: 1201px)';
