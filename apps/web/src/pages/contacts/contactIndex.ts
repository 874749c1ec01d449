import { type IndexSection, indexLetterOf, sortByIndex } from '@parley/protocol';

/** The pure side of the contacts index and the people picker. */

export interface NamedPerson {
  displayName?: string;
  remark?: string;
  nickname?: string;
  account?: string;
}

/** The name shown for a person: my remark name, else the display name, nickname or account. */
export function shownName(person: NamedPerson): string {
  return person.remark || person.displayName || person.nickname || person.account || '';
}

/** Sections A..Z then '#' by the first letter of the shown name (pinyin initial for Chinese names). */
export function indexSections<T extends NamedPerson>(people: readonly T[]): IndexSection<T>[] {
  return sortByIndex(people, shownName);
}

/** The letter a person is listed under. */
export function indexLetterOfPerson(person: NamedPerson): string {
  return indexLetterOf(shownName(person));
}

/** Case-insensitive match of a keyword against any of the person's names (or the extra fields given). */
export function matchesKeyword(keyword: string, ...fields: (string | number | null | undefined)[]): boolean {
  const needle = keyword.trim().toLocaleLowerCase();
  if (!needle) return true;
  return fields.some((field) => field !== null && field !== undefined && String(field).toLocaleLowerCase().includes(needle));
}

export type PickId = number | string;

export interface ToggleResult {
  selected: PickId[];
  /** true when adding was refused because `max` is reached */
  refused: boolean;
}

/** Ticks or unticks one id, refusing to tick beyond `max` (no limit when undefined). Ids compare as strings. */
export function togglePick(selected: readonly PickId[], id: PickId, max?: number): ToggleResult {
  const key = String(id);
  if (selected.some((s) => String(s) === key)) return { selected: selected.filter((s) => String(s) !== key), refused: false };
  if (max !== undefined && selected.length >= max) return { selected: [...selected], refused: true };
  return { selected: [...selected, id], refused: false };
}

export function hasPick(selected: readonly PickId[], id: PickId): boolean {
  const key = String(id);
  return selected.some((s) => String(s) === key);
}
