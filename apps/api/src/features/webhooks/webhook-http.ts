import { createHmac, randomBytes } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import { AddressRefused, checkWebhookAddress } from './webhook-address';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers: `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` keyed with the secret's bytes (https://www.standardwebhooks.com).
 */
export function signedHeaders(params: { secret: string; id: string; timestamp: Date; body: string }) {
  const seconds = Math.floor(params.timestamp.getTime() / 1000).toString();
  const key = Buffer.from(params.secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${params.id}.${seconds}.${params.body}`).digest('base64');
  return { 'webhook-id': params.id, 'webhook-timestamp': seconds, 'webhook-signature': `v1,${signature}` };
}

export type DeliveryResult = {
  statusCode: number | null;
  durationMs: number;
  /** null on a 2xx answer; else a short name: status, timeout, refusedAddress, unresolvable, connection. */
  error: string | null;
  excerpt: string | null;
};

const TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 200;

/**
 * POSTs the body once: the address is checked again now and the connection goes to that checked
 * address (the Host header and TLS name stay the URL's); redirects are not followed (a 3xx is a
 * failure), the whole exchange ends after 10 seconds, and only the answer's first 200 characters
 * are read.
 */
export async function postWebhook(params: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowedHosts: readonly string[];
  timeoutMs?: number;
}): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let checked;
  try {
    checked = await checkWebhookAddress(params.url, params.allowedHosts);
  } catch (error) {
    const reason = error instanceof AddressRefused ? error.reason : 'invalidUrl';
    return { statusCode: null, durationMs: elapsed(), error: reason, excerpt: null };
  }
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: checked.address, family: checked.family },
      ]);
    } else callback(null, checked.address, checked.family);
  };
  const client = checked.url.protocol === 'https:' ? https : http;
  return new Promise<DeliveryResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<DeliveryResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = client.request(
      checked.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          ...params.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(params.body).toString(),
          'user-agent': 'BPW-Webhooks/1',
        },
      },
      (response) => {
        const status = response.statusCode ?? null;
        let excerpt = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT_CHARS) excerpt += chunk.slice(0, EXCERPT_CHARS - excerpt.length);
          if (excerpt.length >= EXCERPT_CHARS) response.destroy();
        });
        const done = () =>
          finish({
            statusCode: status,
            error: status !== null && status >= 200 && status < 300 ? null : 'status',
            excerpt: excerpt || null,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: 'timeout', excerpt: null });
      request.destroy();
    }, params.timeoutMs ?? TIMEOUT_MS);
    request.on('error', () => finish({ statusCode: null, error: 'connection', excerpt: null }));
    request.end(params.body);
  });
}
