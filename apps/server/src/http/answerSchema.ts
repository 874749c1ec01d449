import { type EndpointName, endpoints } from '@parley/protocol';
import { z } from 'zod';

const params = z.record(z.string(), z.union([z.string(), z.number()])).optional();

/** A refusal: `{code, msg, data: null, key, params?}` (POST refusals travel with HTTP 200 too). */
const refusalSchema = z
  .object({
    code: z.number().int().describe('400/401/403/404/500, or -1: the session is gone'),
    msg: z.string(),
    data: z.null(),
    key: z.string(),
    params,
  })
  .describe('A refusal: `key` is stable (translate it), `msg` its English text.');

// shared by every endpoint's answer schema: built once, they cost memory once
const successFields = {
  code: z.literal(0),
  msg: z.string().describe('a success toast when not empty (with its `key`)'),
  count: z.number().int().optional(),
  page: z.number().int().optional(),
  key: z.string().optional(),
  params,
};

const answers = new Map<EndpointName, z.ZodType>();

/**
 * What an endpoint answers with HTTP 200: its `data` in the success envelope, or a refusal. Declared
 * on the route and shown in the OpenAPI document; the server does not check its own answers with it
 * (the integration suites' contract test does).
 */
export function answerSchemaOf(name: EndpointName): z.ZodType {
  let schema = answers.get(name);
  if (!schema) {
    schema = z.xor([z.object({ ...successFields, data: endpoints[name].data }), refusalSchema]);
    answers.set(name, schema);
  }
  return schema;
}
