import { describe, expect, it } from 'vitest';
import { checkAnswer, checkPush, contractChecks } from './contract.ts';

/** The contract check itself can fail: a wrong answer or push is reported with its path and field. */
describe('the contract check of the harness', () => {
  it('passes a matching answer and counts it', () => {
    const before = contractChecks.answers;
    checkAnswer('/COMMON/pub/checkVersion', { code: 0, msg: '', data: { version: '1', versionCode: 1, hasUpdate: false } });
    expect(contractChecks.answers).toBe(before + 1);
  });

  it('fails an answer whose data does not match the endpoint', () => {
    expect(() => checkAnswer('/common/pub/checkVersion', { code: 0, msg: '', data: { version: 1 } })).toThrow(
      /checkVersion .*response schema[\s\S]*version/,
    );
  });

  it('leaves refusals and unknown paths alone', () => {
    expect(() => checkAnswer('/common/pub/checkVersion', { code: 400, msg: 'no', data: null })).not.toThrow();
    expect(() => checkAnswer('/no/such/path', { code: 0, msg: '', data: 1 })).not.toThrow();
  });

  it('fails a push of an unknown type or with the wrong data', () => {
    expect(() => checkPush({ type: 'delFriend', data: { user_id: 3 } })).not.toThrow();
    expect(() => checkPush({ type: 'delFriend', data: { user_id: 'x' } })).toThrow(/delFriend[\s\S]*user_id/);
    expect(() => checkPush({ type: 'noSuchPush', data: {} })).toThrow(/unknown type "noSuchPush"/);
  });
});
