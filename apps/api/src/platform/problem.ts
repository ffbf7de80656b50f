import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isStatementCancelled } from './db-errors';
import { AppError, type ErrorCode, type Message, defaultMessageKey, errorStatus } from './errors';
import { localeFromAcceptLanguage, translate } from './i18n';
import { validationMessages } from './validation-messages';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  messages: Message[],
  headers: Record<string, string> = {},
) {
  const errors = messages.map((m) => translate(request.locale, m.key, m.params));
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply
    .code(status)
    .type('application/problem+json')
    .send({ type: 'about:blank', title: titles[status] ?? 'Error', status, errors });
}

// Fastify's own client errors, by code, to ours.
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PayloadTooLarge',
  FST_REQ_FILE_TOO_LARGE: 'PayloadTooLarge',
  FST_FILES_LIMIT: 'PayloadTooLarge',
  FST_PARTS_LIMIT: 'PayloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UnsupportedMediaType',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UnsupportedMediaType',
};

/** One place turns every failure into problem+json; 5xx details never reach the client. */
export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const messages = error.messages.length ? error.messages : [{ key: defaultMessageKey[error.code] }];
      const headers = error.code === 'TokenExpired' ? { 'Token-Expired': 'true', ...error.headers } : error.headers;
      return sendProblem(request, reply, errorStatus[error.code], messages, headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const scope = request.routeOptions.config?.fieldScope;
      return sendProblem(request, reply, 400, validationMessages(error.validation as never, scope));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return sendProblem(request, reply, errorStatus[mapped], [{ key: defaultMessageKey[mapped] }]);
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendProblem(request, reply, 429, [{ key: 'error.tooManyRequests' }]);
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unknown content type and other client faults Fastify detects itself.
      return sendProblem(request, reply, status, [{ key: status === 404 ? 'error.notFound' : 'error.badRequest' }]);
    }
    if (isStatementCancelled(error)) {
      // Ran past the statement timeout (or its client left): the data is not wrong, the moment is.
      request.log.warn({ url: request.routeOptions.url }, 'statement cancelled');
      return sendProblem(request, reply, 503, [{ key: 'error.tookTooLong' }], { 'Retry-After': '5' });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, 500, [{ key: 'error.internal' }]);
  });
}

/**
 * Fastify answers a malformed URL (`%zz` in the path) or a path parameter over the router's
 * length limit itself, before any hook, with its own JSON body. These too become problem+json;
 * with no hook run, the security headers a JSON error needs are set here.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.locale = localeFromAcceptLanguage(request.headers['accept-language']) ?? request.locale;
  const status = error.statusCode === 414 ? 414 : 400;
  return sendProblem(request, reply, status, [{ key: 'error.badRequest' }], frameworkErrorHeaders);
}

/** What helmet would send, for a JSON answer that nothing may frame, run or sniff. */
const frameworkErrorHeaders = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
