/**
 * CDK entry (cdk.json: `node infra/app.ts`): `cdk deploy -c env=staging`, `cdk synth -c env=all`.
 */
import { buildApp } from './build-app.ts';
import { UnknownEnvironmentError } from './environments.ts';

try {
  buildApp().app.synth();
} catch (error) {
  if (error instanceof UnknownEnvironmentError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
