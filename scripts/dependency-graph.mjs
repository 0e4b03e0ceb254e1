// Draws the dependency graphs in docs/architecture.md from the code (dependency-cruiser's JSON,
// collapsed to workspaces and to each workspace's folders), so the document cannot drift:
// `npm run graph` rewrites them, `node scripts/dependency-graph.mjs --check` (in `npm run lint`)
// fails when the document no longer matches the code.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DOC = path.join(root, 'docs/architecture.md');
const WORKSPACES = ['platform', 'machines', 'projections', 'services', 'web'];
const NOT_PRODUCT = '\\.test\\.tsx?$|^tests/|/testing/|\\.contract\\.ts$|-test-kit\\.tsx$|^web/src/test/';

let cruised = null;
/** Every dependency between product modules, read once from dependency-cruiser's JSON. */
function dependencies() {
  cruised ??= JSON.parse(
    execFileSync(
      path.join(root, 'node_modules/.bin/depcruise'),
      [...WORKSPACES.map((w) => `${w}/src`), '--include-only', `^(${WORKSPACES.join('|')})/src`, '--exclude', NOT_PRODUCT, '-T', 'json'],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    ),
  ).modules.flatMap((module) =>
    module.dependencies.map((dep) => ({ from: module.source, to: dep.resolved, typeOnly: dep.dependencyTypes.includes('type-only') })),
  );
  return cruised;
}

/** Edges between nodes (`collapse` keeps the part of a path that names its node), as [from, to, typeOnly]. */
function edges(collapse) {
  const node = (file) => collapse.exec(file)?.[0] ?? file;
  const seen = new Map();
  for (const { from, to, typeOnly } of dependencies()) {
    const [a, b] = [node(from), node(to)];
    if (a === b) continue;
    const key = `${a} --> ${b}`;
    seen.set(key, (seen.get(key) ?? true) && typeOnly);
  }
  return [...seen].map(([key, typeOnly]) => [...key.split(' --> '), typeOnly]).sort((x, y) => `${x[0]} ${x[1]}`.localeCompare(`${y[0]} ${y[1]}`));
}

const label = (node, prefix) => (node.startsWith(prefix) ? node.slice(prefix.length) : node).replace(/\/$/, '');
const id = (node) => node.replace(/[^a-zA-Z0-9]/g, '_');

function mermaid(list, prefix) {
  const lines = ['```mermaid', 'flowchart LR'];
  for (const [from, to, typeOnly] of list) {
    lines.push(`  ${id(from)}[${label(from, prefix)}] ${typeOnly ? '-.->|types|' : '-->'} ${id(to)}[${label(to, prefix)}]`);
  }
  lines.push('```');
  return lines.join('\n');
}

function sections() {
  const parts = ['### Workspaces', '', mermaid(edges(new RegExp(`^(${WORKSPACES.join('|')})/`)), ''), ''];
  for (const workspace of WORKSPACES) {
    const collapse = new RegExp(workspace === 'web' ? '^web/src/(features/[^/]+|[^/]+)' : `^${workspace}/src/[^/]+`);
    const list = edges(collapse).filter(([from, to]) => from.startsWith(`${workspace}/`) && to.startsWith(`${workspace}/`));
    if (list.length > 0) parts.push(`### ${workspace}`, '', mermaid(list, `${workspace}/src/`), '');
  }
  return parts.join('\n');
}

const START = '<!-- graph:start (npm run graph) -->';
const END = '<!-- graph:end -->';
const doc = readFileSync(DOC, 'utf8');
const [before, rest] = doc.split(START);
if (rest === undefined) throw new Error(`${DOC} has no ${START} marker`);
const after = rest.split(END)[1] ?? '';
const next = `${before}${START}\n${sections()}${END}${after}`;
if (process.argv.includes('--check')) {
  if (next !== doc) {
    process.stderr.write('docs/architecture.md: the dependency graphs no longer match the code; run `npm run graph`\n');
    process.exit(1);
  }
  process.stdout.write('docs/architecture.md: dependency graphs match the code\n');
} else {
  writeFileSync(DOC, next);
  process.stdout.write('docs/architecture.md: dependency graphs redrawn\n');
}
