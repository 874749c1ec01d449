/**
 * Contacts index letter (spec §3 `index`): A-Z, or '#' for everything else.
 * Chinese characters get their pinyin initial from the zh-Hans-CN collation order, compared against the
 * first character of each initial in pinyin order (no pinyin library).
 */

export const INDEX_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ#'.split('');
export const OTHER_INDEX = '#';

/**
 * Boundary characters, the first of each initial in pinyin collation (A B C D E F G H J K L M N O P Q R S T W X Y Z;
 * no pinyin syllable starts with I, U or V). The classic table has 痳 for M, which modern ICU sorts as "lín",
 * so 妈 is used instead; 吖 (ā) sorts before 阿.
 */
const BOUNDARIES = '吖八嚓哒妸发旮哈讥咔垃妈拏噢妑七呥扨它穵夕丫帀';
const BOUNDARY_LETTERS = 'ABCDEFGHJKLMNOPQRSTWXYZ';
/** The last character with a pinyin reading; characters collated after it have none. */
const LAST_WITH_PINYIN = '咗';

let collator: Intl.Collator | null | undefined;

/** A pinyin-ordered collator, or null when the runtime has no zh collation data. */
function pinyinCollator(): Intl.Collator | null {
  if (collator !== undefined) return collator;
  collator = null;
  try {
    const c = new Intl.Collator('zh-Hans-CN');
    // Without zh data the root collation orders by code point: 张 (U+5F20) < 李 (U+674E), 阿 (U+963F) > 八 (U+516B).
    if (c.compare('张', '李') > 0 && c.compare('阿', '八') < 0 && c.compare('八', '嚓') < 0) collator = c;
  } catch {
    collator = null;
  }
  return collator;
}

/** Pinyin initial of one Han character, or '#' when unknown. */
function hanInitial(ch: string): string {
  const c = pinyinCollator();
  if (!c) return OTHER_INDEX;
  if (c.compare(ch, BOUNDARIES[0]) < 0 || c.compare(ch, LAST_WITH_PINYIN) > 0) return OTHER_INDEX;
  let letter = OTHER_INDEX;
  for (let i = 0; i < BOUNDARIES.length; i++) {
    if (c.compare(ch, BOUNDARIES[i]) < 0) break;
    letter = BOUNDARY_LETTERS[i];
  }
  return letter;
}

/** Index letter of a displayed name: the uppercased Latin letter (accents dropped), a pinyin initial, or '#'. */
export function indexLetterOf(name: string | null | undefined): string {
  const text = (name ?? '').trim();
  if (text === '') return OTHER_INDEX;
  // a plain Latin letter, most names: no array of characters, no normalizing (a chat list asks for 1,000 names)
  const code = text.charCodeAt(0);
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return String.fromCharCode(code & ~32);
  const first = String.fromCodePoint(text.codePointAt(0) as number);
  const latin = first.normalize('NFD')[0];
  if (/^[A-Za-z]$/.test(latin)) return latin.toUpperCase();
  if (/^\p{Script=Han}$/u.test(first)) return hanInitial(first);
  return OTHER_INDEX;
}

export interface IndexSection<T> {
  letter: string;
  items: T[];
}

/**
 * Groups a list into sections A..Z then '#', leaving out empty sections. Items in a section are ordered by name
 * (pinyin order when available), ties keep their input order.
 */
export function sortByIndex<T>(list: readonly T[], nameOf: (item: T) => string): IndexSection<T>[] {
  const compare = pinyinCollator()?.compare ?? ((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0));
  const buckets = new Map<string, { name: string; item: T }[]>();
  for (const item of list) {
    const name = nameOf(item) ?? '';
    const letter = indexLetterOf(name);
    const bucket = buckets.get(letter) ?? [];
    bucket.push({ name, item });
    buckets.set(letter, bucket);
  }
  const sections: IndexSection<T>[] = [];
  for (const letter of INDEX_LETTERS) {
    const bucket = buckets.get(letter);
    if (!bucket) continue;
    bucket.sort((a, b) => compare(a.name, b.name));
    sections.push({ letter, items: bucket.map((b) => b.item) });
  }
  return sections;
}
