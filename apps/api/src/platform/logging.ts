import type { FastifyServerOptions } from 'fastify';

/**
 * Request logs carry no personal data: the path without its query string (queries hold names
 * and e-mails), no headers, no bodies; errors without their message (database errors quote values).
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: { paths: ['req.headers', 'body', 'password'], remove: true },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (err: Error & { code?: string }) => ({
        type: err.name,
        // A database error comes wrapped by Drizzle; its SQLSTATE says what happened, without data.
        code: err.code ?? causeCode(err.cause),
        message: '(withheld)',
        stack: err.stack?.split('\n').slice(1).join('\n') ?? '',
      }),
    },
  };
}

const causeCode = (cause: unknown) => {
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};
