import { useSyncExternalStore } from 'react';

/** How long a notification stays up. */
export const TOAST_MS = 3_000;

export interface Toast {
  id: number;
  kind: 'info' | 'error';
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
 * navigation (a session that expired, then /login) is still shown on the next account page.
 */
export function showToast(message: string, kind: Toast['kind'] = 'info'): void {
  const toast = { id: nextId++, kind, message };
  emit([...toasts, toast]);
  setTimeout(() => emit(toasts.filter((item) => item.id !== toast.id)), TOAST_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: readonly Toast[] = [];

/** The notification region: news politely (role=status), errors assertively (role=alert). */
export function Toasts() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => none,
  );
  const list = (kind: Toast['kind']) =>
    current
      .filter((toast) => toast.kind === kind)
      .map((toast) => (
        <p key={toast.id} className={`toast toast--${kind}`}>
          {toast.message}
        </p>
      ));
  return (
    <div className="toasts">
      <div role="status" aria-live="polite" className="toasts__region">
        {list('info')}
      </div>
      <div role="alert" className="toasts__region">
        {list('error')}
      </div>
    </div>
  );
}
