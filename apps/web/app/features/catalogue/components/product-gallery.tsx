import { useState } from 'react';

export interface GalleryImage {
  id: number;
  src: string;
  alt: string;
}

/** A large preview and, for more than one image, thumbnail buttons that choose it (after hydration). */
export function ProductGallery({
  images,
  productName,
}: {
  images: readonly GalleryImage[];
  productName: string;
}) {
  const [selected, setSelected] = useState(0);
  const shown = images[selected] ?? images[0];
  if (!shown) {
    return (
      <div className="gallery">
        <div className="gallery__preview gallery__preview--none">
          <p>No image of {productName} yet.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="gallery">
      <img
        className="gallery__preview"
        src={shown.src}
        alt={shown.alt}
        width={600}
        height={600}
        fetchPriority="high"
      />
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={`Images of ${productName}`}>
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <img src={image.src} alt="" width={72} height={72} loading="lazy" decoding="async" />
                <span className="visually-hidden">
                  Show image {index + 1}: {image.alt}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
