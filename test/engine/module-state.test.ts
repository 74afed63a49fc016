import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT } from '../helpers/cli.ts';
import { typeScriptFiles } from '../helpers/source-files.ts';

/**
 * Loaded models, caches and scratch buffers belong to the objects that use them (a guardrail built by
 * the appliance, a recogniser, a sign-in service), never to a module: a module-level variable is
 * shared by every appliance, test and training run in the process. This scans the sources for what
 * can hold such state at module level:
 * - `let` and `var` declarations;
 * - `WeakMap` and `WeakSet` (they only ever serve as caches);
 * - `Map`, `Set`, array and object literals, unless typed read-only (`ReadonlyMap`, `ReadonlySet`,
 *   `readonly T[]`, `ReadonlyArray`, `Readonly<…>`), declared `as const` or frozen with `Object.freeze`;
 * - static class properties that are not `readonly`, or hold such a container.
 */

const READONLY_TYPE = /^(readonly\s|ReadonlyArray<|ReadonlySet<|ReadonlyMap<|Readonly<)/;
const CONTAINERS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']) as ReadonlySet<string>;
const CACHES = new Set(['WeakMap', 'WeakSet']) as ReadonlySet<string>;

function unwrap(expression: ts.Expression): ts.Expression {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return e;
}

function isAsConst(e: ts.Expression): boolean {
  return ts.isAsExpression(e) && ts.isTypeReferenceNode(e.type) && e.type.typeName.getText() === 'const';
}

function isFrozen(e: ts.Expression): boolean {
  return ts.isCallExpression(e) && e.expression.getText() === 'Object.freeze';
}

/** What kind of mutable container `e` creates, if any: 'Map', 'WeakMap', 'array', 'object'… */
function containerKind(e: ts.Expression): string | undefined {
  if (ts.isArrayLiteralExpression(e)) return 'array';
  if (ts.isObjectLiteralExpression(e)) return 'object';
  if (ts.isNewExpression(e) && CONTAINERS.has(e.expression.getText())) return e.expression.getText();
  return undefined;
}

/** Whether a container made by `initializer` and declared with `type` cannot be changed through its name. */
function isReadonly(initializer: ts.Expression, type: ts.TypeNode | undefined): boolean {
  if (isAsConst(initializer) || isFrozen(initializer)) return true;
  if (ts.isAsExpression(initializer) && READONLY_TYPE.test(initializer.type.getText())) return true;
  return type !== undefined && READONLY_TYPE.test(type.getText());
}

/** `new WeakMap()` / `new WeakSet()` anywhere in a module-level initializer, outside function bodies. */
function nestedCaches(node: ts.Node, found: ts.Node[]): ts.Node[] {
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return found;
  if (ts.isNewExpression(node) && CACHES.has(node.expression.getText())) found.push(node);
  ts.forEachChild(node, (child) => {
    nestedCaches(child, found);
  });
  return found;
}

interface Finding {
  line: number;
  what: string;
}

/** Module-level mutable state declared in one module's source text. */
function moduleStateIn(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const report = (node: ts.Node, what: string) => findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, what });
  const checkContainer = (node: ts.Node, name: string, initializer: ts.Expression | undefined, type: ts.TypeNode | undefined) => {
    if (!initializer) return;
    for (const cache of nestedCaches(initializer, [])) report(cache, `${name} holds a ${cache.getText().split('(')[0]} (a cache)`);
    const value = unwrap(initializer);
    if (isReadonly(value, type)) return;
    const kind = containerKind(ts.isAsExpression(value) ? unwrap(value.expression) : value);
    if (kind === undefined || CACHES.has(kind)) return;
    report(node, `${name} is a mutable ${kind} (type it read-only, declare it \`as const\` or freeze it)`);
  };

  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      const flags = statement.declarationList.flags;
      const constant = (flags & ts.NodeFlags.Const) !== 0;
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(file);
        if (!constant) report(declaration, `${name} is a module-level ${flags & ts.NodeFlags.Let ? 'let' : 'var'}`);
        else checkContainer(declaration, name, declaration.initializer, declaration.type);
      }
    } else if (ts.isClassDeclaration(statement)) {
      for (const member of statement.members) {
        if (!ts.isPropertyDeclaration(member) || !member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) continue;
        const name = `${statement.name?.getText(file) ?? 'class'}.${member.name.getText(file)}`;
        if (!member.modifiers.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword)) report(member, `${name} is a static property that is not readonly`);
        else checkContainer(member, name, member.initializer, member.type);
      }
    }
  }
  return findings;
}

test('the scan finds each kind of module-level state, and accepts read-only constants', () => {
  const source = [
    'let loaded: string | undefined;',
    'var legacy = 1;',
    'const cache = new Map<string, number>();',
    'const seen = new WeakMap<object, number>();',
    'const buffer = [0, 0, 0];',
    'export const options: Record<string, number> = { a: 1 };',
    'const nested = { memo: new WeakSet<object>() } as const;',
    'class Pool { static instances = 0; static readonly free = new Set<number>(); static readonly LIMIT = 4; }',
    'const WORDS: ReadonlySet<string> = new Set(["a"]);',
    'const TABLE: ReadonlyMap<string, number> = new Map([["a", 1]]);',
    'const ORDER: readonly number[] = [1, 2];',
    'const LEVELS = [1, 2] as const;',
    'const LIMITS: Readonly<Record<string, number>> = { a: 1 };',
    'const FROZEN = Object.freeze({ a: 1 });',
    'const NAMES = new Set(["a"]) as ReadonlySet<string>;',
    'const PATTERN = /a/;',
    'function scoped() { let counter = 0; const local = new Map(); return ++counter + local.size; }',
  ].join('\n');
  const findings = moduleStateIn('sample.ts', source).map((f) => `${f.line}: ${f.what.split(' ').slice(0, 4).join(' ')}`);
  assert.deepEqual(findings, [
    '1: loaded is a module-level',
    '2: legacy is a module-level',
    '3: cache is a mutable',
    '4: seen holds a new',
    '5: buffer is a mutable',
    '6: options is a mutable',
    '7: nested holds a new',
    '8: Pool.instances is a static',
    '8: Pool.free is a mutable',
  ]);
});

test('no module under src/ keeps mutable state at module level', () => {
  const findings: string[] = [];
  for (const path of typeScriptFiles(join(REPO_ROOT, 'src'))) {
    for (const f of moduleStateIn(path, readFileSync(path, 'utf8'))) findings.push(`${relative(REPO_ROOT, path)}:${f.line}: ${f.what}`);
  }
  assert.ok(findings.length === 0, `Module-level mutable state; make it a member of the object that uses it:\n${findings.join('\n')}`);
});
