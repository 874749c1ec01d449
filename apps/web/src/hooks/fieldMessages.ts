/** A schema's issue, as the forms read it. */
export interface FormIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** One message per field (its first issue), for the fields the form has, worded by `word`. */
export function fieldMessages<F extends object>(issues: readonly FormIssue[], values: F, word: (message: string) => string): Partial<Record<keyof F, string>> {
  const out: Partial<Record<keyof F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof F | undefined;
    if (field !== undefined && field in values && !out[field]) out[field] = word(issue.message);
  }
  return out;
}
