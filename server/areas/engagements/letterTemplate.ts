/**
 * The Word template of the engagement letter (issue 49 item 2): checked when the studio uploads its
 * own and filled — the studio's or the built-in one (letterDocx.ts) — as the Word templates' engine
 * does (server/areas/wordTemplates/template.ts): docxtemplater with its default parser (a tag is a
 * name looked up in an object without prototype, never an expression), an empty value prints
 * nothing, values are plain text escaped by docxtemplater, no raw-XML tag (`{@…}` would put text into
 * the document's XML unescaped). The zip is read bounded (server/render/boundedZip.ts: entries inside
 * the package, a budget of inflated bytes counted while inflating).
 *
 * The letter's tags are its own list (letterData.ts LETTER_KEYS: the Word templates' customer,
 * studio and date tags and the engagement's), and one loop, `{#servizi}…{/servizi}`, whose inside may
 * also use the service's tags (SERVICE_KEYS). A section on a top-level tag (`{#incarico_data_fine}
 * … {/incarico_data_fine}`, `{^…}` for its absence) is allowed; any other loop or unknown tag is
 * refused with its name. A stored template is checked again before it is filled.
 */
import type PizZip from 'pizzip';
import type Docxtemplater from 'docxtemplater';
import type { DXT } from 'docxtemplater';
import type InspectModule from 'docxtemplater/js/inspect-module.js';
import { HttpError } from '../../errors.js';
import { BoundedZip, ZipError } from '../../render/boundedZip.js';
import { LETTER_KEYS, SERVICE_KEYS, type LetterValues } from './letterData.js';

/** The loop of the services. */
export const SERVICES_LOOP = 'servizi';
const TOP = new Set(LETTER_KEYS.map((k) => k.key));
const IN_SERVICES = new Set([...TOP, ...SERVICE_KEYS.map((k) => k.key)]);

/** Limits of a template's zip: a zip bomb or a package of thousands of parts is refused. */
const MAX_ENTRIES = 2000;
const MAX_INFLATED = 60 * 1024 * 1024;

interface DocxLibrary {
  PizZip: typeof PizZip;
  Docxtemplater: typeof Docxtemplater;
  InspectModule: typeof InspectModule;
}
let library: Promise<DocxLibrary> | undefined;
/** docxtemplater and pizzip, loaded with the first letter in Word rather than with the server */
export const docxLibrary = () =>
  (library ??= Promise.all([
    import('pizzip'),
    import('docxtemplater'),
    import('docxtemplater/js/inspect-module.js'),
  ]).then(([z, d, i]) => ({ PizZip: z.default, Docxtemplater: d.default, InspectModule: i.default })));

export const invalidLetterTemplate = (detail: string) =>
  new HttpError(422, `Il modello Word della lettera non è valido: ${detail}`, {
    file: [`Il modello Word della lettera non è valido: ${detail}`],
  });

/** The package's parts, read bounded, as the PizZip docxtemplater fills. */
function openZip(lib: DocxLibrary, bytes: Buffer): PizZip {
  const zip = new lib.PizZip();
  try {
    const bounded = new BoundedZip(bytes, { maxBytes: MAX_INFLATED, maxEntries: MAX_ENTRIES });
    if (!bounded.has('word/document.xml')) throw invalidLetterTemplate('il file non è un documento Word (.docx)');
    for (const name of bounded.names()) {
      if (name.endsWith('/')) continue;
      zip.file(name, bounded.read(name)!, { binary: true });
    }
  } catch (e) {
    if (!(e instanceof ZipError)) throw e;
    if (e.problem === 'tooLarge')
      throw invalidLetterTemplate(`il contenuto decompresso supera il limite di ${MAX_INFLATED / 1024 / 1024} MB`);
    if (e.problem === 'tooManyEntries') throw invalidLetterTemplate('il file contiene troppe parti');
    if (e.problem === 'badPath') throw invalidLetterTemplate('il file contiene percorsi non ammessi');
    throw invalidLetterTemplate('il file non è un documento .docx leggibile');
  }
  return zip;
}

interface DocxError {
  properties?: { id?: string; xtag?: string; errors?: DocxError[] };
}

/** docxtemplater's compile errors in Italian, naming the tag. */
function compileMessage(err: unknown): string {
  const list = (err as DocxError).properties?.errors ?? [err as DocxError];
  const parts = list.slice(0, 5).map((e) => {
    const p = e.properties ?? {};
    const tag = p.xtag ? ` «${String(p.xtag).slice(0, 40)}»` : '';
    switch (p.id) {
      case 'unclosed_tag':
        return `una parentesi graffa aperta e mai chiusa${tag}`;
      case 'unopened_tag':
        return `una parentesi graffa chiusa e mai aperta${tag}`;
      case 'duplicate_open_tag':
        return `due parentesi graffe aperte di seguito${tag}`;
      case 'duplicate_close_tag':
        return `due parentesi graffe chiuse di seguito${tag}`;
      case 'raw_tag_outerxml_invalid':
      case 'raw_xml_tag_should_be_only_text_in_paragraph':
        return `un segnaposto con @${tag}, che inserirebbe il testo senza controllo e non è ammesso (scrivi il campo senza @)`;
      case 'unclosed_loop':
      case 'unopened_loop':
      case 'closing_tag_does_not_match_opening_tag':
        return `un blocco {#…}{/…} non chiuso correttamente${tag}`;
      default:
        return `un segnaposto non valido${tag}`;
    }
  });
  return `contiene ${parts.join('; ')}. Ogni campo va scritto tra parentesi graffe, es. {incarico_oggetto}`;
}

function compile(lib: DocxLibrary, zip: PizZip, modules: DXT.Module[]): Docxtemplater {
  try {
    return new lib.Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: () => '',
      errorLogging: false,
      modules,
    });
  } catch (err) {
    throw invalidLetterTemplate(compileMessage(err));
  }
}

/** What is wrong with the tags of a parsed template: unknown names (with where), raw-XML tags, misplaced loops. */
function tagProblems(inspect: InstanceType<typeof InspectModule>): {
  unknown: string[];
  raw: string[];
  loops: string[];
} {
  const unknown: string[] = [];
  const raw: string[] = [];
  const loops: string[] = [];
  const walk = (parts: DXT.Part[], inServices: boolean) => {
    for (const p of parts) {
      if (p.type !== 'placeholder' || typeof p.value !== 'string') continue;
      const known = inServices ? IN_SERVICES : TOP;
      if (p.module === 'rawxml') raw.push(p.value);
      else if (p.module === 'loop') {
        // the services' list (or {^servizi} for none) outside itself; a section on a known tag anywhere
        if (p.value === SERVICES_LOOP ? inServices : !known.has(p.value)) loops.push(p.value);
        if (Array.isArray(p.subparsed)) walk(p.subparsed, inServices || (p.value === SERVICES_LOOP && !p.inverted));
      } else if (p.value === SERVICES_LOOP || !known.has(p.value)) unknown.push(p.value);
    }
  };
  walk(inspect.getAllStructuredTags(), false);
  return { unknown: [...new Set(unknown)], raw: [...new Set(raw)], loops: [...new Set(loops)] };
}

const listed = (tags: string[], wrap: (t: string) => string) =>
  tags
    .slice(0, 8)
    .map((t) => wrap(t.slice(0, 40)))
    .join(', ');

/** 422 naming what cannot be filled: a raw-XML tag, a loop other than the services', an unknown tag. */
function refuse(problems: { unknown: string[]; raw: string[]; loops: string[] }) {
  const { unknown, raw, loops } = problems;
  if (raw.length)
    throw invalidLetterTemplate(
      `${raw.length === 1 ? 'il segnaposto' : 'i segnaposto'} ${listed(raw, (t) => `{@${t}}`)} ${raw.length === 1 ? 'inserisce' : 'inseriscono'} il testo nel documento senza controllo e non ${raw.length === 1 ? 'è ammesso' : 'sono ammessi'}: scrivi il campo senza @, es. {${raw[0]!.slice(0, 40).trim() || 'incarico_oggetto'}}`,
    );
  if (loops.length)
    throw invalidLetterTemplate(
      `${loops.length === 1 ? 'il blocco' : 'i blocchi'} ${listed(loops, (t) => `{#${t}}`)} non ${loops.length === 1 ? 'è previsto' : 'sono previsti'}: l’unico elenco è {#servizi}…{/servizi} (una volta, non dentro sé stesso); un blocco su un altro campo, es. {#incarico_data_fine}…{/incarico_data_fine}, mostra il testo solo se il campo ha un valore`,
    );
  if (unknown.length)
    throw invalidLetterTemplate(
      `${unknown.length === 1 ? 'il campo' : 'i campi'} ${listed(unknown, (t) => `{${t}}`)} non ${unknown.length === 1 ? 'è previsto' : 'sono previsti'}. I campi disponibili sono elencati nella pagina del modello (i campi di un servizio solo dentro {#servizi}…{/servizi})`,
    );
}

/**
 * Checks a letter template: 422 with an Italian message (under `file`) when it cannot be filled.
 * Answers the tags it uses.
 */
export async function checkLetterTemplate(bytes: Buffer): Promise<string[]> {
  const lib = await docxLibrary();
  const inspect = new lib.InspectModule();
  compile(lib, openZip(lib, bytes), [inspect]);
  refuse(tagProblems(inspect));
  const used: string[] = [];
  const walk = (parts: DXT.Part[]) => {
    for (const p of parts) {
      if (p.type === 'placeholder' && typeof p.value === 'string') used.push(p.value);
      if (Array.isArray(p.subparsed)) walk(p.subparsed);
    }
  };
  walk(inspect.getAllStructuredTags());
  return [...new Set(used)];
}

/** An object without prototype holding only `keys`' own values (plain text). */
function plainData(keys: Iterable<string>, values: Record<string, string>): Record<string, string> {
  const data: Record<string, string> = Object.create(null);
  for (const key of keys) data[key] = Object.hasOwn(values, key) ? String(values[key] ?? '') : '';
  return data;
}

/** A template (checked again) filled with a letter's values: the services' loop and every known tag. */
export async function fillLetterTemplate(bytes: Buffer, v: LetterValues): Promise<Buffer> {
  const lib = await docxLibrary();
  const inspect = new lib.InspectModule();
  const doc = compile(lib, openZip(lib, bytes), [inspect]);
  // a template is filled only if it passes the upload's checks (one stored before a rule changed is refused)
  refuse(tagProblems(inspect));
  const serviceKeys = SERVICE_KEYS.map((k) => k.key);
  const data: Record<string, unknown> = plainData(
    [...TOP].filter((k) => k !== SERVICES_LOOP),
    v.values,
  );
  data[SERVICES_LOOP] = v.services.map((s) => plainData(serviceKeys, s));
  try {
    doc.render(data);
  } catch (err) {
    throw invalidLetterTemplate(compileMessage(err));
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}
