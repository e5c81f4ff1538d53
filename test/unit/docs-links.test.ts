// Every relative link in the README, CONTRIBUTING.md and docs/ leads somewhere: the file exists
// and, when the link names a section (#anchor), that heading is in it, as GitHub makes anchors.
// The same for the docs/ references in source and test comments, which replace references to
// documents a reader could not follow.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Written by the benchmarks' own work; until it lands, links to it are not checked. */
const MAY_BE_MISSING = new Set(['docs/performance.md']);

function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir)).flatMap((name) => {
      const rel = path.join(dir, name);
      if (statSync(path.join(ROOT, rel)).isDirectory()) return walk(rel);
      return name.endsWith('.md') ? [rel] : [];
    });
  return ['README.md', 'CONTRIBUTING.md', ...(existsSync(path.join(ROOT, 'docs')) ? walk('docs') : [])];
}

/** Text outside fenced code blocks and inline code, where links are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

interface Link {
  from: string;
  target: string;
}

function relativeLinks(file: string): Link[] {
  const text = prose(readFileSync(path.join(ROOT, file), 'utf8'));
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => ({ from: file, target }));
}

/** What is wrong with a link, or undefined when it leads somewhere. */
function problemOf({ from, target }: Link): string | undefined {
  const [filePart, anchor] = target.split('#', 2);
  const resolved = filePart ? path.normalize(path.join(path.dirname(from), decodeURI(filePart))) : from;
  if (!existsSync(path.join(ROOT, resolved))) {
    return MAY_BE_MISSING.has(resolved) ? undefined : `${resolved} does not exist`;
  }
  if (anchor === undefined || statSync(path.join(ROOT, resolved)).isDirectory()) return undefined;
  if (!resolved.endsWith('.md')) return `#${anchor} points into ${resolved}, which has no headings`;
  return anchorsOf(readFileSync(path.join(ROOT, resolved), 'utf8')).has(anchor) ? undefined : `${resolved} has no heading #${anchor}`;
}

/** Source and test files whose comments may cite docs/…: the code folders, recursively. */
function sourceFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir)).flatMap((name) => {
      const rel = path.join(dir, name);
      if (name === 'node_modules' || name.startsWith('.')) return [];
      if (statSync(path.join(ROOT, rel)).isDirectory()) return walk(rel);
      return /\.(ts|tsx|mjs|cjs|js|graphql)$/.test(name) ? [rel] : [];
    });
  return ['lambdas', 'lib', 'local', 'web/src', 'test', 'bench', 'scripts', 'bin'].filter((d) => existsSync(path.join(ROOT, d))).flatMap(walk);
}

describe('documentation links', () => {
  it('makes anchors as GitHub does', () => {
    const anchors = anchorsOf('# One change, from the schema to the table: reopening a closure\n## `me` and `lgas`\n## Costs\n## Costs\n');
    expect([...anchors]).toEqual(['one-change-from-the-schema-to-the-table-reopening-a-closure', 'me-and-lgas', 'costs', 'costs-1']);
  });

  it('every relative link in README.md, CONTRIBUTING.md and docs/ leads to a file and heading that exist', () => {
    const links = markdownFiles().flatMap(relativeLinks);
    expect(links.length).toBeGreaterThan(20);
    const broken = links.flatMap((link) => {
      const problem = problemOf(link);
      return problem ? [`${link.from}: (${link.target}) ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('every docs/ reference in the code names a file and heading that exist', () => {
    const references = sourceFiles().flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g)].map((m) => ({ from: file, target: m[0] })),
    );
    expect(references.length).toBeGreaterThan(20);
    // References are from the repository root, whatever folder the citing file is in.
    const broken = references.flatMap(({ from, target }) => {
      const problem = problemOf({ from: 'README.md', target });
      return problem ? [`${from}: ${target}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
