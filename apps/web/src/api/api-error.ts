/** An error answer of the API: `application/problem+json` (DESIGN: API contract). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[];
  readonly title: string | undefined;
  readonly detail: string | undefined;
  readonly type: string | undefined;
  /** The problem's members beyond the standard ones (e.g. `mergedIntoId` of a merged person, issue 16). */
  readonly extensions: Record<string, unknown>;

  constructor(
    status: number,
    problem: {
      title?: string;
      detail?: string;
      type?: string;
      errors?: string[];
      extensions?: Record<string, unknown>;
    } = {},
  ) {
    super(problem.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = problem.errors ?? [];
    this.title = problem.title;
    this.detail = problem.detail;
    this.type = problem.type;
    this.extensions = problem.extensions ?? {};
  }
}

const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Reads a failed response; anything that is not problem+json becomes an ApiError without messages. */
export async function readApiError(response: Response): Promise<ApiError> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return new ApiError(response.status);
  try {
    const body = (await response.json()) as Record<string, unknown>;
    const errors = Array.isArray(body.errors)
      ? body.errors.filter((item): item is string => typeof item === 'string')
      : [];
    const { title: _title, detail: _detail, type: _type, status: _status, errors: _errors, ...extensions } = body;
    const problem: {
      title?: string;
      detail?: string;
      type?: string;
      errors: string[];
      extensions: Record<string, unknown>;
    } = { errors, extensions };
    const title = asString(body.title);
    const detail = asString(body.detail);
    const type = asString(body.type);
    if (title !== undefined) problem.title = title;
    if (detail !== undefined) problem.detail = detail;
    if (type !== undefined) problem.type = type;
    return new ApiError(response.status, problem);
  } catch {
    return new ApiError(response.status);
  }
}

/**
 * The messages a form shows for a failed call: the server's list, else the given fallback
 * (spec 01 §8: an error that is not a list shows the client-side error text).
 */
export function errorMessages(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors;
  return [fallback];
}
