import type { Db } from '../../db/index.ts';

/** SQL of the translate module: cached engine results. */
export function translateStore(db: Db) {
  return {
    async translation(msgId: number, lang: string): Promise<string | null> {
      const row = await db
        .selectFrom('message_translations')
        .select('text')
        .where('msg_id', '=', msgId)
        .where('lang', '=', lang)
        .executeTakeFirst();
      return row?.text ?? null;
    },

    async saveTranslation(msgId: number, lang: string, text: string): Promise<void> {
      await db
        .insertInto('message_translations')
        .values({ msg_id: msgId, lang, text, created_at: Date.now() })
        .onConflict((oc) => oc.columns(['msg_id', 'lang']).doNothing())
        .execute();
    },

    async transcript(msgId: number): Promise<string | null> {
      const row = await db.selectFrom('voice_transcripts').select('text').where('msg_id', '=', msgId).executeTakeFirst();
      return row?.text ?? null;
    },

    async saveTranscript(msgId: number, text: string): Promise<void> {
      await db
        .insertInto('voice_transcripts')
        .values({ msg_id: msgId, text, created_at: Date.now() })
        .onConflict((oc) => oc.column('msg_id').doNothing())
        .execute();
    },
  };
}
