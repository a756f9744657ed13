/**
 * Date input shown DD-MM-YYYY and sent YYYY-MM-DD (seed A §9). Typing accepts digits with
 * or without separators; a calendar picker is offered by the native control next to it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { InputHelperText, useInput, type InputProps } from 'react-admin';
import { MESSAGES } from '../../model/validators';
import { displayDate, isoDate } from '../../model/dates';

/** What a screen sends for a typed text that is no date: the server's 422 names the field. */
export const INVALID_DATE = 'data-non-valida';

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' */
export const toDisplayDate = (iso: unknown) => displayDate(iso);

/** 'DD-MM-YYYY' (or DD/MM/YYYY, DDMMYYYY) → 'YYYY-MM-DD', null when empty, undefined when invalid. */
export function parseDisplayDate(text: string): string | null | undefined {
  return text.trim() ? isoDate(text) : null;
}

export function DateTextField({
  label,
  value,
  onChange,
  error,
  helperText,
  id,
  required,
  disabled,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (iso: string | null | undefined) => void;
  error?: boolean;
  helperText?: ReactNode;
  id?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const [text, setText] = useState(toDisplayDate(value));
  useEffect(() => {
    // undefined = the typed text is not a date (yet): keep it as typed
    if (value === undefined) return;
    if (parseDisplayDate(text) !== (value ?? null)) setText(toDisplayDate(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <TextField
      id={id}
      label={label}
      value={text}
      size="small"
      fullWidth
      disabled={disabled}
      // asterisk only: the browser's own required check would block react-admin's validation
      InputLabelProps={{ required }}
      placeholder="GG-MM-AAAA"
      error={error}
      helperText={helperText ?? ' '}
      inputProps={{ inputMode: 'numeric', 'aria-label': label, 'aria-required': required || undefined }}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseDisplayDate(e.target.value));
      }}
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <IconButton
              size="small"
              aria-label={`Scegli ${label} dal calendario`}
              disabled={disabled}
              onClick={(e) => {
                const input = e.currentTarget.parentElement?.querySelector(
                  'input[type="date"]',
                ) as HTMLInputElement | null;
                input?.showPicker?.();
              }}
            >
              <EventIcon fontSize="small" />
            </IconButton>
            <input
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              value={value ?? ''}
              style={{ width: 0, height: 0, opacity: 0, border: 0, padding: 0 }}
              onChange={(e) => {
                setText(toDisplayDate(e.target.value));
                onChange(e.target.value || null);
              }}
            />
          </InputAdornment>
        ),
      }}
    />
  );
}

/** react-admin input over DateTextField. */
export function DateInput(props: InputProps & { label?: string }) {
  const { field, fieldState, isRequired } = useInput({
    ...props,
    validate: [
      ...(Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : []),
      (v: unknown) => (v === '__invalid__' ? MESSAGES.date : undefined),
    ],
  });
  const error = fieldState.error?.message;
  return (
    <DateTextField
      id={`input-${props.source}`}
      label={props.label ?? props.source}
      required={isRequired}
      disabled={props.disabled}
      value={field.value === '__invalid__' ? undefined : field.value}
      onChange={(iso) => field.onChange(iso === undefined ? '__invalid__' : iso)}
      // react-admin encodes validator messages ('@@react-admin@@"…"'): InputHelperText decodes them
      error={!!(fieldState.invalid && error)}
      helperText={fieldState.invalid && error ? <InputHelperText error={error} /> : ' '}
    />
  );
}
