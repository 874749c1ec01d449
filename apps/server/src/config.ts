import path from 'node:path';
import { CALL_RING_SECONDS, type IceServerConfig, iceServerSchema, SOCKET_UNBOUND_MS, SOCKETS_PER_ADDRESS } from '@parley/protocol';
import { z } from 'zod';
import { SERVER_ROOT } from './serverRoot.ts';

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** An optional http(s) base URL of an engine the host runs; empty means not configured. */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .optional()
  .or(z.literal('').transform(() => undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, { error: 'must be a plain lower-case identifier' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://chat.example.com' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Parley <no-reply@parley.local>'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  SOCKET_IDLE_MS: z.coerce.number().int().positive().default(60_000),
  SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  TRUST_PROXY: boolish.default(false),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  SOCKET_UNBOUND_MS: z.coerce.number().int().positive().default(SOCKET_UNBOUND_MS),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(SOCKETS_PER_ADDRESS),
  WEB_DIST: z.string().optional(),
  TRANSLATE_URL: httpUrl,
  TRANSLATE_API_KEY: z.string().optional(),
  TRANSCRIBE_URL: httpUrl,
  TRANSCRIBE_API_KEY: z.string().optional(),
  TRANSCRIBE_MODEL: z.string().min(1).max(128).default('whisper-1'),
  ENGINE_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(10_000),
  ENGINE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(2_000),
  SEARCH_INDEX_INTERVAL_MS: z.coerce.number().int().min(0).default(100),
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(1_000),
  WEB_PUSH_PRIVATE_ENDPOINTS: boolish.default(false),
  WALLET_PROVIDER: z.enum(['manual', 'sandbox'], { error: 'must be manual or sandbox' }).default('manual'),
  ICE_SERVERS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw || raw.trim() === '') return [];
      try {
        const parsed = z.array(iceServerSchema).safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {urls, username?, credential?}' });
      return z.NEVER;
    }),
  CALL_RING_SECONDS: z.coerce.number().int().min(1).max(600).default(CALL_RING_SECONDS),
  CALL_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
  redisUrl?: string;
  publicUrl?: string;
  logLevel: string;
  smtpUrl?: string;
  smtpFrom: string;
  uploadMaxBytes: number;
  socketIdleMs: number;
  /** Signs QR codes and other server-made tokens; when not given, made at the first start and kept in the database (system_config). */
  secret?: string;
  trustProxy: boolean;
  webDist: string;
  /** LibreTranslate base URL (translation is off without it) */
  translateUrl?: string;
  translateApiKey?: string;
  /** base URL of an OpenAI-compatible `/v1/audio/transcriptions` server (voice to text is off without it) */
  transcribeUrl?: string;
  transcribeApiKey?: string;
  transcribeModel: string;
  /** the longest an engine call may take, in total (at most 10 s) */
  engineTimeoutMs: number;
  /** engine requests per user per minute, per feature */
  engineRatePerMinute: number;
  /** when set, `/metrics` wants `Authorization: Bearer <token>` */
  metricsToken?: string;
  /** on shutdown, how long sockets get to close after being told to reconnect */
  shutdownGraceMs: number;
  /** How often new messages are added to the search index and the chats' gram bits (0: never, for tests of the not-yet-indexed ones) */
  searchIndexIntervalMs: number;
  /** Longest a keyword search may run before it is refused (messages.searchTooLong): PostgreSQL per statement, SQLite between its steps */
  searchTimeoutMs: number;
  /** Longest a request may take to arrive, body included (0: no limit); headers must arrive within headersTimeoutMs. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** Multiplies every per-user request budget of the protocol's RATE_LIMITS (tests and benches raise it). */
  rateLimitScale: number;
  /** Answer 503 while the event loop lags more than this (0: never). */
  maxEventLoopDelayMs: number;
  socketUnboundMs: number;
  socketsPerAddress: number;
  /** Where the log goes (tests read it); standard output when not given. */
  logStream?: NodeJS.WritableStream;
  /** who approves recharges and withdrawals: an operator (`manual`) or nobody (`sandbox`, at once) */
  walletProvider: 'manual' | 'sandbox';
  /** Web Push to any http(s) endpoint, this machine's and its network's too (tests, a local push service); else public https push services only */
  webPushPrivateEndpoints: boolean;
  /** RTCIceServer entries handed to call clients (ICE_SERVERS, JSON) */
  iceServers: IceServerConfig[];
  /** how long a call rings before it ends unanswered (905) */
  callRingMs: number;
  /** how long a call survives its party's dropped socket */
  callGraceMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    socketIdleMs: e.SOCKET_IDLE_MS,
    secret: e.SECRET,
    trustProxy: e.TRUST_PROXY,
    translateUrl: e.TRANSLATE_URL,
    translateApiKey: e.TRANSLATE_API_KEY || undefined,
    transcribeUrl: e.TRANSCRIBE_URL,
    transcribeApiKey: e.TRANSCRIBE_API_KEY || undefined,
    transcribeModel: e.TRANSCRIBE_MODEL,
    engineTimeoutMs: e.ENGINE_TIMEOUT_MS,
    engineRatePerMinute: e.ENGINE_RATE_PER_MINUTE,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    socketUnboundMs: e.SOCKET_UNBOUND_MS,
    socketsPerAddress: e.SOCKETS_PER_ADDRESS,
    iceServers: e.ICE_SERVERS,
    callRingMs: e.CALL_RING_SECONDS * 1000,
    callGraceMs: e.CALL_GRACE_SECONDS * 1000,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(SERVER_ROOT, '../web/dist'),
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    searchIndexIntervalMs: e.SEARCH_INDEX_INTERVAL_MS,
    searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
    walletProvider: e.WALLET_PROVIDER,
    webPushPrivateEndpoints: e.WEB_PUSH_PRIVATE_ENDPOINTS,
  };
}
