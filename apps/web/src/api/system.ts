import { APP_VERSION, type SystemInfo } from '@parley/protocol';
import { useSession } from '../stores/session.ts';
import { api, type RequestOptions } from './client.ts';
import { Endpoint } from './endpoints.ts';

export interface VersionCheck {
  version: string;
  versionCode: number;
  hasUpdate: boolean;
}

/** Fetches `getSystemInfo` into the stored globalConfig and returns it. */
export async function refreshGlobalConfig(options?: RequestOptions): Promise<SystemInfo> {
  const info = await api.data<SystemInfo>(Endpoint.getSystemInfo, {}, options);
  useSession.getState().setGlobalConfig(info);
  return useSession.getState().globalConfig;
}

export function checkVersion(): Promise<VersionCheck> {
  return api.data<VersionCheck>(Endpoint.checkVersion, { version: APP_VERSION });
}
