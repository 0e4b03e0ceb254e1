/**
 * A CPU profile of one phase of the reconciliation bench (BENCH_RECONCILIATION_PROFILE=<dir>): the
 * product runs in the bench's own process, so `--cpu-prof` would mix the seeding's minutes into
 * the phases'. The inspector's profiler is started and stopped around the phase alone, and its
 * `.cpuprofile` (Chrome DevTools opens it) written to the directory, with a summary of where the
 * samples fell: by function and by package or folder of the repository.
 */
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileSummary {
  file: string;
  /** Wall-clock ms of samples by where they fell: the top functions, and by package or folder. */
  functions: { name: string; ms: number }[];
  places: { name: string; ms: number }[];
}

/** Where a frame's code lives: a package in node_modules, a folder of this repository, or Node's own. */
function placeOf(url: string, functionName: string): string {
  if (url === '') return functionName === '(garbage collector)' ? 'garbage collection' : functionName || '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node';
  const repo = /\/(platform|machines|projections|services|tests)\/(?:src\/)?([^/]+)/.exec(url);
  return repo ? `${repo[1]}/${repo[2]}` : url;
}

function summarise(profile: Profile, top: number): Omit<ProfileSummary, 'file'> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Each sample's time is the delta to the next sample.
  for (let i = 0; i < samples.length; i++) self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') {
      add(places, functionName, ms);
      continue;
    }
    add(functions, `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|work\/main)\//, '')}:${lineNumber + 1}`, ms);
    add(places, placeOf(url, functionName), ms);
  }
  const sorted = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms) }));
  return { functions: sorted(functions), places: sorted(places) };
}

/** Runs `work` under the CPU profiler when `dir` is set, writing `<dir>/<name>.cpuprofile`; without `dir`, just runs it. */
export async function profiled<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<{ result: T; profile: ProfileSummary | null }> {
  if (!dir) return { result: await work(), profile: null };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    const result = await work();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    return { result, profile: { file, ...summarise(profile, 25) } };
  } finally {
    session.disconnect();
  }
}
