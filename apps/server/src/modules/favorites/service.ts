import { randomUUID } from 'node:crypto';
import { type ChatMessage, type Favorite, type FavoriteCategory, FAVORITES_MAX, favoriteKindOf, parseGroupContactId } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import type { MessageService } from '../messages/service.ts';
import { fileUrlFor } from '../uploads/files.ts';
import { type FavoriteRow, favoritesStore } from './store.ts';
import type { OwnSocket } from '../../realtime/ownSocket.ts';

type FavoritesCtx = Pick<AppContext, 'db' | 'secret' | 'fileReaders'>;

/** Favorites: copies of messages I keep, listed by category, sent again as my own messages. */
export function favoritesService(ctx: FavoritesCtx, messages: Pick<MessageService, 'visibleMessage' | 'send' | 'serialize'>, now: () => number = Date.now) {
  const store = favoritesStore(ctx.db);

  // a kept file stays readable for its keeper after the chat is cleared or left
  ctx.fileReaders.add((userId, fileId) => store.keepsFile(userId, fileId));

  function view(me: number, row: FavoriteRow): Favorite {
    const message = JSON.parse(row.message) as ChatMessage;
    if (message.file) message.file = { ...message.file, url: fileUrlFor(ctx, message.file.id, me) };
    return { id: Number(row.id), kind: row.kind as Favorite['kind'], message, created_at: Number(row.created_at) };
  }

  return {
    async list(me: number, q: { category: FavoriteCategory; keyword: string; before_id?: number; limit: number }) {
      const rows = await store.list(me, {
        kind: q.category === 'all' ? undefined : q.category,
        keyword: q.keyword,
        beforeId: q.before_id,
        limit: q.limit + 1,
      });
      return { items: rows.slice(0, q.limit).map((r) => view(me, r)), hasMore: rows.length > q.limit };
    },

    async add(me: number, msgId: number): Promise<Favorite> {
      const { row } = await messages.visibleMessage(me, msgId);
      const kept = await store.byMessage(me, Number(row.msg_id));
      if (kept) return view(me, kept);
      const message = messages.serialize(row, me);
      const kind = favoriteKindOf(message);
      if (!kind) throw fail('favorites.notKeepable');
      if ((await store.count(me)) >= FAVORITES_MAX) throw fail('favorites.full');
      const stored: ChatMessage = message.file ? { ...message, file: { ...message.file, url: '' } } : message;
      const search = [message.content, message.file?.name ?? '', message.fromUser.displayName].join(' ').toLowerCase();
      const id = await store.insert({
        user_id: me,
        kind,
        msg_id: Number(row.msg_id),
        message: JSON.stringify(stored),
        file_id: message.file?.id ?? null,
        search_text: search,
        created_at: now(),
      });
      return view(me, (await store.byId(me, id)) as FavoriteRow);
    },

    async remove(me: number, ids: number[]): Promise<{ deleted: number }> {
      const deleted = await store.remove(me, [...new Set(ids)]);
      if (deleted === 0) throw fail('favorites.notFound');
      return { deleted };
    },

    /** Sent as a new message of mine to each chat, through the sending rules (friends, mutes, file access). */
    async send(me: number, id: number, targets: (number | string)[], exceptClientId?: OwnSocket): Promise<ChatMessage[]> {
      const row = await store.byId(me, id);
      if (!row) throw fail('favorites.notFound');
      const kept = JSON.parse(row.message) as ChatMessage;
      if (row.kind === 'history') throw fail('favorites.notSendable');
      const sent: ChatMessage[] = [];
      for (const target of [...new Set(targets.map(String))]) {
        sent.push(
          await messages.send(
            me,
            {
              id: randomUUID(),
              toContactId: target,
              is_group: parseGroupContactId(target) === null ? 0 : 1,
              type: kept.type,
              content: kept.type === 'text' ? kept.content : kept.extends,
              at: [],
              extends: kept.extends,
              ...(kept.file ? { file_id: kept.file.id } : {}),
            },
            exceptClientId,
          ),
        );
      }
      return sent;
    },
  };
}

export type FavoritesService = ReturnType<typeof favoritesService>;
