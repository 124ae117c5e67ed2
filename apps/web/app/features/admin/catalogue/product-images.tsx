import {
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGES,
  ProductImageUpdateSchema,
  type AdminProductImage,
} from '@shop/domain';
import { useRef, useState, type FormEvent } from 'react';
import { AdminInput, FormOutcome } from '../components/admin-field';
import { FormInvalid, parseOrThrow, useFormSubmit } from '../components/use-form-submit';
import { deleteProductImage, reorderProductImages, updateProductImage, uploadProductImage } from './api';

const MAX_MB = CATALOGUE_LIMITS.imageBytes / 1024 / 1024;

/**
 * A product's images: upload (the server makes the WebP sizes), alt text, order and delete. `onChange`
 * reloads the product after each change.
 */
export function ProductImages({
  productId,
  images,
  onChange,
}: {
  productId: number;
  images: AdminProductImage[];
  onChange: () => void;
}) {
  const [altText, setAltText] = useState('');
  const form = useFormSubmit();
  const fileInput = useRef<HTMLInputElement>(null);

  /** Runs a change to the images and, when it is done, reloads the product. */
  async function change(action: () => Promise<string>) {
    if (await form.run(action)) onChange();
  }

  const upload = (event: FormEvent) => {
    event.preventDefault();
    return change(async () => {
      const file = fileInput.current?.files?.[0];
      if (!file) throw new FormInvalid({ file: ['Choose an image file.'] });
      if (file.size > CATALOGUE_LIMITS.imageBytes) {
        throw new FormInvalid({ file: [CATALOGUE_MESSAGES.imageTooLarge] });
      }
      const { alt_text = '' } = parseOrThrow(ProductImageUpdateSchema.safeParse({ alt_text: altText }));
      await uploadProductImage(productId, file, alt_text);
      setAltText('');
      if (fileInput.current) fileInput.current.value = '';
      return 'Image uploaded.';
    });
  };

  const fileErrors = form.errorsOf('file');

  const move = (index: number, step: -1 | 1) => {
    const ids = images.map((image) => image.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    return change(async () => {
      await reorderProductImages(productId, ids);
      return 'Order saved.';
    });
  };

  return (
    <section className="admin-panel" aria-labelledby="images-heading">
      <h2 id="images-heading">Images</h2>
      {images.length === 0 ? <p>No images yet.</p> : null}
      <ul className="admin-images">
        {images.map((image, index) => (
          <ImageRow
            key={image.id}
            image={image}
            busy={form.busy}
            first={index === 0}
            last={index === images.length - 1}
            onMove={(step) => move(index, step)}
            onSaveAlt={(alt) =>
              change(async () => {
                const body = parseOrThrow(ProductImageUpdateSchema.safeParse({ alt_text: alt }));
                await updateProductImage(productId, image.id, body);
                return 'Alt text saved.';
              })
            }
            onDelete={() =>
              change(async () => {
                await deleteProductImage(productId, image.id);
                return 'Image deleted.';
              })
            }
          />
        ))}
      </ul>
      <form onSubmit={upload} noValidate>
        <h3>Add an image</h3>
        <div className="admin-grid">
          <div className="admin-field">
            <label htmlFor="image-file" className="admin-field__label">
              Image file
            </label>
            <p id="image-file-hint" className="admin-field__hint">
              JPEG, PNG, WebP, GIF or AVIF, at most {MAX_MB} MB.
            </p>
            <input
              ref={fileInput}
              id="image-file"
              name="image-file"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              aria-describedby={fileErrors ? 'image-file-hint image-file-error' : 'image-file-hint'}
              aria-invalid={fileErrors ? true : undefined}
            />
            {fileErrors ? (
              <p id="image-file-error" className="field-error">
                {fileErrors.join(' ')}
              </p>
            ) : null}
          </div>
          <AdminInput
            id="image-alt"
            label="Alt text"
            hint="What the image shows, for people who cannot see it."
            maxLength={CATALOGUE_LIMITS.altText}
            value={altText}
            errors={form.errorsOf('alt_text')}
            onChange={(event) => setAltText(event.target.value)}
          />
        </div>
        <button type="submit" className="admin-button" disabled={form.busy}>
          Upload image
        </button>
      </form>
      <FormOutcome error={form.formError} success={form.success} />
    </section>
  );
}

function ImageRow({
  image,
  busy,
  first,
  last,
  onMove,
  onSaveAlt,
  onDelete,
}: {
  image: AdminProductImage;
  busy: boolean;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onSaveAlt: (alt: string) => void;
  onDelete: () => void;
}) {
  const [alt, setAlt] = useState(image.alt_text);
  const name = image.alt_text || `image ${image.position + 1}`;
  return (
    <li className="admin-images__item">
      <img src={image.image} alt={image.alt_text} width={120} height={120} loading="lazy" />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSaveAlt(alt.trim());
        }}
      >
        <AdminInput
          id={`image-${image.id}-alt`}
          label="Alt text"
          maxLength={CATALOGUE_LIMITS.altText}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
        />
        <button type="submit" className="admin-button admin-button--secondary" disabled={busy}>
          Save alt text
        </button>
      </form>
      <div className="admin-page__actions">
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={busy || first}
          onClick={() => onMove(-1)}
          aria-label={`Move ${name} earlier`}
        >
          Earlier
        </button>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={busy || last}
          onClick={() => onMove(1)}
          aria-label={`Move ${name} later`}
        >
          Later
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          disabled={busy}
          onClick={() => {
            if (window.confirm('Delete this image?')) onDelete();
          }}
          aria-label={`Delete ${name}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
