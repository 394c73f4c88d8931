import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds before it hides itself (spec section 9: 5000 by default). */
  duration: number;
}

/** Spec section 9: one toast visible at a time, 5 s by default. */
export const TOAST_DURATION = 5000;

/** The toast on screen, or null. A new toast replaces the current one. */
export const $toast = atom<Toast | null>(null);

let next = 1;

/** Shows a toast, replacing any visible one; returns its id. */
export function showToast(toast: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}) {
  const shown: Toast = {
    id: next++,
    title: toast.title,
    variant: toast.variant ?? 'default',
    duration: toast.duration ?? TOAST_DURATION,
    ...(toast.description ? { description: toast.description } : {}),
  };
  $toast.set(shown);
  return shown.id;
}

/** Hides the toast with that id if it is still the one shown (a newer toast stays). */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (current && (id === undefined || current.id === id)) $toast.set(null);
}
