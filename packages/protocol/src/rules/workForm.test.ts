import { describe, expect, it } from 'vitest';
import { checkFormValues, type FormField, formDefinitionSchema, isFieldShown } from './workForm.ts';

const name: FormField = { name: '客户名称', field: 'name', form_type: 'text' };
const level: FormField = { name: 'Level', field: 'level', form_type: 'radio', setting: { options: ['A', 'B'] } };
const reason: FormField = { name: 'Why A', field: 'reason', form_type: 'textarea', relevant: { field: 'level', value: 'A' } };
const code: FormField = { name: 'Code', field: 'code', form_type: 'text', disabled: true, default_value: 'C-1' };
const shares: FormField = { name: 'Shares', field: 'shares', form_type: 'proportions' };
const split = (...p: number[]) => p.map((proportion, i) => ({ realname: `u${i}`, user_id: i + 1, proportion }));

describe('dynamic form rules', () => {
  it("the default required rule says '{field name}不能为空' for an empty field, and names the field", () => {
    expect(checkFormValues([name], {})).toEqual([{ field: 'name', name: '客户名称', rule: 'required' }]);
    expect(checkFormValues([name], { name: '  ' })).toHaveLength(1);
    expect(checkFormValues([name], { name: 'ACME' })).toEqual([]);
    expect(checkFormValues([{ ...name, required: false }], {})).toEqual([]);
  });

  it('relevant: a field is shown, and checked, only while the other field has the value', () => {
    expect(isFieldShown(reason, { level: 'B' })).toBe(false);
    expect(isFieldShown(reason, { level: 'A' })).toBe(true);
    expect(checkFormValues([level, reason], { level: 'B' })).toEqual([]);
    expect(checkFormValues([level, reason], { level: 'A' })).toEqual([{ field: 'reason', name: 'Why A', rule: 'required' }]);
  });

  it('disabled: a read-only field is never asked for', () => {
    expect(checkFormValues([code], {})).toEqual([]);
  });

  it('proportions: 99 is flagged, 100 and 101 pass', () => {
    expect(checkFormValues([shares], { shares: split(50, 49) })).toEqual([{ field: 'shares', name: 'Shares', rule: 'proportions', total: 99 }]);
    expect(checkFormValues([shares], { shares: split(60, 40) })).toEqual([]);
    expect(checkFormValues([shares], { shares: split(60, 41) })).toEqual([]);
  });

  it('proportions: each share is a number from 0 to 100, whatever the total', () => {
    expect(checkFormValues([shares], { shares: split(200, -100) })).toEqual([{ field: 'shares', name: 'Shares', rule: 'proportion' }]);
    expect(checkFormValues([shares], { shares: split(1e308, 0) })[0]?.rule).toBe('proportion');
  });

  it('type rules: number, money, date, options', () => {
    const f = (form_type: FormField['form_type'], setting?: FormField['setting']): FormField => ({ name: 'X', field: 'x', form_type, setting });
    expect(checkFormValues([f('number')], { x: 'abc' })[0]?.rule).toBe('number');
    expect(checkFormValues([f('money')], { x: '1.234' })[0]?.rule).toBe('money');
    expect(checkFormValues([f('money')], { x: '12.50' })).toEqual([]);
    expect(checkFormValues([f('date')], { x: '2026-13-45' })[0]?.rule).toBe('date');
    expect(checkFormValues([f('select', { options: ['a'] })], { x: 'b' })[0]?.rule).toBe('option');
    expect(checkFormValues([f('checkbox', { options: ['a', 'b'] })], { x: ['a', 'b'] })).toEqual([]);
  });

  it('a definition with an unknown form_type, a duplicate field or a choice without options is refused', () => {
    expect(formDefinitionSchema.safeParse([{ name: 'A', field: 'a', form_type: 'rainbow' }]).success).toBe(false);
    expect(formDefinitionSchema.safeParse([name, name]).success).toBe(false);
    expect(formDefinitionSchema.safeParse([{ name: 'L', field: 'l', form_type: 'select' }]).success).toBe(false);
    expect(formDefinitionSchema.safeParse([name, level, reason, code, shares]).success).toBe(true);
  });
});
