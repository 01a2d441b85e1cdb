/**
 * Optional peers: a missing package is told apart from other load failures, and the error names
 * the feature and the install command; KafkaConsumer's bundling finds esbuild or says it is absent.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { absentRuntimePeers, esbuildAvailable } from '../../infra/cdk/bundling-tools.ts';
import { MissingPeerError } from '../../lib/errors.ts';
import { importPeer } from '../../lib/optional-peer.ts';

test('a package that is not installed becomes a MissingPeerError naming the feature and npm i', async () => {
  const pkg = 'msk-once-no-such-peer';
  await assert.rejects(
    importPeer(pkg, 'the test feature', () => import(pkg)),
    (error: unknown) => {
      assert.ok(error instanceof MissingPeerError);
      assert.equal(error.packageName, pkg);
      assert.equal(error.install, `npm i ${pkg}`);
      assert.match(
        error.message,
        /^the test feature needs the package msk-once-no-such-peer, which is not installed: run `npm i msk-once-no-such-peer`$/,
      );
      return true;
    },
  );
});

test('another failure while loading an installed peer passes through unchanged', async () => {
  const broken = new Error('SyntaxError inside the peer');
  await assert.rejects(
    importPeer('avsc', 'the avro format', () => Promise.reject(broken)),
    (e) => e === broken,
  );
  const otherMissing = Object.assign(new Error("Cannot find package 'long' imported from protobufjs"), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
  assert.equal(MissingPeerError.isMissing(otherMissing, 'protobufjs'), false);
  assert.equal(MissingPeerError.isMissing(otherMissing, 'long'), true);
});

test('esbuild: found in the repository, absent from an empty project with no PATH', () => {
  assert.equal(esbuildAvailable(process.cwd()), true);
  const empty = mkdtempSync(join(tmpdir(), 'msk-once-no-esbuild-'));
  const path = process.env.PATH;
  try {
    process.env.PATH = '';
    assert.equal(esbuildAvailable(empty), false);
    assert.deepEqual(absentRuntimePeers(empty).includes('avsc'), true);
  } finally {
    process.env.PATH = path;
    rmSync(empty, { recursive: true, force: true });
  }
  assert.deepEqual(absentRuntimePeers(process.cwd()), []);
});
