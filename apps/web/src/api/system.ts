import { APP_VERSION_CODE, type SystemInfo } from '@parley/protocol';
import { useSession } from '../stores/session.ts';
import { api, type RequestOptions } from './client.ts';

export interface VersionCheck {
  version: string;
  versionCode: number;
  hasUpdate: boolean;
}

/** Fetches `getSystemInfo` into the stored globalConfig and returns it. */
export async function refreshGlobalConfig(options?: RequestOptions): Promise<SystemInfo> {
  const info = await api.call('getSystemInfo', {}, options);
  useSession.getState().setGlobalConfig(info);
  return useSession.getState().globalConfig;
}

/** Asks whether a build newer than this one exists (the server compares build numbers). */
export function checkVersion(): Promise<VersionCheck> {
  return api.call('checkVersion', { versionCode: APP_VERSION_CODE });
}
