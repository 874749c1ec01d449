import type { CrmType, FormField } from '@parley/protocol';

const shares: FormField = { name: 'Shares', field: 'shares', form_type: 'proportions' };

/** The forms the project ships; `npm run admin -- crm form set <type> <file.json>` replaces one. */
export const DEFAULT_FORMS: Record<CrmType, FormField[]> = {
  customer: [
    { name: 'Customer name', field: 'name', form_type: 'text' },
    { name: 'Phone', field: 'phone', form_type: 'text', required: false },
    { name: 'Level', field: 'level', form_type: 'radio', setting: { options: ['A', 'B', 'C'] } },
    { name: 'Why level A', field: 'level_note', form_type: 'textarea', relevant: { field: 'level', value: 'A' } },
    { name: 'Source', field: 'source', form_type: 'select', setting: { options: ['Referral', 'Website', 'Exhibition', 'Other'] } },
    { name: 'Customer code', field: 'code', form_type: 'text', disabled: true, default_value: 'assigned later' },
    { name: 'Owner', field: 'owner', form_type: 'user', required: false },
    shares,
  ],
  business: [
    { name: 'Deal', field: 'title', form_type: 'text' },
    { name: 'Customer', field: 'customer', form_type: 'text' },
    { name: 'Item', field: 'good_id', form_type: 'select', setting: { source: 'goods' } },
    { name: 'Amount', field: 'amount', form_type: 'money' },
    { name: 'Stage', field: 'stage', form_type: 'radio', setting: { options: ['following', 'won', 'lost'] }, default_value: 'following' },
    { name: 'Signed on', field: 'signed_on', form_type: 'date', relevant: { field: 'stage', value: 'won' } },
    shares,
  ],
  project: [
    { name: 'Project name', field: 'name', form_type: 'text' },
    { name: 'Start', field: 'start', form_type: 'date' },
    { name: 'Budget', field: 'budget', form_type: 'money' },
    { name: 'Status', field: 'status', form_type: 'select', setting: { options: ['planned', 'running', 'done'] } },
    { name: 'Tags', field: 'tags', form_type: 'checkbox', setting: { options: ['internal', 'customer', 'urgent'] }, required: false },
    { name: 'Notes', field: 'notes', form_type: 'textarea', required: false },
    shares,
  ],
  receivable: [
    { name: 'Title', field: 'title', form_type: 'text' },
    { name: 'Amount', field: 'amount', form_type: 'money' },
    { name: 'Due', field: 'due', form_type: 'date' },
    { name: 'Instalments', field: 'instalments', form_type: 'number' },
    { name: 'Paid', field: 'paid', form_type: 'radio', setting: { options: ['no', 'yes'] }, default_value: 'no' },
    shares,
  ],
};
