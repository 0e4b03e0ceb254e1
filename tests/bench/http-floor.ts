import { startEntryPoint } from '../support/child-process';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait-for';
import { call } from './http-client';
import { measureThroughput } from './measure';
import { ownClock, perOperation, processClock, startCpuAccount, type CpuClock } from './process-cpu';

/** The HTTP floor (http-floor-server.ts) as its own process on the bench database: throughput, latency and CPU per request. */
export async function measureHttpFloor(
  databaseUrl: string,
  customers: { id: string }[],
  { seconds, warmupSeconds }: { seconds: number; warmupSeconds: number },
  databaseCpu: CpuClock | null,
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const floorServer = startEntryPoint('tests/bench/http-floor-server.ts', [], { DATABASE_URL: databaseUrl, PORT: String(port) });
  try {
    await waitFor(
      'the HTTP floor server',
      async () => {
        const answered = await call(base, 'POST', '/orders', { body: { userId: customers[0]!.id }, expect: 201 }).then(
          () => true,
          () => false,
        );
        return answered;
      },
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; its output:\n${floorServer.output()}`);
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
    await measureThroughput(customers.length, warmupSeconds, post);
    const account = await startCpuAccount({ server: processClock(floorServer.child.pid!), database: databaseCpu, bench: ownClock });
    const run = await measureThroughput(customers.length, seconds, post);
    return { ...run, cpu: perOperation(await account.stop(), run.ops) };
  } finally {
    floorServer.child.kill('SIGTERM');
    await floorServer.exited;
  }
}
