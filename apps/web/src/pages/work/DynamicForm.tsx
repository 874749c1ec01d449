import {
  checkProportions,
  type FieldProblem,
  type FormField,
  type FormValues,
  isDisabled,
  isFieldShown,
  type ProportionEntry,
} from '@parley/protocol';
import { Button, Input, List, Radio, Selector, TextArea } from 'antd-mobile';
import { t as translate, useTranslation } from '../../i18n/index.ts';
import { pickUsers } from '../../stores/userPicker.ts';
import { formText } from './formText.ts';

export interface DynamicFormProps {
  fields: readonly FormField[];
  values: FormValues;
  onChange(field: string, value: unknown): void;
  /** the choices of a field (for goods: id → name) */
  choices(f: FormField): { value: string; label: string }[];
  problems: readonly FieldProblem[];
  readOnly?: boolean;
}

/** A field's problem in the reader's language ('{field name}不能为空' in Chinese). */
export function problemText(p: FieldProblem): string {
  return translate(`work.rules.${p.rule}`, { name: formText(p.name), total: 'total' in p ? p.total : '' });
}

function ProportionsInput({ value, onChange, readOnly }: { value: unknown; onChange(v: ProportionEntry[]): void; readOnly: boolean }) {
  const { t } = useTranslation();
  const entries = (Array.isArray(value) ? value : []) as ProportionEntry[];
  const { total, ok } = checkProportions(entries);
  const add = async () => {
    const picked = await pickUsers({ exclude: entries.map((e) => e.user_id), titleKey: 'work.addColleague' });
    if (!picked) return;
    onChange([...entries, ...picked.filter((p) => !p.is_group).map((p) => ({ user_id: Number(p.id), realname: p.displayName, proportion: 0 }))]);
  };
  return (
    <div data-testid="proportions">
      {entries.map((e, i) => (
        <div key={e.user_id} style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 6 }} data-testid={`proportion-${e.user_id}`}>
          <span style={{ flex: 1 }}>{e.realname}</span>
          <span style={{ width: 70 }} data-testid={`proportion-input-${e.user_id}`}>
            <Input
              type="number"
              value={String(e.proportion)}
              readOnly={readOnly}
              onChange={(v) => onChange(entries.map((x, j) => (j === i ? { ...x, proportion: v } : x)))}
            />
          </span>
          <span>%</span>
          {readOnly ? null : (
            <Button size="mini" fill="none" onClick={() => onChange(entries.filter((_, j) => j !== i))}>
              {t('work.remove')}
            </Button>
          )}
        </div>
      ))}
      <div style={{ color: ok ? 'var(--text-secondary)' : 'var(--parley-red)', fontSize: 13 }} data-testid="proportions-total" data-flagged={ok ? '0' : '1'}>
        {ok ? t('work.total', { total }) : t('work.totalLow', { total })}
      </div>
      {readOnly ? null : (
        <Button size="small" onClick={() => void add()} style={{ marginTop: 6 }} data-testid="proportions-add">
          {t('work.addColleague')}
        </Button>
      )}
    </div>
  );
}

function FieldInput({ f, value, onChange, choices, readOnly }: { f: FormField; value: unknown; onChange(v: unknown): void; choices: { value: string; label: string }[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const text = value === undefined || value === null ? '' : String(value);
  switch (f.form_type) {
    case 'textarea':
      return <TextArea value={text} onChange={onChange} readOnly={readOnly} autoSize={{ minRows: 2, maxRows: 6 }} />;
    case 'number':
      return <Input type="number" value={text} onChange={onChange} readOnly={readOnly} />;
    case 'money':
      return <Input inputMode="decimal" value={text} onChange={onChange} readOnly={readOnly} placeholder="0.00" />;
    case 'date':
      return <input type="date" value={text} onChange={(e) => onChange(e.target.value)} readOnly={readOnly} style={{ border: 0, fontSize: 16, background: 'none' }} />;
    case 'radio':
      return (
        <Radio.Group value={text} onChange={(v) => !readOnly && onChange(String(v))}>
          {choices.map((c) => (
            <Radio key={c.value} value={c.value} style={{ marginRight: 12 }} data-testid={`option-${f.field}-${c.value}`}>
              {c.label}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'select':
    case 'checkbox': {
      const many = f.form_type === 'checkbox';
      const selected = many ? ((Array.isArray(value) ? value : []) as string[]) : text ? [text] : [];
      return (
        <Selector
          options={choices}
          value={selected}
          multiple={many}
          disabled={readOnly}
          onChange={(v) => onChange(many ? v : (v[0] ?? ''))}
        />
      );
    }
    case 'user': {
      const pick = async () => {
        const picked = await pickUsers({ max: 1 });
        if (picked?.[0]) onChange(Number(picked[0].id));
      };
      return readOnly ? (
        <span>{text}</span>
      ) : (
        <Button size="small" onClick={() => void pick()}>
          {text || t('work.choose')}
        </Button>
      );
    }
    case 'proportions':
      return <ProportionsInput value={value} onChange={onChange} readOnly={readOnly} />;
    default:
      // a locked field shows its default (a note such as "assigned later") in the reader's words
      return <Input value={readOnly && value === f.default_value ? formText(text) : text} onChange={onChange} readOnly={readOnly} />;
  }
}

/** A form drawn from its definition: `relevant` hides fields, `disabled` makes them read-only, problems show under each field. */
export function DynamicForm({ fields, values, onChange, choices, problems, readOnly = false }: DynamicFormProps) {
  return (
    <List mode="card" data-testid="dynamic-form">
      {fields
        .filter((f) => isFieldShown(f, values))
        .map((f) => {
          const problem = problems.find((p) => p.field === f.field);
          const locked = readOnly || isDisabled(f);
          return (
            <List.Item
              key={f.field}
              title={formText(f.name)}
              description={
                problem ? (
                  <span style={{ color: 'var(--parley-red)' }} data-testid={`field-error-${f.field}`}>
                    {problemText(problem)}
                  </span>
                ) : undefined
              }
              data-testid={`field-${f.field}`}
              data-disabled={locked ? '1' : '0'}
            >
              <FieldInput f={f} value={values[f.field] ?? f.default_value} onChange={(v) => onChange(f.field, v)} choices={choices(f)} readOnly={locked} />
            </List.Item>
          );
        })}
    </List>
  );
}
