import {
  APP_VERSION,
  APP_VERSION_CODE,
  DEFAULT_SYS_INFO,
  NO_FEATURES,
  type SysInfo,
  type SystemInfo,
  type UserInfo,
} from '@parley/protocol';
import { create } from 'zustand';
import { readJson, readString, writeValue } from './localStore.ts';

/** Local app preferences (spec §3 "App settings"). */
export interface AppSetting {
  voiceStatus: boolean;
  vibrateStatus: boolean;
  circleAvatar: boolean;
}

export const DEFAULT_APP_SETTING: AppSetting = { voiceStatus: true, vibrateStatus: false, circleAvatar: false };

export const DEFAULT_GLOBAL_CONFIG: SystemInfo = {
  sysInfo: DEFAULT_SYS_INFO,
  features: NO_FEATURES,
  version: APP_VERSION,
  versionCode: APP_VERSION_CODE,
};

/** The localStorage keys of the session (spec §3 "Stored locally"). */
export const StorageKey = {
  userInfo: 'userInfo',
  authToken: 'authToken',
  clientId: 'client_id',
  cid: 'cid',
  globalConfig: 'globalConfig',
  appSetting: 'appSetting',
} as const;

interface SessionState {
  userInfo: UserInfo | null;
  authToken: string;
  /** The socket connection id the server gave in its `init` frame. */
  clientId: string;
  /** A random device id, made once per browser. */
  cid: string;
  globalConfig: SystemInfo;
  appSetting: AppSetting;
}

interface SessionActions {
  signIn(authToken: string, userInfo: UserInfo): void;
  setUserInfo(userInfo: UserInfo): void;
  setClientId(clientId: string): void;
  setGlobalConfig(config: Partial<SystemInfo>): void;
  setSysInfo(sysInfo: Partial<SysInfo>): void;
  setAppSetting(patch: Partial<AppSetting>): void;
  /** Forgets the user and the token; device id, config and settings stay. */
  clear(): void;
}

function makeDeviceId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function loadDeviceId(): string {
  const existing = readString(StorageKey.cid);
  if (existing) return existing;
  const created = makeDeviceId();
  writeValue(StorageKey.cid, created);
  return created;
}

function loadGlobalConfig(): SystemInfo {
  const stored = readJson<Partial<SystemInfo>>(StorageKey.globalConfig, {});
  return {
    ...DEFAULT_GLOBAL_CONFIG,
    ...stored,
    sysInfo: { ...DEFAULT_SYS_INFO, ...stored.sysInfo },
    features: { ...NO_FEATURES, ...stored.features },
  };
}

function loadInitialState(): SessionState {
  return {
    userInfo: readJson<UserInfo | null>(StorageKey.userInfo, null),
    authToken: readString(StorageKey.authToken),
    clientId: readString(StorageKey.clientId),
    cid: loadDeviceId(),
    globalConfig: loadGlobalConfig(),
    appSetting: { ...DEFAULT_APP_SETTING, ...readJson<Partial<AppSetting>>(StorageKey.appSetting, {}) },
  };
}

export const useSession = create<SessionState & SessionActions>()((set) => ({
  ...loadInitialState(),
  signIn: (authToken, userInfo) => set({ authToken, userInfo }),
  setUserInfo: (userInfo) => set({ userInfo }),
  setClientId: (clientId) => set({ clientId }),
  setGlobalConfig: (config) => set((s) => ({ globalConfig: { ...s.globalConfig, ...config } })),
  setSysInfo: (sysInfo) =>
    set((s) => ({ globalConfig: { ...s.globalConfig, sysInfo: { ...s.globalConfig.sysInfo, ...sysInfo } } })),
  setAppSetting: (patch) => set((s) => ({ appSetting: { ...s.appSetting, ...patch } })),
  clear: () => set({ userInfo: null, authToken: '' }),
}));

/** Mirrors every persisted field into its own localStorage key, at start-up and whenever it changes. */
const persisted = Object.keys(StorageKey) as (keyof typeof StorageKey)[];
for (const field of persisted) writeValue(StorageKey[field], useSession.getState()[field]);
useSession.subscribe((state, previous) => {
  for (const field of persisted) {
    if (state[field] !== previous[field]) writeValue(StorageKey[field], state[field]);
  }
});

export const hasSession = (): boolean => Boolean(useSession.getState().authToken);

/** The signed-in user's id as text ('' when signed out): the key of what this device keeps for them. */
export const signedInUserId = (): string => String(useSession.getState().userInfo?.user_id ?? useSession.getState().userInfo?.id ?? '');

/** The name shown for a user: display name, else nickname, else account. */
export function displayNameOf(user: UserInfo | null | undefined): string {
  return user?.displayName || user?.nickname || user?.realname || user?.account || '';
}
