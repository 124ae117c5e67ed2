import { DESCRIPTION_ALLOWED_TAGS, DESCRIPTION_DROPPED_WITH_CONTENT } from '@shop/domain';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_ALLOWED_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DESCRIPTION_DROPPED_WITH_CONTENT],
};

/**
 * Catalogue HTML (product and category descriptions) as it may be stored: only the allow-listed tags,
 * without attributes, every tag closed. Every write path uses it, so every client of the API gets safe HTML.
 */
export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
