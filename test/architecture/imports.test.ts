import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT } from '../helpers/cli.ts';
import { typeScriptFiles } from '../helpers/source-files.ts';

/**
 * The import rules of src/ (docs/architecture.md explains them). A module's layer is its folder
 * directly under src/; the modules directly in src/ (errors, ids, json-schema, version…) are shared
 * by every layer. Every import counts: values and types, re-exports, dynamic `import()` and module
 * augmentations.
 */

/** Layers that may import only the layers listed (besides their own and the shared modules). */
const ONLY: Readonly<Record<string, readonly string[]>> = {
  // The vocabulary: imports nothing of the project, not even the shared modules (see below).
  domain: [],
  text: ['domain'],
  // The check pipeline and the guardrail contract: everything outside reaches it through its ports.
  engine: ['domain', 'text'],
  models: ['domain', 'engine'],
  detector: ['domain', 'text', 'models'],
  // A guardrail gets its state, weights and backends through the engine's ports and its own.
  guardrails: ['domain', 'engine', 'detector', 'models', 'text', 'keys', 'onnx'],
};

/** Layers below the services and interfaces, and what they never import. */
const LOWER: readonly string[] = ['domain', 'text', 'engine', 'models', 'detector', 'guardrails', 'store', 'backends'];
const UPPER: readonly string[] = ['runtime', 'http', 'server', 'cli', 'admin', 'auth', 'eval'];

/** Who may import the composition root (src/server) and the command line (src/cli). */
const IMPORTED_ONLY_BY: Readonly<Record<string, readonly string[]>> = { server: ['cli'], cli: [] };

const SHARED = '(shared)';

/** A module's layer: its folder directly under src/, or SHARED for the modules directly in src/. */
function layerOf(module: string): string {
  const parts = module.split('/');
  return parts.length === 1 ? SHARED : parts[0]!;
}

/** Every violation of the rules above in an import graph (module → modules it imports, paths relative to src/). */
function violations(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const cycle of cyclesOf(graph)) found.push(`import cycle: ${cycle.join(' → ')} → ${cycle[0]}`);
  for (const [from, targets] of graph) {
    const layer = layerOf(from);
    for (const to of targets) {
      const target = layerOf(to);
      if (target === layer) {
        const ownGuardrail = (m: string) => m.split('/').slice(0, 2).join('/');
        const folders = [from, to].filter((m) => m.split('/').length > 2);
        if (layer === 'guardrails' && folders.length === 2 && ownGuardrail(from) !== ownGuardrail(to))
          found.push(`${from} → ${to}: a guardrail's folder imports no other guardrail's`);
        continue;
      }
      const only = ONLY[layer];
      if (layer === 'domain' || (only && target !== SHARED && !only.includes(target)))
        found.push(`${from} → ${to}: ${layer}/ imports ${only!.length > 0 ? `only ${only!.join(', ')}` : 'nothing of the project'}`);
      else if (LOWER.includes(layer) && UPPER.includes(target)) found.push(`${from} → ${to}: ${layer}/ imports none of ${UPPER.join(', ')}`);
      const importers = IMPORTED_ONLY_BY[target];
      if (importers && !importers.includes(layer)) found.push(`${from} → ${to}: ${target}/ is imported only by ${importers.join(', ') || 'bin/'}`);
    }
  }
  return found;
}

/** The import cycles of a graph: its strongly connected components of more than one module, and modules importing themselves (Tarjan). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(module, Math.min(low.get(module)!, index.get(next)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) components.push(component.reverse());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return components;
}

/** The modules of src/ with the modules of src/ each imports (TypeScript's own reading of import statements). */
function importGraph(src: string): Map<string, string[]> {
  const modules = [...typeScriptFiles(src)];
  const graph = new Map<string, string[]>();
  for (const path of modules) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
    const targets = importedFiles
      .map((f) => f.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => {
        const target = resolve(dirname(path), specifier);
        const file = [target, `${target}.ts`, join(target, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile());
        assert.ok(file, `${relative(src, path)} imports ${specifier}, which is not a module of src/`);
        return relative(src, file);
      });
    graph.set(relative(src, path), [...new Set(targets)]);
  }
  return graph;
}

describe('import rules of src/', () => {
  it('the rules find cycles, reaches into upper layers and across guardrails in a made-up graph', () => {
    const graph = new Map<string, string[]>([
      ['engine/pipeline.ts', ['store/store.ts', 'domain/check.ts']],
      ['store/store.ts', ['engine/pipeline.ts']],
      ['domain/check.ts', ['errors.ts']],
      ['guardrails/llm/index.ts', ['guardrails/pii/index.ts', 'guardrails/llm/result-schema.ts']],
      ['guardrails/registry.ts', ['guardrails/llm/index.ts']],
      ['store/profiles.ts', ['admin/profiles.ts']],
      ['http/app.ts', ['server/appliance.ts']],
      ['cli/serve.ts', ['server/appliance.ts']],
    ]);
    assert.deepEqual(violations(graph), [
      'import cycle: engine/pipeline.ts → store/store.ts → engine/pipeline.ts',
      'engine/pipeline.ts → store/store.ts: engine/ imports only domain, text',
      'domain/check.ts → errors.ts: domain/ imports nothing of the project',
      "guardrails/llm/index.ts → guardrails/pii/index.ts: a guardrail's folder imports no other guardrail's",
      'store/profiles.ts → admin/profiles.ts: store/ imports none of runtime, http, server, cli, admin, auth, eval',
      'http/app.ts → server/appliance.ts: server/ is imported only by cli',
    ]);
  });

  it('src/ follows them: no import cycle, and each layer imports only what it may', () => {
    const graph = importGraph(join(REPO_ROOT, 'src'));
    assert.ok(graph.size > 100, 'the modules of src/ were found');
    assert.deepEqual(violations(graph), []);
  });
});
