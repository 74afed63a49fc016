import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT } from '../helpers/cli.ts';
import { typeScriptFiles } from '../helpers/source-files.ts';

/**
 * SQL lives in `src/store/`: a table's statements sit in its repository module, so a dialect or
 * schema change is a change there and nowhere else. Other modules call the repositories' typed
 * functions; they may hold a `Kysely` handle (a type) to pass to them, or open a transaction around
 * several of them, but never build a statement. This scans every module outside `src/store/` for:
 * - a value imported from `kysely` (`sql`, `Kysely`, `Migrator`…): only types may come from it;
 * - a call that starts a statement: `selectFrom`, `insertInto`, `updateTable`, `deleteFrom`,
 *   `replaceInto`, `mergeInto`, `selectNoFrom`.
 */

const STATEMENT_STARTS: ReadonlySet<string> = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'selectNoFrom']);

interface Finding {
  line: number;
  what: string;
}

function isKysely(specifier: string): boolean {
  return specifier === 'kysely' || specifier.startsWith('kysely/');
}

/** Value imports from kysely and statement starts in one module's source text. */
function dataAccessIn(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const report = (node: ts.Node, what: string) => findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, what });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && isKysely(node.moduleSpecifier.text)) {
      const clause = node.importClause;
      if (clause && !clause.isTypeOnly) {
        const values: string[] = [];
        if (clause.name) values.push(clause.name.text);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) values.push(`* as ${bindings.name.text}`);
        if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) if (!element.isTypeOnly) values.push(element.name.text);
        if (values.length > 0) report(node, `imports ${values.join(', ')} from ${node.moduleSpecifier.text}`);
      } else if (!clause) report(node, `imports ${node.moduleSpecifier.text} for its effects`);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && STATEMENT_STARTS.has(node.expression.name.text)) {
      report(node.expression.name, `starts a statement with ${node.expression.name.text}()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

test('the scan finds value imports from kysely and statement starts, and accepts types and transactions', () => {
  const source = [
    "import { sql } from 'kysely';",
    "import { type Kysely, Migrator } from 'kysely';",
    "import * as k from 'kysely';",
    "import { FileMigrationProvider } from 'kysely/migration';",
    "import type { Selectable } from 'kysely';",
    "import { type Transaction } from 'kysely';",
    'async function f(db: Kysely<never>) {',
    "  await db.selectFrom('t').selectAll().execute();",
    "  await db.insertInto('t').values({}).execute();",
    "  await db.updateTable('t').set({}).execute();",
    "  await db.deleteFrom('t').execute();",
    '  await db.transaction().execute(async (trx) => use(trx));',
    "  // a comment that names db.selectFrom('t') is no statement",
    "  const text = 'deleteFrom(t)';",
    '}',
  ].join('\n');
  assert.deepEqual(
    dataAccessIn('sample.ts', source).map((f) => `${f.line}: ${f.what}`),
    [
      '1: imports sql from kysely',
      '2: imports Migrator from kysely',
      '3: imports * as k from kysely',
      '4: imports FileMigrationProvider from kysely/migration',
      '8: starts a statement with selectFrom()',
      '9: starts a statement with insertInto()',
      '10: starts a statement with updateTable()',
      '11: starts a statement with deleteFrom()',
    ],
  );
});

test('no module outside src/store/ builds SQL', () => {
  const findings: string[] = [];
  const store = join(REPO_ROOT, 'src', 'store') + sep;
  for (const path of typeScriptFiles(join(REPO_ROOT, 'src'))) {
    const name = relative(REPO_ROOT, path).split(sep).join('/');
    if (path.startsWith(store)) continue;
    for (const f of dataAccessIn(path, readFileSync(path, 'utf8'))) findings.push(`${name}:${f.line}: ${f.what}`);
  }
  assert.ok(findings.length === 0, `SQL outside src/store/; move it into the table's repository there and call that:\n${findings.join('\n')}`);
});
