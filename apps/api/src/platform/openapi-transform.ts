import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI transform (docs/decisions/api-description.md): fastify-type-provider-zod's, then
 * the `required` list of every query, path, header and body object is set from what the zod
 * schema itself accepts. zod's JSON schema calls a field required when its input type lacks
 * `undefined`; a list parameter normalised by z.preprocess (queryList) was therefore required in
 * the document although the API takes it absent (issue 26: 68 such parameters). The rule here is
 * the API's own: a field is required exactly when its schema refuses `undefined`.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const source = input.schema as Record<string, unknown> | undefined;
  const transformed = result.schema as Record<string, unknown> | undefined;
  if (!source || !transformed || transformed.hide === true) return result;
  for (const part of ['querystring', 'params', 'headers', 'body'] as const) {
    const zodSchema = source[part];
    const jsonSchema = transformed[part];
    if (zodSchema instanceof z.ZodType && isJsonObject(jsonSchema)) setRequired(zodSchema, jsonSchema);
  }
  nullInNullableEnums(transformed);
  return result;
};

/**
 * OpenAPI 3.0.3 (its clarification of `nullable`): an `enum` lists every allowed value, so a
 * nullable enum must list null too, or validators (ajv) refuse the null the API answers.
 */
export function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullInNullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { nullable?: unknown; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(node)) nullInNullableEnums(value);
}

type JsonObject = { properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && 'properties' in value;

/** The object shape under wrappers that keep the object's fields (pipes, refinements, defaults). */
function objectOf(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return objectOf(schema.unwrap() as z.ZodType);
  }
  return undefined;
}

/** Required exactly when the field's schema refuses its absence; nested objects alike. */
export function setRequired(schema: z.ZodType, json: JsonObject): void {
  const object = objectOf(schema);
  if (!object || !json.properties) return;
  const required: string[] = [];
  for (const [name, field] of Object.entries(object.shape)) {
    if (!(name in json.properties)) continue;
    if (!(field as z.ZodType).safeParse(undefined).success) required.push(name);
    const nested = json.properties[name];
    if (isJsonObject(nested)) setRequired(field as z.ZodType, nested);
  }
  if (required.length > 0) json.required = required;
  else delete json.required;
}
