import { describe, expect, it } from 'vitest';
import { describeEvent } from './eventText.ts';
import i18n from './index.ts';

const zh = i18n.getFixedT('zh');
const en = i18n.getFixedT('en');
const ko = i18n.getFixedT('ko');
const ja = i18n.getFixedT('ja');

const ALICE = 1;
const group = (facts: Record<string, unknown>, content = 'English content') => ({
  type: 'event',
  content,
  extends: { event: 'group', by: ALICE, by_name: 'Alice', ...facts },
});

const cases: [string, Record<string, unknown>, string, string][] = [
  ['create', { action: 'create', user_ids: [2, 3], names: ['Bob', 'Carol'] }, 'Alice created the group with Bob and Carol', 'Alice创建了群聊，并邀请了Bob和Carol'],
  ['create alone', { action: 'create', user_ids: [], names: [] }, 'Alice created the group', 'Alice创建了群聊'],
  [
    'invite',
    { action: 'invite', user_ids: [2, 3, 4], names: ['Bob', 'Carol', 'Dan'] },
    'Alice invited Bob, Carol and Dan to the group',
    'Alice邀请Bob、Carol和Dan加入了群聊',
  ],
  ['join', { action: 'join', via: 'qrcode' }, 'Alice joined the group by scanning its QR code', 'Alice通过扫描二维码加入了群聊'],
  ['leave', { action: 'leave' }, 'Alice left the group', 'Alice退出了群聊'],
  ['remove', { action: 'remove', user_ids: [3], names: ['Carol'] }, 'Alice removed Carol from the group', 'Alice将Carol移出了群聊'],
  ['rename', { action: 'rename', name: 'Climbers' }, 'Alice renamed the group to "Climbers"', 'Alice修改群名为“Climbers”'],
  ['notice', { action: 'notice', cleared: 0 }, 'Alice changed the group notice', 'Alice修改了群公告'],
  ['notice (no flag)', { action: 'notice' }, 'Alice changed the group notice', 'Alice修改了群公告'],
  ['notice cleared', { action: 'notice', cleared: 1 }, 'Alice removed the group notice', 'Alice清除了群公告'],
  ['nospeak 0', { action: 'nospeak', nospeak: 0 }, 'Alice turned off mute all', 'Alice关闭了全员禁言'],
  [
    'nospeak 1',
    { action: 'nospeak', nospeak: 1 },
    'Alice turned on mute all: only the owner and admins can speak',
    'Alice开启了全员禁言：仅群主和管理员可以发言',
  ],
  ['nospeak 2', { action: 'nospeak', nospeak: 2 }, 'Alice turned on mute all: only the owner can speak', 'Alice开启了全员禁言：仅群主可以发言'],
  ['owner', { action: 'owner', user_ids: [2], names: ['Bob'] }, 'Alice transferred group ownership to Bob', 'Alice已将群主转让给Bob'],
  ['admin 2', { action: 'admin', user_ids: [2], names: ['Bob'], role: 2 }, 'Alice made Bob an admin', 'Alice将Bob设为管理员'],
  ['admin 3', { action: 'admin', user_ids: [2], names: ['Bob'], role: 3 }, 'Alice removed Bob as admin', 'Alice取消了Bob的管理员身份'],
];

describe('describeEvent', () => {
  for (const [name, facts, english, chinese] of cases) {
    it(`words ${name} in en and zh`, () => {
      expect(describeEvent(group(facts), en)).toBe(english);
      expect(describeEvent(group(facts), zh)).toBe(chinese);
      // someone else reading: the same sentence
      expect(describeEvent(group(facts), zh, 2)).toBe(chinese);
    });
  }

  it('words every known action in ko and ja too, never falling back to the English content', () => {
    for (const [, facts] of cases) {
      for (const t of [ko, ja]) {
        const text = describeEvent(group(facts), t);
        expect(text).not.toBe('English content');
        expect(text).toContain('Alice');
        expect(text).not.toMatch(/events\./);
      }
    }
    expect(describeEvent(group({ action: 'leave' }), ko)).toBe('Alice 님이 그룹을 나갔습니다');
    expect(describeEvent(group({ action: 'leave' }), ja)).toBe('Aliceさんがグループを退出しました');
  });

  it('says "you" when the reader did it', () => {
    const invite = group({ action: 'invite', user_ids: [2], names: ['Bob'] });
    expect(describeEvent(invite, zh, ALICE)).toBe('你邀请Bob加入了群聊');
    expect(describeEvent(invite, en, String(ALICE))).toBe('You invited Bob to the group');
    expect(describeEvent(group({ action: 'leave' }), en, ALICE)).toBe('You left the group');
    expect(describeEvent(group({ action: 'admin', user_ids: [2], names: ['Bob'], role: 2 }), zh, ALICE)).toBe('你将Bob设为管理员');
  });

  it('words the friendship event', () => {
    const m = { type: 'event', content: 'You are now friends', extends: { event: 'friendAdded' } };
    expect(describeEvent(m, en)).toBe('You are now friends');
    expect(describeEvent(m, zh)).toBe('你们已经是好友了，开始聊天吧');
  });

  it("words an expired red packet's refund notice in the reader's language", () => {
    const m = { type: 'system', content: 'Your red packet … ¥6.50 went back', extends: { event: 'redPacketRefund', amount: '6.50', msg_id: 9 } };
    expect(describeEvent(m, zh)).toBe('你的红包24小时内未被领完，剩余的¥6.50已退回钱包。');
    expect(describeEvent(m, en)).toContain('¥6.50 went back to your wallet');
  });

  it('falls back to content for unknown or incomplete events and for system notices', () => {
    expect(describeEvent({ type: 'event', content: 'Something new', extends: { event: 'party' } }, zh)).toBe('Something new');
    expect(describeEvent({ type: 'event', content: 'No facts', extends: {} }, zh)).toBe('No facts');
    expect(describeEvent({ type: 'event', content: 'No extends' }, zh)).toBe('No extends');
    expect(describeEvent(group({ action: 'explode' }, 'Alice did a thing'), zh)).toBe('Alice did a thing');
    expect(describeEvent(group({ action: 'admin', user_ids: [2], names: ['Bob'], role: 9 }, 'odd role'), zh)).toBe('odd role');
    expect(describeEvent(group({ action: 'nospeak', nospeak: 7 }, 'odd nospeak'), zh)).toBe('odd nospeak');
    // an older event stored before the names were added
    expect(describeEvent(group({ action: 'invite', user_ids: [2] }, 'Alice invited Bob to the group'), zh)).toBe('Alice invited Bob to the group');
    const old = { type: 'event', content: 'Alice left the group', extends: { event: 'group', by: ALICE, action: 'leave' } };
    expect(describeEvent(old, zh)).toBe('Alice left the group');
    expect(describeEvent(old, zh, ALICE)).toBe('你退出了群聊');
    expect(describeEvent({ type: 'system', content: 'Maintenance tonight', extends: {} }, zh)).toBe('Maintenance tonight');
    expect(describeEvent({ type: 'text', content: 'hi', extends: { event: 'friendAdded' } }, zh)).toBe('hi');
  });
});
