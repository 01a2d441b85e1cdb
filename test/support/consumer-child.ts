/**
 * A kafkaHandler in a process of its own, for tests that kill a consumer for real (SIGKILL) or need
 * a second owner that is not this process. Started with `fork` and one JSON argument
 * ({@link ChildSpec}); it tells the parent over IPC each record it starts (`{ ran: eventId }`),
 * then `{ answered: response }`, and exits.
 */
import { kafkaHandler } from '../../lib/index.ts';
import { lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';

export interface ChildSpec {
  redisUrl: string;
  service: string;
  leaseMs: number;
  records: { partition: number; offset: number; eventId: string }[];
  /** The handler never returns on this record (the parent kills the process there). */
  hangOn?: string;
  /**
   * Tell the parent `{ ready: true }`, invoke only once it sends `{ startAt }` (a `Date.now()`),
   * and then at that time: the parent may be busy (a blocked event loop) when it comes.
   */
  waitForStart?: boolean;
  commitEvery?: { records?: number; ms?: number };
  /**
   * The consumer's ordering. Default: partition order, so that a kill in the middle of a batch
   * leaves the records after it unstarted (key order would have started the other keys).
   */
  ordering?: 'partition' | 'key';
}

const send = (message: unknown) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

const spec = JSON.parse(process.argv[2]!) as ChildSpec;
const handler = kafkaHandler({
  service: spec.service,
  handlerName: 'h',
  redis: { url: spec.redisUrl },
  leaseMs: spec.leaseMs,
  reserveMs: 0,
  commitEvery: spec.commitEvery,
  ordering: spec.ordering ?? 'partition',
  handle: async (m) => {
    await send({ ran: m.eventId });
    if (m.eventId === spec.hangOn) await new Promise<never>(() => {});
  },
});
if (spec.waitForStart) {
  const told = new Promise<{ startAt: number }>((resolve) =>
    process.once('message', (m) => resolve(m as { startAt: number })),
  );
  await send({ ready: true });
  const { startAt } = await told;
  await new Promise((r) => setTimeout(r, Math.max(0, startAt - Date.now())));
}
const response = await handler(
  mskEvent(spec.records.map((r) => mskRecord(r))),
  lambdaContext({ timeoutMs: 60_000 }),
);
await send({ answered: response });
await handler.close();
process.exit(0);
