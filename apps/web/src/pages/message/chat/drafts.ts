import type { Mention } from '../../../stores/composer.ts';

export type { Mention };

/** The mention ids still written as '@name' in the text (0 = everyone). */
export function mentionIdsIn(text: string, mentions: readonly Mention[]): number[] {
  const ids = new Set<number>();
  for (const m of mentions) if (text.includes(`@${m.name}`)) ids.add(m.id);
  return [...ids];
}
