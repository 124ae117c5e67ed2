import { DESCRIPTION_ALLOWED_TAGS, DESCRIPTION_DROPPED_WITH_CONTENT } from '@shop/domain';

/** The only elements a product description keeps; every attribute of every element is dropped. */
const ALLOWED_TAGS = new Set<string>(DESCRIPTION_ALLOWED_TAGS);

/** Elements whose content is code or markup of its own, never description text: dropped with it. */
const DROPPED_WITH_CONTENT = new Set<string>(DESCRIPTION_DROPPED_WITH_CONTENT);

// A start or end tag: its name, then attributes (quoted values may contain `>`).
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/y;

/**
 * A product description reduced to an allow-list of tags without attributes, ready for
 * `dangerouslySetInnerHTML`. Text keeps its entities; stray `<` and `>` are escaped; every tag it keeps
 * is closed, so the description cannot change the markup around it.
 */
export function sanitizeDescription(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));

    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }

    TAG.lastIndex = lt;
    const match = TAG.exec(html);
    if (!match) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    i = TAG.lastIndex;
    const closing = match[1] === '/';
    const name = match[2]!.toLowerCase();

    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const end = new RegExp(`</${name}\\s*>`, 'gi');
      end.lastIndex = i;
      i = end.exec(html) ? end.lastIndex : html.length;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;

    if (name === 'br') {
      if (!closing) out += '<br>';
    } else if (!closing) {
      open.push(name);
      out += `<${name}>`;
    } else if (open.includes(name)) {
      // Close what is still open inside it first, as a browser would.
      let top: string | undefined;
      while ((top = open.pop()) !== undefined) {
        out += `</${top}>`;
        if (top === name) break;
      }
    }
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

function escapeText(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
