// The house rules that a rule can see (STYLE.md, docs/architecture.md "Where code goes"): each refuses one kind
// of drift that crept back in before there was a rule for it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.dirname(import.meta.dirname);
const apiSource = path.join(root, 'apps/api/src');

/** "issue" or "issues" then a number, `#` or not: history belongs in git and docs/, not in the code's comments. */
const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;

const noIssueNumbers = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (ISSUE_NUMBER.test(comment.value)) {
            context.report({
              loc: comment.loc,
              message:
                'A comment says why, not which issue brought it: history lives in git and docs/ (STYLE rule 9).',
            });
          }
        }
      },
    };
  },
};

/** The only files that turn money or dates into text; everything else calls them. */
const FORMAT_HOMES = ['packages/domain/src/pricing/money.ts', 'packages/domain/src/dates.ts'].map((file) =>
  path.join(root, file),
);
const SHARED_FORMATTERS =
  /^(formatGbp|formatDecimalGbp|ukToday|ukDate|ukLongDate|ukWeekdayDate|ukMonth|ukDateTime|ukLongDateTime|ukDateTimeSeconds|ukDeliveryDay)$/;

const hasCurrencyOption = (args) =>
  args.some(
    (arg) =>
      arg?.type === 'ObjectExpression' &&
      arg.properties.some((p) => p.key && (p.key.name === 'currency' || p.key.value === 'currency')),
  );

const formattersAtHome = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    if (FORMAT_HOMES.includes(context.filename)) return {};
    const report = (node, what) =>
      context.report({
        node,
        message: `${what}: money is written by pricing/money.ts and dates by dates.ts in packages/domain; call them (or add the variant there).`,
      });
    const isIntl = (callee, name) =>
      callee.type === 'MemberExpression' && callee.object.name === 'Intl' && callee.property.name === name;
    const construct = (node) => {
      if (isIntl(node.callee, 'DateTimeFormat')) report(node, 'A local date formatter');
      if (isIntl(node.callee, 'NumberFormat') && hasCurrencyOption(node.arguments))
        report(node, 'A local money formatter');
    };
    return {
      NewExpression: construct,
      CallExpression(node) {
        construct(node);
        const { callee } = node;
        // date-fns' `format(day, 'EEEE d MMMM')`: a date in words (numeric 'yyyy-MM-dd' and 'HH:mm' are data).
        const pattern = node.arguments[1];
        if (
          callee.type === 'Identifier' &&
          callee.name === 'format' &&
          pattern?.type === 'Literal' &&
          typeof pattern.value === 'string' &&
          /MMM|EEE|LLL|PPP|do/.test(pattern.value)
        ) {
          report(node, 'A local date formatter');
        }
        if (callee.type !== 'MemberExpression') return;
        const method = callee.property.name;
        if (method === 'toLocaleDateString' || method === 'toLocaleTimeString')
          report(node, 'A local date formatter');
        if (method === 'toLocaleString' && hasCurrencyOption(node.arguments))
          report(node, 'A local money formatter');
        // `(pence / 100).toFixed(2)`: pounds written by hand.
        if (
          method === 'toFixed' &&
          callee.object.type === 'BinaryExpression' &&
          callee.object.operator === '/' &&
          callee.object.right.value === 100
        ) {
          report(node, 'A local money formatter');
        }
      },
      // `const pounds = (pence) => formatGbp(…)` at a module's top level: a second name for a shared formatter.
      'Program > VariableDeclaration > VariableDeclarator > ArrowFunctionExpression[expression=true]'(node) {
        const calls = [];
        const visit = (n) => {
          if (!n || typeof n.type !== 'string') return;
          if (
            n.type === 'CallExpression' &&
            n.callee.type === 'Identifier' &&
            SHARED_FORMATTERS.test(n.callee.name)
          )
            calls.push(n);
          if (n.type.includes('Function')) return;
          for (const key of [
            'body',
            'consequent',
            'alternate',
            'test',
            'left',
            'right',
            'expressions',
            'arguments',
          ]) {
            const child = n[key];
            if (Array.isArray(child)) child.forEach(visit);
            else visit(child);
          }
        };
        visit(node.body);
        if (calls.length > 0) report(node, `A local wrapper of ${calls[0].callee.name}`);
      },
    };
  },
};

/** A module's queries are private to its folder: other modules use what its service (or other files) offer. */
const noForeignQueries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const dir = path.dirname(context.filename);
    // The files of a `queries/` folder belong to the module around it.
    const module = path.basename(dir) === 'queries' ? path.dirname(dir) : dir;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(dir, source).replace(/\.ts$/, '');
      // A module's queries are its `queries.ts`, or the files of its `queries/` folder when they are many.
      const owner =
        path.basename(target) === 'queries'
          ? path.dirname(target)
          : path.basename(path.dirname(target)) === 'queries'
            ? path.dirname(path.dirname(target))
            : null;
      if (owner !== null && owner !== module) {
        context.report({
          node: node.source,
          message:
            "Another module's queries.ts is private to it: import what its service or another of its files offers.",
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** The API's import graph (type imports included), read once per lint run. */
let graph = null;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g;

function resolveImport(from, source) {
  const target = path.resolve(path.dirname(from), source);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (graph.has(candidate)) return candidate;
  }
  return null;
}

function apiGraph() {
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) graph.set(file, []);
    }
  };
  walk(apiSource);
  for (const file of graph.keys()) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      if (target) graph.get(file).push(target);
    }
  }
  return graph;
}

/** Whether `to` reaches `from` again, as the chain of files that does. */
function pathBack(from, to) {
  const seen = new Set([to]);
  const queue = [[to]];
  while (queue.length > 0) {
    const chain = queue.shift();
    for (const next of graph.get(chain.at(-1)) ?? []) {
      if (next === from) return chain;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...chain, next]);
      }
    }
  }
  return null;
}

const noImportCycles = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(apiSource + path.sep) || /\.test\.tsx?$/.test(file)) return {};
    apiGraph();
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveImport(file, source);
      const chain = target && pathBack(file, target);
      if (chain) {
        const names = [file, ...chain, file].map((f) => path.relative(apiSource, f));
        context.report({
          node: node.source,
          message: `An import cycle (${names.join(' → ')}): move what both need to a third file.`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default {
  rules: {
    'no-issue-numbers': noIssueNumbers,
    'formatters-at-home': formattersAtHome,
    'no-foreign-queries': noForeignQueries,
    'no-import-cycles': noImportCycles,
  },
};
