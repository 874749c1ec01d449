import { randomInt } from 'node:crypto';
import { APP_VERSION, APP_VERSION_CODE, DEFAULT_SYS_INFO, type Features, NO_FEATURES, type SysInfo, type SystemInfo, sysInfoSchema } from '@parley/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { fail } from '../../domainError.ts';
import { hashToken } from '../../secrets.ts';
import { systemStore } from './store.ts';

const VERSION_KEY = 'version';
const CODE_TTL_MS = 10 * 60_000;
const CODE_RESEND_MS = 60_000;

export type SysInfoKey = keyof SysInfo;

/** Parses an admin's text value for a config key, refusing unknown keys and wrong types. */
export function parseConfigValue(key: string, raw: string): { key: SysInfoKey; value: SysInfo[SysInfoKey] } {
  if (!(key in DEFAULT_SYS_INFO)) {
    throw new Error(`Unknown config key "${key}". Known keys: ${Object.keys(DEFAULT_SYS_INFO).join(', ')}`);
  }
  const k = key as SysInfoKey;
  if (typeof DEFAULT_SYS_INFO[k] === 'boolean') {
    if (!['true', 'false', '1', '0', 'on', 'off'].includes(raw)) throw new Error(`${key} takes true or false`);
    return { key: k, value: ['true', '1', 'on'].includes(raw) };
  }
  if (typeof DEFAULT_SYS_INFO[k] === 'number') {
    const parsed = sysInfoSchema.shape[k].safeParse(raw.trim() === '' ? Number.NaN : Number(raw));
    if (!parsed.success) throw new Error(`${key} takes a whole number: ${parsed.error.issues[0]?.message}`);
    return { key: k, value: parsed.data };
  }
  return { key: k, value: raw };
}

/**
 * Global config lives in the database. Each node re-reads it when the `version` row changes,
 * so a change made by the admin command (another process) reaches every node and socket.
 */
/** `features`: what the host's engines turn on (translate, transcribe), told by the composition root. */
export function systemService(db: Db, config: Config, log: { info(obj: object, msg?: string): void }, features: Features = NO_FEATURES) {
  const store = systemStore(db);
  let cached: { version: string; info: SysInfo } | null = null;

  async function load(): Promise<{ version: string; info: SysInfo }> {
    const all = await store.readAll();
    const info = { ...DEFAULT_SYS_INFO };
    for (const [k, v] of Object.entries(all)) {
      if (k in info) (info as Record<string, unknown>)[k] = JSON.parse(v);
    }
    return { version: all[VERSION_KEY] ?? '0', info };
  }

  return {
    async sysInfo(): Promise<SysInfo> {
      if (!cached) cached = await load();
      return cached.info;
    },

    /** Re-reads the config; returns the new value when it changed since the last read. */
    async refresh(): Promise<SysInfo | null> {
      const before = cached?.version;
      cached = await load();
      return before !== undefined && before !== cached.version ? cached.info : null;
    },

    async set(key: string, raw: string): Promise<SysInfo> {
      const { key: k, value } = parseConfigValue(key, raw);
      await store.write(k, JSON.stringify(value));
      await store.write(VERSION_KEY, String(Date.now()));
      cached = await load();
      return cached.info;
    },

    /**
     * A value made once for the whole installation and kept (as JSON) in the config table, such as
     * the signing secret or the VAPID keys: the first node to start writes it, every node reads the same.
     */
    async kept<T>(key: string, make: () => T | Promise<T>): Promise<T> {
      const existing = await store.read(key);
      if (existing !== undefined) return JSON.parse(existing) as T;
      await store.writeOnce(key, JSON.stringify(await make()));
      return JSON.parse((await store.read(key)) as string) as T;
    },

    async systemInfo(): Promise<SystemInfo> {
      return { sysInfo: await this.sysInfo(), features, version: APP_VERSION, versionCode: APP_VERSION_CODE };
    },

    checkVersion(clientVersionCode?: number) {
      return {
        version: APP_VERSION,
        versionCode: APP_VERSION_CODE,
        hasUpdate: clientVersionCode !== undefined && clientVersionCode < APP_VERSION_CODE,
      };
    },

    async sendCode(target: string, purpose: string): Promise<{ expires_in: number }> {
      const now = Date.now();
      if (now - (await store.lastCodeAt(target)) < CODE_RESEND_MS) {
        throw fail('system.codeTooSoon');
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await store.insertCode({ target, purpose, code_hash: hashToken(code), expires_at: now + CODE_TTL_MS, created_at: now });
      if (config.smtpUrl && target.includes('@')) {
        await (await import('nodemailer')).default.createTransport(config.smtpUrl).sendMail({
          from: config.smtpFrom,
          to: target,
          subject: 'Your Parley verification code',
          text: `Your verification code is ${code}. It expires in 10 minutes.`,
        });
      } else {
        log.info({ target, purpose, code }, 'verification code (no SMTP_URL configured)');
      }
      return { expires_in: CODE_TTL_MS / 1000 };
    },

    /** The id of a usable (unused, unexpired) code that `sendCode` sent to `target` for `purpose`. */
    async findCode(target: string, purpose: string, code: string): Promise<number | undefined> {
      return (await store.findCode(target, purpose, hashToken(code), Date.now()))?.id;
    },

    /** Marks a found code used; false when another call used it first. */
    useCode: (id: number) => store.useCode(id, Date.now()),
  };
}

export type SystemService = ReturnType<typeof systemService>;
