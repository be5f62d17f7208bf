/**
 * The small markdown subset the text pages are written in (assets/texts/): `##`/`###` headings,
 * paragraphs, `-` and `1.` lists, pipe tables, `**bold**`, `[links](/path)` and backslash escapes.
 * Parsed into plain data and rendered as React elements, never as HTML, so a text can hold nothing
 * executable.
 */

/** A piece of running text. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] };

/** Links may lead to a page of the site, an e-mail address, a phone number or an https page. */
export function isSafeHref(href: string): boolean {
  return /^\/(?!\/)/.test(href) || /^(mailto:|tel:|https:\/\/)/i.test(href);
}

/** A backslash escape (a literal star, bracket, parenthesis…), bold, or a link. */
const INLINE = /\\([\\*[\]()_])|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Splits a line of text into plain, bold and link pieces; an unsafe link stays plain text. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const push = (piece: Inline) => {
    const prev = out[out.length - 1];
    if (piece.kind === 'text' && prev?.kind === 'text') prev.text += piece.text;
    else if (piece.kind !== 'text' || piece.text) out.push(piece);
  };
  for (const match of source.matchAll(INLINE)) {
    push({ kind: 'text', text: source.slice(last, match.index) });
    const [whole, escaped, strong, label, href] = match;
    if (escaped !== undefined) push({ kind: 'text', text: escaped });
    else if (strong !== undefined) push({ kind: 'strong', text: strong });
    else if (label !== undefined && href !== undefined && isSafeHref(href))
      push({ kind: 'link', text: label, href });
    else push({ kind: 'text', text: label ?? whole });
    last = match.index + whole.length;
  }
  push({ kind: 'text', text: source.slice(last) });
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

const LIST_ITEM = /^(?:[-*]|\d+\.)\s+/;

/** Parses a text into blocks. Blank lines separate paragraphs; a list item may wrap onto indented lines. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!.trim();
    if (!line) {
      i++;
      continue;
    }
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length as 2 | 3, text: heading[2]!.trim() });
      i++;
      continue;
    }
    if (line.startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(lines[i++]!.trim());
      const body = rows.filter((row, index) => index !== 1 || !/^\|[\s:|-]+\|$/.test(row));
      blocks.push({ kind: 'table', head: cells(body[0]!), rows: body.slice(1).map(cells) });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const ordered = /^\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        if (LIST_ITEM.test(current.trim())) items.push(current.trim().replace(LIST_ITEM, ''));
        else if (current.trim() && /^\s/.test(current) && items.length)
          items[items.length - 1] += ` ${current.trim()}`;
        else break;
        i++;
      }
      blocks.push({ kind: 'list', ordered, items: items.map(parseInline) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length) {
      const current = lines[i]!.trim();
      if (!current || /^#{2,3}\s/.test(current) || current.startsWith('|') || LIST_ITEM.test(current)) break;
      paragraph.push(current);
      i++;
    }
    blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

/** The plain text of some inline pieces. */
export function plainText(content: Inline[]): string {
  return content.map((piece) => piece.text).join('');
}

/** An anchor id for a heading: lower case, no accents, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The `##` sections of a text with their anchor ids (made unique), for a table of contents. */
export function outline(blocks: Block[]): { id: string; text: string }[] {
  const seen = new Map<string, number>();
  return blocks.flatMap((block) => {
    if (block.kind !== 'heading' || block.level !== 2) return [];
    const base = slugify(block.text) || 'secao';
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return [{ id: count === 1 ? base : `${base}-${count}`, text: block.text }];
  });
}
