import { useState } from 'react';
import { ModalDialog } from '~/components/ui/modal-dialog';

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

/**
 * An item's images in a modal dialog: a large preview and thumbnails that choose it (the dialog's focus,
 * Escape and close: ModalDialog).
 */
export function ItemImageDialog({ title, images, opener, onClose }: ItemImageDialogProps) {
  const [selected, setSelected] = useState(0);
  const shown = images[selected] ?? images[0];

  return (
    <ModalDialog title={title} closeLabel="Close image preview" opener={opener} onClose={onClose}>
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
    </ModalDialog>
  );
}
