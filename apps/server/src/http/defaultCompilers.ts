import { createRequire } from 'node:module';
import type { BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own schema compilers (ajv for requests, fast-json-stringify for answers), loaded the
 * first time Fastify asks for one instead of when it starts (the `schemaController` option). Every
 * route of the endpoint table validates with zod and answers with JSON.stringify (`http/route.ts`),
 * so only a route bringing a JSON Schema of its own would need them: ~1 MB of an idle server.
 */
export function lazyDefaultCompilers() {
  const load = createRequire(import.meta.url);
  let validator: BuildCompilerFromPool | undefined;
  let serializer: SerializerFactory | undefined;
  const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
    validator ??= (load('@fastify/ajv-compiler') as typeof import('@fastify/ajv-compiler'))();
    return validator(externalSchemas, options);
  };
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    serializer ??= (load('@fastify/fast-json-stringify-compiler') as typeof import('@fastify/fast-json-stringify-compiler'))();
    return serializer(externalSchemas, options);
  };
  return { buildValidator, buildSerializer };
}
