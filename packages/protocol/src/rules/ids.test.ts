import { describe, expect, it } from 'vitest';
import {
  asMessageId,
  asUserId,
  contactIdOf,
  conversationIdOf,
  groupContactId,
  isGroupContactId,
  parseGroupContactId,
  SYSTEM_CONTACT_ID,
  toGroupId,
} from './ids.ts';

const ME = 1;
const from = (id: number | string) => ({ id });

describe('group contact ids', () => {
  it('round-trips a group id through group-<n>', () => {
    expect(groupContactId(42)).toBe('group-42');
    expect(parseGroupContactId(groupContactId(42))).toBe(42);
  });

  it('refuses malformed, zero and out-of-range group ids', () => {
    for (const bad of ['group-', 'group-x', 'group-0', 'group--3', 'group-99999999999', 'grp-3', 7, null]) {
      expect(parseGroupContactId(bad)).toBeNull();
    }
  });

  it('reads a group given as a number, digits or its contact id', () => {
    expect(toGroupId(5)).toBe(5);
    expect(toGroupId('5')).toBe(5);
    expect(toGroupId('group-5')).toBe(5);
    expect(toGroupId('05')).toBeNull();
    expect(toGroupId(0)).toBeNull();
    expect(toGroupId(undefined)).toBeNull();
    expect(isGroupContactId('group-5')).toBe(true);
    expect(isGroupContactId(5)).toBe(false);
  });
});

describe('typed ids', () => {
  it('accepts positive integers (or their digits) as user and message ids', () => {
    expect(asUserId(7)).toBe(7);
    expect(asUserId('7')).toBe(7);
    expect(asUserId(0)).toBeNull();
    expect(asUserId('group-7')).toBeNull();
    expect(asUserId(1.5)).toBeNull();
    expect(asMessageId(12)).toBe(12);
    expect(asMessageId('x')).toBeNull();
  });
});

describe('conversationIdOf (the conversation a message belongs to, one rule for server and web)', () => {
  it('is the group for group messages, whoever sent them', () => {
    expect(conversationIdOf({ is_group: 1, toContactId: 'group-4', fromUser: from(2) }, ME)).toBe('group-4');
    expect(conversationIdOf({ is_group: 1, toContactId: 'group-4', fromUser: from(ME) }, ME)).toBe('group-4');
  });

  it('is the other person in a private chat, myself for the file-transfer assistant', () => {
    expect(conversationIdOf({ is_group: 0, toContactId: 2, fromUser: from(ME) }, ME)).toBe('2');
    expect(conversationIdOf({ is_group: 0, toContactId: ME, fromUser: from(2) }, ME)).toBe('2');
    expect(conversationIdOf({ is_group: 0, toContactId: ME, fromUser: from(ME) }, ME)).toBe('1');
    expect(conversationIdOf({ is_group: 0, toContactId: '1', fromUser: from('2') }, 1)).toBe('2');
  });

  it('is the system contact for system notices (their sender is user 0)', () => {
    expect(conversationIdOf({ is_group: 0, toContactId: SYSTEM_CONTACT_ID, fromUser: from(0) }, ME)).toBe(SYSTEM_CONTACT_ID);
    expect(contactIdOf({ is_group: 0, toContactId: SYSTEM_CONTACT_ID, fromUser: from(0) }, ME)).toBe(SYSTEM_CONTACT_ID);
  });

  it('keeps the id as it was sent in contactIdOf', () => {
    expect(contactIdOf({ is_group: 0, toContactId: 2, fromUser: from(ME) }, ME)).toBe(2);
  });
});
