// The identity wiring: the user pool's triggers (email-link sign-in, federated linking), the
// identity domain's configuration per stage, and mail through SES.
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiDomains } from '../../lambdas/api/domains';
import { buildApp } from '../../lib/app';
import { logicalIdOf, type ProjectFunction } from '../../lib/project-function';
import { resourcesOfType, synthStage, type Synthesized } from './synth';

const synthTimeout = 120_000;
const arnOf = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });

function environmentOf(synth: Synthesized, fn: ProjectFunction): Record<string, unknown> {
  const [, resource] = resourcesOfType(synth.json, 'AWS::Lambda::Function').find(([id]) => id === logicalIdOf(fn))!;
  return resource.Properties!.Environment.Variables;
}

function statementsOf(synth: Synthesized, fn: ProjectFunction): any[] {
  const roleId = logicalIdOf(fn.role!);
  return resourcesOfType(synth.json, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties!.Roles).includes(`"${roleId}"`))
    .flatMap(([, policy]) => policy.Properties!.PolicyDocument.Statement);
}

const identityFunction = (synth: Synthesized) => synth.stack.api.functions.find((fn) => fn.entry === apiDomains.identity.entry)!;

describe('dev stage without identity context', () => {
  let dev: Synthesized;
  beforeAll(() => {
    dev = synthStage('dev');
  }, synthTimeout);

  it('attaches the six triggers to the user pool', () => {
    const { auth } = dev.stack;
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: arnOf(logicalIdOf(auth.preSignUp)),
        PostConfirmation: arnOf(logicalIdOf(auth.postConfirmation)),
        DefineAuthChallenge: arnOf(logicalIdOf(auth.defineAuthChallenge)),
        CreateAuthChallenge: arnOf(logicalIdOf(auth.createAuthChallenge)),
        VerifyAuthChallengeResponse: arnOf(logicalIdOf(auth.verifyAuthChallenge)),
        PreTokenGeneration: arnOf(logicalIdOf(auth.preTokenGeneration)),
      },
    });
    expect(auth.defineAuthChallenge.entry).toBe('lambdas/triggers/define-auth-challenge.ts');
    expect(auth.createAuthChallenge.entry).toBe('lambdas/triggers/create-auth-challenge.ts');
    expect(auth.verifyAuthChallenge.entry).toBe('lambdas/triggers/verify-auth-challenge.ts');
    expect(auth.preSignUp.entry).toBe('lambdas/triggers/pre-sign-up.ts');
    expect(auth.preTokenGeneration.entry).toBe('lambdas/triggers/pre-token-generation.ts');
    // Cognito may invoke each trigger, from this pool only.
    for (const fn of [auth.preSignUp, auth.postConfirmation, auth.defineAuthChallenge, auth.createAuthChallenge, auth.verifyAuthChallenge]) {
      dev.template.hasResourceProperties('AWS::Lambda::Permission', {
        FunctionName: arnOf(logicalIdOf(fn)),
        Principal: 'cognito-idp.amazonaws.com',
        SourceArn: arnOf(logicalIdOf(auth.userPool)),
      });
    }
  });

  it('gives the challenge triggers the table and the mail sender, and the define trigger nothing', () => {
    const { auth } = dev.stack;
    const table = { Ref: logicalIdOf(dev.stack.data.table) };
    expect(environmentOf(dev, auth.defineAuthChallenge).TABLE_NAME).toBeUndefined();
    expect(JSON.stringify(statementsOf(dev, auth.defineAuthChallenge))).not.toMatch(/dynamodb:|ses:|cognito-idp:/);
    expect(environmentOf(dev, auth.verifyAuthChallenge).TABLE_NAME).toEqual(table);
    expect(JSON.stringify(statementsOf(dev, auth.verifyAuthChallenge))).not.toMatch(/ses:|cognito-idp:/);
    expect(environmentOf(dev, auth.createAuthChallenge)).toMatchObject({ TABLE_NAME: table, MAIL_FROM: 'no-reply@example.com' });
    const ses = statementsOf(dev, auth.createAuthChallenge).filter((s) => s.Action === 'ses:SendEmail');
    expect(ses).toHaveLength(1);
    expect(JSON.stringify(ses[0].Resource)).toMatch(/:ses:ap-southeast-2:.*:identity\/example\.com/);
  });

  it('keeps the pool id out of every trigger (the pool names them: a cycle)', () => {
    for (const fn of [dev.stack.auth.preSignUp, dev.stack.auth.postConfirmation, dev.stack.auth.createAuthChallenge]) {
      expect(environmentOf(dev, fn).USER_POOL_ID).toBeUndefined();
    }
  });

  it('sends no sign-in link without a site address, rather than pointing it at a guessed one', () => {
    expect(environmentOf(dev, dev.stack.auth.createAuthChallenge).SITE_URL).toBeUndefined();
    // The API still links to the distribution, which it may reference.
    expect(JSON.stringify(environmentOf(dev, identityFunction(dev)).SITE_URL)).toContain(logicalIdOf(dev.stack.web.distribution));
  });

  it('gives the identity domain the sender, the site and no demo mode', () => {
    const env = environmentOf(dev, identityFunction(dev));
    expect(env).toMatchObject({ MAIL_FROM: 'no-reply@example.com', USER_POOL_ID: { Ref: logicalIdOf(dev.stack.auth.userPool) } });
    expect(env.DEMO_MODE).toBeUndefined();
    expect(resourcesOfType(dev.json, 'AWS::SES::EmailIdentity')).toEqual([]);
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: Match.absent() });
  });
});

describe('siteUrl, mailDomain and custom domain context', () => {
  it('puts siteUrl in the link trigger and the API, and mails from the SES identity of mailDomain', { timeout: synthTimeout }, () => {
    const synth = synthStage('dev', { siteUrl: 'https://roads.council.example', mailDomain: 'mail.council.example' });
    expect(synth.findings).toEqual([]);
    const { auth } = synth.stack;
    expect(environmentOf(synth, auth.createAuthChallenge)).toMatchObject({
      SITE_URL: 'https://roads.council.example',
      MAIL_FROM: 'no-reply@mail.council.example',
    });
    for (const fn of synth.stack.api.functions) expect(environmentOf(synth, fn).SITE_URL).toBe('https://roads.council.example');

    const [[identityId]] = resourcesOfType(synth.json, 'AWS::SES::EmailIdentity');
    synth.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.council.example' });
    for (const fn of [auth.createAuthChallenge, identityFunction(synth)]) {
      const ses = statementsOf(synth, fn).filter((s) => s.Action === 'ses:SendEmail');
      expect(ses).toHaveLength(1);
      expect(JSON.stringify(ses[0].Resource)).toContain(`{"Ref":"${identityId}"}`);
    }
    const dkim = Object.entries(synth.json.Outputs).find(([id]) => id.startsWith('MailDkimRecords'));
    expect(JSON.stringify(dkim?.[1].Value)).toContain('DkimDNSTokenValue3');
  });

  it('links to the custom domain when there is one', () => {
    const synth = synthStage('dev', {
      domainName: 'roads.council.example',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    expect(synth.findings).toEqual([]);
    expect(environmentOf(synth, synth.stack.auth.createAuthChallenge).SITE_URL).toBe('https://roads.council.example');
  }, synthTimeout);

  it('rejects a siteUrl with a path or a trailing slash, and a mailDomain that is not a domain', () => {
    const app = (context: Record<string, string>) => new App({ context: { ...context, quietNotes: 'true' } });
    expect(() => buildApp(app({ siteUrl: 'https://roads.council.example/' }))).toThrow(/siteUrl/);
    expect(() => buildApp(app({ siteUrl: 'http://roads.council.example' }))).toThrow(/siteUrl/);
    expect(() => buildApp(app({ mailDomain: 'no-reply@council.example' }))).toThrow(/mailDomain/);
  });
});

describe('demo and prod stages', () => {
  it('turns demo mode on for every function of the demo stage, so no function sends real mail there', () => {
    const demo = synthStage('demo');
    expect(demo.findings).toEqual([]);
    const functions = resourcesOfType(demo.json, 'AWS::Lambda::Function').filter(([, fn]) => fn.Properties?.Environment?.Variables?.STAGE);
    // The sign-in link trigger and the admin domain (enquiry replies) send mail as well as identity.
    for (const fn of [identityFunction(demo), demo.stack.auth.createAuthChallenge]) expect(environmentOf(demo, fn).DEMO_MODE).toBe('1');
    expect(functions.filter(([, fn]) => fn.Properties!.Environment.Variables.DEMO_MODE !== '1').map(([id]) => id)).toEqual([]);
  }, synthTimeout);

  it('allows demo data by the stage settings, never by the name prod: dev and demo yes, prod and any other stage no', () => {
    const genseedEnv = (stage: string) => {
      const synth = synthStage(stage);
      const fn = synth.stack.api.functions.find((f) => f.entry === 'lambdas/api/genseed/handler.ts')!;
      return environmentOf(synth, fn);
    };
    expect(genseedEnv('dev').ALLOW_GENSEED).toBe('1');
    expect(genseedEnv('demo').ALLOW_GENSEED).toBe('1');
    expect(genseedEnv('prod').ALLOW_GENSEED).toBeUndefined();
    expect(genseedEnv('production').ALLOW_GENSEED).toBeUndefined();
    // Loopback push endpoints are a local runtime switch only.
    expect(genseedEnv('local').ALLOW_LOOPBACK_PUSH).toBeUndefined();
  }, synthTimeout * 4);

  it('sends prod Cognito mail through SES once the mail domain is verified, and not before', () => {
    const pending = synthStage('prod', { mailDomain: 'mail.council.example' });
    pending.template.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: Match.absent() });
    expect(pending.findings).toEqual([]);

    const verified = synthStage('prod', { mailDomain: 'mail.council.example', mailVerified: 'true' });
    expect(verified.findings).toEqual([]);
    expect(environmentOf(verified, identityFunction(verified)).DEMO_MODE).toBeUndefined();
    verified.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'Road Closures <no-reply@mail.council.example>',
        SourceArn: Match.anyValue(),
      },
    });
    const [[, pool]] = resourcesOfType(verified.json, 'AWS::Cognito::UserPool');
    expect(JSON.stringify(pool.Properties!.EmailConfiguration.SourceArn)).toContain(':identity/mail.council.example');
  }, synthTimeout);
});
