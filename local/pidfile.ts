// If a previous `npm start` was killed with SIGKILL, its Java and cognito-local children (or the
// stack process itself) live on and hold the ports. Their pids are kept beside the data and
// stopped on the next start, but only when /proc confirms they are still ours.
import { existsSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const fileOf = (dataDir: string) => path.join(dataDir, 'pids.json');

/** The process's command line and working folder, or undefined when it is gone. */
function describe(pid: number): string | undefined {
  try {
    return `${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')} cwd=${readlinkSync(`/proc/${pid}/cwd`)}`;
  } catch {
    return undefined;
  }
}

export async function stopStaleProcesses(dataDir: string): Promise<number[]> {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return [];
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; marker: string; main?: boolean }[];
  // A stack whose main process still runs is not stale: leave it alone (the port check will
  // then say that it is in use).
  const main = recorded.find((entry) => entry.main);
  if (main && main.pid !== process.pid && describe(main.pid)) return [];
  const stopped: number[] = [];
  for (const { pid, marker } of recorded) {
    if (pid === process.pid) continue;
    const cmd = describe(pid);
    if (!cmd || !cmd.includes(marker)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      stopped.push(pid);
    } catch {
      // already gone
    }
  }
  // Give the kernel a moment to release the ports.
  if (stopped.length) await new Promise((r) => setTimeout(r, 500));
  return stopped;
}

export function recordProcesses(dataDir: string, entries: { pid: number | undefined; marker: string; main?: boolean }[]): void {
  writeFileSync(fileOf(dataDir), JSON.stringify(entries.filter((e) => e.pid)));
}
