/**
 * Money input: € prefix, comma decimals, dot thousands, 2 fraction digits, at most 8
 * significant digits. The form value is a number (or null).
 */
import { useState, useEffect } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { InputHelperText, useInput, type InputProps } from 'react-admin';
import { MONEY_MESSAGE } from '../../model/validate';

const fmt = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' } as Intl.NumberFormatOptions);
export const formatMoney = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? '' : fmt.format(n));

/** Parses '1.234,56' / '1234,5' / '1234.56' into a number; undefined when malformed. */
export function parseMoney(text: string): number | null | undefined {
  const s = text.replace(/\s|€/g, '');
  if (!s) return null;
  if (!/^-?[\d.]*(,\d*)?$/.test(s) && !/^-?\d+(\.\d{1,2})?$/.test(s)) return undefined;
  const normal = /,/.test(s) ? s.replace(/\./g, '').replace(',', '.') : /^\d{1,3}(\.\d{3})+$/.test(s) ? s.replace(/\./g, '') : s;
  const n = Number(normal);
  if (!Number.isFinite(n)) return undefined;
  const [int, dec = ''] = normal.replace('-', '').split('.');
  if (dec.length > 2 || (int.replace(/^0+/, '') + dec.replace(/0+$/, '')).length > 8) return undefined;
  return Math.round(n * 100) / 100;
}

export { MONEY_MESSAGE };

export function MoneyInput(props: InputProps & { label?: string; fullWidth?: boolean }) {
  const { field, fieldState, isRequired } = useInput({
    ...props,
    // the malformed-text check comes first, so its message wins over the shared decimal rule
    validate: [(v: unknown) => (v === '__invalid__' ? MONEY_MESSAGE : undefined),
      ...(Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : [])],
  });
  const [text, setText] = useState(formatMoney(typeof field.value === 'number' ? field.value : null));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused && field.value !== '__invalid__') setText(formatMoney(typeof field.value === 'number' ? field.value : field.value == null || field.value === '' ? null : Number(field.value)));
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
        field.onChange(n === undefined ? '__invalid__' : n);
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
