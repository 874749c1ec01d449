import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { type Scope, scopeOfMessage } from '../conversations/scope.ts';
import type { MessageRow } from './serialize.ts';
import { messagesStore } from './store.ts';

/** A message `me` can see, by msg_id or by my own client id; 404 otherwise (no probing). */
export async function visibleMessage(ctx: AppContext, me: number, ref: number | string): Promise<{ row: MessageRow; scope: Scope }> {
  const asNumber = typeof ref === 'number' ? ref : /^\d{1,15}$/.test(ref) ? Number(ref) : null;
  const row =
    asNumber !== null ? await messagesStore.byMsgId(ctx.db, asNumber) : await messagesStore.bySenderId(ctx.db, me, String(ref));
  const notFound = () => fail('messages.notFound');
  if (!row) throw notFound();
  const scope = await scopeOfMessage(ctx, me, row);
  if (!scope || Number(row.msg_id) <= scope.floor) throw notFound();
  if (await messagesStore.deletedBy(ctx.db, me, Number(row.msg_id))) throw notFound();
  return { row, scope };
}

/** Every message of `ids` (msg_ids) that `me` can see, in id order; 404 if any is not (as `visibleMessage`). */
export async function visibleMessages(ctx: AppContext, me: number, ids: number[]): Promise<MessageRow[]> {
  const rows = await messagesStore.byMsgIds(ctx.db, ids);
  const notFound = () => fail('messages.notFound');
  if (rows.length !== ids.length) throw notFound();
  const scopes = new Map<string, Promise<Scope | null>>();
  for (const row of rows) {
    if (!scopes.has(row.conv_key)) scopes.set(row.conv_key, scopeOfMessage(ctx, me, row));
    const scope = await scopes.get(row.conv_key);
    if (!scope || Number(row.msg_id) <= scope.floor) throw notFound();
  }
  if ((await messagesStore.deletedAmong(ctx.db, me, ids)).size > 0) throw notFound();
  return rows;
}

