import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  title: string;
  /** The close button's name ('Close image preview'). */
  closeLabel: string;
  /** Where focus goes back to on closing: the button that opened the dialog. */
  opener: HTMLElement | null;
  onClose: () => void;
  /** A selector of what takes the focus on opening (a form's first field); the close button otherwise. */
  initialFocus?: string;
  /** A narrow dialog suits a short form; the wide one, an image. */
  size?: 'wide' | 'narrow';
  children: ReactNode;
}

/**
 * A modal dialog over the page: its title, a close button and what it holds. The page behind does not scroll;
 * focus stays inside while it is open (Tab and Shift+Tab go round); Escape or the close button close it, and
 * focus goes back to the control that opened it.
 */
export function ModalDialog({
  title,
  closeLabel,
  opener,
  onClose,
  initialFocus,
  size = 'wide',
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const first = initialFocus ? dialogRef.current?.querySelector<HTMLElement>(initialFocus) : null;
    (first ?? closeRef.current)?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
    // The opener and the selector are fixed while it is open: this runs on opening and closing.
  }, [opener, initialFocus]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      const inside = dialogRef.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className="modal__backdrop">
      <div
        ref={dialogRef}
        className={size === 'narrow' ? 'modal modal--narrow' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="modal__close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
