// What the published document says, in figures (issue 30's before/after): how many operations, how
// many describe their success body, how many still lean on a catch-all `default`, and the statuses
// listed. `node scripts/openapi-report.mjs [docs/openapi.json]`.
import { readFile } from 'node:fs/promises';

const file = process.argv[2] ?? 'docs/openapi.json';
const document = JSON.parse(await readFile(file, 'utf8'));
const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
const successBodies = operations.filter(({ operation }) =>
  Object.entries(operation.responses).some(([status, answer]) => /^2\d\d$/.test(status) && answer.content && Object.keys(answer.content).length > 0),
);
const withDefault = operations.filter(({ operation }) => 'default' in operation.responses);
const statuses = new Map();
for (const { operation } of operations) for (const status of Object.keys(operation.responses)) statuses.set(status, (statuses.get(status) ?? 0) + 1);
const errorRequired = document.components?.schemas?.Error?.required ?? [];

console.log(`${file}`);
console.log(`  operations:                      ${operations.length}`);
console.log(`  documenting their success body:  ${successBodies.length}`);
console.log(`  with a catch-all default:        ${withDefault.length}`);
console.log(`  the Error schema requires:       ${errorRequired.join(', ') || '(nothing)'}`);
console.log(
  `  statuses listed (operations):    ${[...statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}×${n}`)
    .join(' ')}`,
);
if (withDefault.length > 0 && withDefault.length <= 40)
  console.log(`  still with default: ${withDefault.map(({ method, path }) => `${method.toUpperCase()} ${path}`).join(', ')}`);
