import { statSync } from 'node:fs';
import { Size } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { Construct } from 'constructs';
import type { ProjectFunction } from './project-function';

/** Lambda's limits: memory and /tmp (ephemeral storage), MiB. */
const MAX_MEMORY_MB = 10_240;
const MIN_TMP_MB = 512;
const MAX_TMP_MB = 10_240;
const MB = 1024 * 1024;

/**
 * Memory and /tmp for a road-engine Lambda serving a graph file of `fileBytes`: the domain's own
 * memory plus 2.75 times the file (the engine holds the file and, beside it, the arcs, durations,
 * edge shapes as integers and the search's per-node arrays: about 2.35 to 2.4 times the file once
 * it has answered, as measured by `npx tsx bench/road-load.ts`), and /tmp for the file with a margin.
 */
export function roadEngineSizing(fileBytes: number, baseMemoryMb: number): { memoryMb: number; tmpMb: number } {
  const fileMb = Math.ceil(fileBytes / MB);
  const memoryMb = Math.min(MAX_MEMORY_MB, Math.ceil((baseMemoryMb + 2.75 * fileMb) / 64) * 64);
  const tmpMb = Math.min(MAX_TMP_MB, Math.max(MIN_TMP_MB, Math.ceil((fileMb * 1.1 + 64) / 64) * 64));
  return { memoryMb, tmpMb };
}

/**
 * The road graph as a CDK asset: `cdk deploy` uploads it to the bootstrap bucket under a key that
 * is its content hash (so each version is its own object) and the road-engine Lambdas fetch it
 * into /tmp on a cold start (lambdas/adapters/platform/road-graph-file.ts). It is not in any
 * Lambda's package, which a state-scale graph would outgrow (250 MB unzipped).
 */
export class RoadGraphAsset extends Construct {
  readonly asset: Asset;
  readonly fileBytes: number;

  constructor(scope: Construct, id: string, file: string) {
    super(scope, id);
    this.fileBytes = statSync(file).size;
    this.asset = new Asset(this, 'File', { path: file });
  }

  sizing(baseMemoryMb: number) {
    const { memoryMb, tmpMb } = roadEngineSizing(this.fileBytes, baseMemoryMb);
    return { memorySize: memoryMb, ephemeralStorageSize: Size.mebibytes(tmpMb) };
  }

  /** Lets the function read this one object, and tells it where the object is. */
  grantFetch(fn: ProjectFunction): void {
    fn.addEnvironment('ROAD_GRAPH_BUCKET', this.asset.s3BucketName);
    fn.addEnvironment('ROAD_GRAPH_KEY', this.asset.s3ObjectKey);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [`${this.asset.bucket.bucketArn}/${this.asset.s3ObjectKey}`] }));
  }
}
