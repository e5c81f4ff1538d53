// The post writer interface and its deterministic template implementation (used locally and in
// tests); the Amazon Bedrock writer (lambdas/adapters/comms/bedrock-writer.ts) implements the same.
import type { ClosureFacts } from './tasks';
import { MAX_POST_LENGTH } from './tasks';

export interface PostWriter {
  /** What the writer is, for logs ("template", "bedrock:<model>"). */
  readonly name: string;
  write(facts: ClosureFacts): Promise<string>;
}

const HEADLINE: Record<ClosureFacts['condition'], string> = {
  closed: 'ROAD CLOSED',
  changed: 'TRAFFIC CHANGES',
  opened: 'ROAD REOPENED',
};

/** One post per closure from a fixed template: the same facts always give the same text. */
export function templatePost(f: ClosureFacts): string {
  const where = [f.road, f.locality].filter(Boolean).join(', ') || 'a local road';
  const lines = [`${HEADLINE[f.condition]}: ${where}`, `${f.type}.`];
  if (f.reason) lines.push(`Reason: ${f.reason}`);
  if (f.detour) lines.push(`Detour: ${f.detour}`);
  if (f.condition !== 'opened') lines.push(f.expectedReopening ? `Expected to reopen ${f.expectedReopening}.` : 'No reopening time yet; we will update this post.');
  lines.push(`Details and live map: ${f.link}`);
  return lines.join('\n').slice(0, MAX_POST_LENGTH);
}

export const templateWriter: PostWriter = {
  name: 'template',
  write: async (facts) => templatePost(facts),
};

/** The instructions the language model gets: the facts only, nothing invented. */
export function promptFor(f: ClosureFacts): string {
  return [
    'Write one short Facebook post (at most 600 characters) for an Australian council about a road closure.',
    'Use only the facts below. Do not invent dates, causes, detours or roads. Leave out any fact that is "unknown".',
    'Plain Australian English, no hashtags, no emojis. End with the link exactly as given.',
    '',
    `Status: ${f.condition === 'closed' ? 'road closed' : f.condition === 'changed' ? 'traffic changes (road open with restrictions)' : 'road reopened'}`,
    `Type: ${f.type}`,
    `Road: ${f.road ?? 'unknown'}`,
    `Locality: ${f.locality ?? 'unknown'}`,
    `Reason: ${f.reason ?? 'unknown'}`,
    `Detour: ${f.detour ?? 'unknown'}`,
    `Expected reopening: ${f.expectedReopening ?? 'unknown'}`,
    `Link: ${f.link}`,
  ].join('\n');
}
