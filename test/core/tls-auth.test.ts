/**
 * ElastiCache in-transit encryption and AUTH: a local redis-server with TLS and a password.
 * The certificate is made with openssl for this run (Debian's openssl; a clear error without it).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ulid } from 'ulid';
import { kafkaHandler } from '../../lib/index.ts';
import { failedOffsets, mskEvent, mskRecord } from '../../testkit/index.ts';
import { freePort, redisServerBinary } from '../../testkit/internal/index.ts';
import { invoke } from '../support/consumer.ts';
import { uniqueService } from '../support/redis.ts';

const dir = mkdtempSync(join(tmpdir(), 'msk-once-tls-'));
let port = 0;
let server: ReturnType<typeof spawn> | undefined;

before(async () => {
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error(`the TLS test needs openssl to make a certificate: ${(error as Error).message}`);
  }
  port = await freePort();
  const plain = await freePort();
  server = spawn(
    redisServerBinary(),
    [
      '--port',
      String(plain),
      '--bind',
      '127.0.0.1',
      '--tls-port',
      String(port),
      '--tls-cert-file',
      join(dir, 'cert.pem'),
      '--tls-key-file',
      join(dir, 'key.pem'),
      '--tls-auth-clients',
      'no',
      '--requirepass',
      's3cret',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: 'ignore' },
  );
  // Up once the TLS port accepts connections (PING on the plain port would answer NOAUTH).
  for (let i = 0; i < 100 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 50));
});
function accepts(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: p }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

after(() => {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

test('rediss:// with a private CA and an AUTH token claims and deduplicates', async () => {
  let calls = 0;
  const handler = kafkaHandler({
    service: uniqueService('tls'),
    handlerName: 'h',
    redis: { url: `rediss://:s3cret@localhost:${port}`, tls: { ca: readFileSync(join(dir, 'cert.pem')) } },
    onStoreError: 'closed',
    reserveMs: 0,
    handle() {
      calls++;
    },
  });
  const event = mskEvent([mskRecord({ offset: 1, eventId: ulid() })]);
  const first = await invoke(handler, event);
  const again = await invoke(handler, event);
  await handler.close();
  assert.deepEqual(first.response.batchItemFailures, []);
  assert.deepEqual(again.response.batchItemFailures, []);
  assert.equal(calls, 1);
});

test('a wrong token fails closed with the connection named in DedupErrors', async () => {
  const handler = kafkaHandler({
    service: uniqueService('tls-bad'),
    handlerName: 'h',
    redis: {
      url: `rediss://:wrong@localhost:${port}`,
      tls: { ca: readFileSync(join(dir, 'cert.pem')) },
      connectTimeoutMs: 500,
    },
    onStoreError: 'closed',
    reserveMs: 0,
    handle() {},
  });
  const { response, lines } = await invoke(handler, mskEvent([mskRecord({ offset: 1 })]));
  await handler.close();
  assert.deepEqual(failedOffsets(response), ['orders-0@1']);
  assert.ok(lines.some((l) => 'DedupErrors' in l));
});
