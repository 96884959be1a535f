// A local ESLint rule: no import cycle anywhere in src/, type-only imports included
// (import-x/no-cycle skips `import type`, so a circle made of types went unseen), and, with
// `groups`, no cycle between features either (feature A imports B while B, by any path, imports
// A). Files other than the linted one are read from disk (import-graph.mjs), once per process.
import path from 'node:path';
import { createResolver, importGraph, pathBetween } from './import-graph.mjs';

let cached = null;
function project(root) {
  if (cached?.root !== root) {
    const graph = importGraph(root);
    cached = { root, graph, resolve: createResolver(root), groupGraphs: new Map() };
  }
  return cached;
}

/** `src/server/features/*\/` style patterns: the group (feature folder) a file belongs to. */
function grouper(root, patterns) {
  const matchers = patterns.map((pattern) => {
    const source = pattern
      .replace(/\/$/, '')
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    return new RegExp(`^${source}/`);
  });
  return (file) => {
    const relative = path.relative(root, file).split(path.sep).join('/');
    for (const matcher of matchers) {
      const found = relative.match(matcher);
      if (found) return found[0];
    }
    return null;
  };
}

const isTest = (file) => /\.test\.(ts|tsx)$/.test(file);

/** The graph between groups, from every file that is not a test (tests are no one's import). */
function groupGraph(state, groupOf, key) {
  let graph = state.groupGraphs.get(key);
  if (graph) return graph;
  graph = new Map();
  for (const [file, targets] of state.graph) {
    const from = groupOf(file);
    if (!from || isTest(file)) continue;
    for (const target of targets) {
      const to = groupOf(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, []);
      if (!graph.get(from).includes(to)) graph.get(from).push(to);
    }
  }
  state.groupGraphs.set(key, graph);
  return graph;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle in src (type imports count), nor between groups' },
    schema: [
      {
        type: 'object',
        properties: { groups: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Import cycle (type-only imports count): {{path}}',
      groupCycle:
        'Features import each other: {{path}} (find the real owner, or pass a function in at the composition root)',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.resolve(context.filename);
    if (!file.startsWith(path.join(root, 'src') + path.sep)) return {};
    const state = project(root);
    const groups = context.options[0]?.groups ?? [];
    const groupOf = grouper(root, groups);
    const show = (files) => files.map((f) => path.relative(root, f).split(path.sep).join('/'));
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = state.resolve(specifier, file);
      if (!target) return;
      const back = target === file ? [file] : pathBetween(state.graph, target, file);
      if (back) {
        context.report({
          node,
          messageId: 'cycle',
          data: { path: show([file, ...back]).join(' -> ') },
        });
        return;
      }
      const from = groupOf(file);
      const to = groupOf(target);
      if (!from || !to || from === to || isTest(file)) return;
      const between = pathBetween(groupGraph(state, groupOf, groups.join('|')), to, from);
      if (between) {
        const trail = [from, ...between].map((group) => group.replace(/\/$/, ''));
        context.report({ node, messageId: 'groupCycle', data: { path: trail.join(' -> ') } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(node, literal.value);
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
