import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';

/** CPU time in milliseconds: what a process group has used so far. */
export type CpuClock = () => Promise<number>;

const TICKS_PER_SECOND = 100; // USER_HZ: what /proc reports in, on every Linux the bench runs on

/**
 * utime + stime of one process (all its threads), and cutime + cstime (its reaped children) when
 * asked, in ms; only stime (time in the kernel: system calls, and the loopback network's work done
 * on the sender's behalf) with `kernelOnly`.
 */
export async function processCpuMs(pid: number, { withReapedChildren = false, kernelOnly = false } = {}): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return 0;
  // Fields after the command name, which may hold spaces and is closed by the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  const ticks = kernelOnly ? stime! : utime! + stime! + (withReapedChildren ? cutime! + cstime! : 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

async function parentOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : null;
}

/** A process of this machine (the server under test, by its pid); only its time in the kernel with `kernelOnly`. */
export const processClock =
  (pid: number, kernelOnly = false): CpuClock =>
  () =>
    processCpuMs(pid, { kernelOnly });

/** The bench process itself. */
export const ownClock: CpuClock = async () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The postmaster of the PostgreSQL server behind `pool`, found as the parent of its checkpointer;
 * null when the server is elsewhere or /proc cannot tell.
 */
export async function postmasterOf(pool: pg.Pool): Promise<number | null> {
  const { rows } = await pool.query<{ pid: number }>("select pid from pg_stat_activity where backend_type = 'checkpointer'");
  const checkpointer = rows[0]?.pid;
  const postmaster = checkpointer ? await parentOf(checkpointer) : null;
  return postmaster && (await processCpuMs(postmaster, { withReapedChildren: true })) ? postmaster : null;
}

/** The live child processes of `parent`. */
export async function childrenOf(parent: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const parents = await Promise.all(pids.map(async (pid) => [pid, await parentOf(pid)] as const));
  return parents.filter(([, of]) => of === parent).map(([pid]) => pid);
}

/**
 * The whole PostgreSQL server, when it runs on this machine: its postmaster with every live child
 * process, and the children that already exited (counted in the postmaster's reaped time).
 */
export async function databaseClock(pool: pg.Pool): Promise<CpuClock | null> {
  const postmaster = await postmasterOf(pool);
  if (!postmaster) return null;
  return async () => {
    const children = await childrenOf(postmaster);
    const times = await Promise.all([processCpuMs(postmaster, { withReapedChildren: true }), ...children.map((pid) => processCpuMs(pid))]);
    return times.reduce((sum, ms) => sum + ms, 0);
  };
}

/** Reads the clocks now; `stop` gives each one's CPU ms spent since. */
export async function startCpuAccount<Name extends string>(clocks: Record<Name, CpuClock | null>) {
  const read = async () =>
    Object.fromEntries(await Promise.all(Object.entries<CpuClock | null>(clocks).map(async ([name, clock]) => [name, clock ? await clock() : null]))) as Record<
      Name,
      number | null
    >;
  const start = await read();
  return {
    async stop(): Promise<Record<Name, number | null>> {
      const end = await read();
      return Object.fromEntries(
        Object.keys(clocks).map((name) => [name, end[name as Name] === null ? null : end[name as Name]! - start[name as Name]!]),
      ) as Record<Name, number | null>;
    },
  };
}

/** CPU ms per operation, from the ms each process group spent over `ops` operations. */
export const perOperation = <Name extends string>(spent: Record<Name, number | null>, ops: number) =>
  Object.fromEntries(
    Object.entries<number | null>(spent).map(([name, total]) => [name, total === null ? null : +(total / Math.max(ops, 1)).toFixed(2)]),
  ) as Record<Name, number | null>;
