import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { childrenOf, postmasterOf, processCpuMs } from './process-cpu';

/**
 * What a PostgreSQL server's processes spent over a window, by what each does (from the title it
 * gives itself: `postgres: walwriter`, `postgres: user db 127.0.0.1(5432) idle`, …). `sessions` are
 * clients' connections, and `sessionsInKernel` how much of that was system calls (the network, the
 * WAL's writes and flushes); `ended` is what processes that ended within the window spent in it,
 * and the whole life of those that also began in it (autovacuum workers, a pool's connection closed
 * when idle); `other` the postmaster, its launchers and I/O workers.
 */
export interface DatabaseCpu {
  sessions: number;
  sessionsInKernel: number;
  walWriter: number;
  checkpointAndBgWriter: number;
  autovacuum: number;
  ended: number;
  other: number;
}

type Kind = Exclude<keyof DatabaseCpu, 'sessionsInKernel' | 'ended'>;

function kindOf(title: string): Kind {
  if (/walwriter/.test(title)) return 'walWriter';
  if (/checkpointer|background writer/.test(title)) return 'checkpointAndBgWriter';
  if (/autovacuum/.test(title)) return 'autovacuum';
  // A client's session: `postgres: user database host(port) state`, or a local socket's `[local]`.
  if (/\(\d+\)|\[local\]/.test(title)) return 'sessions';
  return 'other';
}

interface Snapshot {
  /** The postmaster's own time and its reaped children's. */
  own: number;
  reaped: number;
  children: Map<number, { kind: Kind; ms: number; kernelMs: number }>;
}

async function snapshot(postmaster: number): Promise<Snapshot> {
  const own = await processCpuMs(postmaster);
  const reaped = (await processCpuMs(postmaster, { withReapedChildren: true })) - own;
  const children = new Map<number, { kind: Kind; ms: number; kernelMs: number }>();
  await Promise.all(
    (await childrenOf(postmaster)).map(async (pid) => {
      const title = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
      const [ms, kernelMs] = await Promise.all([processCpuMs(pid), processCpuMs(pid, { kernelOnly: true })]);
      children.set(pid, { kind: kindOf(title), ms, kernelMs });
    }),
  );
  return { own, reaped, children };
}

/**
 * Starts an account of the database's CPU by process kind; `stop` gives the ms spent since. Null when
 * the server is not on this machine. A process alive at both ends counts its difference under its
 * kind; one that ended meanwhile counts under `ended`, as what the postmaster reaped less what it had
 * spent before the window.
 */
export async function startDatabaseCpuAccount(pool: pg.Pool): Promise<{ stop(): Promise<DatabaseCpu> } | null> {
  const postmaster = await postmasterOf(pool);
  if (!postmaster) return null;
  const before = await snapshot(postmaster);
  return {
    async stop() {
      const after = await snapshot(postmaster);
      const spent: DatabaseCpu = {
        sessions: 0,
        sessionsInKernel: 0,
        walWriter: 0,
        checkpointAndBgWriter: 0,
        autovacuum: 0,
        ended: 0,
        other: after.own - before.own,
      };
      for (const [pid, now] of after.children) {
        const then = before.children.get(pid);
        spent[now.kind] += now.ms - (then?.ms ?? 0);
        if (now.kind === 'sessions') spent.sessionsInKernel += now.kernelMs - (then?.kernelMs ?? 0);
      }
      const endedBefore = [...before.children].filter(([pid]) => !after.children.has(pid)).reduce((sum, [, then]) => sum + then.ms, 0);
      spent.ended = Math.max(0, after.reaped - before.reaped - endedBefore);
      return spent;
    },
  };
}
