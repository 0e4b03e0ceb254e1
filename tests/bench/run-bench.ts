import { startAppServer } from '../e2e/support/app-server';
import { runBackupBench } from './backup.bench';
import { runEventStoreBench } from './eventstore.bench';
import { runFloorsBench } from './floors.bench';
import { runOrdersBench } from './orders.bench';
import { runReconciliationBench } from './reconciliation.bench';
import { runRebuildBench } from './rebuild.bench';
import { runStreamsBench } from './streams.bench';
import { runWebBundleBench } from './web-bundle.bench';
import { runLighthouseBench } from './web-lighthouse.bench';

/** `npm run bench -- <name>`: one entry per benchmark. */
const benches: Record<string, () => Promise<void>> = {
  eventstore: runEventStoreBench,
  orders: runOrdersBench,
  floors: runFloorsBench,
  // What the landing costs to load, then Lighthouse's scores for it and the customer's dashboard.
  // One fresh `npm start` for both.
  web: async () => {
    const server = await startAppServer();
    try {
      await runWebBundleBench(server);
      await runLighthouseBench(server);
    } finally {
      await server.stop();
    }
  },
  backup: runBackupBench,
  reconciliation: runReconciliationBench,
  streams: runStreamsBench,
  rebuild: runRebuildBench,
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
