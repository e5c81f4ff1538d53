// Writes docs/performance.md from a bench run (`npm run bench -- --write`): a fixed header, then
// one table per section with the run's date, machine, Node version, load average and commit.
// Sections not run this time keep the table of their own last run, found between their markers.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { Figure, SectionReport } from './report';

export interface RunContext {
  /** ISO date and time of the run's start, to the minute, in UTC. */
  date: string;
  machine: string;
  node: string;
  /** The commit measured, "+ uncommitted changes" when the tree differs from it. */
  commit: string;
}

export interface MeasuredSection {
  key: string;
  title: string;
  report: SectionReport;
  context: RunContext;
  /** 1-minute load average when the section started and when it ended (the machine may be shared). */
  load: { start: number; end: number };
  seconds: number;
}

export function runContext(root: string): RunContext {
  const cpus = os.cpus();
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  let commit = 'unknown';
  try {
    commit = git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? ' + uncommitted changes' : '');
  } catch {
    // Not a git checkout: the commit stays unknown.
  }
  return {
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    machine: `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB memory`,
    node: process.version,
    commit,
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const verdict = (figure: Figure) => (figure.target === undefined ? '—' : figure.holds ? 'holds' : '**missed**');

export function figureTable(figures: readonly Figure[]): string[] {
  return [
    '| figure | measured | target | holds |',
    '| --- | --- | --- | --- |',
    ...figures.map((f) => `| ${cell(f.figure)} | ${cell(f.measured)} | ${cell(f.target ?? '—')} | ${verdict(f)} |`),
  ];
}

const begin = (key: string) => `<!-- bench:${key} -->`;
const end = (key: string) => `<!-- /bench:${key} -->`;

/** One section's block, markers included: heading, the run's conditions, inputs and the table. */
export function renderSection(section: MeasuredSection): string {
  const { key, title, report, context, load } = section;
  return [
    begin(key),
    `## ${title}`,
    '',
    `\`npm run bench -- ${key}\` · ${context.date} · commit ${context.commit} · ${context.machine} · Node ${context.node} · ` +
      `load average ${load.start.toFixed(1)} at start, ${load.end.toFixed(1)} at end · ${section.seconds.toFixed(0)} s`,
    '',
    `Inputs: ${report.inputs}`,
    '',
    ...figureTable(report.figures),
    end(key),
  ].join('\n');
}

/** The blocks of an existing docs/performance.md, by section key. */
export function sectionBlocks(doc: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of doc.matchAll(/<!-- bench:([\w-]+) -->[\s\S]*?<!-- \/bench:\1 -->/g)) blocks.set(match[1]!, match[0]);
  return blocks;
}

const HEADER = `# Performance

For developers and operators: what the app's busiest paths cost, measured on one machine, each
figure beside the product's target where it has one.

**Where in the code:** \`bench/run.ts\` (the sections), \`bench/<section>.ts\` (one benchmark each),
\`bench/support/performance-doc.ts\` (writes this file).

Every table below is written by \`npm run bench -- --write\` from one real run of the code at the
commit it names; nothing here is edited by hand, and the history of the figures lives in git
(\`git log -p docs/performance.md\`). A section not run by the last \`--write\` keeps the table of
its own last run, with that run's date and commit. Inputs are synthetic (generated closures,
subscribers, residents and sign-ups) unless a section says otherwise. DynamoDB Local, s3rver and
cognito-local stand in for AWS, so times are this machine's, not AWS's; counts (items read,
commands sent) carry over. On a shared machine the load average beside each table says how much
other work ran at the same time.

## Reproduce

\`\`\`
npm run build:web                   # initial-js and the stack sections read the production build
npm run bench                       # every section in one process, printed only
npm run bench -- --write            # every section, then this file
npm run bench -- --write routing    # only the routing table is rewritten
\`\`\`

Each section starts and stops what it needs. \`load\`, \`public-map\` and \`outbox\` measure a running
\`npm start\` when one answers at \`APP_URL\` (default \`http://127.0.0.1:$PORT\`, ports as for
\`npm start\`); when none does, each starts its own stack on free ports with a throwaway data
folder (\`local/start.ts\` in a child process, so the stack's memory is its own) and stops it after.`;

/**
 * The whole file: the header, then every known section in order, from this run where it ran and
 * from the previous file where it did not (or a line saying it has not been run yet).
 */
export function performanceDoc(sections: readonly { key: string; title: string }[], measured: readonly MeasuredSection[], previous: string): string {
  const kept = sectionBlocks(previous);
  const fresh = new Map(measured.map((m) => [m.key, renderSection(m)]));
  const blocks = sections.map(
    ({ key, title }) => fresh.get(key) ?? kept.get(key) ?? [begin(key), `## ${title}`, '', `Not measured yet: \`npm run bench -- --write ${key}\`.`, end(key)].join('\n'),
  );
  return `${HEADER}\n\n${blocks.join('\n\n')}\n`;
}
