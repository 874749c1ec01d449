import { z } from 'zod';

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
