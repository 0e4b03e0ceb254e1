// Every workspace declares what it imports (no package resolves by hoisting alone): each bare
// import in a workspace's source must be named in that workspace's package.json. Test files and
// test support may also use the root's devDependencies (vitest, testing-library, playwright-core).
// A small script rather than a dependency: dependency-cruiser resolves workspace packages to their
// folders, so it cannot see an undeclared @desk/* import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const TEST_FILE = /\.test\.tsx?$|\/testing\/|-test-kit\.tsx?$|\.contract\.ts$|^web\/src\/test\//;
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;
const builtins = new Set(builtinModules);

const names = (pkg) => new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }));
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

function* sources(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'dist') yield* sources(full);
    } else if (/\.(ts|tsx)$/.test(entry)) yield full;
  }
}

const problems = [];
for (const workspace of rootPackage.workspaces) {
  const pkg = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  const declared = names(pkg);
  for (const file of sources(path.join(root, workspace, 'src'))) {
    const relative = path.relative(root, file);
    const allowed = TEST_FILE.test(relative) ? new Set([...declared, ...names(rootPackage)]) : declared;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[2];
      if (spec.startsWith('.') || spec.startsWith('node:') || builtins.has(spec) || spec.startsWith('virtual:')) continue;
      const name = packageOf(spec);
      if (name === pkg.name) continue;
      if (!allowed.has(name)) problems.push(`${relative}: imports ${name}, which ${workspace}/package.json does not declare`);
    }
  }
}
if (problems.length > 0) {
  process.stderr.write(`${[...new Set(problems)].join('\n')}\n${problems.length} undeclared import(s)\n`);
  process.exit(1);
}
process.stdout.write('workspace dependencies: every import is declared\n');
