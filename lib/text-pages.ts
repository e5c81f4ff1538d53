// The low-bandwidth closures pages (/text, /text/{lgaCode}): a small function behind a Lambda
// function URL that only CloudFront may call (origin access control signs every request), which
// reads the table and returns plain HTML. CloudFront caches each page for a minute (lib/web.ts).
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FunctionUrlAuthType, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ProjectFunction } from './project-function';

export interface TextPagesProps {
  readonly stage: string;
  readonly table: ITableV2;
}

export class TextPages extends Construct {
  readonly function: ProjectFunction;
  readonly url: FunctionUrl;

  constructor(scope: Construct, id: string, props: TextPagesProps) {
    super(scope, id);
    this.function = new ProjectFunction(this, 'TextPagesFunction', {
      entry: 'lambdas/web/text-pages.ts',
      stage: props.stage,
      service: 'text-pages',
      description: 'Low-bandwidth closures pages: active closures and unsealed-road status as plain HTML',
      memorySize: 256,
    }).bindTable(props.table, 'read');
    // AWS_IAM: the URL answers CloudFront's signed requests only, never a direct caller.
    this.url = this.function.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
  }
}
