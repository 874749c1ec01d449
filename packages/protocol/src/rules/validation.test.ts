import { describe, expect, it } from 'vitest';
import {
  checkGroupName,
  checkPayPassword,
  checkRecipients,
  checkRecordingDuration,
  checkRedPacketAmount,
  checkRedPacketNumber,
  checkRequiredField,
  checkVideoDuration,
  defaultFieldRules,
  isEmptyValue,
  RuleMsg,
  requiredMessage,
} from './validation.ts';
import {
  groupNameSchema,
  payPasswordPairSchema,
  payPasswordSchema,
  recipientsSchema,
  redPacketNumberSchema,
  redPacketSchema,
  yuanAmountSchema,
} from './validationSchemas.ts';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('payment password: exactly 6 digits, entered twice', () => {
  it.each(['000000', '123456'])('%s is valid', (pw) => {
    expect(checkPayPassword(pw)).toBeNull();
    expect(payPasswordSchema.safeParse(pw).success).toBe(true);
  });
  it.each(['12345', '1234567', '12345a', '', ' 123456', '１２３４５６', '12 456'])('%o is rejected', (pw) => {
    expect(checkPayPassword(pw)).toBe(RuleMsg.payPassword);
    expect(firstError(payPasswordSchema.safeParse(pw))).toBe(RuleMsg.payPassword);
  });
  it('a non-string is rejected', () => {
    expect(checkPayPassword(123456 as never)).toBe(RuleMsg.payPassword);
    expect(firstError(payPasswordSchema.safeParse(123456))).toBe(RuleMsg.payPassword);
  });
  it('the second entry must match', () => {
    expect(checkPayPassword('123456', '123456')).toBeNull();
    expect(checkPayPassword('123456', '654321')).toBe(RuleMsg.payPasswordMismatch);
    expect(RuleMsg.payPasswordMismatch).toBe('validation.passwordMismatch');
  });
  it('the format is checked before the match', () => {
    expect(checkPayPassword('123', '456')).toBe(RuleMsg.payPassword);
  });
  it('pair schema', () => {
    expect(payPasswordPairSchema.safeParse({ password: '111111', repassword: '111111' }).success).toBe(true);
    const r = payPasswordPairSchema.safeParse({ password: '111111', repassword: '111112' });
    expect(firstError(r)).toBe(RuleMsg.payPasswordMismatch);
    expect(r.error?.issues[0].path).toEqual(['repassword']);
    expect(firstError(payPasswordPairSchema.safeParse({ password: '11111', repassword: '11111' }))).toBe(RuleMsg.payPassword);
  });
});

describe('red packet amount: not empty, a valid yuan amount > 0 with at most 2 decimals', () => {
  it.each(['0.01', '1', '12.5', '200.00', 8.88, ' 3.5 '])('%o is valid', (v) => {
    expect(checkRedPacketAmount(v)).toBeNull();
  });
  it.each(['', '   ', null, undefined])('%o is empty', (v) => {
    expect(checkRedPacketAmount(v)).toBe(RuleMsg.redPacketAmountEmpty);
  });
  it.each(['0', '0.00', '-1', '1.234', 'abc', '1e2', 0, 0.1 + 0.2])('%o is invalid', (v) => {
    expect(checkRedPacketAmount(v)).toBe(RuleMsg.redPacketAmountInvalid);
  });
  it('schema gives fen', () => {
    expect(yuanAmountSchema.parse('12.34')).toBe(1234);
    expect(yuanAmountSchema.parse(8.8)).toBe(880);
    expect(firstError(yuanAmountSchema.safeParse(''))).toBe(RuleMsg.redPacketAmountEmpty);
    expect(firstError(yuanAmountSchema.safeParse('1.001'))).toBe(RuleMsg.redPacketAmountInvalid);
    expect(yuanAmountSchema.safeParse(null).success).toBe(false);
  });
});

describe('red packet number: a whole number greater than 0', () => {
  it.each([1, '3', 100, ' 7 '])('%o is valid', (v) => {
    expect(checkRedPacketNumber(v)).toBeNull();
  });
  it.each([0, '0', -1, '-1', 1.5, '1.5', '3.0', '', null, undefined, 'abc', Number.NaN, '1e2', 2 ** 53])(
    '%o is rejected',
    (v) => {
      expect(checkRedPacketNumber(v)).toBe(RuleMsg.redPacketNumber);
    },
  );
  it('schema gives a number', () => {
    expect(redPacketNumberSchema.parse('5')).toBe(5);
    expect(firstError(redPacketNumberSchema.safeParse(0))).toBe(RuleMsg.redPacketNumber);
  });
  it('red packet schema', () => {
    expect(redPacketSchema.parse({ amount: '10', number: '3' })).toEqual({ amount: 1000, number: 3 });
    const r = redPacketSchema.safeParse({ amount: '', number: 0 });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['amount', RuleMsg.redPacketAmountEmpty],
      ['number', RuleMsg.redPacketNumber],
    ]);
  });
});

describe('group name cannot be empty', () => {
  it('accepts a name and trims it', () => {
    expect(checkGroupName('家人')).toBeNull();
    expect(groupNameSchema.parse('  家人 ')).toBe('家人');
  });
  it.each(['', '   ', null, undefined])('%o is rejected', (v) => {
    expect(checkGroupName(v)).toBe(RuleMsg.groupNameEmpty);
  });
  it('schema rejects blank and non-strings', () => {
    expect(firstError(groupNameSchema.safeParse(' '))).toBe(RuleMsg.groupNameEmpty);
    expect(firstError(groupNameSchema.safeParse(undefined))).toBe(RuleMsg.groupNameEmpty);
  });
});

describe('recipients: at least 1, at most max (9 for forward and push)', () => {
  it('counts or lists', () => {
    expect(checkRecipients(1)).toBeNull();
    expect(checkRecipients(9)).toBeNull();
    expect(checkRecipients([1, 2])).toBeNull();
  });
  it('none selected', () => {
    expect(checkRecipients(0)).toBe(RuleMsg.recipientsEmpty);
    expect(checkRecipients([])).toBe(RuleMsg.recipientsEmpty);
  });
  it('too many', () => {
    expect(checkRecipients(10)).toBe(RuleMsg.recipientsTooMany);
    expect(checkRecipients(Array.from({ length: 10 }, (_, i) => i))).toBe(RuleMsg.recipientsTooMany);
  });
  it('a custom max', () => {
    expect(checkRecipients(3, 2)).toBe(RuleMsg.recipientsTooMany);
    expect(checkRecipients(50, 100)).toBeNull();
  });
  it('schema', () => {
    expect(recipientsSchema().safeParse([1, 'group-2']).success).toBe(true);
    expect(firstError(recipientsSchema().safeParse([]))).toBe(RuleMsg.recipientsEmpty);
    expect(firstError(recipientsSchema().safeParse(Array.from({ length: 10 }, (_, i) => i)))).toBe(
      RuleMsg.recipientsTooMany,
    );
    expect(firstError(recipientsSchema(1).safeParse([1, 2]))).toBe(RuleMsg.recipientsTooMany);
  });
});

describe('media durations', () => {
  it('video at most 600 s', () => {
    expect(checkVideoDuration(0)).toBeNull();
    expect(checkVideoDuration(600)).toBeNull();
    expect(checkVideoDuration(600.5)).toBe(RuleMsg.videoTooLong);
    expect(checkVideoDuration(Number.NaN)).toBe(RuleMsg.videoTooLong);
  });
  it('recording at least 1 s', () => {
    expect(checkRecordingDuration(1)).toBeNull();
    expect(checkRecordingDuration(59)).toBeNull();
    expect(checkRecordingDuration(0.99)).toBe(RuleMsg.recordingTooShort);
    expect(checkRecordingDuration(0)).toBe(RuleMsg.recordingTooShort);
    expect(checkRecordingDuration(Number.NaN)).toBe(RuleMsg.recordingTooShort);
  });
});

describe('dynamic form: default required rule', () => {
  it('message is {field name}不能为空', () => {
    expect(requiredMessage('姓名')).toBe('姓名不能为空');
    expect(defaultFieldRules({ name: '电话' })).toEqual([{ required: true, message: '电话不能为空' }]);
  });
  it('isEmptyValue', () => {
    for (const v of [undefined, null, '', '  ', []]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, false, 'x', [1], {}]) expect(isEmptyValue(v)).toBe(false);
  });
  it('checkRequiredField', () => {
    expect(checkRequiredField({ name: '姓名', value: '' })).toBe('姓名不能为空');
    expect(checkRequiredField({ name: '姓名', value: '张三' })).toBeNull();
    expect(checkRequiredField({ name: '数量', value: 0 })).toBeNull();
  });
});
