import { describe, expect, it } from 'vitest';
import { changePasswordBody, loginBody, registerBody, ValidationMsg } from './auth.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('spec §5 account rules', () => {
  const ok = { account: 'alice', nickname: 'Alice', password: 'secret12', repassword: 'secret12' };

  it('account is 4-32 characters', () => {
    expect(registerBody.safeParse({ ...ok, account: 'abcd' }).success).toBe(true);
    expect(registerBody.safeParse({ ...ok, account: 'a'.repeat(32) }).success).toBe(true);
    expect(firstMessage(registerBody.safeParse({ ...ok, account: 'abc' }))).toBe(ValidationMsg.account);
    expect(firstMessage(registerBody.safeParse({ ...ok, account: 'a'.repeat(33) }))).toBe(ValidationMsg.account);
    expect(firstMessage(registerBody.safeParse({ ...ok, account: '   abc   ' }))).toBe(ValidationMsg.account);
  });

  it('password is 6-16 characters', () => {
    expect(registerBody.safeParse({ ...ok, password: '123456', repassword: '123456' }).success).toBe(true);
    expect(registerBody.safeParse({ ...ok, password: 'p'.repeat(16), repassword: 'p'.repeat(16) }).success).toBe(true);
    expect(firstMessage(registerBody.safeParse({ ...ok, password: '12345', repassword: '12345' }))).toBe(
      ValidationMsg.password,
    );
    expect(firstMessage(registerBody.safeParse({ ...ok, password: 'p'.repeat(17), repassword: 'p'.repeat(17) }))).toBe(
      ValidationMsg.password,
    );
  });

  it('the repeated password must match', () => {
    expect(firstMessage(registerBody.safeParse({ ...ok, repassword: 'secret13' }))).toBe(ValidationMsg.passwordMismatch);
    expect(firstMessage(changePasswordBody.safeParse({ oldPassword: 'secret12', password: 'newpass1', repassword: 'x' }))).toBe(
      ValidationMsg.passwordMismatch,
    );
  });

  it('registration asks for a nickname', () => {
    expect(firstMessage(registerBody.safeParse({ ...ok, nickname: '  ' }))).toBe(ValidationMsg.nickname);
    expect(registerBody.safeParse({ account: 'alice', password: 'secret12', repassword: 'secret12' }).success).toBe(false);
  });

  it('login takes remember-me and the device kind as booleans or 0/1', () => {
    const parsed = loginBody.parse({ account: 'alice', password: 'secret12', remember: 1, isMobile: 0 });
    expect(parsed.remember).toBe(true);
    expect(parsed.isMobile).toBe(false);
    expect(loginBody.safeParse({ account: 'alice', password: 'secret12', remember: 'yes' }).success).toBe(false);
  });
});
