/**
 * The one reader of the XML that users upload (issue 46 item 4): a bank's CAMT.053 statement
 * (areas/collections/camt.ts) and the parts of an .xlsx the customer import hands to
 * read-excel-file (areas/customerImport/parse.ts). Both keep only their format's knowledge; what
 * makes XML safe to read is here, once.
 *
 * The file is untrusted. It is scanned once, tag by tag, over its bytes (no DOM, no copy of the
 * document as text): every byte that shapes XML (< > = " ' / : ! ? and white space) is ASCII and
 * never part of a UTF-8 sequence, so the bytes are read as they are and only the names, the
 * attributes and the texts a caller asks for are decoded.
 *
 * - A DOCTYPE (and so any ENTITY declaration) or any other `<!` declaration is refused as soon
 *   as it is met; only the five predefined entities and character references are decoded (an
 *   unknown entity is refused, none is ever expanded).
 * - Bounded: the bytes of the file, the depth of the elements, their number, the attributes of a
 *   tag and its bytes, the characters of a text handed over (the rest is not decoded).
 * - Well-formed: one root, nothing but white space, comments and instructions around it, every
 *   element closed by its own name, every attribute quoted, no '<' in a value.
 * - Names are given as local name and prefix; a caller that cares for a namespace reads the
 *   declaration it needs (`xmlnsOf`), the attributes by local name (`attribute`).
 * - Encodings: UTF-8 (a BOM dropped), UTF-16 with its BOM (turned into UTF-8), or the 8-bit
 *   ISO-8859-1/15 and Windows-1252 when the declaration names them.
 *
 * A refusal is an HttpError (422; 413 past the size) with an Italian message and `errors.file`:
 * the scanner's own words (XML_MESSAGES), or the caller's for the problems it names.
 */
import { HttpError } from '../errors.js';

/** Why a file is refused. */
export type XmlProblem =
  /** more than maxBytes (413) */
  | 'tooLarge'
  /** empty, or something else than '<' first (a CSV, a PDF…) */
  | 'notXml'
  /** a declared encoding not read here */
  | 'encoding'
  /** a DOCTYPE or another `<!` declaration */
  | 'doctype'
  /** a reference that is no predefined entity nor a character's */
  | 'entity'
  /** any other break of the syntax */
  | 'malformed'
  /** no element at all (only a declaration, comments…) */
  | 'noRoot'
  /** the file ends inside an element */
  | 'unclosed'
  /** an element closed by another name */
  | 'mismatched'
  | 'tooDeep'
  | 'tooManyElements'
  | 'tooManyAttributes'
  | 'tagTooLong';

export interface XmlBounds {
  /** bytes of the file */
  maxBytes: number;
  /** elements nested in one another (the root is 1) */
  maxDepth: number;
  /** elements in the file; the bytes bound them anyway (an element takes at least 4: `<a/>`) */
  maxElements: number;
  /** attributes of one tag */
  maxAttributes: number;
  /** bytes of one tag, its attributes included */
  maxTagBytes: number;
  /** characters of a text handed to the caller: the rest is cut, not decoded */
  maxTextChars: number;
}

/** The bounds a caller does not set: a real file has tags of a handful of attributes and a few hundred bytes. */
export const XML_BOUNDS: XmlBounds = {
  maxBytes: 32 * 1024 * 1024,
  maxDepth: 64,
  maxElements: Number.POSITIVE_INFINITY,
  maxAttributes: 256,
  maxTagBytes: 64 * 1024,
  maxTextChars: 2000,
};

const fmt = (n: number) => n.toLocaleString('it-IT');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** What a refusal knows: where it was met (its 1-based line), the element (or the encoding) it is about, what was met. */
interface Detail {
  line?: number;
  name?: string;
  other?: string;
}

/** The scanner's own Italian words for each problem. */
export const XML_MESSAGES: Record<XmlProblem, (b: XmlBounds, d: Detail) => string> = {
  tooLarge: (b) => `Il file XML è troppo grande: può essere al massimo di ${fmt(b.maxBytes / 1024 / 1024)} MB`,
  notXml: () => 'Il file non è un documento XML',
  encoding: (_b, d) =>
    `Il file XML è nella codifica ${d.name ?? ''}, che non è gestita: salvalo in UTF-8 (sono lette anche UTF-16, ISO-8859-1/15 e Windows-1252)`,
  doctype: () => 'Il file XML contiene una dichiarazione DOCTYPE o ENTITY, che non è ammessa',
  entity: (_b, d) =>
    `Il file XML contiene alla riga ${d.line} un riferimento non ammesso (${d.other}): sono ammessi solo &amp; &lt; &gt; &quot; &apos; e i riferimenti a caratteri (&#…;)`,
  malformed: (_b, d) => `Il file XML non è valido${d.line ? ` alla riga ${d.line}` : ''}`,
  noRoot: () => 'Il file XML non contiene alcun elemento',
  unclosed: (_b, d) => `Il file XML non è valido: l'elemento <${d.name}> non è chiuso`,
  mismatched: (_b, d) => `Il file XML non è valido alla riga ${d.line}: </${d.other}> chiude l'elemento <${d.name}>`,
  tooDeep: (b, d) => `Il file XML ha elementi annidati oltre ${fmt(b.maxDepth)} livelli (riga ${d.line})`,
  tooManyElements: (b) => `Il file XML contiene più di ${fmt(b.maxElements)} elementi`,
  tooManyAttributes: (b, d) =>
    `Il file XML ha alla riga ${d.line} un elemento con più di ${fmt(b.maxAttributes)} attributi`,
  tagTooLong: (b, d) => `Il file XML ha alla riga ${d.line} un tag più lungo di ${fmt(b.maxTagBytes / 1024)} KB`,
};

/** A problem met while scanning; turned into the caller's HttpError by scanXml. */
class XmlScanError extends Error {
  constructor(
    readonly problem: XmlProblem,
    /** the byte of the (prepared) file where it was met, -1 when nowhere in particular */
    readonly at = -1,
    /** the element's name (as its bytes read in latin1) */
    readonly element?: string,
    /** what was met: the closing name of a mismatch, the reference refused */
    readonly other?: string,
  ) {
    super(`xml: ${problem}`);
  }
}

/** Attributes as [qualified name, value with its references decoded]. */
export type XmlAttrs = Array<[string, string]>;

/** What a caller is told, in the document's order. Every method may throw (an HttpError goes through as it is). */
export interface XmlHandler {
  /** whether the attributes of this element are wanted (the others are checked, never decoded) */
  wantAttrs?(local: string, depth: number): boolean;
  /** an element opens; `at` is the byte of its '<' in `XmlScan.bytes`; a self-closing element is closed at once */
  open?(local: string, prefix: string, attrs: XmlAttrs, at: number, depth: number): void;
  /** a leaf element (no child element, not self-closing) closes: whether its text is wanted */
  wantText?(depth: number): boolean;
  /** a wanted leaf's text: references decoded, CDATA unwrapped, comments and instructions dropped, at most maxTextChars */
  text?(value: string, at: number, depth: number): void;
  close?(local: string, depth: number): void;
}

export interface XmlScanOptions extends Partial<XmlBounds> {
  /** the caller's words for a refusal: for each problem named, else `other`, else the scanner's own */
  messages?: Partial<Record<XmlProblem | 'other', string>>;
}

/** What a scan leaves: the bytes the offsets are in (UTF-16 turned into UTF-8) and their lines. */
export interface XmlScan {
  bytes: Buffer;
  /** the 1-based line at byte `at` */
  lineAt(at: number): number;
}

/**
 * The value of the one attribute of this local name (any prefix, not a namespace declaration);
 * undefined when absent. Called from a handler: a repeated one refuses the file as malformed.
 */
export function attribute(attrs: XmlAttrs, local: string): string | undefined {
  let found: string | undefined;
  let n = 0;
  for (const [k, v] of attrs) {
    if (!k.startsWith('xmlns:') && localName(k) === local) {
      found = v;
      n++;
    }
  }
  if (n > 1) throw new XmlScanError('malformed');
  return found;
}

/** The namespace an element's own attributes declare for `prefix` ('' the default one), or null. */
export function xmlnsOf(attrs: XmlAttrs, prefix: string): string | null {
  const name = prefix ? `xmlns:${prefix}` : 'xmlns';
  return attrs.find(([k]) => k === name)?.[1] ?? null;
}

/** A name without its prefix (`x:c` is `c`). */
export function localName(name: string): string {
  const i = name.indexOf(':');
  return i >= 0 ? name.slice(i + 1) : name;
}

/** The 1-based line of `b` at byte `at`. */
export function lineAt(b: Buffer, at: number): number {
  let line = 1;
  let i = -1;
  while ((i = b.indexOf(0x0a, i + 1)) >= 0 && i < at) line++;
  return line;
}

const LT = 0x3c,
  GT = 0x3e,
  SLASH = 0x2f,
  EQ = 0x3d,
  DQ = 0x22,
  SQ = 0x27,
  BANG = 0x21,
  QUESTION = 0x3f,
  AMP = 0x26,
  SEMICOLON = 0x3b;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
/** a name ends at white space, / > < = or a quote */
const nameEnd = (c: number) => isSpace(c) || c === SLASH || c === GT || c === LT || c === EQ || c === DQ || c === SQ;

const ENTITIES: Record<string, string> = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };

/** The text with its references decoded; anything else after '&' is refused (no DTD may declare an entity). */
function decodeEntities(v: string, at: number): string {
  if (!v.includes('&')) return v;
  return v.replace(/&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z][\w.-]*)?;?/g, (m, ref?: string) => {
    const bad = () => new XmlScanError('entity', at, undefined, clip(m, 20));
    if (!ref || !m.endsWith(';')) throw bad();
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) throw bad();
      return String.fromCodePoint(code);
    }
    const named = ENTITIES[ref];
    if (named === undefined) throw bad();
    return named;
  });
}

type Decode = (from: number, to: number) => string;

/** The bytes to scan, where the document starts and how a run of them becomes text. */
function prepare(bytes: Buffer): { b: Buffer; start: number; decode: Decode } {
  let b = bytes;
  if (b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff))) {
    const body = Buffer.from(b.subarray(2));
    if (body.length % 2) throw new XmlScanError('malformed');
    if (b[0] === 0xfe) body.swap16();
    b = Buffer.from(body.toString('utf16le'), 'utf8');
  }
  let start = b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (start < b.length && isSpace(b[start]!)) start++;
  if (b[start] !== LT) throw new XmlScanError('notXml');
  let encoding = 'utf-8';
  if (b.toString('latin1', start, start + 5) === '<?xml') {
    const end = b.indexOf('?>', start, 'latin1');
    if (end < 0 || end - start > 400) throw new XmlScanError('malformed', start);
    const m = /\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(b.toString('latin1', start, end));
    if (m) encoding = m[1]!.toLowerCase();
  }
  const utf8 = b;
  if (encoding === 'utf-8' || encoding === 'utf8' || encoding === 'us-ascii' || encoding === 'ascii')
    return { b: utf8, start, decode: (f, t) => utf8.toString('utf8', f, t) };
  if (/^iso-?8859-15$/.test(encoding)) {
    const dec = new TextDecoder('iso-8859-15');
    return { b: utf8, start, decode: (f, t) => dec.decode(utf8.subarray(f, t)) };
  }
  // ISO-8859-1 read as Windows-1252, as browsers do (WHATWG Encoding): its C1 controls never
  // stand in a statement, Windows-1252's '€' and quotes do
  if (/^(iso-?8859-1|latin-?1|(windows|cp)-?1252)$/.test(encoding))
    return { b: utf8, start, decode: (f, t) => decodeWindows1252(utf8, f, t) };
  if (bytes !== b && encoding.startsWith('utf-16'))
    return { b: utf8, start, decode: (f, t) => utf8.toString('utf8', f, t) };
  throw new XmlScanError('encoding', -1, encoding);
}

/**
 * Windows-1252's characters at 0x80–0x9F (WHATWG Encoding's index; the five unassigned bytes stay
 * as they are). Node's TextDecoder('windows-1252') reads them as Latin-1's C1 controls: '€' (0x80)
 * would become U+0080.
 */
const CP1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ';

/** Bytes f..t of a Windows-1252 text. */
function decodeWindows1252(b: Buffer, f: number, t: number): string {
  return b.toString('latin1', f, t).replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * Scans an XML file, telling `h` its elements in order; refuses it (HttpError) past a bound or
 * at anything that is not well-formed XML.
 */
export function scanXml(bytes: Buffer, h: XmlHandler, options: XmlScanOptions = {}): XmlScan {
  const { messages, ...set } = options;
  const bounds: XmlBounds = { ...XML_BOUNDS };
  for (const [k, v] of Object.entries(set)) if (v !== undefined) bounds[k as keyof XmlBounds] = v;
  let b = bytes;
  try {
    if (bytes.length > bounds.maxBytes) throw new XmlScanError('tooLarge');
    if (!bytes.length) throw new XmlScanError('notXml');
    const p = prepare(bytes);
    b = p.b;
    scan(p.b, p.start, p.decode, h, bounds);
    return { bytes: b, lineAt: (at) => lineAt(b, at) };
  } catch (e) {
    if (!(e instanceof XmlScanError)) throw e;
    const utf8 = (s: string | undefined) => s && clip(Buffer.from(s, 'latin1').toString('utf8'), 40);
    const message =
      messages?.[e.problem] ??
      messages?.other ??
      XML_MESSAGES[e.problem](bounds, {
        line: e.at >= 0 ? lineAt(b, e.at) : undefined,
        name: utf8(e.element),
        other: utf8(e.other),
      });
    throw new HttpError(e.problem === 'tooLarge' ? 413 : 422, message, { file: [message] });
  }
}

function scan(b: Buffer, start: number, decode: Decode, h: XmlHandler, bounds: XmlBounds) {
  const n = b.length;
  const { maxDepth, maxElements, maxAttributes, maxTagBytes, maxTextChars } = bounds;
  const fail = (problem: XmlProblem, at: number) => new XmlScanError(problem, at);
  const at = (i: number, s: string) => b.toString('latin1', i, i + s.length) === s;
  const skipTo = (end: string, from: number) => {
    const e = b.indexOf(end, from, 'latin1');
    if (e < 0) throw fail('malformed', from);
    return e + end.length;
  };
  const onlySpace = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (!isSpace(b[k]!)) return false;
    return true;
  };
  const stack: string[] = [];
  let rootSeen = false;
  let elements = 0;
  // the current element: where its content starts, whether it has had a child element
  let contentStart = -1;
  let hasChild = false;
  let i = start;
  for (;;) {
    const lt = b.indexOf(LT, i);
    if (!stack.length && !onlySpace(i, lt < 0 ? n : lt)) throw fail('malformed', i);
    if (lt < 0) break;
    i = lt;
    if (b[i + 1] === BANG) {
      if (at(i, '<!--')) i = skipTo('-->', i + 4);
      else if (at(i, '<![CDATA[')) {
        if (!stack.length) throw fail('malformed', i);
        i = skipTo(']]>', i + 9);
      } else throw fail('doctype', i);
      continue;
    }
    if (b[i + 1] === QUESTION) {
      i = skipTo('?>', i + 2);
      continue;
    }
    let j = i + 1;
    const closing = b[j] === SLASH;
    if (closing) j++;
    const nameStart = j;
    while (j < n && !nameEnd(b[j]!)) j++;
    if (j === nameStart) throw fail('malformed', i);
    const qname = b.toString('latin1', nameStart, j);
    const colon = qname.indexOf(':');
    const local = colon >= 0 ? qname.slice(colon + 1) : qname;
    const prefix = colon >= 0 ? qname.slice(0, colon) : '';
    if (closing) {
      while (j < n && isSpace(b[j]!)) j++;
      if (b[j] !== GT) throw fail('malformed', i);
      const open = stack.pop();
      if (open === undefined) throw fail('malformed', i);
      if (open !== qname) throw new XmlScanError('mismatched', i, open, qname);
      const depth = stack.length + 1;
      if (!hasChild && contentStart >= 0 && h.wantText?.(depth)) {
        h.text?.(leafText(b, contentStart, i, decode, maxTextChars), contentStart, depth);
      }
      h.close?.(local, depth);
      hasChild = true;
      contentStart = -1;
      i = j + 1;
      continue;
    }
    if (!stack.length && rootSeen) throw fail('malformed', i);
    const depth = stack.length + 1;
    if (depth > maxDepth) throw fail('tooDeep', i);
    if (++elements > maxElements) throw fail('tooManyElements', i);
    const keep = h.wantAttrs?.(local, depth) ?? false;
    const attrs: XmlAttrs = [];
    let selfClosing = false;
    let count = 0;
    for (;;) {
      while (j < n && isSpace(b[j]!)) j++;
      if (j >= n) throw fail('malformed', i);
      if (b[j] === GT) {
        j++;
        break;
      }
      if (b[j] === SLASH && b[j + 1] === GT) {
        selfClosing = true;
        j += 2;
        break;
      }
      const a = j;
      while (j < n && !nameEnd(b[j]!)) j++;
      if (j === a) throw fail('malformed', i);
      const name = keep ? b.toString('latin1', a, j) : '';
      while (j < n && isSpace(b[j]!)) j++;
      if (b[j] !== EQ) throw fail('malformed', i);
      j++;
      while (j < n && isSpace(b[j]!)) j++;
      const q = b[j];
      if (q !== DQ && q !== SQ) throw fail('malformed', i);
      const e = b.indexOf(q, j + 1);
      if (e < 0) throw fail('malformed', i);
      // a '<' inside the value, looked for in the value only: searching on past it would read
      // the rest of the tag again for every attribute (quadratic: issue 45 item 20)
      if (b.subarray(j + 1, e).includes(LT)) throw fail('malformed', i);
      if (++count > maxAttributes) throw fail('tooManyAttributes', i);
      if (e - i > maxTagBytes) throw fail('tagTooLong', i);
      if (keep) attrs.push([name, decodeEntities(decode(j + 1, e), i)]);
      j = e + 1;
    }
    if (j - i > maxTagBytes) throw fail('tagTooLong', i);
    rootSeen = true;
    h.open?.(local, prefix, attrs, i, depth);
    if (selfClosing) {
      h.close?.(local, depth);
      hasChild = true;
      contentStart = -1;
    } else {
      stack.push(qname);
      hasChild = false;
      contentStart = j;
    }
    i = j;
  }
  if (stack.length) throw new XmlScanError('unclosed', -1, stack[stack.length - 1]);
  if (!rootSeen) throw fail('noRoot', -1);
}

/** A leaf element's content as text: CDATA sections unwrapped, comments and instructions dropped, at most `max` characters. */
function leafText(b: Buffer, from: number, to: number, decode: Decode, max: number): string {
  // the bytes a kept value needs (4 per character at most), plus room for the markup around it
  const end = Math.min(to, from + max * 4 + 64);
  let out = '';
  let i = from;
  while (i < end && out.length <= max) {
    const lt = b.indexOf(LT, i);
    let stop = lt < 0 || lt >= end ? end : lt;
    // a reference the cut at `end` splits is left out with the rest (the longest kept is `&#x10FFFF;`)
    if (stop === end && end < to) {
      const amp = b.lastIndexOf(AMP, end - 1);
      if (amp >= Math.max(i, end - 10) && !b.subarray(amp, end).includes(SEMICOLON)) stop = amp;
    }
    if (stop > i) out += decodeEntities(decode(i, stop), i);
    if (stop >= end || stop !== lt) break;
    if (b.toString('latin1', stop, stop + 9) === '<![CDATA[') {
      const e = b.indexOf(']]>', stop + 9, 'latin1');
      out += decode(stop + 9, Math.min(e, end));
      i = e + 3;
    } else if (b[stop + 1] === BANG) {
      i = b.indexOf('-->', stop + 4, 'latin1') + 3;
    } else {
      i = b.indexOf('?>', stop + 2, 'latin1') + 2;
    }
  }
  return out.slice(0, max);
}
