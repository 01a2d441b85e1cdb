/**
 * A Secrets Manager stand-in for tests: `secretsmanager.GetSecretValue` in the documented response
 * shape (ARN, Name, SecretString, VersionId), for the real `@aws-sdk/client-secrets-manager` with an
 * endpoint override. Tested against the documented shape, not against AWS.
 */
import { type LocalAwsJsonServer, startLocalAwsJsonServer } from './local-aws-json.ts';

export interface LocalSecretsManager extends LocalAwsJsonServer {
  /** Store `value` (JSON-encoded when not a string) and return the secret's ARN. */
  put(name: string, value: string | object): string;
}

/**
 * @example
 * const secrets = await startLocalSecretsManager();
 * const arn = secrets.put('registry', { username: 'u', password: 'p' });
 */
export async function startLocalSecretsManager(): Promise<LocalSecretsManager> {
  const secrets = new Map<string, { name: string; value: string }>();
  const server = await startLocalAwsJsonServer({
    'secretsmanager.GetSecretValue': (request) => {
      const secret = secrets.get(String(request.SecretId ?? ''));
      if (!secret)
        return {
          error: 'ResourceNotFoundException',
          message: "Secrets Manager can't find the specified secret.",
        };
      return {
        body: {
          ARN: String(request.SecretId),
          Name: secret.name,
          SecretString: secret.value,
          VersionId: '00000000-0000-0000-0000-000000000001',
          VersionStages: ['AWSCURRENT'],
          CreatedDate: Date.now() / 1000,
        },
      };
    },
  });
  return {
    ...server,
    put: (name, value) => {
      const arn = `arn:aws:secretsmanager:us-east-1:000000000000:secret:${name}-AbCdEf`;
      secrets.set(arn, { name, value: typeof value === 'string' ? value : JSON.stringify(value) });
      return arn;
    },
  };
}
