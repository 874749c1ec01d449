import { type EndpointName, endpoints } from '@parley/protocol';
import type { Res, TestServer } from './harness.ts';

/** Calls an endpoint of the protocol's table by name (its path comes from the table). */
export function callAs(s: TestServer) {
  return <T = any>(name: EndpointName, body: unknown, u?: { token: string }): Promise<Res<T>> =>
    s.post<T>(endpoints[name].path, body, u?.token);
}

/** The stable key of a refusal. */
export const keyOf = (r: Res) => (r.body as { key?: string }).key;
