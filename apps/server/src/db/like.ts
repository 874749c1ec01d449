import { type SqlBool, sql } from 'kysely';

/** Escapes `%`, `_` and `\` for a LIKE pattern used with `escape '\'`. */
export function likePattern(keywords: string): string {
  return `%${keywords.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like pattern escape '\'` (case-insensitive on both dialects). */
export function likeLower(column: string, keywords: string) {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(keywords)} escape '\\'`;
}
