// Synthesizes the real app (lib/app.ts, cdk-nag plugin included) the way `cdk synth` does, minus
// esbuild: context `aws:cdk:bundling-stacks: []` leaves the Lambda assets unbundled.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../lib/app';
import type { RoadClosuresStack } from '../../lib/stack';

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

export interface Synthesized {
  stack: RoadClosuresStack;
  template: Template;
  json: { Resources: Record<string, CfnResource>; Outputs: Record<string, { Value: unknown }> };
  findings: string[];
}

export interface CfnResource {
  Type: string;
  Properties?: Record<string, any>;
  Metadata?: Record<string, any>;
  DeletionPolicy?: string;
}

/** A folder that never holds a web build: stages synthesize without the web deployment by default. */
export const NO_WEB_BUILD = join(tmpdir(), 'road-closures-no-web-build');
/** A tiny built web app (index.html, assets/, sw.js) for the web deployment assertions. */
export const WEB_FIXTURE = fileURLToPath(new URL('./fixtures/web', import.meta.url));

/**
 * One synth of each stage and context per test run: the CDK project runs its files in one
 * process (vitest.config.ts), and a synth takes seconds, so the files asking for the same plain
 * `dev` or `prod` stage share it. Tests only read a synthesized stack; a synth that inspects its
 * cloud assembly folder runs anew.
 */
const synthesized = new Map<string, Synthesized>();

/**
 * `context` adds or overrides context keys (siteUrl, mailDomain, webDist, ...). Notes are
 * silenced: the tests assert on what the notes describe instead.
 */
export function synthStage(
  stage: string,
  context: Record<string, unknown> = {},
  /** Runs on the cloud assembly folder before it is deleted (staged assets live there). */
  inspect?: (outdir: string) => void,
): Synthesized {
  if (inspect) return synthOnce(stage, context, inspect);
  const key = JSON.stringify([stage, context]);
  let synth = synthesized.get(key);
  if (!synth) {
    synth = synthOnce(stage, context);
    synthesized.set(key, synth);
  }
  return synth;
}

function synthOnce(stage: string, context: Record<string, unknown>, inspect?: (outdir: string) => void): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), `cdk-${stage}-`));
  const app = new App({
    outdir,
    context: { ...cdkJson.context, stage, webDist: NO_WEB_BUILD, quietNotes: true, ...context, 'aws:cdk:bundling-stacks': [] },
  });
  const stack = buildApp(app);
  try {
    const assembly = app.synth();
    const json = assembly.getStackArtifact(stack.artifactId).template;
    inspect?.(outdir);
    return { stack, template: Template.fromJSON(json), json, findings: validationFindings(outdir) };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * cdk-nag 3 is a policy validation plugin: it reports through the cloud assembly's validation
 * report, not through construct annotations (Annotations.fromStack never sees its findings).
 * Errors also fail the synth; warnings only show up here, so the report is what tests read.
 */
export function validationFindings(outdir: string): string[] {
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: {
      pluginName: string;
      violations: { ruleName: string; severity: string; violatingConstructs: { constructPath?: string }[] }[];
    }[];
  };
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.flatMap((violation) =>
      violation.violatingConstructs.map(
        (construct) => `${plugin.pluginName} ${violation.severity} ${violation.ruleName} at ${construct.constructPath}`,
      ),
    ),
  );
}

/** Resources of one type, keyed by logical id. */
export function resourcesOfType(json: Synthesized['json'], type: string): [string, CfnResource][] {
  return Object.entries(json.Resources).filter(([, resource]) => resource.Type === type);
}
