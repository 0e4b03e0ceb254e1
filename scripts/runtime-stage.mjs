// `node scripts/runtime-stage.mjs <dir>`: the Dockerfile's runtime stage, made in a directory on
// this machine (no Docker engine here): the production install the image makes (the same npm ci
// flags as its production-deps stage), the server's build, web/dist and the files the build says
// the server reads beside it. Prints what each part weighs. The topology test runs against such a
// directory with TOPOLOGY_APP_DIR=<dir> (docs/operations-docker.md, "The image's size").
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.resolve(process.argv[2] ?? '');
if (!process.argv[2] || existsSync(dir)) {
  process.stderr.write('Usage: node scripts/runtime-stage.mjs <a directory that does not exist yet>\n');
  process.exit(2);
}
const build = JSON.parse(readFileSync(path.join(root, 'dist/server/build.json'), 'utf8'));
if (!existsSync(path.join(root, 'web/dist/index.html'))) throw new Error('web/dist is not built: npm run build');

const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const file of ['package.json', 'package-lock.json', ...workspaces.map((workspace) => `${workspace}/package.json`)]) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  cpSync(path.join(root, file), path.join(dir, file));
}
const SERVER_WORKSPACES = ['platform', 'machines', 'projections', 'services'];
execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', ...SERVER_WORKSPACES.map((w) => `--workspace=${w}`)], {
  cwd: dir,
  stdio: 'inherit',
});
for (const part of ['dist/server', ...build.runtimeFiles]) cpSync(path.join(root, part), path.join(dir, part), { recursive: true });
rmSync(path.join(dir, 'dist/server/build.json'), { force: true });

const bytes = (target) => {
  const stat = lstatSync(target); // a workspace link in node_modules is not counted twice
  return stat.isDirectory() ? readdirSync(target).reduce((sum, entry) => sum + bytes(path.join(target, entry)), 0) : stat.size;
};
const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
const parts = ['node_modules', ...SERVER_WORKSPACES.map((w) => `${w}/node_modules`), 'dist/server', ...build.runtimeFiles].filter((part) =>
  existsSync(path.join(dir, part)),
);
for (const part of parts) process.stdout.write(`${part}: ${mb(bytes(path.join(dir, part)))}\n`);
process.stdout.write(`all of ${dir}: ${mb(bytes(dir))}\n`);
