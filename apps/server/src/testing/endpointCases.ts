import { endpoints } from '@parley/protocol';
import type { z } from 'zod';
import type { RouteEntry } from '../http/route.ts';

/** One endpoint as the generated suites (fuzz, authorization matrix) see it. */
export interface EndpointCase {
  /** the table's name, or the path for a route not yet in the table */
  name: string;
  path: string;
  access: 'public' | 'user';
  body: z.ZodType;
  role?: string;
}

/**
 * Every endpoint of the protocol's table, plus every JSON route the server registered that the
 * table does not hold yet (`built.routes`), so the generated suites cover both while routes move
 * into the table.
 */
export function endpointCases(routes: RouteEntry[] = []): EndpointCase[] {
  const byPath = new Map<string, EndpointCase>();
  for (const [name, def] of Object.entries(endpoints)) {
    byPath.set(def.path.toLowerCase(), { name, path: def.path, access: def.access, body: def.body, role: (def as { role?: string }).role });
  }
  for (const r of routes) {
    const key = r.path.toLowerCase();
    if (!byPath.has(key)) byPath.set(key, { name: r.path, path: r.path, access: r.auth ? 'user' : 'public', body: r.body });
  }
  return [...byPath.values()];
}
