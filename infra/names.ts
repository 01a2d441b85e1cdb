/**
 * The names an environment's resources get, computed from the environment and consumer names only,
 * so that the runbook's commands and `npm run triage` find a consumer's function, log group and
 * alarms without reading the stack.
 */

/** `msk-once-<env>`: the prefix of the cache, dashboard, alarms and functions of one environment. */
export function environmentPrefix(environment: string): string {
  return `msk-once-${environment}`;
}

export interface ConsumerResourceNames {
  /** The Lambda function: `msk-once-<env>-<consumer>`. */
  readonly functionName: string;
  /** Its log group: `/aws/lambda/msk-once-<env>-<consumer>`. */
  readonly logGroupName: string;
  /** Every alarm of the consumer starts with this: `msk-once-<env>-<consumer>-`. */
  readonly alarmPrefix: string;
}

/**
 * @example
 * consumerResourceNames('prod', 'notification').logGroupName; // '/aws/lambda/msk-once-prod-notification'
 */
export function consumerResourceNames(environment: string, consumer: string): ConsumerResourceNames {
  const functionName = `${environmentPrefix(environment)}-${consumer}`;
  return {
    functionName,
    logGroupName: `/aws/lambda/${functionName}`,
    alarmPrefix: `${functionName}-`,
  };
}
