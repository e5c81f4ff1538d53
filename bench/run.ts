// `npm run bench`: every benchmark in one process, printed as tables. Timings live here, never in
// tests. Each section starts and stops what it needs (its own DynamoDB Local, s3rver or stack) and
// returns its printed text and its figures as rows; `--write` turns those rows into
// docs/performance.md (see bench/support/performance-doc.ts).
//   npm run bench -- [--write] [section ...]     (all sections when none is named)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../local/settings';
import { benchFanout, FANOUT_SUBSCRIBERS } from './fanout';
import { withZoneMatching } from './fanout-zones';
import { benchFeeds } from './feeds';
import { benchInitialJs } from './initial-js';
import { benchLoad } from './load';
import { benchOutbox } from './outbox';
import { benchPublicMap } from './public-map';
import { benchRouting } from './routing';
import { benchScale } from './scale';
import { benchStateHazards } from './state-hazards';
import { performanceDoc, runContext, type MeasuredSection } from './support/performance-doc';
import { isSkipped, type SectionOutcome } from './support/report';
import { benchViewport } from './viewport';

const SECTIONS: { key: string; title: string; run: () => Promise<SectionOutcome> }[] = [
  { key: 'routing', title: 'Road engine: routing and snapping', run: benchRouting },
  { key: 'scale', title: 'Road engine at state scale: synthetic networks of 250k, 1M and 3M nodes', run: benchScale },
  { key: 'viewport', title: 'Viewport queries: latency and items read', run: benchViewport },
  { key: 'fanout', title: `Notification fan-out: one closure change to ${FANOUT_SUBSCRIBERS.toLocaleString('en-AU')} council subscribers, in the app, by push, email and SMS`, run: () => benchFanout().then(withZoneMatching) },
  { key: 'feeds', title: 'Open feeds: one closure change with many LGAs live', run: benchFeeds },
  { key: 'state-hazards', title: "State hazards: one Live Traffic NSW import cycle, 400 hazards, 50 changed", run: benchStateHazards },
  { key: 'initial-js', title: 'Initial JavaScript of the public pages, before the map chunk', run: benchInitialJs },
  { key: 'load', title: 'Load on the local stack: 10 and 50 clients', run: benchLoad },
  { key: 'public-map', title: 'Public map: closures listed and drawn after navigation', run: benchPublicMap },
  { key: 'outbox', title: 'Local outbox: six sign-ups at once, each code on /dev/mail', run: benchOutbox },
];

const DOC = path.join(PROJECT_ROOT, 'docs', 'performance.md');

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const named = args.filter((arg) => arg !== '--write');
  const unknown = named.filter((arg) => !SECTIONS.some((s) => s.key === arg));
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(', ')}; sections: ${SECTIONS.map((s) => s.key).join(', ')}`);

  const context = runContext(PROJECT_ROOT);
  console.log(`${context.date} · commit ${context.commit} · ${context.machine} · Node ${context.node} · load average ${loadavg()[0]!.toFixed(1)}`);
  const measured: MeasuredSection[] = [];
  const failed: string[] = [];
  for (const section of SECTIONS.filter((s) => named.length === 0 || named.includes(s.key))) {
    console.log(`\n=== ${section.title} ===`);
    const started = performance.now();
    const loadAtStart = loadavg()[0]!;
    try {
      const outcome = await section.run();
      const seconds = (performance.now() - started) / 1000;
      if (isSkipped(outcome)) {
        console.log(`Skipped: ${outcome.skipped}`);
        continue;
      }
      console.log(outcome.printed);
      console.log(`(${seconds.toFixed(1)} s)`);
      measured.push({ key: section.key, title: section.title, report: outcome, context, load: { start: loadAtStart, end: loadavg()[0]! }, seconds });
    } catch (error) {
      // The other sections still run: each owns its own services, so one failing leaves them none.
      console.error(`The ${section.key} section failed:`, error);
      failed.push(section.key);
    }
  }

  if (write) {
    const previous = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
    writeFileSync(DOC, performanceDoc(SECTIONS, measured, previous));
    const kept = SECTIONS.filter((s) => !measured.some((m) => m.key === s.key)).map((s) => s.key);
    console.log(`\nWrote ${path.relative(process.cwd(), DOC)}: ${measured.map((m) => m.key).join(', ') || 'no section'} from this run${kept.length ? `; ${kept.join(', ')} kept as they were` : ''}.`);
  }
  if (failed.length) {
    console.error(`\nFailed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
