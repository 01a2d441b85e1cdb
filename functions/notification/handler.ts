/**
 * The deployable notification Lambda (service 'notification', handler 'on-review-created', topic
 * 'review-created'), configured from its environment at cold start. See create-handler.ts.
 */
import { notificationConfigFromEnv } from './config.ts';
import { createNotificationHandler } from './create-handler.ts';

export const handler = createNotificationHandler(notificationConfigFromEnv(process.env));
