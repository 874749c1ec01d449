import { endpoints } from '@parley/protocol';
import type { z } from 'zod';

/** One endpoint as the generated suites (fuzz, authorization matrix) see it. */
export interface EndpointCase {
  name: string;
  path: string;
  access: 'public' | 'user';
  body: z.ZodType;
  /** the role rule beyond being signed in, in words */
  role?: string;
  /** multipart/form-data (uploads): the generated JSON bodies are refused as such */
  multipart: boolean;
}

/** Every endpoint of the protocol's table. */
export function endpointCases(): EndpointCase[] {
  return Object.entries(endpoints).map(([name, def]) => {
    const d = def as { path: string; access: 'public' | 'user'; body: z.ZodType; role?: string; multipart?: boolean };
    return { name, path: d.path, access: d.access, body: d.body, role: d.role, multipart: d.multipart === true };
  });
}
