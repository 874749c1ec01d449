import { describe, expect, it } from 'vitest';
import { APP_VERSION_CODE } from '../../limits.ts';
import { systemEndpoints } from './system.ts';

describe('checkVersion body', () => {
  it('needs the build number: a client sending only its version name is told, not answered "no update"', () => {
    expect(systemEndpoints.checkVersion.body.safeParse({ version: '5.5.1' }).success).toBe(false);
    expect(systemEndpoints.checkVersion.body.parse({ versionCode: APP_VERSION_CODE })).toMatchObject({ versionCode: APP_VERSION_CODE });
  });
});
