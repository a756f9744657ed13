/**
 * The customer's page of an engagement letter's link (issue 49 item 2): `/incarico/{token}`.
 *
 * The token's form, then the letter by its id, then the mac against the letter's nonce and the day
 * it expires: any mismatch is the same 'Link non valido' page (404) with no data. A genuine link:
 * - already accepted: 'Lettera già accettata il …' (the letter stays readable and downloadable);
 * - a newer letter was sent for the engagement: 'Questa lettera è stata sostituita da una più
 *   recente' (410); past its day: 'Link scaduto' (410); the engagement no longer waiting for it
 *   (back to draft, signed on paper, ended): a page saying so (410);
 * - else the letter with the form 'Accetto'. The first opening is recorded on the letter.
 *
 * Accepting (POST, the signer's name and the checkbox) records on the letter who, when, the IP and
 * the browser, keeps the SHA-256 of the document as sent (checked against the stored file), and moves
 * the engagement sent → signed ('Accettato online da {nome} il {data}') in one transaction, with its
 * audit row. A second POST, or one on a superseded or expired link, answers the page saying why,
 * never an error. The PDF (`/incarico/{token}/lettera.pdf`) is the stored file, byte for byte.
 */
import { createHash } from 'node:crypto';
import { displayDateTime, nowDateTime, today as romeToday } from '../../../model/dates.js';
import type { AppDeps } from '../../deps.js';
import type { Exec } from '../../records/exec.js';
import { acceptPageHtml, acceptedPageHtml, letterMessageHtml, PAGE_CSP, type LetterPageData } from './acceptPage.js';
import { annualText, durationText, letterData, serviceViews } from './letterData.js';
import { genuineLetterToken, LETTER_LINK_PATH, parseLetterToken } from './letterLink.js';
import {
  changeState,
  engagementOfLetter,
  letterById,
  markAccepted,
  markOpened,
  type EngagementRow,
  type LetterRow,
} from './letterQueries.js';

type Deps = Pick<AppDeps, 'exec' | 'tx' | 'storage' | 'settings'>;

export interface Page {
  status: number;
  html: string;
  csp: string;
}

const html = (status: number, body: string): Page => ({ status, html: body, csp: PAGE_CSP });

const invalid = () =>
  html(
    404,
    letterMessageHtml(
      'Link non valido',
      "Il link non è valido. Controlli di averlo copiato per intero dall'email ricevuta, o chieda allo studio di inviare di nuovo la lettera.",
    ),
  );

interface Found {
  letter: LetterRow;
  engagement: EngagementRow;
}

/** The letter and engagement of a genuine token (locked when asked: the engagement first, then the letter). */
async function find(exec: Exec, secret: string, token: string, lock = false): Promise<Found | null> {
  const t = parseLetterToken(token);
  if (!t) return null;
  const first = await letterById(exec, t.id);
  if (!first || first.kind !== 'mail' || !first.nonce || first.link_expires !== t.expires) return null;
  if (!genuineLetterToken(secret, t, first.nonce)) return null;
  const engagement = await engagementOfLetter(exec, first.engagement_id, lock);
  if (!engagement || engagement.studio_id !== first.studio_id) return null;
  // read again after the engagement's lock: a letter sent meanwhile is seen
  const letter = lock ? await letterById(exec, t.id, true) : first;
  return letter ? { letter, engagement } : null;
}

/** Why a genuine, unaccepted letter cannot be accepted now (its page), or null when it can. */
function refusal(f: Found, day: string): Page | null {
  const { letter, engagement } = f;
  if (letter.newest_mail_id !== null && letter.id !== letter.newest_mail_id)
    return html(
      410,
      letterMessageHtml(
        'Questa lettera è stata sostituita da una più recente',
        'Lo studio le ha inviato una nuova lettera d’incarico: apra il link dell’ultima email ricevuta.',
      ),
    );
  if (letter.link_expires && letter.link_expires < day)
    return html(
      410,
      letterMessageHtml(
        'Link scaduto',
        'Il link per accettare la lettera non è più valido. Chieda allo studio di inviarle di nuovo la lettera.',
      ),
    );
  if (engagement.status === 'draft')
    return html(
      410,
      letterMessageHtml(
        'Lettera ritirata',
        'Lo studio ha ritirato la lettera per modificarla: riceverà una nuova lettera d’incarico.',
      ),
    );
  if (engagement.status === 'signed')
    return html(
      410,
      letterMessageHtml(
        'Incarico già firmato',
        `L’incarico risulta già firmato${engagement.signed_at ? ` il ${displayDateTime(engagement.signed_at)}` : ''}: non occorre accettare questa lettera.`,
      ),
    );
  if (engagement.status !== 'sent')
    return html(410, letterMessageHtml('Incarico cessato', 'L’incarico non è più in corso.'));
  return null;
}

/** What the page shows of the letter. */
async function pageData(exec: Exec, f: Found, token: string): Promise<LetterPageData> {
  const d = await letterData(exec, f.engagement);
  return {
    studio: d.studio,
    customer: d.customer.business_name,
    title: f.engagement.title,
    duration: durationText(f.engagement),
    services: serviceViews(d),
    annual: annualText(d),
    action: `${LETTER_LINK_PATH}${token}`,
    pdfHref: `${LETTER_LINK_PATH}${token}/lettera.pdf`,
    pdfSize: f.letter.size,
    sha256: f.letter.sha256,
    sent_at: f.letter.created_at,
    expires: f.letter.link_expires ?? '',
  };
}

const acceptedOf = (l: LetterRow) => ({ name: l.accepted_name ?? '', at: l.accepted_at ?? '', ip: l.accepted_ip });

/** GET /incarico/{token} */
export async function letterPage(deps: Deps, token: string, now = new Date()): Promise<Page> {
  const f = await find(deps.exec, deps.settings.jwtSecret, token);
  if (!f) return invalid();
  if (f.letter.accepted_at)
    return html(200, acceptedPageHtml(await pageData(deps.exec, f, token), acceptedOf(f.letter), false));
  const refused = refusal(f, romeToday(now));
  if (refused) return refused;
  await markOpened(deps.exec, f.letter.id);
  return html(200, acceptPageHtml(await pageData(deps.exec, f, token)));
}

export const ACCEPT_MESSAGES = {
  name: 'Scriva il suo nome e cognome (almeno 3 caratteri)',
  accept: 'Per accettare spunti «Ho letto la lettera d’incarico e la accetto»',
} as const;

/** The form's text: one line, no control characters, at most `max` characters. */
const formText = (v: unknown, max: number) =>
  (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : '')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/** POST /incarico/{token}: the acceptance (see the file's comment). */
export async function acceptLetter(
  deps: Deps,
  token: string,
  form: Record<string, unknown>,
  who: { ip: string; agent: string | null },
  now = new Date(),
): Promise<Page> {
  const name = formText(form.nome, 120);
  const accepted = formText(form.accetto, 10) === '1';
  const f = await find(deps.exec, deps.settings.jwtSecret, token);
  if (!f) return invalid();
  if (f.letter.accepted_at)
    return html(409, acceptedPageHtml(await pageData(deps.exec, f, token), acceptedOf(f.letter), false));
  const day = romeToday(now);
  const refused = refusal(f, day);
  if (refused) return refused;
  const errors = {
    ...(name.length < 3 ? { name: ACCEPT_MESSAGES.name } : {}),
    ...(accepted ? {} : { accept: ACCEPT_MESSAGES.accept }),
  };
  if (errors.name || errors.accept)
    return html(422, acceptPageHtml(await pageData(deps.exec, f, token), { name, errors }));
  // the document accepted is the one sent: its stored bytes still have the SHA-256 recorded
  const stored = await deps.storage.get(f.letter.storage_path);
  if (createHash('sha256').update(stored).digest('hex') !== f.letter.sha256)
    return html(
      409,
      letterMessageHtml(
        'Lettera non verificabile',
        'Non è stato possibile verificare che la lettera sia quella inviata: contatti lo studio, che le invierà di nuovo la lettera.',
      ),
    );
  const at = nowDateTime(now);
  const agent = who.agent ? formText(who.agent, 500) : null;
  const ip = who.ip.slice(0, 64);
  const outcome = await deps.tx(async (exec): Promise<Page | 'done'> => {
    const locked = await find(exec, deps.settings.jwtSecret, token, true);
    if (!locked) return invalid();
    if (locked.letter.accepted_at)
      return html(409, acceptedPageHtml(await pageData(exec, locked, token), acceptedOf(locked.letter), false));
    const again = refusal(locked, day);
    if (again) return again;
    if (!(await markAccepted(exec, locked.letter.id, { name, ip, agent, at }))) return invalid();
    const how = `Accettato online da ${name} il ${displayDateTime(at)}`;
    const e = locked.engagement;
    const moved = await changeState(
      exec,
      e.id,
      ['sent'],
      { status: 'signed', signed_at: at, signed_how: how },
      { studioId: e.studio_id, userId: null, name: `${name} (pagina del cliente)` },
      {
        status: [e.status, 'signed'],
        signed_at: [e.signed_at, at],
        signed_how: [e.signed_how, how],
        Lettera: [
          null,
          `Lettera n. ${locked.letter.id} accettata online da ${name}, IP ${ip}, SHA-256 ${locked.letter.sha256}`,
        ],
      },
    );
    if (!moved) throw new Error('engagement not sent after its lock');
    return 'done';
  });
  if (outcome !== 'done') return outcome;
  const done = await find(deps.exec, deps.settings.jwtSecret, token);
  if (!done) return invalid();
  return html(200, acceptedPageHtml(await pageData(deps.exec, done, token), acceptedOf(done.letter), true));
}

/**
 * GET /incarico/{token}/lettera.pdf: the letter as sent, byte for byte — while the link is valid, or
 * at any time once accepted; null (the 'Link non valido' page) otherwise.
 */
export async function letterPagePdf(
  deps: Deps,
  token: string,
  now = new Date(),
): Promise<{ ok: true; name: string; body: Buffer } | { ok: false; page: Page }> {
  const f = await find(deps.exec, deps.settings.jwtSecret, token);
  if (!f) return { ok: false, page: invalid() };
  if (!f.letter.accepted_at && f.letter.link_expires && f.letter.link_expires < romeToday(now))
    return {
      ok: false,
      page: html(
        410,
        letterMessageHtml(
          'Link scaduto',
          'Il link per scaricare la lettera non è più valido. Chieda allo studio di inviarle di nuovo la lettera.',
        ),
      ),
    };
  return { ok: true, name: f.letter.filename, body: await deps.storage.get(f.letter.storage_path) };
}
