/**
 * Import this before any module that builds Zod schemas in the browser. Zod compiles object parsers with
 * `new Function` and first probes whether it may; under the shop's CSP (no 'unsafe-eval') the probe is
 * refused and reported as a CSP violation even though Zod copes. In jitless mode it neither probes nor
 * compiles. Zod reads this setting from its global config when a schema is created, so it must come first.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Zod keeps a reference to this object once loaded: change it in place, never replace it.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
