import { z } from 'zod';
import { yuanToFen } from '../format/money.ts';
import { checkProportions, proportionValue } from './proportion.ts';
import { isEmptyValue } from './validation.ts';

/**
 * The dynamic forms of the work area's business records (spec §3 "Dynamic form field", §5 rules).
 * A definition is a list of fields; the same checks run in the browser (to show each field's
 * message) and on the server (to refuse bad values).
 */

export const FORM_TYPES = ['text', 'textarea', 'number', 'money', 'date', 'select', 'radio', 'checkbox', 'user', 'proportions'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** The record types of the work area, each with its own form. */
export const CRM_TYPES = ['customer', 'business', 'project', 'receivable'] as const;
export type CrmType = (typeof CRM_TYPES)[number];

/** The business record field holding the deal's stage; 'won' makes it count in the goods ranking. */
export const BUSINESS_STAGES = ['following', 'won', 'lost'] as const;

export const formFieldSchema = z.object({
  name: z.string().trim().min(1).max(40),
  field: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'field must be a lower-case identifier' }),
  form_type: z.enum(FORM_TYPES, { error: `form_type must be one of: ${FORM_TYPES.join(', ')}` }),
  default_value: z.unknown().optional(),
  /** select, radio, checkbox: `{options: string[]}`; select may take `{source: 'goods'}` instead */
  setting: z
    .object({ options: z.array(z.string().min(1).max(60)).max(50).optional(), source: z.literal('goods').optional() })
    .optional(),
  /** shown only when another field has this value */
  relevant: z.object({ field: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) }).optional(),
  disabled: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  /** every field is required unless it says `required: false` */
  required: z.boolean().optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formDefinitionSchema = z
  .array(formFieldSchema)
  .min(1)
  .max(60)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    for (const f of fields) {
      if (seen.has(f.field)) ctx.addIssue({ code: 'custom', message: `field "${f.field}" appears twice` });
      seen.add(f.field);
      const choice = f.form_type === 'select' || f.form_type === 'radio' || f.form_type === 'checkbox';
      if (choice && !f.setting?.options?.length && f.setting?.source !== 'goods') {
        ctx.addIssue({ code: 'custom', message: `field "${f.field}" (${f.form_type}) needs setting.options` });
      }
    }
    for (const f of fields) {
      if (f.relevant && !seen.has(f.relevant.field)) {
        ctx.addIssue({ code: 'custom', message: `field "${f.field}" is relevant to an unknown field "${f.relevant.field}"` });
      }
    }
  });

export type FormValues = Record<string, unknown>;

export const isDisabled = (f: Pick<FormField, 'disabled'>): boolean => f.disabled === true || f.disabled === 1;

/** `relevant`: a field is shown only while the other field has the given value (or includes it). */
export function isFieldShown(f: Pick<FormField, 'relevant'>, values: FormValues): boolean {
  if (!f.relevant) return true;
  const other = values[f.relevant.field];
  if (Array.isArray(other)) return other.map(String).includes(String(f.relevant.value));
  return other !== undefined && other !== null && String(other) === String(f.relevant.value);
}

/** What is wrong with one field's value: the rule that failed (the caller words it per language). */
export type FieldProblem =
  | { field: string; name: string; rule: 'required' | 'number' | 'money' | 'date' | 'option' | 'user' | 'proportion' }
  | { field: string; name: string; rule: 'proportions'; total: number };

function problemOf(f: FormField, value: unknown, options: readonly string[]): FieldProblem | null {
  const base = { field: f.field, name: f.name };
  if (isEmptyValue(value)) return f.required === false ? null : { ...base, rule: 'required' };
  switch (f.form_type) {
    case 'number':
      return Number.isFinite(Number(value)) && String(value).trim() !== '' ? null : { ...base, rule: 'number' };
    case 'money':
      return yuanToFen(String(value).trim()) === null ? { ...base, rule: 'money' } : null;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? null : { ...base, rule: 'date' };
    case 'select':
    case 'radio':
      return options.includes(String(value)) ? null : { ...base, rule: 'option' };
    case 'checkbox':
      return Array.isArray(value) && value.every((v) => options.includes(String(v))) ? null : { ...base, rule: 'option' };
    case 'user':
      return Number.isSafeInteger(Number(value)) && Number(value) > 0 ? null : { ...base, rule: 'user' };
    case 'proportions': {
      if (!Array.isArray(value) || !value.every((e) => typeof e === 'object' && e !== null && Number(e.user_id) > 0)) {
        return { ...base, rule: 'user' };
      }
      if (!value.every((e) => proportionValue(e.proportion) !== null)) return { ...base, rule: 'proportion' };
      const { total, ok } = checkProportions(value);
      return ok ? null : { ...base, rule: 'proportions', total };
    }
    default:
      return typeof value === 'string' && value.length <= 2000 ? null : { ...base, rule: 'required' };
  }
}

/**
 * Every problem of a form's values: each shown, editable field gets the default required rule
 * ('{field name}不能为空', worded per language) and its type's rule. Hidden (not relevant) and
 * disabled fields are not checked: the server keeps their default instead of what was sent.
 * `optionsOf` gives a field's choices (for `source: 'goods'`, the goods' ids as strings).
 */
export function checkFormValues(
  fields: readonly FormField[],
  values: FormValues,
  optionsOf: (f: FormField) => readonly string[] = (f) => f.setting?.options ?? [],
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const f of fields) {
    if (isDisabled(f) || !isFieldShown(f, values)) continue;
    const p = problemOf(f, values[f.field], optionsOf(f));
    if (p) problems.push(p);
  }
  return problems;
}
