import type { FastifyPluginAsync } from 'fastify';
import { WEBHOOK_PATH } from '../../../config';
import type { WebhookHandler } from '../../../telegram/runtime';

/**
 * Telegram's updates in webhook mode. grammY's handler checks the
 * X-Telegram-Bot-Api-Secret-Token header (401 otherwise) and answers once the update is handled.
 */
export const webhookPlugin: FastifyPluginAsync<{ handler: WebhookHandler }> = async (app, { handler }) => {
  app.post(WEBHOOK_PATH, { bodyLimit: 1024 * 1024 }, handler);
};
