// Measures each route's initial JavaScript (gzip) from React Router's client manifest and fails the
// build when the home page's is over its budget. Used by `npm run build` and by the benchmarks.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const HOME_BUDGET_KB = 160;
const clientDir = path.resolve(import.meta.dirname, '../apps/web/build/client');

/** React Router's browser manifest: entry module and, per route, its module and imports. */
function readManifest() {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error('No React Router manifest in apps/web/build/client/assets');
  const source = readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));
}

const gzipCache = new Map();
function gzipBytes(url) {
  if (!gzipCache.has(url)) gzipCache.set(url, gzipSync(readFileSync(path.join(clientDir, url))).length);
  return gzipCache.get(url);
}

/** The route ids from the root down to a route. */
function chain(manifest, routeId) {
  const ids = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) ids.unshift(id);
  return ids;
}

/** The scripts a first visit to the route loads (entry, root, the route, their imports). */
function initialScripts(manifest, routeId) {
  const urls = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of chain(manifest, routeId)) {
    const route = manifest.routes[id];
    if (route.module) urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  return urls;
}

/** The back office's routes: loaded only when a staff member opens /admin. */
const isBackOffice = (routeId) => routeId.startsWith('routes/admin/');

/**
 * The storefront routes whose first load would fetch a back-office route module (none may: the back office
 * must not add to what a shopper downloads).
 */
export function storefrontRoutesLoadingBackOffice(manifest) {
  const backOffice = new Set(
    Object.values(manifest.routes)
      .filter((route) => isBackOffice(route.id))
      .map((route) => route.module),
  );
  return Object.keys(manifest.routes)
    .filter((id) => id !== 'root' && !isBackOffice(id))
    .filter((id) => [...initialScripts(manifest, id)].some((url) => backOffice.has(url)));
}

/**
 * Chart.js is for the back office's dashboard only, fetched with import() once its charts mount.
 * A string of Chart.js's own that minifying keeps tells a script that carries it.
 */
const CHART_JS_MARKER = "can't acquire context from the given item";
const carriesChartJs = (url) => readFileSync(path.join(clientDir, url), 'utf8').includes(CHART_JS_MARKER);

/** The storefront routes whose first load would fetch Chart.js's code (none may). */
export function storefrontRoutesLoadingChartJs(manifest) {
  return Object.keys(manifest.routes)
    .filter((id) => !isBackOffice(id))
    .filter((id) => [...initialScripts(manifest, id)].some(carriesChartJs));
}

/** Whether any client script carries Chart.js (else the check above would pass for want of a marker). */
export function anyScriptCarriesChartJs() {
  const assets = path.join(clientDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .some((name) => carriesChartJs(path.join('assets', name)));
}

/** Gzip KB of the scripts a first visit to the route loads (entry, root, the route, their imports). */
export function initialJavaScriptKb(manifest, routeId) {
  const urls = initialScripts(manifest, routeId);
  let bytes = 0;
  for (const url of urls) bytes += gzipBytes(url);
  return bytes / 1024;
}

export function measureRoutes() {
  const manifest = readManifest();
  return Object.values(manifest.routes)
    .filter((route) => route.id !== 'root')
    .map((route) => ({
      id: route.id,
      path: route.index ? '/' : `/${route.path ?? ''}`,
      kb: initialJavaScriptKb(manifest, route.id),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const routes = measureRoutes();
  for (const route of routes) console.log(`${route.kb.toFixed(1).padStart(7)} KB gzip  ${route.path}`);
  const home = routes.find((route) => route.path === '/');
  if (!home) throw new Error('No home route in the manifest');
  if (home.kb > HOME_BUDGET_KB) {
    console.error(
      `Home page JavaScript is ${home.kb.toFixed(1)} KB gzip, over the ${HOME_BUDGET_KB} KB budget.`,
    );
    process.exit(1);
  }
  console.log(`Home page JavaScript ${home.kb.toFixed(1)} KB gzip (budget ${HOME_BUDGET_KB} KB).`);
  const leaking = storefrontRoutesLoadingBackOffice(readManifest());
  if (leaking.length > 0) {
    console.error(`Storefront routes load back-office modules on their first visit: ${leaking.join(', ')}`);
    process.exit(1);
  }
  console.log('No storefront route loads a back-office module on its first visit.');
  const charting = storefrontRoutesLoadingChartJs(readManifest());
  if (charting.length > 0) {
    console.error(`Storefront routes load Chart.js on their first visit: ${charting.join(', ')}`);
    process.exit(1);
  }
  if (anyScriptCarriesChartJs())
    console.log('Chart.js is in a chunk of its own, which no storefront route loads.');
  else console.warn('No client script carries the Chart.js marker: update CHART_JS_MARKER in this script.');
}
