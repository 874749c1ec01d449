import { TOAST_MS } from '@parley/protocol';
import type { ReactNode } from 'react';
import type { AlertOptions, ConfirmOptions } from './feedbackOptions.ts';

/**
 * Toasts and dialogs in one place. antd-mobile's Toast and Dialog (`feedbackAntd.tsx`) load with the
 * first one shown, so no first screen carries them.
 */
let loaded: typeof import('./feedbackAntd.tsx') | null = null;
const load = async () => {
  loaded ??= await import('./feedbackAntd.tsx');
  return loaded;
};

/**
 * The toast shown when antd-mobile's could not be loaded (the network went away before the first
 * toast, and no service worker holds the code): the same dark box in the middle of the screen.
 */
function plainToast(content: string, duration: number): void {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.textContent = content;
  Object.assign(box.style, {
    position: 'fixed',
    top: '50%',
    left: '50%',
    transform: 'translate(-50%, -50%)',
    zIndex: '1090',
    maxWidth: '204px',
    padding: '12px',
    borderRadius: '8px',
    background: 'rgba(0, 0, 0, 0.7)',
    color: '#fff',
    fontSize: '15px',
    lineHeight: '1.5',
    textAlign: 'center',
    wordBreak: 'break-word',
  });
  document.body.append(box);
  setTimeout(() => box.remove(), duration);
}

/** A dialog's text for the browser's own dialog, when antd-mobile's could not be loaded. */
const plainText = (node: ReactNode): string => (typeof node === 'string' || typeof node === 'number' ? String(node) : '');

/** Bumped by `clearToasts`: a toast whose code was still loading is then not shown. */
let cleared = 0;

export function showToast(content: string, tone: 'success' | 'info' = 'info', duration = TOAST_MS): void {
  if (loaded) {
    loaded.showToast(content, tone, duration);
    return;
  }
  const at = cleared;
  load().then(
    (m) => {
      if (at === cleared) m.showToast(content, tone, duration);
    },
    () => {
      if (at === cleared) plainToast(content, duration);
    },
  );
}

/** Removes a toast still on screen (e.g. a login error once the login succeeded). */
export function clearToasts(): void {
  cleared += 1;
  loaded?.clearToasts();
}

export async function showAlert(options: AlertOptions): Promise<void> {
  const m = await load().catch(() => null);
  if (m) return m.showAlert(options);
  window.alert([plainText(options.title), plainText(options.content)].filter(Boolean).join('\n'));
}

export async function askConfirm(options: ConfirmOptions): Promise<boolean> {
  const m = await load().catch(() => null);
  if (m) return m.askConfirm(options);
  return window.confirm([plainText(options.title), plainText(options.content)].filter(Boolean).join('\n'));
}
