import type { ReactNode } from 'react';

/** What an alert shows. */
export interface AlertOptions {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: string;
}

/** What a confirmation shows; `danger` words the confirm button as destructive. */
export interface ConfirmOptions extends AlertOptions {
  cancelText?: string;
  danger?: boolean;
}
