// The import graph of src/ as TypeScript sees it: every `import`, `import type`, `export ... from`
// and `import()` of a file, resolved with the project's paths (`@/`). Used by the no-import-cycle
// lint rule (eslint.config.js), which, unlike import-x/no-cycle, counts type-only imports too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** The compiler options of tsconfig.base.json (module resolution and `paths`). */
function compilerOptions(root) {
  const file = path.join(root, 'tsconfig.base.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, file).options;
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/**
 * Resolves module specifiers to source files under `scope` (others, packages included, are left
 * out: a cycle through them cannot be ours).
 */
export function createResolver(root, scope = path.join(root, 'src')) {
  const options = compilerOptions(root);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  return (specifier, fromFile) => {
    const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys, cache)
      .resolvedModule?.resolvedFileName;
    if (!resolved || resolved.endsWith('.d.ts')) return null;
    const absolute = path.resolve(resolved);
    return absolute.startsWith(scope + path.sep) ? absolute : null;
  };
}

/** The files `text` imports (type-only imports and re-exports included), resolved. */
export function importsOf(text, fromFile, resolve) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const out = new Set();
  for (const { fileName } of importedFiles) {
    const target = resolve(fileName, fromFile);
    if (target) out.add(target);
  }
  return [...out];
}

/** Every source file under `scope` and the files it imports. */
export function importGraph(root, scope = path.join(root, 'src')) {
  const resolve = createResolver(root, scope);
  const graph = new Map();
  for (const file of walk(scope)) {
    graph.set(file, importsOf(readFileSync(file, 'utf8'), file, resolve));
  }
  return graph;
}

/** The import cycles of `graph`: its strongly connected components of more than one file. */
export function cyclesOf(graph) {
  // Tarjan's algorithm, iterative (deep graphs would overflow the stack).
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1] += 1;
        const target = edges[i];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        const selfLoop = (graph.get(node) ?? []).includes(node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components;
}

/** A shortest path of imports from `from` to `to` (both included), or null. */
export function pathBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (previous.has(target)) continue;
      previous.set(target, node);
      if (target === to) {
        const out = [to];
        for (let at = node; at !== null; at = previous.get(at)) out.unshift(at);
        return out;
      }
      queue.push(target);
    }
  }
  return null;
}
