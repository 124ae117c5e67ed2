import sanitizeHtml from 'sanitize-html';

/** The storefront's allow-list (apps/web's sanitize-description.ts keeps the same at render time). */
const ALLOWED_TAGS = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'br', 'h3', 'h4'];

/** Elements whose content is code or markup of its own, never description text: dropped with it. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'select',
  'option',
  'svg',
  'math',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {},
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
};

/**
 * Catalogue HTML (product and category descriptions) as it may be stored: only the allow-listed tags,
 * without attributes, every tag closed. Every write path uses it, so every client of the API gets safe HTML.
 */
export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
