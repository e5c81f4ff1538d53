// Prints how many known advisories the production dependencies have (`npm audit --omit=dev`),
// by severity. Informational for CI: it never fails the run, and says so plainly when the
// registry's audit endpoint cannot be reached.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 60_000 });
let counts;
try {
  counts = JSON.parse(run.stdout || '{}').metadata?.vulnerabilities;
} catch {
  counts = undefined;
}
if (!counts) {
  console.log('npm audit (production dependencies): registry audit endpoint unreachable, advisory count unknown');
} else {
  const { info = 0, low = 0, moderate = 0, high = 0, critical = 0 } = counts;
  console.log(`npm audit (production dependencies): ${critical} critical, ${high} high, ${moderate} moderate, ${low} low, ${info} info`);
  if (high + critical > 0) console.log('npm audit: high or critical advisories found; run `npm audit --omit=dev` for details');
}
