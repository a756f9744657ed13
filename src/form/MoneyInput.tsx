/**
 * Money input: € prefix, comma decimals, dot thousands, 2 fraction digits, at most 8
 * significant digits. The form value is a number (or null).
 */
import { useState, useEffect } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { InputHelperText, useInput, type InputProps } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { MONEY_MESSAGE } from '../../model/validate';
import { formatAmount } from '../../model/types';
import { MESSAGES } from '../../model/validators';

/** Form values of text that is not an amount: not a number at all, or over the digit limits. */
const NOT_A_NUMBER = '__not_a_number__';
const INVALID = '__invalid__';
/** Text that cannot be read as a number (letters, misplaced signs or separators). */
const notANumber = (text: string) => !/^[+-]?[\d.,]*$/.test(text.replace(/\s|€/g, '')) || !/\d/.test(text);

export const formatMoney = (n: number | null | undefined) =>
  n === null || n === undefined || Number.isNaN(n) ? '' : formatAmount(n);

/** Parses '1.234,56' / '1234,5' / '1234.56' into a number; undefined when malformed. */
export function parseMoney(text: string): number | null | undefined {
  const s = text.replace(/\s|€/g, '');
  if (!s) return null;
  if (!/^-?[\d.]*(,\d*)?$/.test(s) && !/^-?\d+(\.\d{1,2})?$/.test(s)) return undefined;
  const normal = /,/.test(s)
    ? s.replace(/\./g, '').replace(',', '.')
    : /^\d{1,3}(\.\d{3})+$/.test(s)
      ? s.replace(/\./g, '')
      : s;
  const [int = '', dec = ''] = normal.replace(/^[+-]/, '').split('.');
  if (!/^\d*$/.test(int) || !/^\d*$/.test(dec) || !(int + dec)) return undefined;
  if (dec.length > 2 || (int.replace(/^0+/, '') + dec.replace(/0+$/, '')).length > 8) return undefined;
  // integer cents from the digits (no float arithmetic), then the JSON number of the API
  const cents = Number(int || '0') * 100 + Number(dec.padEnd(2, '0'));
  return (normal.startsWith('-') ? -cents : cents) / 100;
}

export { MONEY_MESSAGE };

export function MoneyInput(props: InputProps & { label?: string; fullWidth?: boolean }) {
  const { field, fieldState, isRequired } = useInput({
    ...props,
    // the malformed-text check comes first, so its message wins over the shared decimal rule
    validate: [
      (v: unknown) => (v === NOT_A_NUMBER ? MESSAGES.decimal : v === INVALID ? MONEY_MESSAGE : undefined),
      ...(Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : []),
    ],
  });
  const form = useFormContext();
  const [text, setText] = useState(formatMoney(typeof field.value === 'number' ? field.value : null));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    // the shown text follows a value set from outside (a reset, a loaded record) while not typing
    if (!focused && field.value !== INVALID && field.value !== NOT_A_NUMBER)
      // oxlint-disable-next-line react/set-state-in-effect
      setText(
        formatMoney(
          typeof field.value === 'number'
            ? field.value
            : field.value == null || field.value === ''
              ? null
              : Number(field.value),
        ),
      );
  }, [field.value, focused]);
  const error = fieldState.error?.message;
  return (
    <TextField
      id={`input-${props.source}`}
      label={props.label}
      // asterisk only: the browser's own required check would block react-admin's validation
      InputLabelProps={{ required: isRequired }}
      value={text}
      fullWidth={props.fullWidth}
      size="small"
      inputProps={{ inputMode: 'decimal', 'aria-label': props.label, 'aria-required': isRequired || undefined }}
      InputProps={{ startAdornment: <InputAdornment position="start">€</InputAdornment> }}
      onFocus={() => setFocused(true)}
      onChange={(e) => {
        setText(e.target.value);
        const n = parseMoney(e.target.value);
        field.onChange(n === undefined ? (notANumber(e.target.value) ? NOT_A_NUMBER : INVALID) : n);
        // a text that is not an amount shows its message at once
        if (n === undefined || fieldState.invalid) void form.trigger(props.source);
      }}
      onBlur={() => {
        setFocused(false);
        field.onBlur();
        const n = parseMoney(text);
        if (n !== undefined) setText(formatMoney(n));
      }}
      error={!!(fieldState.invalid && (fieldState.isTouched || fieldState.isDirty || error))}
      // react-admin encodes validator messages ('@@react-admin@@"…"'): InputHelperText decodes them
      helperText={fieldState.invalid && error ? <InputHelperText error={error} /> : ' '}
    />
  );
}
