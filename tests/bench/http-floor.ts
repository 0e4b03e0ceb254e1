import { startEntryPoint } from '../support/child-process';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait-for';
import { call } from './http-client';
import { measureThroughput } from './measure';
import { ownClock, perOperation, processClock, startCpuAccount, type CpuClock } from './process-cpu';

/** A floor server, run as its own process: http-floor-server.ts (HTTP + one INSERT) or event-floor-server.ts (HTTP + one event, projected). */
export interface FloorServer {
  entry: string;
  databaseUrl: string;
  /** Whether it projects in the background: its CPU is then counted until its backlog is empty. */
  projects: boolean;
  /** Its settings (event-floor-server.ts's probe steps). */
  env?: Record<string, string>;
}

/** A floor server on the bench's database server: throughput, latency and CPU per request (its projection included). */
export async function measureHttpFloor(
  floorServer: FloorServer,
  customers: { id: string }[],
  { seconds, warmupSeconds }: { seconds: number; warmupSeconds: number },
  databaseCpu: CpuClock | null,
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const running = startEntryPoint(floorServer.entry, [], { ...floorServer.env, DATABASE_URL: floorServer.databaseUrl, PORT: String(port) });
  try {
    await waitFor(
      `the floor server ${floorServer.entry}`,
      async () => {
        const answered = await call(base, 'POST', '/orders', { body: { userId: customers[0]!.id }, expect: 201 }).then(
          () => true,
          () => false,
        );
        return answered;
      },
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; its output:\n${running.output()}`);
    });
    const post = async (writer: number, n: number) => {
      await call(base, 'POST', '/orders', {
        body: {
          userId: customers[writer]!.id,
          fiatAmount: 1000 + ((writer * 7919 + n) % 49_000),
          network: 'TRC20',
          withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
          method: 'bank',
        },
        expect: 201,
      });
    };
    const caughtUp = () =>
      floorServer.projects
        ? waitFor('the floor projection to catch up', async () => (await call(base, 'GET', '/backlog')).count === 0, 60_000)
        : Promise.resolve();
    await measureThroughput(customers.length, warmupSeconds, post);
    await caughtUp();
    const account = await startCpuAccount({ server: processClock(running.child.pid!), database: databaseCpu, bench: ownClock });
    const run = await measureThroughput(customers.length, seconds, post);
    await caughtUp();
    return { ...run, cpu: perOperation(await account.stop(), run.ops) };
  } finally {
    running.child.kill('SIGTERM');
    await running.exited;
  }
}
