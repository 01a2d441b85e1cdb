/** Messages for the effect tests: what a business handler gets, reduced to what the effect layer reads. */
import { ulid } from 'ulid';
import type { EffectSubject } from '../../../lib/effects/effect.ts';

/** A subject with a fresh ULID event id (upper-case, as the core hands it over). */
export function subject(eventId: string = ulid()): EffectSubject {
  return { eventId, topic: 'review-created', partition: 0, offset: 7 };
}

/** A promise to hold an effect open, and the switch that lets it finish. */
export function gate<T = void>(): { wait: Promise<T>; open(value: T): void } {
  let open!: (value: T) => void;
  const wait = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}
