/**
 * How a studio signs up and gets back in (seed B §4, §5, §7 C59, C60, C62–C65; PRODUCT.md §7):
 * registration (a studio with a 30-day trial and an inactive Admin, an activation link valid
 * 24 h), activation, password recovery (a captcha, the same answer whether the e-mail exists or
 * not, a reset link valid 1 h) and reset (single use; every session of that user ends), and the
 * contact form mailed to the vendor. Every e-mail goes through the outbox.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { HttpError, MSG } from '../../errors.js';
import { hashPassword } from '../../auth/password.js';
import { isCommonPassword } from '../../auth/commonPasswords.js';
import { CAPTCHA_MESSAGE, type Captcha } from '../../auth/captcha.js';
import { endOtherSessions, userForLogin } from '../../auth/queries.js';
import {
  activateUser,
  insertAccountToken,
  insertRegisteredStudio,
  roleId,
  setUserPassword,
  useAccountToken,
  type AccountTokenKind,
} from './queries.js';
import { enqueueMails, type OutgoingMail } from '../mail/index.js';
import { lockValue } from '../../records/crud.js';
import { User } from '../../../model/models/User.js';
import { esc } from '../../render/frame.js';
import { email as emailRule, maxLength, MESSAGES as V, phone as phoneRule } from '../../../model/validators.js';
import { today } from '../../../model/dates.js';
import type {
  ContactFormInput,
  DoResetInput,
  InitResetInput,
  RegisterStudioInput,
  RegisterUserInput,
} from '../../../model/api/accountLifecycle.js';
import dayjs from 'dayjs';

export const ACCOUNT_MESSAGES = {
  registered: "Registrazione avvenuta con successo, riceverai a breve una mail per l'attivazione",
  activated: 'Account attivato: ora puoi accedere con la tua email e la tua password.',
  badLink: "Link non valido: controlla di aver copiato l'indirizzo completo dalla mail.",
  usedLink: 'Questo link è già stato usato.',
  expiredLink: 'Questo link è scaduto: richiedine uno nuovo.',
  resetSent:
    "Se l'indirizzo è registrato riceverai a breve una mail con il link per reimpostare la password (valido 1 ora).",
  resetDone: 'Password aggiornata: accedi con la nuova password.',
  passwordsDiffer: 'Le password non coincidono',
  terms: "Accetta i termini e condizioni e l'informativa sulla privacy",
  contactSent: 'Richiesta inviata: ti contatteremo al più presto.',
  registrationOff: 'Registrazione non disponibile',
} as const;

/** PRODUCT.md §7 */
export const TRIAL_DAYS = 30;
export const ACTIVATION_HOURS = 24;
export const RESET_HOURS = 1;

const PASSWORD = { min: 8, max: 30 } as const;

/** a public form as its schema reads it (no body: an empty form) */
type Form<T> = NonNullable<T>;
type Errors = Record<string, string[]>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** 400 with the first problem as the message (seed B §8: the app shows it) and every field's. */
function refuse(errors: Errors): never {
  const first = Object.values(errors)[0]![0]!;
  throw new HttpError(400, first, errors);
}

function check(
  errors: Errors,
  field: string,
  value: string,
  rules: { required?: boolean; max?: number; min?: number; email?: boolean; phone?: boolean },
) {
  const msg =
    (rules.required && !value ? V.required : '') ||
    (value && rules.max ? (maxLength(rules.max)(value) ?? '') : '') ||
    (value && rules.email ? (emailRule()(value) ?? '') : '') ||
    (value && rules.phone ? (phoneRule()(value) ?? '') : '') ||
    (value && rules.min && value.length < rules.min ? V.minLength(rules.min) : '');
  if (msg) (errors[field] ??= []).push(msg);
}

const tokenPair = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
};
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A short Italian e-mail of the product (not of a studio): greeting, paragraphs, a button-like link. */
function productMail(
  appName: string,
  subject: string,
  greeting: string,
  paragraphs: string[],
  link?: { href: string; label: string },
) {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link ? [`${link.label}: ${link.href}`, ''] : []),
    appName,
  ].join('\n');
  const html =
    `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>` +
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222;line-height:1.45">' +
    `<p>${esc(greeting)}</p>${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}` +
    (link
      ? `<p><a href="${esc(link.href)}" style="display:inline-block;padding:10px 18px;background:#1565c0;color:#fff;border-radius:6px;text-decoration:none">${esc(link.label)}</a></p><p style="color:#555;font-size:12px">Se il pulsante non funziona copia questo indirizzo nel browser: ${esc(link.href)}</p>`
      : '') +
    `<p style="margin-top:16px">${esc(appName)}</p></body></html>`;
  return { subject, text, html };
}

export interface AccountDeps extends Pick<AppDeps, 'tx' | 'exec' | 'mail' | 'settings' | 'sessions'> {
  captcha: Captcha;
  /** one more e-mail to this address, or a 429 (the routes' per-e-mail limit; counted once a request is valid) */
  perEmail(email: string): Promise<void>;
}

const link = (deps: AccountDeps, path: string, token: string) =>
  new URL(`${path}?token=${encodeURIComponent(token)}`, deps.settings.serverBaseUrl).toString();

async function send(
  deps: AccountDeps,
  build: (exec: Parameters<Parameters<AppDeps['tx']>[0]>[0]) => Promise<OutgoingMail[]>,
) {
  const ids = await deps.tx(async (exec) => enqueueMails(exec, await build(exec)));
  await deps.mail.handOff(ids);
}

interface Registration {
  studioName: string;
  userName: string;
  email: string;
  mobile: string | null;
  password: string;
}

/** The registration rolled back: the e-mail already has an account. */
class EmailTaken extends Error {}

/**
 * A registration: a new studio and its inactive Admin with an activation link by e-mail; for an
 * e-mail already registered nothing is created and its owner is told by e-mail. Nobody learns
 * from the answer nor from its time which e-mails have an account: both paths hash the password
 * and insert the studio and the Admin, and the e-mail's unique index decides (a registration of
 * the same e-mail committed meanwhile too: 20 at once create one account, never a 500).
 */
async function register(deps: AccountDeps, r: Registration) {
  if (await isCommonPassword(r.password)) refuse({ password: [MSG.commonPassword] });
  await deps.perEmail(r.email);
  const appName = deps.settings.appName;
  const passwordHash = await hashPassword(r.password);
  const { token, hash } = tokenPair();
  const mailIds = await deps
    .tx(async (exec) => {
      const expiry = dayjs(today()).add(TRIAL_DAYS, 'day').format('YYYY-MM-DD');
      // in turn with a user added by an Admin with the same e-mail (records engine, `uniqueExcept`)
      await lockValue(exec, User, 'email', r.email);
      const { studioId, userId } = await insertRegisteredStudio(exec, {
        ...r,
        passwordHash,
        adminRoleId: await roleId(exec, 'Admin'),
        expiry,
      });
      // the studio goes with the transaction
      if (userId === null) throw new EmailTaken();
      await insertAccountToken(exec, userId, 'activation', hash, ACTIVATION_HOURS);
      return enqueueMails(exec, [
        {
          studioId,
          kind: 'account',
          to: [r.email],
          createdBy: userId,
          ...productMail(
            appName,
            `${appName}: attiva il tuo account`,
            `Gentile ${r.userName},`,
            [
              `grazie per aver registrato ${r.studioName}. La prova gratuita dura ${TRIAL_DAYS} giorni.`,
              `Per attivare l'account apri il link qui sotto entro ${ACTIVATION_HOURS} ore.`,
            ],
            { href: link(deps, '/utente/attivazione', token), label: "Attiva l'account" },
          ),
        },
      ]);
    })
    .catch((e: unknown) => {
      if (e instanceof EmailTaken) return null;
      throw e;
    });
  if (mailIds) {
    await deps.mail.handOff(mailIds);
    return { message: ACCOUNT_MESSAGES.registered };
  }
  const existing = await userForLogin(deps.exec, r.email);
  await send(deps, async () =>
    existing
      ? [
          {
            studioId: Number(existing.studio_id),
            kind: 'account',
            to: [r.email],
            ...productMail(
              appName,
              `${appName}: richiesta di registrazione`,
              'Gentile utente,',
              [
                'qualcuno (forse tu) ha chiesto di registrare uno studio con questo indirizzo email, che ha già un account.',
                'Se hai dimenticato la password puoi reimpostarla dalla pagina di accesso. Se non sei stato tu, ignora questa mail.',
              ],
              {
                href: new URL('/utente/recupera_password', deps.settings.serverBaseUrl).toString(),
                label: 'Recupera la password',
              },
            ),
          },
        ]
      : [],
  );
  return { message: ACCOUNT_MESSAGES.registered };
}

/** C59: the landing page's studio registration (name ≤ 30, email, phone ≤ 30, password 8–30). */
export async function registerStudio(deps: AccountDeps, body: Form<RegisterStudioInput>) {
  if (!deps.settings.registrationEnabled) throw new HttpError(404, ACCOUNT_MESSAGES.registrationOff);
  const name = text(body.name);
  const email = text(body.email).toLowerCase();
  const mobile = text(body.mobile_number);
  const password = typeof body.password === 'string' ? body.password : '';
  const errors: Errors = {};
  check(errors, 'name', name, { required: true, max: 30 });
  check(errors, 'email', email, { required: true, email: true, max: 255 });
  check(errors, 'mobile_number', mobile, { max: 30, phone: true });
  check(errors, 'password', password, { required: true, min: PASSWORD.min, max: PASSWORD.max });
  if (Object.keys(errors).length) refuse(errors);
  return register(deps, { studioName: name, userName: name, email, mobile: mobile || null, password });
}

/** C62: `/utente/registrati` (email, password twice, terms and privacy; a name, else the e-mail's). */
export async function registerUser(deps: AccountDeps, body: Form<RegisterUserInput>) {
  if (!deps.settings.registrationEnabled) throw new HttpError(404, ACCOUNT_MESSAGES.registrationOff);
  const email = text(body.email).toLowerCase();
  const name = text(body.name) || email.split('@')[0] || '';
  const password = typeof body.password === 'string' ? body.password : '';
  const errors: Errors = {};
  check(errors, 'email', email, { required: true, email: true, max: 255 });
  check(errors, 'name', name, { max: 30 });
  check(errors, 'password', password, { required: true, min: PASSWORD.min, max: PASSWORD.max });
  if (!errors.password && body.password_confirmation !== password)
    errors.password_confirmation = [ACCOUNT_MESSAGES.passwordsDiffer];
  if (body.terms !== true || body.privacy !== true)
    errors[body.terms !== true ? 'terms' : 'privacy'] = [ACCOUNT_MESSAGES.terms];
  if (Object.keys(errors).length) refuse(errors);
  return register(deps, { studioName: name, userName: name, email, mobile: null, password });
}

const linkRefusal = (reason: 'unknown' | 'used' | 'expired') =>
  new HttpError(
    400,
    reason === 'used'
      ? ACCOUNT_MESSAGES.usedLink
      : reason === 'expired'
        ? ACCOUNT_MESSAGES.expiredLink
        : ACCOUNT_MESSAGES.badLink,
  );

const tokenOf = (raw: unknown, kind: AccountTokenKind) => {
  const token = text(raw);
  // tokens are 43 base64url characters; anything else is not ours
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw linkRefusal('unknown');
  return { token, kind };
};

/** C65: the activation link: the Admin becomes active (once, within 24 h). */
export async function activate(deps: AccountDeps, rawToken: unknown) {
  const { token } = tokenOf(rawToken, 'activation');
  const used = await deps.tx(async (exec) => {
    const r = await useAccountToken(exec, 'activation', hashToken(token));
    if (r.ok) await activateUser(exec, r.userId);
    return r;
  });
  if (!used.ok) throw linkRefusal(used.reason);
  return { message: ACCOUNT_MESSAGES.activated };
}

/** The reset mails asked for and not yet written (initReset answers before it writes them). */
const resetsPending = new Set<Promise<void>>();
/** Resolves once every reset mail asked for so far is written (a server's stop; the tests). */
export const resetsWritten = async () => {
  await Promise.all(resetsPending);
};

/**
 * C63: a reset link by e-mail, when the captcha is solved. The answer is the same whether or not
 * the e-mail has an account (an inactive one gets the link too: resetting proves the address),
 * and so is its time (issue 45 item 23: a known e-mail took 3.7 ms more, its token and mail
 * written before the answer): the request checks the input, the captcha and the per-e-mail limit
 * — the same work for every e-mail — and answers; looking the e-mail up and writing the link
 * happen after, on their own.
 */
export async function initReset(
  deps: AccountDeps,
  body: Form<InitResetInput>,
  ip?: string,
  onError: (e: unknown) => void = () => undefined,
) {
  const email = text(body.email).toLowerCase();
  const errors: Errors = {};
  check(errors, 'email', email, { required: true, email: true, max: 255 });
  if (Object.keys(errors).length) refuse(errors);
  if (!(await deps.captcha.verify(body.g_recaptcha_response, ip))) refuse({ g_recaptcha_response: [CAPTCHA_MESSAGE] });
  await deps.perEmail(email);
  const work = writeResetLink(deps, email).catch(onError);
  resetsPending.add(work);
  void work.finally(() => resetsPending.delete(work));
  return { message: ACCOUNT_MESSAGES.resetSent };
}

/** The reset link of an e-mail with an account, in the outbox (nothing for any other e-mail). */
async function writeResetLink(deps: AccountDeps, email: string) {
  const user = await userForLogin(deps.exec, email);
  const { token, hash } = tokenPair();
  if (user) {
    const appName = deps.settings.appName;
    await send(deps, async (exec) => {
      await insertAccountToken(exec, Number(user.id), 'reset', hash, RESET_HOURS);
      return [
        {
          studioId: Number(user.studio_id),
          kind: 'account',
          to: [String(user.email)],
          ...productMail(
            appName,
            `${appName}: reimposta la password`,
            `Gentile ${String(user.name)},`,
            [
              'abbiamo ricevuto una richiesta di reimpostare la password del tuo account.',
              `Il link qui sotto vale ${RESET_HOURS} ora e si può usare una sola volta. Se non hai chiesto tu di reimpostarla, ignora questa mail: la password resta quella di prima.`,
            ],
            { href: link(deps, '/utente/resetta_password', token), label: 'Reimposta la password' },
          ),
        },
      ];
    });
  }
}

/** C64: the new password with the link (once, within 1 h, for that e-mail); every session of the user ends. */
export async function doReset(deps: AccountDeps, body: Form<DoResetInput>) {
  const email = text(body.email).toLowerCase();
  const password = typeof body.password === 'string' ? body.password : '';
  const errors: Errors = {};
  check(errors, 'email', email, { required: true, email: true });
  check(errors, 'password', password, { required: true, min: PASSWORD.min, max: 255 });
  if (!errors.password && body.password_confirmation !== password)
    errors.password_confirmation = [ACCOUNT_MESSAGES.passwordsDiffer];
  if (Object.keys(errors).length) refuse(errors);
  const { token } = tokenOf(body.token, 'reset');
  if (await isCommonPassword(password)) refuse({ password: [MSG.commonPassword] });
  const passwordHash = await hashPassword(password);
  const used = await deps.tx(async (exec) => {
    const r = await useAccountToken(exec, 'reset', hashToken(token), email);
    if (!r.ok) return r;
    await setUserPassword(exec, r.userId, passwordHash);
    // the address is proven: an account never activated is active now
    await activateUser(exec, r.userId);
    await endOtherSessions(exec, r.userId, null);
    return r;
  });
  if (!used.ok) throw linkRefusal(used.reason);
  await deps.sessions.changed();
  return { message: ACCOUNT_MESSAGES.resetDone };
}

/** C60: the free-trial contact form, mailed to the vendor (reply to the visitor). */
export async function contactForm(deps: AccountDeps, body: Form<ContactFormInput>) {
  const name = text(body.name);
  const email = text(body.email).toLowerCase();
  const tel = text(body.tel);
  const note = text(body.note);
  const errors: Errors = {};
  check(errors, 'name', name, { max: 30 });
  check(errors, 'email', email, { required: true, email: true, max: 255 });
  check(errors, 'tel', tel, { max: 30 });
  check(errors, 'note', note, { max: 100 });
  if (Object.keys(errors).length) refuse(errors);
  const appName = deps.settings.appName;
  await send(deps, async () => [
    {
      studioId: null,
      kind: 'contact',
      to: [deps.settings.vendorEmail],
      ...productMail(
        appName,
        `Richiesta di prova gratuita: ${name || email}`,
        'Nuova richiesta dal modulo "Iscriviti":',
        [`Nome: ${name || '—'}`, `Email: ${email}`, `Telefono: ${tel || '—'}`, `Note: ${note || '—'}`],
      ),
    },
  ]);
  return { message: ACCOUNT_MESSAGES.contactSent };
}
