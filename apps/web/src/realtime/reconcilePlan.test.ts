import { describe, expect, it } from 'vitest';
import { normalizeContact } from '../stores/conversationList.ts';
import { planReconcile } from './reconcilePlan.ts';

const contact = (id: string | number, last_msg_id: number, lastSendTime = 1000, is_group = 0) =>
  normalizeContact({ id, last_msg_id, lastSendTime, is_group: is_group as 0 | 1, lastContent: 'x' });

describe('planReconcile', () => {
  it('fetches only conversations whose newest server message is not cached, from the newest cached msg_id', () => {
    const plan = planReconcile({
      cached: [
        { contactId: '2', syncedMsgId: 10 },
        { contactId: '3', syncedMsgId: 20 },
        { contactId: 'group-4', syncedMsgId: 5 },
      ],
      contacts: [contact(2, 15, 3000), contact(3, 20, 2000), contact('group-4', 9, 4000, 1)],
      contactsFresh: true,
      activeId: null,
    });
    expect(plan).toEqual([
      { contactId: 'group-4', isGroup: true, afterMsgId: 5 },
      { contactId: '2', isGroup: false, afterMsgId: 10 },
    ]);
  });

  it('always checks the open chat first, and skips chats no longer in the list', () => {
    const plan = planReconcile({
      cached: [
        { contactId: '2', syncedMsgId: 1 },
        { contactId: '3', syncedMsgId: 7 },
        { contactId: 'group-9', syncedMsgId: 3 },
      ],
      contacts: [contact(2, 5, 9000), contact(3, 7)],
      contactsFresh: true,
      activeId: '3',
    });
    expect(plan.map((p) => p.contactId)).toEqual(['3', '2']);
  });

  it('fetches the open chat from the start when nothing of it is cached yet (its first page may predate the bind)', () => {
    const plan = planReconcile({
      cached: [{ contactId: '2', syncedMsgId: 5 }],
      contacts: [contact(2, 5), contact('group-8', 0, 1000, 1)],
      contactsFresh: true,
      activeId: 'group-8',
    });
    expect(plan).toEqual([{ contactId: 'group-8', isGroup: true, afterMsgId: 0 }]);
  });

  it('checks every cached conversation when the list could not be reloaded', () => {
    const plan = planReconcile({
      cached: [
        { contactId: '2', syncedMsgId: 4 },
        { contactId: 'group-9', syncedMsgId: 3 },
      ],
      contacts: [],
      contactsFresh: false,
      activeId: null,
    });
    expect(plan).toEqual(
      expect.arrayContaining([
        { contactId: '2', isGroup: false, afterMsgId: 4 },
        { contactId: 'group-9', isGroup: true, afterMsgId: 3 },
      ]),
    );
  });
});
