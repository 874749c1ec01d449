import { endpointOfPath, endpoints, type PushName, pushes } from '@parley/protocol';
import type { z } from 'zod';

/**
 * The contract test: every code-0 answer the integration suites receive must match its endpoint's
 * response schema, and every socket frame the push map's schema for its type. A mismatch throws
 * (failing the test that made the call) with the path, the zod issues and the offending data.
 */
export const contractChecks = { answers: 0, pushes: 0 };

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('\n');
}

function preview(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/** Checks one answer envelope of a POST to `path`; refusals and unknown paths are not checked. */
export function checkAnswer(path: string, body: unknown): void {
  if (body === null || typeof body !== 'object' || (body as { code?: unknown }).code !== 0) return;
  const name = endpointOfPath(path);
  if (!name) return;
  const data = (body as { data?: unknown }).data;
  const result = endpoints[name].data.safeParse(data);
  if (!result.success) {
    throw new Error(
      `Contract: the answer of ${name} (${path}) does not match its response schema:\n${describe(result.error)}\ndata: ${preview(data)}`,
    );
  }
  contractChecks.answers++;
}

/** Checks one socket frame `{type, data}` against the push map; an unknown type is a mismatch too. */
export function checkPush(frame: { type?: unknown; data?: unknown }): void {
  const type = String(frame.type);
  if (!(type in pushes)) throw new Error(`Contract: the server sent a push of unknown type "${type}": ${preview(frame)}`);
  const result = pushes[type as PushName].safeParse(frame.data);
  if (!result.success) {
    throw new Error(`Contract: push "${type}" does not match the push map:\n${describe(result.error)}\ndata: ${preview(frame.data)}`);
  }
  contractChecks.pushes++;
}
