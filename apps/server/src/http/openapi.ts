import { APP_VERSION, ENDPOINT_NAMES, type EndpointName, endpoints } from '@parley/protocol';
import { z } from 'zod';
import { answerSchemaOf } from './answerSchema.ts';

/** A zod schema as JSON Schema (draft 2020-12, what OpenAPI 3.1 uses); transforms show their input or output side. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    const out = z.toJSONSchema(schema, { unrepresentable: 'any', io, target: 'draft-2020-12' }) as Record<string, unknown>;
    delete out.$schema;
    return out;
  } catch {
    return { description: 'not representable as JSON Schema' };
  }
}

function operation(name: EndpointName) {
  const e = endpoints[name];
  const body = jsonSchemaOf(e.body, 'input');
  const requestSchema = e.multipart
    ? { ...body, type: 'object', properties: { ...(body.properties as object), file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] }
    : body;
  return {
    operationId: name,
    summary: e.summary,
    description: e.access === 'public' ? 'Public.' : `Signed in${e.role ? `: ${e.role}` : ''}.`,
    tags: [e.domain],
    ...(e.access === 'public' ? {} : { security: [{ token: [] }] }),
    requestBody: {
      required: true,
      content: { [e.multipart ? 'multipart/form-data' : 'application/json']: { schema: requestSchema } },
    },
    responses: {
      200: {
        description: 'The `{code, msg, data}` envelope: `data` below on success (code 0), or a refusal.',
        content: { 'application/json': { schema: jsonSchemaOf(answerSchemaOf(name), 'output') } },
      },
      401: { description: 'No or malformed Authorization header on a protected path.' },
    },
  };
}

/** The OpenAPI 3.1 document of the endpoint table (served at /docs/json). */
export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: APP_VERSION,
      description:
        'Every call is POST; paths match case-insensitively. Answers are `{code, msg, data}`; refusals add `key` and `params`.',
    },
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    },
    paths: Object.fromEntries(ENDPOINT_NAMES.map((name) => [endpoints[name].path, { post: operation(name) }])),
  };
}
