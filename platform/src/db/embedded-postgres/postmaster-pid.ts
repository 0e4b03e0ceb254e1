import { readFileSync } from 'node:fs';
import path from 'node:path';

/** How long to wait for a server of ours that is still starting or stopping (a quick restart). */
const SETTLE_MS = 60_000;

export interface LiveServer {
  pid: number;
  port: number;
  status: string;
}

/**
 * The port of a live, ready server of this cluster, or null when none runs. A server still
 * stopping (Ctrl-C then `npm start` at once) is waited out, then started afresh; one starting
 * is waited for, then attached to.
 */
export async function readyClusterPort(clusterDir: string): Promise<number | null> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const server = liveServer(clusterDir);
    if (server === null) return null;
    if (server.status === 'ready') return server.port;
    if (Date.now() > deadline) throw new Error(`embedded PostgreSQL in ${clusterDir} is still '${server.status}'; try again when it settles`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** postmaster.pid names the live server's pid (line 1), port (line 4) and status (line 8). */
export function liveServer(clusterDir: string): LiveServer | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null; // no file, or removed just now by a server that stopped
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  // The file is written in steps while the server starts: no status yet counts as starting.
  return { pid, port, status: lines[7]?.trim() || 'starting' };
}
