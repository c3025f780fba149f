import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_RESPONSE_EXCERPT_MAX } from '@rondin/contracts';
import { publicOnlyLookup } from './webhook-address.js';

/** A receiver gets this long to answer, headers and body; then the try counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of an answer read (the log keeps its first 500 characters); the rest is not waited for. */
const RESPONSE_READ_MAX = 16 * 1024;

export interface WebhookMessage {
  url: string;
  /** `whsec_…`: base64 of the key after the prefix. */
  secret: string;
  messageId: string;
  /** When it is sent: `webhook-timestamp` in seconds. */
  sentAt: Date;
  body: string;
}

export interface WebhookAnswer {
  /** 2xx: delivered. Anything else (a redirect included: none is followed) is a failed try. */
  ok: boolean;
  statusCode: number | null;
  /** The start of the answer's body. */
  response: string | null;
  /** Why the try failed: no answer in time, a refused connection, a status outside 2xx. */
  error: string | null;
}

/** `v1,<base64 HMAC-SHA256>` of `{id}.{timestamp}.{body}` under the secret's key (Standard Webhooks). */
export function signature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

export interface SenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: may a hook reach this machine or a private network. */
  allowPrivate: boolean;
  timeoutMs?: number;
}

export type WebhookSend = (message: WebhookMessage) => Promise<WebhookAnswer>;

/**
 * Posts a message signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`),
 * bounded in time (a slow receiver is cut at the timeout and never holds more than one worker's turn) and in what
 * is read of its answer. Never throws: every outcome is an answer to log.
 */
export function webhookSender({ allowPrivate, timeoutMs = WEBHOOK_TIMEOUT_MS }: SenderOptions): WebhookSend {
  const lookup = allowPrivate ? undefined : publicOnlyLookup();
  return (message) =>
    new Promise((resolve) => {
      const timestamp = Math.floor(message.sentAt.getTime() / 1000);
      const url = new URL(message.url);
      const client = url.protocol === 'https:' ? https : http;
      let settled = false;
      const finish = (answer: WebhookAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        resolve(answer);
      };
      const request = client.request(
        url,
        {
          method: 'POST',
          ...(lookup ? { lookup } : {}),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Rondin-Webhooks/1',
            'webhook-id': message.messageId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signature(message.secret, message.messageId, timestamp, message.body),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let read = 0;
          const done = () => {
            const status = response.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX);
            const ok = status >= 200 && status < 300;
            finish({ ok, statusCode: status, response: text || null, error: ok ? null : `Respondió ${status}.` });
          };
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            read += chunk.length;
            if (read >= RESPONSE_READ_MAX) done();
          });
          response.on('end', done);
          response.on('error', done);
        },
      );
      const timer = setTimeout(
        () =>
          finish({
            ok: false,
            statusCode: null,
            response: null,
            error: `Sin respuesta en ${Math.round(timeoutMs / 1000)} s.`,
          }),
        timeoutMs,
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        finish({
          ok: false,
          statusCode: null,
          response: null,
          error:
            error.code === 'EPRIVATE'
              ? 'La dirección apunta a una red privada: no se permite.'
              : `No se pudo conectar: ${error.code ?? error.message}.`,
        }),
      );
      request.end(message.body);
    });
}
