import { type SqlBool, sql } from 'kysely';

/** The keyword as `lower(column) like` looks for it (conv_grams' grams of a keyword are of this text too). */
export function likeText(keywords: string): string {
  return keywords.toLowerCase();
}

/** Escapes `%`, `_` and `\` for a LIKE pattern used with `escape '\'`. */
export function likePattern(keywords: string): string {
  return `%${likeText(keywords).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like pattern escape '\'` (case-insensitive on both dialects). */
export function likeLower(column: string, keywords: string) {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(keywords)} escape '\\'`;
}
