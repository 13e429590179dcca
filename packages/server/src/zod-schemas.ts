import type { FastifyInstance, FastifySchema, FastifyTypeProvider } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { z } from 'zod';
import { describeZodError } from '@playlist-alarms/core/cloud/cloud-schemas';
import { HttpError } from './errors';

// Routes declare core's zod schemas; one compiler validates with them (so a 400 names the field
// in core's words), one serializer checks answers against them, and the OpenAPI document is
// generated from the same schemas. Nothing is described twice.

/** Types `request.body`, `query`, `params` and `reply.send` from the route's zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Request bodies of the cloud API are small JSON objects; anything larger is refused with 413. */
export const CLOUD_BODY_LIMIT = 16 * 1024;

/** Every other route (logout, deletes, what is added later): 64 KiB, not Fastify's 1 MiB, then 413. */
export const API_BODY_LIMIT = 64 * 1024;

/** Makes every route registered in `scope` validate and serialize with zod. */
export function useZodSchemas(scope: FastifyInstance): void {
  scope.setValidatorCompiler(({ schema }) => {
    if (!(schema instanceof z.ZodType)) throw new Error('Route schemas in this scope must be zod schemas');
    return (data: unknown) => {
      const result = schema.safeParse(data);
      return result.success
        ? { value: result.data }
        : { error: new HttpError(400, describeZodError(result.error)) };
    };
  });
  scope.setSerializerCompiler(({ schema }) => {
    if (!(schema instanceof z.ZodType)) throw new Error('Response schemas in this scope must be zod schemas');
    // Parsing drops any field the schema does not name, so a stored token cannot leak by accident.
    return (data: unknown) => JSON.stringify(schema.parse(data));
  });
}

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  delete json.$schema; // OpenAPI 3 objects carry no $schema keyword
  return json;
};

const RESPONSE_KEYS = ['response'] as const;
const REQUEST_KEYS = ['body', 'querystring', 'params', 'headers'] as const;

/** @fastify/swagger transform: zod schemas become JSON Schema, plain JSON Schemas pass as they are. */
export const zodToOpenApi: SwaggerTransform = ({ schema, url }) => {
  // Routes without a schema (the proxy, static files) come through as well.
  const given: FastifySchema | undefined = schema;
  if (given === undefined) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const key of REQUEST_KEYS) {
    const value: unknown = schema[key];
    if (value instanceof z.ZodType) out[key] = toJsonSchema(value, 'input');
  }
  for (const key of RESPONSE_KEYS) {
    const responses: unknown = schema[key];
    if (typeof responses !== 'object' || responses === null) continue;
    out[key] = Object.fromEntries(
      Object.entries(responses).map(([code, value]: [string, unknown]) => [
        code,
        value instanceof z.ZodType ? toJsonSchema(value, 'output') : value,
      ]),
    );
  }
  return { schema: out, url };
};
