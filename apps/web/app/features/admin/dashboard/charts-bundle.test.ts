import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Chart.js is for the back office only: no storefront route module may import it, or the drawing
 * module, statically. The dashboard's <Chart> fetches them with import() once mounted. (The build's
 * scripts/check-bundle-size.mjs checks the same of the bundles.)
 */
const app = path.resolve(import.meta.dirname, '../../..');
const CHART_CANVAS = path.join(app, 'features/admin/dashboard/components/chart-canvas.ts');
const CHART = path.join(app, 'features/admin/dashboard/components/chart.tsx');

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('~/')
    ? path.join(app, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The module's static, value imports (import declarations and re-exports; not `import type`, not import()). */
const parsed = new Map<string, string[]>();
function staticImports(file: string): string[] {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  parsed.set(file, specifiers);
  return specifiers;
}

/** Every app file and package a module reaches through static imports. */
function closure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of staticImports(file)) {
      const resolved = resolve(file, specifier);
      if (resolved) queue.push(resolved);
      else if (!specifier.startsWith('.') && !specifier.startsWith('~')) packages.add(specifier);
    }
  }
  return { files, packages };
}

const routeModules = [
  ...readFileSync(path.join(app, 'routes.ts'), 'utf8').matchAll(/'(routes\/[\w/.-]+\.tsx)'/g),
]
  .map((match) => match[1]!)
  .filter((route, index, all) => all.indexOf(route) === index);
const storefront = ['root.tsx', ...routeModules.filter((route) => !route.startsWith('routes/admin/'))];

describe('Chart.js is loaded only in /admin', () => {
  it('is imported by no storefront route module', () => {
    expect(storefront.length).toBeGreaterThan(10);
    for (const route of storefront) {
      const { files, packages } = closure(path.join(app, route));
      expect(
        [...packages].filter((name) => name.startsWith('chart.js')),
        route,
      ).toEqual([]);
      expect(files.has(CHART_CANVAS), route).toBe(false);
      expect(files.has(CHART), route).toBe(false);
    }
  }, 60_000);

  it('is fetched by the dashboard’s charts once mounted, not with the route module', () => {
    const { files, packages } = closure(path.join(app, 'routes/admin/dashboard.tsx'));
    expect(files.has(CHART)).toBe(true);
    expect(files.has(CHART_CANVAS)).toBe(false);
    expect([...packages].filter((name) => name.startsWith('chart.js'))).toEqual([]);
    // The drawing module is what brings Chart.js, and only <Chart> imports it, with import().
    expect(staticImports(CHART_CANVAS)).toContain('chart.js');
    expect(readFileSync(CHART, 'utf8')).toContain("import('./chart-canvas')");
  });
});
