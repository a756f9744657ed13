/**
 * The rules of time tracking (issue 49 item 4) that the app and the server share: the messages, the
 * 24 hours of a day, how a typed duration is read ('1,5', '0:45') and the Monday of a week. Plain
 * functions with no zod (the app bundles them); the calls' shapes are in model/api/time.ts.
 */

export const TIME_MESSAGES = {
  ownOnly: 'Puoi registrare solo il tuo tempo',
  future: 'La data è nel futuro: registra il tempo a lavoro fatto',
  minutes: 'Indica una durata tra 1 minuto e 24 ore',
  cell: 'Indica una durata valida (ore come 1,5 o 1:30), al massimo 24 ore',
  customer: 'Scegli il cliente',
  service: 'Scegli il servizio',
  customerNotFound: 'Cliente non trovato o cestinato',
  serviceNotFound: 'Servizio non trovato o cestinato',
  userNotFound: 'Collaboratore non trovato nello studio',
  noteTooLong: 'Al massimo 500 caratteri',
  monday: 'Indica il lunedì della settimana (AAAA-MM-GG)',
  duplicateRow: 'Questo cliente e servizio compaiono già in un’altra riga',
  noTimer: 'Nessun timer in corso',
  tooManyRows: 'Al massimo 100 righe per settimana',
} as const;

/** The most a note holds (the model's limit). */
export const NOTE_MAX = 500;
/** Minutes in a day: the most a user records on one day, across entries. */
export const DAY_MINUTES = 1440;
export const WEEK_ROWS_MAX = 100;

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes as 'h:mm' ('25:30'), the same text as model/engagements.ts hoursText. */
const hm = (minutes: number) => `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
/** 'DD/MM/YYYY' of 'YYYY-MM-DD'. */
const slash = (iso: string) => iso.split('-').reverse().join('/');

/** The refusal of a day's total over 24 hours, with its figures. */
export const dayOverMessage = (day: string, total: number) =>
  `Con questa voce il totale del ${slash(day)} sarebbe ${hm(total)} ore: al massimo 24 ore al giorno`;

/** The refusal of a timer's start while one runs. */
export const timerRunningMessage = (what: string) => `Un timer è già in corso per ${what}: fermalo prima`;

/**
 * A duration as typed in a cell: hours with a decimal comma or point ('1,5', '2', '.25') or hours
 * and minutes ('1:30', '0:45', ':20'). Minutes (rounded to the minute), null when empty, undefined
 * when it is not a duration or is over 24 hours.
 */
export function parseDuration(text: string): number | null | undefined {
  const s = text.trim();
  if (!s) return null;
  const colon = /^(\d{0,2}):(\d{1,2})$/.exec(s);
  if (colon) {
    const minutes = Number(colon[2]);
    if (minutes > 59) return undefined;
    const total = Number(colon[1] || 0) * 60 + minutes;
    return total <= DAY_MINUTES ? total : undefined;
  }
  if (!/^\d{0,2}(?:[.,]\d{1,4})?$/.test(s) || s === '.' || s === ',') return undefined;
  const total = Math.round(Number(s.replace(',', '.')) * 60);
  return Number.isFinite(total) && total <= DAY_MINUTES ? total : undefined;
}

/** The Monday of the week of `day` ('YYYY-MM-DD'). */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
