import { checkFormValues, type FieldProblem, type FormField, type FormValues } from '@parley/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { create } from 'zustand';
import { api } from '../../api/client.ts';
import { showToast } from '../../components/feedback.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { displayNameOf, useSession } from '../../stores/session.ts';
import { DynamicForm } from './DynamicForm.tsx';
import { crmTypeOf } from './list.tsx';
import { recordPath } from './paths.ts';
import { formText } from './formText.ts';

/** The form being filled, kept while the colleague picker is open (it is another page). */
const useDraft = create<{ key: string; values: FormValues }>(() => ({ key: '', values: {} }));

/** One record: a new one, mine to change, or one shared with me (read-only). */
export default function RecordPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.userInfo);
  const me = user?.user_id;
  const type = crmTypeOf(query.type);
  const id = Number(query.id) || undefined;
  const key = `${type}:${id ?? 'new'}`;
  const form = useQuery({ queryKey: ['crmForm', type], queryFn: () => api.call('crmForm', { type }) });
  const record = useQuery({ queryKey: ['crmRecord', id], queryFn: () => api.call('crmDetail', { id: id as number }), enabled: id !== undefined });
  const draft = useDraft();
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (useDraft.getState().key === key) return;
    if (!form.data || (id !== undefined && !record.data)) return;
    const shares = form.data?.fields.find((f) => f.form_type === 'proportions');
    // a new record starts with me holding the whole share
    const mine = shares && user ? { [shares.field]: [{ user_id: Number(user.user_id), realname: displayNameOf(user), proportion: 100 }] } : {};
    useDraft.setState({ key, values: record.data?.values ?? mine });
  }, [key, id, record.data, form.data, user]);

  if (!form.data || (id !== undefined && !record.data)) {
    return <PageFrame title={t(titleKey)}>{record.isError ? null : <PageLoading />}</PageFrame>;
  }
  const fields = form.data.fields;
  const goods = form.data.goods.map((g) => ({ value: String(g.id), label: g.name }));
  const choices = (f: FormField) => (f.setting?.source === 'goods' ? goods : (f.setting?.options ?? []).map((o) => ({ value: o, label: formText(o) })));
  const readOnly = record.data !== undefined && record.data.creator.user_id !== me;
  const values = draft.key === key ? draft.values : {};
  const withDefaults = Object.fromEntries(fields.map((f) => [f.field, values[f.field] ?? f.default_value]));

  const save = async () => {
    const found = checkFormValues(fields, withDefaults, (f) => choices(f).map((c) => c.value));
    setProblems(found);
    if (found.length > 0) return;
    setSaving(true);
    try {
      const saved = await api.call('crmSave', { type, id, values: withDefaults });
      showToast(t('work.saved'), 'success');
      useDraft.setState({ key: '', values: {} });
      await queryClient.invalidateQueries({ queryKey: ['crmList', type] });
      queryClient.setQueryData(['crmRecord', saved.id], saved);
      navigate(recordPath(type, saved.id), { replace: true });
    } catch {
      /* the client showed the server's reason */
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageFrame
      title={record.data?.title ?? t(`work.types.${type}`)}
      testId="work-record-page"
      footer={
        readOnly ? null : (
          <div style={{ padding: 12 }}>
            <Button block color="primary" loading={saving} onClick={() => void save()} data-testid="work-save">
              {t('work.save')}
            </Button>
          </div>
        )
      }
    >
      {record.data ? (
        <div style={{ padding: '8px 16px', color: 'var(--text-secondary)', fontSize: 13 }} data-testid="work-record-creator">
          {t('work.creator', { name: record.data.creator.realname })}
        </div>
      ) : null}
      <DynamicForm
        fields={fields}
        values={withDefaults}
        choices={choices}
        problems={problems}
        readOnly={readOnly}
        onChange={(field, value) => {
          useDraft.setState((s) => ({ key, values: { ...(s.key === key ? s.values : {}), [field]: value } }));
          setProblems((ps) => ps.filter((p) => p.field !== field));
        }}
      />
    </PageFrame>
  );
}
