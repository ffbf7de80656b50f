import type { FastifyInstance } from 'fastify';

/** The app's own OpenAPI document (GET /api/docs/json), read per route. */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

export type OpenApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
};
export type OpenApiOperation = {
  summary?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** `/person/:id` -> `/person/{id}`, the document's spelling. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

export function operationOf(app: FastifyInstance, route: { method: string; url: string }): OpenApiOperation {
  const document = app.swagger() as unknown as OpenApiDocument;
  return document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? {};
}

/** The JSON body schema of a route, if it takes one. */
export const jsonBodyOf = (operation: OpenApiOperation) => operation.requestBody?.content?.['application/json']?.schema;

/** The top-level field names a route's JSON body declares. */
export const bodyFieldsOf = (operation: OpenApiOperation) => Object.keys(jsonBodyOf(operation)?.properties ?? {});
