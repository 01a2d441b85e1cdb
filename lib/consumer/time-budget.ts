/**
 * The time budget of an invocation: how much of it the reserve keeps, and how long a wait for a
 * held claim may last, derived from the function's time (lib/contract/settings.ts declares the
 * rules; this applies them to a running invocation).
 *
 * Guarantees: the reserve is never more than half the function's time, the function's time being
 * the first invocation's remaining time (told once in a WARN when it cuts a reserve given longer),
 * so a 3 s function runs its records; a wait for a held claim ends one store call before the
 * reserve, so its last claim never runs into the Lambda (or middy) timeout.
 * Does not: lengthen anything: a reserve or a wait is only ever shortened.
 *
 * The function's time is state of one handler (its ConsumerCore owns its TimeBudget), learnt at
 * its first invocation: nothing is kept at module level.
 */
import type { Context } from 'aws-lambda';
import { DEFAULT_STORE_CALL_MS, heldClaimWaitBound, reserveWithin } from '../contract/settings.ts';
import type { ResolvedConfig } from './config.ts';

function remainingOf(context: Pick<Context, 'getRemainingTimeInMillis'> | undefined): number | undefined {
  const remaining = context?.getRemainingTimeInMillis?.();
  return typeof remaining === 'number' && remaining > 0 ? remaining : undefined;
}

/**
 * The time budget of one handler: made with its ConsumerCore, handed to each invocation and claim
 * session, so the first invocation's remaining time (the function's time) is learnt once per handler.
 *
 * @example
 * const budget = new TimeBudget(config);
 * if (remainingMs(context) < budget.reserveFor(context)) record.failed(outOfTime);
 * @internal
 */
export class TimeBudget {
  readonly #config: Pick<ResolvedConfig<unknown>, 'reserveMs' | 'logger' | 'heldClaimWaitMs' | 'storeCallMs'>;
  /** The first invocation's remaining time: the function's time; undefined until one tells it. */
  #functionMs: number | undefined;

  constructor(
    config: Pick<ResolvedConfig<unknown>, 'reserveMs' | 'logger' | 'heldClaimWaitMs' | 'storeCallMs'>,
  ) {
    this.#config = config;
  }

  /**
   * The reserve of this handler: `reserveMs` (already bounded by the deployment's timeout at cold
   * start), at most half of the first invocation's remaining time.
   */
  reserveFor(context: Pick<Context, 'getRemainingTimeInMillis'> | undefined): number {
    const config = this.#config;
    let budget = this.#functionMs;
    if (budget === undefined) {
      budget = remainingOf(context);
      if (budget === undefined) return config.reserveMs;
      this.#functionMs = budget;
      const within = reserveWithin(config.reserveMs, budget);
      if (within < config.reserveMs)
        config.logger.warn(
          `reserveMs ${config.reserveMs} ms is more than half of the function's time (${budget} ms left at the first invocation): ${within} ms used, so that records can start`,
          { reserveMs: within },
        );
    }
    return reserveWithin(config.reserveMs, budget);
  }

  /**
   * How long a wait for a held claim may last now: `heldClaimWaitMs`, ending one store call before
   * the reserve (so that its last claim, and the record, still fit).
   */
  heldClaimWaitBoundFor(context: Pick<Context, 'getRemainingTimeInMillis'> | undefined): number {
    const config = this.#config;
    const remaining = context?.getRemainingTimeInMillis?.();
    return heldClaimWaitBound(
      config.heldClaimWaitMs,
      typeof remaining === 'number' ? remaining : Number.POSITIVE_INFINITY,
      this.reserveFor(context),
      config.storeCallMs ?? DEFAULT_STORE_CALL_MS,
    );
  }
}
