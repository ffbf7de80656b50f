import { z } from 'zod';

/**
 * Every error answer (DESIGN "API contract"): `application/problem+json` with the localised
 * messages the forms show in `errors`. Loose, so that a problem carrying more members (RFC 9457
 * allows extensions) passes as it is; `id` names it once in the OpenAPI document.
 */
export const problemSchema = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string().optional(),
    errors: z.array(z.string()),
  })
  .meta({ id: 'Problem', description: 'An error answer (application/problem+json)' });
export type Problem = z.infer<typeof problemSchema>;
