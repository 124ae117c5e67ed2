import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';

/**
 * Every server-rendered page must be valid HTML: the Nu Html Checker (vnu.jar from the `vnu-jar` package, run
 * on the machine's Java) reports no errors. The pages are fetched as a crawler gets them (no JavaScript),
 * written to a temporary directory and checked in one Java run, since the JVM takes seconds to start.
 */

const baseURL = inject('baseURL');
const require = createRequire(import.meta.url);
// The package's main module exports the path of the jar it ships (a String object).
const vnuJar = String(require('vnu-jar') as string);
const VNU_TIMEOUT_MS = 120_000;

/** A page to check, and the status the server answers it with. */
interface PageToCheck {
  path: string;
  status: number;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

interface FetchedPage extends PageToCheck {
  file: string;
}

const STATIC_PAGES: readonly PageToCheck[] = [
  { path: '/', status: 200 },
  // The size search with results, and with a query it cannot read (the 400 page).
  {
    path: '/search?width=10&height=14&length=0&measurement_unit=IN&category=bags&approx_size=true&minimum_size=false',
    status: 200,
  },
  { path: '/search?width=10', status: 400 },
  { path: '/search-advance', status: 200 },
  { path: '/product-details', status: 200 },
  { path: '/contact', status: 200 },
  { path: '/privacy-policy', status: 200 },
  { path: '/refund-policy', status: 200 },
  { path: '/terms-of-services', status: 200 },
  { path: '/login', status: 200 },
  { path: '/signup', status: 200 },
  { path: '/forgot-password', status: 200 },
  { path: '/change-password', status: 200 },
  { path: '/cart', status: 200 },
  { path: '/checkout', status: 200 },
  { path: '/track-order', status: 200 },
  // The development mailbox, which the journeys' server serves (DEV_MAILBOX=true).
  { path: '/dev/mailbox', status: 200 },
  { path: '/no-such-page', status: 404 },
  { path: '/details/bags/no-such-product', status: 404 },
];

async function getJson<T>(apiPath: string): Promise<T> {
  const response = await fetch(new URL(apiPath, baseURL));
  expect(response.status, `GET ${apiPath}`).toBe(200);
  return (await response.json()) as T;
}

/** The static pages, every category and every product of the seeded catalogue. */
async function pagesToCheck(): Promise<PageToCheck[]> {
  const categories = await getJson<{ results: { slug: string }[] }>('/api/categories/?page_size=100');
  const products = await getJson<{ count: number; results: { slug: string; category: { slug: string } }[] }>(
    '/api/products/?page_size=100',
  );
  expect(categories.results.length).toBeGreaterThan(0);
  expect(products.results.length, 'every product fits on one page of the API').toBe(products.count);
  const productPaths = products.results.map((product) => `/details/${product.category.slug}/${product.slug}`);
  // The six-variant product page is the heaviest one (variant tabs, item tables, price tiers).
  expect(productPaths).toContain('/details/bags/mailing-bags');
  return [
    ...STATIC_PAGES,
    ...categories.results.map((category) => ({ path: `/category/${category.slug}`, status: 200 })),
    ...productPaths.map((productPath) => ({ path: productPath, status: 200 })),
  ];
}

/** Where Java is: $JAVA_HOME/bin/java when set, else `java` on the PATH. */
function javaCommand(): string {
  const home = process.env.JAVA_HOME;
  if (home) {
    const candidate = path.join(home, 'bin', process.platform === 'win32' ? 'java.exe' : 'java');
    if (existsSync(candidate)) return candidate;
  }
  return 'java';
}

/** Runs vnu.jar once on all the files; resolves with its JSON messages. */
function runVnu(files: string[]): Promise<VnuMessage[]> {
  const java = javaCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(java, ['-jar', vnuJar, '--format', 'json', '--errors-only', '--stdout', ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), VNU_TIMEOUT_MS);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `Java was not found (tried \`${java}\`). The HTML validity check runs the Nu Html Checker ` +
                '(vnu.jar), which needs Java 11 or later: install a JRE (e.g. `apt-get install ' +
                'openjdk-17-jre-headless`) or set JAVA_HOME.',
            )
          : error,
      );
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      // vnu exits 1 when it reports errors; anything else but 0, or no JSON, is a failed run.
      try {
        const parsed = JSON.parse(stdout) as { messages: VnuMessage[] };
        if ((code === 0 || code === 1) && Array.isArray(parsed.messages)) {
          resolve(parsed.messages);
          return;
        }
      } catch {
        // Reported below with the checker's output.
      }
      reject(
        new Error(
          `vnu.jar did not run (exit ${code}, signal ${signal}).\n--- stdout ---\n${stdout.slice(0, 4000)}` +
            `\n--- stderr ---\n${stderr.slice(0, 4000)}`,
        ),
      );
    });
  });
}

describe('valid HTML (Nu Html Checker)', () => {
  let dir: string;
  const fetched: FetchedPage[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'shop-html-'));
    const pages = await pagesToCheck();
    // One at a time: the server renders each page, and two cores are shared with the runner.
    for (const [index, page] of pages.entries()) {
      const response = await fetch(new URL(page.path, baseURL), { headers: { accept: 'text/html' } });
      expect(response.status, `GET ${page.path}`).toBe(page.status);
      expect(response.headers.get('content-type'), `GET ${page.path}`).toMatch(/^text\/html/);
      const file = path.join(dir, `page-${String(index).padStart(3, '0')}.html`);
      writeFileSync(file, await response.text());
      fetched.push({ ...page, file });
    }
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the server-rendered pages have no errors', { timeout: VNU_TIMEOUT_MS + 10_000 }, async () => {
    expect(existsSync(vnuJar), `vnu.jar at ${vnuJar} (npm install)`).toBe(true);
    expect(fetched.length).toBeGreaterThan(STATIC_PAGES.length);
    const messages = await runVnu(fetched.map((page) => page.file));

    const pageOf = new Map(fetched.map((page) => [pathToFileURL(page.file).href, page.path]));
    // vnu names files as file:/tmp/… (one slash); normalise to file:///tmp/… to look them up.
    const pageFor = (url: string | undefined) =>
      (url && pageOf.get(url.replace(/^file:(?!\/\/)/, 'file://'))) ?? url ?? '(no file)';
    const problems = messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map((message) => {
        const where = `${pageFor(message.url)}:${message.lastLine ?? '?'}:${message.firstColumn ?? message.lastColumn ?? '?'}`;
        const extract = message.extract ? `\n    … ${message.extract.replace(/\s+/g, ' ')} …` : '';
        return `${where}: ${message.message}${extract}`;
      });
    expect(problems, `vnu reported errors:\n${problems.join('\n')}\n`).toEqual([]);
  });
});
