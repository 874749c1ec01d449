import type { FileReaders, FileReadRule } from './context.ts';

/** The registry behind `ctx.fileReaders`: a file is readable when any module's rule says so. */
export function fileReaders(): FileReaders {
  const rules: FileReadRule[] = [];
  return {
    add(rule) {
      rules.push(rule);
    },
    async mayRead(userId, fileId) {
      for (const rule of rules) if (await rule(userId, fileId)) return true;
      return false;
    },
  };
}
