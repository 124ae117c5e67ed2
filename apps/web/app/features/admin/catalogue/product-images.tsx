import { CATALOGUE_LIMITS, type AdminProductImage } from '@shop/domain';
import { useRef, useState, type FormEvent } from 'react';
import { AdminInput, FormOutcome } from '../components/admin-field';
import {
  deleteProductImage,
  reorderProductImages,
  saveFailure,
  updateProductImage,
  uploadProductImage,
} from './api';

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
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [outcome, setOutcome] = useState<{ error?: string; success?: string }>({});
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function run(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    setOutcome({});
    try {
      await action();
      setErrors({});
      setOutcome({ success });
      onChange();
    } catch (error) {
      const failure = saveFailure(error);
      setErrors(failure.fields);
      setOutcome({ error: failure.message });
    } finally {
      setBusy(false);
    }
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setErrors({ file: ['Choose an image file.'] });
      return;
    }
    if (file.size > CATALOGUE_LIMITS.imageBytes) {
      setErrors({ file: [`The image is larger than ${MAX_MB} MB.`] });
      return;
    }
    await run(async () => {
      await uploadProductImage(productId, file, altText.trim());
      setAltText('');
      if (fileInput.current) fileInput.current.value = '';
    }, 'Image uploaded.');
  }

  const move = (index: number, step: -1 | 1) => {
    const ids = images.map((image) => image.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    return run(() => reorderProductImages(productId, ids), 'Order saved.');
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
            busy={busy}
            first={index === 0}
            last={index === images.length - 1}
            onMove={(step) => move(index, step)}
            onSaveAlt={(alt) =>
              run(() => updateProductImage(productId, image.id, { alt_text: alt }), 'Alt text saved.')
            }
            onDelete={() => run(() => deleteProductImage(productId, image.id), 'Image deleted.')}
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
              aria-describedby={errors.file ? 'image-file-hint image-file-error' : 'image-file-hint'}
              aria-invalid={errors.file ? true : undefined}
            />
            {errors.file ? (
              <p id="image-file-error" className="field-error">
                {errors.file.join(' ')}
              </p>
            ) : null}
          </div>
          <AdminInput
            id="image-alt"
            label="Alt text"
            hint="What the image shows, for people who cannot see it."
            maxLength={CATALOGUE_LIMITS.altText}
            value={altText}
            errors={errors.alt_text}
            onChange={(event) => setAltText(event.target.value)}
          />
        </div>
        <button type="submit" className="admin-button" disabled={busy}>
          Upload image
        </button>
      </form>
      <FormOutcome error={outcome.error ?? null} success={outcome.success ?? null} />
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
