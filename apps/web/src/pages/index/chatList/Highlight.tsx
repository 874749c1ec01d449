import { Fragment } from 'react';
import styles from './highlight.module.css';

/** Case-insensitive pieces of `text` split around `keyword` (Chinese works: plain substring match). */
export function splitByKeyword(text: string, keyword: string): { text: string; hit: boolean }[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [{ text, hit: false }];
  const lower = text.toLowerCase();
  const parts: { text: string; hit: boolean }[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + needle.length), hit: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return parts;
}

/** A long text cut so that the first match is visible near the start ("…the match…"). */
export function snippetAround(text: string, keyword: string, lead = 12): string {
  const at = text.toLowerCase().indexOf(keyword.trim().toLowerCase());
  if (at <= lead || !keyword.trim()) return text;
  return `…${text.slice(at - lead)}`;
}

/** The text with every match of `keyword` in the accent colour. Rendered as text, never as HTML. */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {splitByKeyword(text, keyword).map((part, i) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed string
          <mark key={i} className={styles.hit}>
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed string
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
