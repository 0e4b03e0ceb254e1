/**
 * `npm run chaos`: the compose topology under a steady workload while faults are injected, then
 * the checks and the table (docs/reliability.md). Exits 1 on any lost or duplicated acknowledged
 * command, or a failed check.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseChaosArgs } from './chaos-options';
import { faultTableMarkdown } from './fault-report';
import { duplicated, findings, lost, reliabilitySection } from './reliability-doc';
import { runChaos } from './run-chaos';

const parsed = parseChaosArgs(process.argv.slice(2));
if ('usage' in parsed) {
  process.stdout.write(`${parsed.usage}\n`);
  process.exit(0);
}
const write = (line: string) => process.stdout.write(`${line}\n`);
const result = await runChaos(parsed.options, write);
write('');
write(faultTableMarkdown(result.rows));
write('');
for (const line of findings(result)) write(`- ${line}`);

if (parsed.writeDoc) {
  const doc = path.resolve(import.meta.dirname, '../../docs/reliability.md');
  const text = readFileSync(doc, 'utf8');
  const marker = '<!-- chaos runs: npm run chaos -- --doc writes below this line -->';
  const [head] = text.split(marker);
  writeFileSync(doc, `${head}${marker}\n\n${reliabilitySection(result)}`);
  write(`\nwritten to ${doc}`);
}

const c = result.checks;
const failed =
  lost(result) > 0 ||
  duplicated(result) > 0 ||
  c.store.completedTwice.length > 0 ||
  c.overLimits.length > 0 ||
  c.rebuildDiffers.length > 0 ||
  !c.auditVerified ||
  c.live.missed > 0 ||
  result.injections.some((i) => i.recoveredAt === null);
process.exit(failed ? 1 : 0);
