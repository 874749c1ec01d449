import { TOAST_MS } from '@parley/protocol';
import type { ReactNode } from 'react';

/**
 * Toasts and dialogs in one place. antd-mobile's Toast and Dialog (`feedbackAntd.tsx`) load with the
 * first one shown, so no first screen carries them.
 */
let loaded: typeof import('./feedbackAntd.tsx') | null = null;
const load = async () => {
  loaded ??= await import('./feedbackAntd.tsx');
  return loaded;
};

/** Bumped by `clearToasts`: a toast whose code was still loading is then not shown. */
let cleared = 0;

export function showToast(content: string, tone: 'success' | 'info' = 'info', duration = TOAST_MS): void {
  if (loaded) {
    loaded.showToast(content, tone, duration);
    return;
  }
  const at = cleared;
  void load().then((m) => {
    if (at === cleared) m.showToast(content, tone, duration);
  });
}

/** Removes a toast still on screen (e.g. a login error once the login succeeded). */
export function clearToasts(): void {
  cleared += 1;
  loaded?.clearToasts();
}

export async function showAlert(options: { title?: ReactNode; content: ReactNode; confirmText?: string }): Promise<void> {
  return (await load()).showAlert(options);
}

export async function askConfirm(options: {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
}): Promise<boolean> {
  return (await load()).askConfirm(options);
}
