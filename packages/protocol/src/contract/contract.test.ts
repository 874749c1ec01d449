import { describe, expect, it } from 'vitest';
import { ValidationMsg } from '../api/auth.ts';
import { FriendMsg } from '../api/friends.ts';
import { GROUP_SPEAK_MSG, GroupMsg } from '../api/groups.ts';
import { MESSAGE_MSG } from '../api/messages.ts';
import { UserMsg } from '../api/users.ts';
import { RuleMsg } from '../rules/validation.ts';
import { ENDPOINT_NAMES, endpointOfPath, endpoints } from './endpoints.ts';
import { ERROR_KEYS, errors, errorText, isErrorKey } from './errors.ts';

describe('the error table', () => {
  it('names every key <domain>.<name> with a text', () => {
    for (const key of ERROR_KEYS) {
      expect(key).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect(errors[key].text.trim().length, key).toBeGreaterThan(0);
    }
  });

  it('fills default parameters and the thrower’s', () => {
    expect(errorText('groups.nameLong')).toBe('A group name can be at most 30 characters');
    expect(errorText('groups.userMissing', { id: 7 })).toBe('User 7 does not exist.');
  });

  it('every message constant of the schemas is a key of the table', () => {
    const constants = [ValidationMsg, FriendMsg, GroupMsg, GROUP_SPEAK_MSG, MESSAGE_MSG, UserMsg, RuleMsg];
    for (const table of constants) for (const key of Object.values(table)) expect(isErrorKey(key), key).toBe(true);
    expect(isErrorKey('Some English sentence.')).toBe(false);
  });
});

describe('the endpoint table', () => {
  it('has one entry per path, found case-insensitively', () => {
    const paths = ENDPOINT_NAMES.map((n) => endpoints[n].path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    expect(endpointOfPath('/ENTERPRISE/IM/sendmessage')).toBe('sendMessage');
    expect(endpointOfPath('/enterprise/im/sendMessage/')).toBe('sendMessage');
    expect(endpointOfPath('/nope')).toBeUndefined();
  });

  it('gives every endpoint a summary and a domain', () => {
    for (const n of ENDPOINT_NAMES) {
      expect(endpoints[n].summary.length, n).toBeGreaterThan(5);
      expect(endpoints[n].domain, n).toMatch(/^[a-z]+$/);
    }
  });
});
