/**
 * The environments file and the app entry: names, offline synth of every environment's config,
 * clear errors for an unknown or missing `-c env=`, MSK ARNs.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { STACK_NAME_PREFIX } from '../../infra/app-names.ts';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { groupArn, InvalidClusterArnError, parseClusterArn, topicArn } from '../../infra/cdk/msk-arns.ts';
import {
  ENVIRONMENT_NAMES,
  ENVIRONMENTS,
  environment,
  selectEnvironments,
  UnknownEnvironmentError,
} from '../../infra/environments.ts';

/** Run infra/app.ts as the CDK CLI would, with `-c env=<value>` (or none). */
function runApp(env?: string): { status: number | null; stderr: string; outdir: string } {
  const outdir = mkdtempSync(path.join(tmpdir(), 'msk-once-cdk-'));
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8'));
  const context = { ...cdkJson.context, ...(env === undefined ? {} : { env }) };
  // No credentials and no instance metadata: synth must not need AWS.
  const offline = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AWS_')));
  const r = spawnSync(process.execPath, ['infra/app.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...offline,
      AWS_EC2_METADATA_DISABLED: 'true',
      CDK_CONTEXT_JSON: JSON.stringify(context),
      CDK_OUTDIR: outdir,
    },
    encoding: 'utf8',
  });
  return { status: r.status, stderr: r.stderr, outdir };
}

describe('environments', () => {
  test('dev, staging and prod, each one account and region', () => {
    assert.deepEqual(ENVIRONMENT_NAMES, ['dev', 'staging', 'prod']);
    for (const name of ENVIRONMENT_NAMES) {
      const e = environment(name);
      assert.equal(e.name, name);
      assert.match(e.account, /^\d{12}$/);
      assert.equal(parseClusterArn(e.mskClusterArn).region, e.region);
      assert.equal(e.vpc.privateSubnetIds.length, e.vpc.availabilityZones.length);
    }
    assert.deepEqual(
      selectEnvironments('all').map((e) => e.name),
      ENVIRONMENT_NAMES,
    );
  });

  test('every consumer entry is a file of the repository', () => {
    for (const e of Object.values(ENVIRONMENTS)) {
      for (const c of e.consumers)
        assert.ok(existsSync(path.join(PROJECT_ROOT, c.entry)), `${e.name}/${c.name}: ${c.entry}`);
    }
  });

  test("the notification consumer's metric dimensions are the function's own (else its alarms watch nothing)", async () => {
    const { SERVICE, HANDLER_NAME } = await import('../../functions/notification/create-handler.ts');
    for (const e of Object.values(ENVIRONMENTS)) {
      const c = e.consumers.find((x) => x.entry === 'functions/notification/handler.ts')!;
      assert.equal(c.service, SERVICE, `${e.name}: service`);
      assert.equal(c.handlerName, HANDLER_NAME, `${e.name}: handlerName`);
    }
  });

  test('an unknown or missing name is an error listing the known ones', () => {
    assert.throws(
      () => environment('qa'),
      (e: unknown) =>
        e instanceof UnknownEnvironmentError &&
        /Unknown environment 'qa': known environments are dev, staging, prod/.test(e.message),
    );
    assert.throws(
      () => environment(undefined),
      /No environment given: run cdk with -c env=<name>, one of: dev, staging, prod/,
    );
    assert.throws(() => environment('toString'), UnknownEnvironmentError);
  });

  test('the app entry exits 2 with that message for -c env=qa and for no env', () => {
    for (const [value, message] of [
      ['qa', /Unknown environment 'qa'/],
      [undefined, /No environment given/],
    ] as const) {
      const r = runApp(value);
      rmSync(r.outdir, { recursive: true, force: true });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, message);
    }
  });
});

describe('offline synth of every environment (real handler entries, as npm run synth)', () => {
  test('-c env=all writes one template per environment, without credentials', () => {
    const r = runApp('all');
    try {
      assert.equal(r.status, 0, r.stderr);
      const templates = readdirSync(r.outdir)
        .filter((f) => f.endsWith('.template.json'))
        .sort();
      assert.deepEqual(templates, [
        `${STACK_NAME_PREFIX}-dev.template.json`,
        `${STACK_NAME_PREFIX}-prod.template.json`,
        `${STACK_NAME_PREFIX}-staging.template.json`,
      ]);
      const dev = JSON.parse(
        readFileSync(path.join(r.outdir, `${STACK_NAME_PREFIX}-dev.template.json`), 'utf8'),
      );
      const fn = Object.values(dev.Resources as Record<string, { Type: string }>).filter(
        (x) => x.Type === 'AWS::Lambda::Function',
      );
      assert.equal(fn.length, ENVIRONMENTS.dev.consumers.length, 'a function per declared consumer');
    } finally {
      rmSync(r.outdir, { recursive: true, force: true });
    }
  });
});

describe('MSK ARNs', () => {
  const cluster = parseClusterArn('arn:aws:kafka:eu-west-1:111111111111:cluster/msk-dev/abc-1');

  test('topic and group ARNs of a cluster', () => {
    assert.equal(
      topicArn(cluster, 'review-created'),
      'arn:aws:kafka:eu-west-1:111111111111:topic/msk-dev/abc-1/review-created',
    );
    assert.equal(groupArn(cluster, 'g.1'), 'arn:aws:kafka:eu-west-1:111111111111:group/msk-dev/abc-1/g.1');
  });

  test('anything else is refused, naming the setting', () => {
    assert.throws(
      () => parseClusterArn('arn:aws:kafka:eu-west-1:111111111111:topic/msk-dev/abc-1/t'),
      (e: unknown) => e instanceof InvalidClusterArnError && /mskClusterArn/.test(e.message),
    );
  });
});
