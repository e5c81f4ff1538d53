import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRoot } from '../../lambdas/core/roads/load';
import type { ColdLoad } from './cold-load';

/** Fresh processes a cold-start figure is the median of. */
export const COLD_LOADS = 3;

/**
 * Cold starts in fresh processes, as a Lambda's (./cold-load.ts each): the median load time, its
 * CPU time, and the memory held after it. A load timed in the bench's own process runs on code
 * the build already compiled, and one sample moves with the machine's load.
 */
export function coldLoads(file: string): { loadMs: number; loadCpuMs: number; memoryBytes: number } {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const runs = Array.from({ length: COLD_LOADS }, () => {
    const output = execFileSync(process.execPath, ['--import', tsx, join(projectRoot(), 'bench', 'support', 'cold-load.ts'), file], { encoding: 'utf8' });
    return JSON.parse(output.trim().split('\n').pop()!) as ColdLoad;
  });
  const median = <T>(values: T[], of: (x: T) => number) => values.map(of).sort((a, b) => a - b)[values.length >> 1]!;
  return { loadMs: median(runs, (r) => r.loadMs), loadCpuMs: median(runs, (r) => r.cpuMs), memoryBytes: median(runs, (r) => r.afterLoad) };
}
