import { runBackupBench } from './backup.bench';
import { runEventStoreBench } from './eventstore.bench';
import { runFloorsBench } from './floors.bench';
import { runOrdersBench } from './orders.bench';
import { runReconciliationBench } from './reconciliation.bench';
import { runWebBundleBench } from './web-bundle.bench';

/** `npm run bench -- <name>`: one entry per benchmark. */
const benches: Record<string, () => Promise<void>> = {
  eventstore: runEventStoreBench,
  orders: runOrdersBench,
  floors: runFloorsBench,
  web: runWebBundleBench,
  backup: runBackupBench,
  reconciliation: runReconciliationBench,
};

const names = process.argv.slice(2);
const selected = names.length > 0 ? names : Object.keys(benches);
for (const name of selected) {
  const bench = benches[name];
  if (!bench) {
    process.stderr.write(`Unknown benchmark "${name}". Known: ${Object.keys(benches).join(', ')}\n`);
    process.exit(2);
  }
  await bench();
}
process.exit(0);
