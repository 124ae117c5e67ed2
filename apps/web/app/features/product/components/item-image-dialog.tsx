import { useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from '~/components/ui/icons';

export interface PreviewImage {
  image: string;
  alt_text: string;
}

interface ItemImageDialogProps {
  title: string;
  images: readonly PreviewImage[];
  /** Where focus goes back to on closing: the button that opened the preview. */
  opener: HTMLElement | null;
  onClose: () => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An item's images in a modal overlay: a large preview, thumbnails that choose it and a close button.
 * Focus stays inside while it is open; Escape or the close button close it, and focus goes back to the
 * button that opened it.
 */
export function ItemImageDialog({ title, images, opener, onClose }: ItemImageDialogProps) {
  const [selected, setSelected] = useState(0);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const shown = images[selected] ?? images[0];

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [opener]);

  // Escape closes; Tab and Shift+Tab go round the dialog's controls and never leave it.
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
    <div className="image-dialog__backdrop">
      <div ref={dialogRef} className="image-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="image-dialog__header">
          <h2 id={titleId} className="image-dialog__title">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="image-dialog__close"
            aria-label="Close image preview"
            onClick={onClose}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        {shown ? (
          <img
            className="image-dialog__image"
            src={shown.image}
            alt={shown.alt_text || title}
            width={640}
            height={640}
          />
        ) : null}
        {images.length > 1 ? (
          <ul className="image-dialog__thumbs" aria-label="Images">
            {images.map((image, index) => (
              <li key={`${image.image}-${index}`}>
                <button
                  type="button"
                  className="image-dialog__thumb"
                  aria-pressed={index === selected}
                  onClick={() => setSelected(index)}
                >
                  <img src={image.image} alt="" width={64} height={64} />
                  <span className="visually-hidden">
                    Show image {index + 1}
                    {image.alt_text ? `: ${image.alt_text}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
