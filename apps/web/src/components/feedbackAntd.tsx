import { TOAST_MS } from '@parley/protocol';
import { Dialog, Toast } from 'antd-mobile';
import type { AlertOptions, ConfirmOptions } from './feedbackOptions.ts';
import { t } from '../i18n/index.ts';
import './antdRender.ts';

/** antd-mobile's toasts and dialogs, with stable test ids on the dialog buttons; loaded on first use through `feedback.tsx`. */
export function showToast(content: string, tone: 'success' | 'info' = 'info', duration = TOAST_MS): void {
  Toast.show({ content, duration, icon: tone === 'success' ? 'success' : undefined });
}

/** Removes a toast still on screen (e.g. a login error once the login succeeded). */
export function clearToasts(): void {
  Toast.clear();
}

const confirmLabel = (text: string) => <span data-testid="dialog-confirm">{text}</span>;
const cancelLabel = (text: string) => <span data-testid="dialog-cancel">{text}</span>;

export function showAlert(options: AlertOptions): Promise<void> {
  return Dialog.alert({
    title: options.title,
    content: options.content,
    confirmText: confirmLabel(options.confirmText ?? t('common.ok')),
  });
}

export function askConfirm(options: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm({
    title: options.title,
    content: options.content,
    confirmText: (
      <span className={options.danger ? 'text-danger' : undefined}>
        {confirmLabel(options.confirmText ?? t('common.confirm'))}
      </span>
    ),
    cancelText: cancelLabel(options.cancelText ?? t('common.cancel')),
  });
}
