/** A refusal the service layer raises; the error handler turns it into problem+json. */
export type ErrorCode =
  | 'BadRequest'
  | 'Unauthorized'
  | 'TokenExpired'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'PayloadTooLarge'
  | 'UnsupportedMediaType'
  | 'TooManyRequests';

/** A message to localise: the key in the label files and the values it interpolates. */
export type Message = { key: string; params?: Record<string, string | number> };

export const errorStatus: Record<ErrorCode, number> = {
  BadRequest: 400,
  Unauthorized: 401,
  TokenExpired: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
};

export const defaultMessageKey: Record<ErrorCode, string> = {
  BadRequest: 'error.badRequest',
  Unauthorized: 'error.unauthorized',
  TokenExpired: 'error.tokenExpired',
  Forbidden: 'error.forbidden',
  NotFound: 'error.notFound',
  Conflict: 'error.conflict',
  PayloadTooLarge: 'error.payloadTooLarge',
  UnsupportedMediaType: 'error.unsupportedMediaType',
  TooManyRequests: 'error.tooManyRequests',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messages: Message[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, messages: Array<Message | string> = [], headers: Record<string, string> = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.messages = messages.map((m) => (typeof m === 'string' ? { key: m } : m));
    this.headers = headers;
  }
}

export const notFound = (key?: string) => new AppError('NotFound', key ? [key] : []);
export const forbidden = (key?: string) => new AppError('Forbidden', key ? [key] : []);
export const conflict = (key: string, params?: Message['params']) =>
  new AppError('Conflict', [params ? { key, params } : { key }]);
export const badRequest = (...messages: Array<Message | string>) => new AppError('BadRequest', messages);

/** PerPage 0 ("all") asked for more than the configured limit (`LIST_ALL_LIMIT`). */
export const tooManyForAll = (max: number) =>
  new AppError('BadRequest', [{ key: 'error.tooManyForAll', params: { max } }]);
