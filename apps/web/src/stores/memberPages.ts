import type { GroupMemberView } from '@parley/protocol';
import type { GroupMemberPage } from '../api/groups.ts';

/** The pure side of the paged member lists (useGroupMembers): where the next page starts, the rows, patches. */

/** The offset of the next page, or undefined once every matching member is loaded. */
export function nextMemberOffset(last: GroupMemberPage, pages: readonly GroupMemberPage[]): number | undefined {
  const loaded = pages.reduce((n, page) => n + page.members.length, 0);
  return last.members.length > 0 && loaded < last.total ? loaded : undefined;
}

/** The loaded members in order, each once (someone who joined while paging shifts the pages). */
export function membersOfPages(pages: readonly GroupMemberPage[]): GroupMemberView[] {
  const seen = new Set<number>();
  const out: GroupMemberView[] = [];
  for (const page of pages) {
    for (const member of page.members) {
      if (seen.has(member.user_id)) continue;
      seen.add(member.user_id);
      out.push(member);
    }
  }
  return out;
}

/** The pages with `update` applied to each member (null removes one, and lowers the total). */
export function patchPages<D extends { pages: GroupMemberPage[] }>(
  data: D | undefined,
  update: (member: GroupMemberView) => GroupMemberView | null,
): D | undefined {
  if (!data) return data;
  let removed = 0;
  const pages = data.pages.map((page) => {
    const members: GroupMemberView[] = [];
    for (const member of page.members) {
      const next = update(member);
      if (next) members.push(next);
      else removed++;
    }
    return { ...page, members };
  });
  return { ...data, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - removed) })) };
}
