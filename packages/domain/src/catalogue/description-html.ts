/**
 * The HTML a catalogue description may hold, shared by the API's sanitiser on write and the storefront's on
 * render: these elements only, every attribute dropped.
 */
export const DESCRIPTION_ALLOWED_TAGS = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'br', 'h3', 'h4'] as const;

/** Elements whose content is code or markup of its own, never description text: dropped with it. */
export const DESCRIPTION_DROPPED_WITH_CONTENT = [
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
] as const;
