/**
 * The customers' own area (issue 50): what the studio's screens and the server share — the limits
 * of access (links, sessions), the Italian messages, the people's states. The server's rules are in
 * server/areas/portal; the calls' shapes in model/api/portal.ts.
 *
 * A customer's people are not users of the studio: they log in by a one-time link sent by e-mail
 * (or a password they chose), to a session of their own (role 'Cliente') that only the area's pages
 * and calls (`/area-clienti/…`) accept; no studio call reads it.
 */

/** The role of a customer's person in the area (never a role of the studio's users). */
export const PORTAL_ROLE = 'Cliente';
/** The area's address. */
export const PORTAL_PATH = '/area-clienti';

/** An invitation's link lets its person in for this many days, once. */
export const INVITE_LINK_DAYS = 7;
/** A link asked from the login page lets its person in for this many minutes, once. */
export const LOGIN_LINK_MINUTES = 30;
/** A session ends after this many minutes without a request… */
export const SESSION_IDLE_MINUTES = 30;
/** …and at the latest this many hours after the login. */
export const SESSION_MAX_HOURS = 8;
/** At most this many people invited at once. */
export const INVITE_MAX_EMAILS = 10;
/** At most this many people of a customer in the area. */
export const PEOPLE_MAX_PER_CUSTOMER = 20;

/** A person's state in a customer's area, as the studio sees it. */
export type PortalPersonStatus = 'invitato' | 'attivo' | 'revocato';
export const PORTAL_STATUS_LABELS: Record<PortalPersonStatus, string> = {
  invitato: 'Invitato',
  attivo: 'Attivo',
  revocato: 'Accesso revocato',
};

export const PORTAL_MESSAGES = {
  noEmails: 'Indica almeno un indirizzo e-mail da invitare',
  tooManyEmails: `Al massimo ${INVITE_MAX_EMAILS} indirizzi per invito`,
  badEmail: (e: string) => `'${e}' non è un indirizzo e-mail valido`,
  tooManyPeople: `Al massimo ${PEOPLE_MAX_PER_CUSTOMER} persone per cliente nell'area clienti`,
  customerTrashed: "Il cliente è nel cestino: ripristinalo prima di invitarlo all'area clienti",
  alreadyRevoked: "L'accesso di questa persona è già revocato",
  notRevoked: "La persona ha già accesso: per un nuovo link usa 'Invia di nuovo l'invito'",
  nameTooLong: 'Il nome può avere al massimo 120 caratteri',
  linkInvalid: 'Il link non è valido. Chieda un nuovo link di accesso.',
  linkUsed: 'Questo link è già stato usato: ogni link vale per un solo accesso. Chieda un nuovo link di accesso.',
  linkExpired: 'Il link è scaduto. Chieda un nuovo link di accesso.',
  noAccess: "L'accesso all'area clienti non è più attivo. Per informazioni contatti lo studio.",
  linkSent:
    "Se l'indirizzo è abilitato all'area clienti, riceverà a breve un'e-mail con il link di accesso (valido 30 minuti, per un solo accesso).",
  wrongCredentials: 'Credenziali non valide',
  sessionEnded: 'La sessione è terminata: acceda di nuovo.',
  csrf: 'La pagina è scaduta: la ricarichi e riprovi.',
  passwordShort: 'La password deve avere almeno 8 caratteri',
  passwordLong: 'La password può avere al massimo 128 caratteri',
  passwordCommon: 'Password troppo comune: scegline una meno prevedibile',
  passwordMismatch: 'Le due password non coincidono',
  emailRequired: "Inserisca l'indirizzo e-mail",
} as const;

/** The e-mail addresses of an invitation as typed: separated by commas, semicolons, blanks or new lines. */
export function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
