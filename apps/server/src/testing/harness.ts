import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { type BuiltApp, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { dropSchema } from '../db/index.ts';
import { checkAnswer, checkPush } from './contract.ts';

export { contractChecks } from './contract.ts';

export type Backend = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.TEST_DATABASE_URL && !process.env.PARLEY_PG_NOTICE_SHOWN) {
  process.env.PARLEY_PG_NOTICE_SHOWN = '1';
  console.warn('[tests] TEST_DATABASE_URL is not set: the PostgreSQL runs of the integration suites are skipped.');
}

export interface Res<T = any> {
  status: number;
  body: { code: number; msg: string; data: T; count?: number; page?: number; key?: string; params?: Record<string, string | number> };
}

export interface TestServer {
  url: string;
  wsUrl: string;
  built: BuiltApp;
  post<T = any>(p: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<Res<T>>;
  raw(p: string, init: RequestInit): Promise<Response>;
  /** Registers a fresh account and returns its token and user id. */
  user(nick?: string): Promise<TestUser>;
  close(): Promise<void>;
}

export interface TestUser {
  token: string;
  id: number;
  account: string;
  password: string;
  nickname: string;
}

export async function startServer(
  backend: Backend = 'sqlite',
  overrides: Partial<Config> & { env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  const schema = backend === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config: Config = {
    ...loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // suites that do not test the limits send more than one person would; the limit suites set these back
      RATE_LIMIT_SCALE: '1000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      SOCKETS_PER_ADDRESS: '1000',
      ...(backend === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
      ...overrides.env,
    }),
    ...overrides,
  };
  const built = await buildApp(config);
  // a backlog above Node's 511: the red-packet suite opens a thousand connections at once
  const address = await built.app.listen({ port: 0, host: '127.0.0.1', backlog: 2048 });
  const url = address;
  let counter = 0;

  async function post<T>(p: string, body: unknown = {}, token?: string, headers: Record<string, string> = {}) {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: Res<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`Non-JSON answer ${res.status} from ${p}: ${text.slice(0, 200)}`);
    }
    checkAnswer(p, parsed);
    return { status: res.status, body: parsed };
  }

  return {
    url,
    wsUrl: `${url.replace('http', 'ws')}/wss`,
    built,
    post,
    async raw(p, init) {
      const res = await fetch(url + p, init);
      // uploads go through raw(): their JSON answers are checked like post()'s
      if ((init.method ?? 'GET').toUpperCase() === 'POST' && res.headers.get('content-type')?.includes('json')) {
        const copy = res.clone();
        checkAnswer(p, await copy.json().catch(() => null));
      }
      return res;
    },
    async user(nick = 'User') {
      const n = ++counter;
      const account = `u${n}_${randomBytes(3).toString('hex')}`;
      const password = 'secret12';
      const res = await post<{ authToken: string; userInfo: { user_id: number } }>('/common/pub/register', {
        account,
        nickname: `${nick}${n}`,
        password,
        repassword: password,
      });
      if (res.body.code !== 0) throw new Error(`register failed: ${res.body.msg}`);
      return {
        token: res.body.data.authToken,
        id: res.body.data.userInfo.user_id,
        account,
        password,
        nickname: `${nick}${n}`,
      };
    },
    async close() {
      await built.close();
      if (schema && process.env.TEST_DATABASE_URL) {
        const { openDatabase } = await import('../db/index.ts');
        const admin = await openDatabase({ ...config, databaseSchema: undefined });
        await dropSchema(admin, schema);
        await admin.close();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestSocket {
  ws: WebSocket;
  clientId: string;
  frames: { type: string; data?: any }[];
  /** Resolves with the next frame of `type` (including ones already received and not yet taken). */
  next<T = any>(type: string, timeoutMs?: number): Promise<{ type: string; data: T }>;
  send(frame: unknown): void;
  /** Sends a `call` frame (a socket-callable endpoint) and resolves with its `answer` frame's data. */
  call<T = any>(name: string, body: unknown): Promise<{ seq: number; code: number; msg: string; data: T; key?: string; params?: Record<string, string | number> }>;
  closed: Promise<{ code: number }>;
  close(): void;
}

export async function openSocket(wsUrl: string): Promise<TestSocket> {
  const ws = new WebSocket(wsUrl);
  const frames: { type: string; data?: any }[] = [];
  const taken = new Set<number>();
  const waiters: (() => void)[] = [];
  const violations = new Map<number, Error>();
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    try {
      checkPush(frame);
    } catch (err) {
      violations.set(frames.length, err as Error);
    }
    frames.push(frame);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  function next<T>(type: string, timeoutMs = 5000): Promise<{ type: string; data: T }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${type}" frame within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        const i = frames.findIndex((f, idx) => f.type === type && !taken.has(idx));
        if (i >= 0) {
          taken.add(i);
          clearTimeout(timer);
          const violation = violations.get(i);
          if (violation) reject(violation);
          else resolve(frames[i] as { type: string; data: T });
        } else waiters.push(check);
      };
      check();
    });
  }
  const init = await next<{ client_id: string }>('init');
  let seq = 0;
  return {
    ws,
    clientId: (init as unknown as { client_id: string }).client_id,
    frames,
    next,
    send: (frame) => ws.send(JSON.stringify(frame)),
    async call(name, body) {
      const mine = ++seq;
      ws.send(JSON.stringify({ type: 'call', seq: mine, name, body }));
      for (;;) {
        const answer = await next<{ seq: number; code: number; msg: string; data: any }>('answer');
        if (answer.data.seq === mine) return answer.data;
      }
    },
    closed,
    close() {
      ws.close();
      // frames a test read from `frames` directly (not through next()) are held to the contract too
      const [first] = violations.values();
      if (first) throw first;
    },
  };
}

/** Opens a socket and binds it with the token through the socket frame. */
export async function boundSocket(wsUrl: string, token: string): Promise<TestSocket> {
  const s = await openSocket(wsUrl);
  s.send({ type: 'bindUid', token });
  await s.next('bindUid');
  return s;
}

/** The bound sockets a suite opens, closed together in its afterAll. */
export function socketPool(wsUrl: () => string) {
  const open: TestSocket[] = [];
  return {
    async sock(user: { token: string }): Promise<TestSocket> {
      const ws = await boundSocket(wsUrl(), user.token);
      open.push(ws);
      return ws;
    },
    closeAll(): void {
      for (const ws of open.splice(0)) ws.close();
    },
  };
}
