/** Start a consumer in a process of its own (consumer-child.ts), and follow what it starts. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildSpec } from './consumer-child.ts';

const CHILD = fileURLToPath(new URL('./consumer-child.ts', import.meta.url));

export function startConsumerProcess(spec: ChildSpec) {
  const child = fork(CHILD, [JSON.stringify(spec)], {
    execArgv: ['--conditions=msk-once-source'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ran: string[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let answered: unknown;
  const ready = Promise.withResolvers<void>();
  child.on('message', (m: { ran?: string; answered?: unknown; ready?: boolean }) => {
    if (m.ready) ready.resolve();
    if (m.answered !== undefined) answered = m.answered;
    if (m.ran === undefined) return;
    ran.push(m.ran);
    for (const w of waiters) if (ran.length >= w.n) w.resolve();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    /** The event ids it started, in order. */
    ran,
    exited,
    /** Resolves once a `waitForStart` consumer is loaded and listens. */
    ready: ready.promise,
    /** What its invocation answered, once it did. */
    answered: () => answered,
    /** Resolves once it started `n` records; rejects if it exits before. */
    started: (n: number) =>
      new Promise<void>((resolve, reject) => {
        if (ran.length >= n) return resolve();
        waiters.push({ n, resolve });
        child.once('exit', () =>
          reject(new Error(`the consumer exited after starting ${ran.length} of ${n}`)),
        );
      }),
    /** Tell a `waitForStart` consumer when to invoke; resolves once the message is written. */
    startAt: (at: number) => new Promise<void>((resolve) => child.send({ startAt: at }, () => resolve())),
    /** SIGKILL, as a crash: nothing of it runs any more. */
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
