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
 * refused with its name. A stored template is checked again before it is filled. The zip's bounds,
 * the library and the compile are the Word templates' own (server/areas/wordTemplates, openDocx and
 * compileDocx).
 */
import type { DXT } from 'docxtemplater';
import type InspectModule from 'docxtemplater/js/inspect-module.js';
import { HttpError } from '../../errors.js';
import { compileDocx, compileMessage, docxLibrary, openDocx } from '../wordTemplates/index.js';
import { LETTER_KEYS, SERVICE_KEYS, type LetterValues } from './letterData.js';

/** The loop of the services. */
export const SERVICES_LOOP = 'servizi';
const TOP = new Set(LETTER_KEYS.map((k) => k.key));
const IN_SERVICES = new Set([...TOP, ...SERVICE_KEYS.map((k) => k.key)]);

export const invalidLetterTemplate = (detail: string) =>
  new HttpError(422, `Il modello Word della lettera non è valido: ${detail}`, {
    file: [`Il modello Word della lettera non è valido: ${detail}`],
  });

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
  compileDocx(lib, openDocx(lib, bytes, invalidLetterTemplate), [inspect], invalidLetterTemplate, 'incarico_oggetto');
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
  const doc = compileDocx(
    lib,
    openDocx(lib, bytes, invalidLetterTemplate),
    [inspect],
    invalidLetterTemplate,
    'incarico_oggetto',
  );
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
    throw invalidLetterTemplate(compileMessage(err, 'incarico_oggetto'));
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}
