/**
 * Date-time ('GG-MM-AAAA HH:MM', sent 'YYYY-MM-DD HH:MM:SS', Rome wall clock) and time of day
 * ('HH:MM') inputs: text typed as Italians write it, parsed strictly by the one date module;
 * text that is not (yet) a value stays as typed so that the field's message shows.
 */
import { TextInput, type TextInputProps } from 'react-admin';
import { displayDateTime, isoDate, isoDateTime, isoTime } from '../../model/dates';

/** 'DD-MM-YYYY HH:MM' → 'YYYY-MM-DD HH:MM:00'; other text as typed; '' → null. */
export function parseDisplayDateTime(text: string): string | null {
  const s = (text ?? '').trim();
  if (!s) return null;
  const m = /^(\S+)\s+(\d{1,2}:\d{2}(?::\d{2})?)$/.exec(s);
  const day = m ? isoDate(m[1]) : undefined;
  return (day && isoDateTime(`${day} ${m![2]!.padStart(5, '0')}`)) || text;
}
const formatDateTime = (v: unknown) =>
  v === null || v === undefined ? '' : isoDateTime(v) ? displayDateTime(v) : String(v);

export const DateTimeInput = (props: TextInputProps) => (
  <TextInput
    {...props}
    parse={parseDisplayDateTime}
    format={formatDateTime}
    placeholder="GG-MM-AAAA HH:MM"
    inputProps={{ autoComplete: 'off', inputMode: 'numeric' }}
  />
);

export const parseTime = (text: string): string | null => ((text ?? '').trim() ? (isoTime(text) ?? text) : null);
export const TimeInput = (props: TextInputProps) => (
  <TextInput
    {...props}
    parse={parseTime}
    format={(v: unknown) => (v === null || v === undefined ? '' : String(v))}
    placeholder="HH:MM"
    inputProps={{ autoComplete: 'off', inputMode: 'numeric' }}
  />
);
