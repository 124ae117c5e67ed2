/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or carriage return) as a formula; such a
 * cell gets a leading apostrophe (OWASP's CSV injection advice), so text from customers cannot run anything.
 * Only text goes through this: an amount the shop writes itself stays a number (a negative one included).
 */
export const csvCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
