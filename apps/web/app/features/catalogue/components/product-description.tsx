import { toPlainText } from '~/lib/plain-text';
import { sanitizeDescription } from '../sanitize-description';

/** A product's HTML description, reduced to a few harmless tags; a fallback line when it has no text. */
export function ProductDescription({ html }: { html: string }) {
  const clean = sanitizeDescription(html);
  if (!toPlainText(clean)) return <p className="product__description">No description available.</p>;
  // Safe: sanitizeDescription keeps only p, lists, strong, em, br, h3 and h4, without attributes.
  return <div className="product__description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
