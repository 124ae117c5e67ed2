import { useSyncExternalStore } from 'react';

/** How long a notification stays up (spec 2, §9: 3000 ms, warnings too). */
export const TOAST_MS = 3_000;

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * Shows a short notification for 3 s. The list lives outside React, so a message said just before a
 * navigation (a session that expired, then /login; an added cart line, then /cart) is still shown on
 * the next page.
 */
export function showToast(message: string, kind: ToastKind = 'info'): void {
  const toast = { id: nextId++, kind, message };
  emit([...toasts, toast]);
  setTimeout(() => emit(toasts.filter((item) => item.id !== toast.id)), TOAST_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: readonly Toast[] = [];

/** Errors and warnings interrupt (role=alert); news waits its turn (role=status). */
const URGENT: readonly ToastKind[] = ['error', 'warning'];

/** The notification region: news politely (role=status), errors and warnings assertively (role=alert). */
export function Toasts() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => none,
  );
  const list = (urgent: boolean) =>
    current
      .filter((toast) => URGENT.includes(toast.kind) === urgent)
      .map((toast) => (
        <p key={toast.id} className={`toast toast--${toast.kind}`}>
          {toast.message}
        </p>
      ));
  return (
    <div className="toasts">
      <div role="status" aria-live="polite" className="toasts__region">
        {list(false)}
      </div>
      <div role="alert" className="toasts__region">
        {list(true)}
      </div>
    </div>
  );
}
