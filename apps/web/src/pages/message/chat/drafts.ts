/** What I was typing in each chat, kept while the app runs (leaving a chat keeps its draft). */
export interface Mention {
  id: number;
  name: string;
}

export interface Draft {
  text: string;
  mentions: Mention[];
}

const drafts = new Map<string, Draft>();

export function readDraft(contactId: string): Draft {
  return drafts.get(contactId) ?? { text: '', mentions: [] };
}

export function writeDraft(contactId: string, draft: Draft): void {
  if (draft.text === '' && draft.mentions.length === 0) drafts.delete(contactId);
  else drafts.set(contactId, draft);
}

/** The mention ids still written as '@name' in the text (0 = everyone). */
export function mentionIdsIn(text: string, mentions: readonly Mention[]): number[] {
  const ids = new Set<number>();
  for (const m of mentions) if (text.includes(`@${m.name}`)) ids.add(m.id);
  return [...ids];
}
