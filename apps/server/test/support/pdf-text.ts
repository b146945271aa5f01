import { inflateSync } from 'node:zlib';

/** The objects of a PDF as PDFKit writes them: each object's dictionary text and its stream, inflated. */
function readObjects(pdf: Buffer): Map<number, { dict: string; stream?: Buffer }> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream?: Buffer }>();
  const re = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endobj', start);
    const body = raw.slice(start, end);
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body });
      continue;
    }
    const dataStart = start + at + body.slice(at).indexOf('\n') + 1;
    const bytes = pdf.subarray(dataStart, raw.indexOf('endstream', dataStart));
    let stream: Buffer;
    try {
      stream = inflateSync(bytes);
    } catch {
      stream = bytes;
    }
    objects.set(Number(m[1]), { dict: body.slice(0, at), stream });
    re.lastIndex = end;
  }
  return objects;
}

const hexChars = (hex: string) =>
  String.fromCodePoint(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

/** A ToUnicode CMap (bfchar and bfrange entries) as glyph id -> text. */
function readCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, from, to] of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi))
      map.set(parseInt(from!, 16), hexChars(to!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, list, base] of block[1]!.matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(?:\[([^\]]*)\]|<([0-9a-f]+)>)/gi,
    )) {
      const first = parseInt(lo!, 16);
      const last = parseInt(hi!, 16);
      if (list !== undefined)
        [...list.matchAll(/<([0-9a-f\s]+)>/gi)].forEach((h, i) => map.set(first + i, hexChars(h[1]!)));
      else
        for (let g = first; g <= last; g++) map.set(g, String.fromCodePoint(parseInt(base!, 16) + g - first));
    }
  }
  return map;
}

/**
 * The text a PDF shows, as a reader copying it would get it: the strings of its text operators, one per line,
 * decoded through each embedded font's ToUnicode map (a glyph without text, such as a missing character's box,
 * comes out as U+FFFD), or as Latin-1 for a font without one. The server's tests and the browser journeys both
 * read proposals' PDFs back with it.
 */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  // Resource name (F1, F2, ...) -> the glyph map of the font it names.
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values()) {
    const resources = /\/Font\s*<<([^>]*)>>/.exec(dict);
    if (!resources) continue;
    for (const [, name, ref] of resources[1]!.matchAll(/\/(\S+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref))?.dict ?? '';
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font);
      const cmap = toUnicode && objects.get(Number(toUnicode[1]))?.stream;
      fonts.set(name!, cmap ? readCmap(cmap.toString('latin1')) : null);
    }
  }
  const out: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream) continue;
    const content = stream.toString('latin1');
    if (!/\bTJ\b/.test(content)) continue;
    let font: Map<number, string> | null = null;
    for (const op of content.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|\[(.*?)\]\s*TJ/g)) {
      if (op[1] !== undefined) {
        font = fonts.get(op[1]) ?? null;
        continue;
      }
      const hex = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      out.push(
        font
          ? (hex.match(/.{4}/g) ?? [])
              .map((g) => {
                const text = font!.get(parseInt(g, 16));
                return text && text !== '\0' ? text : '\ufffd';
              })
              .join('')
          : Buffer.from(hex, 'hex').toString('latin1'),
      );
    }
  }
  return out.join('\n');
}
