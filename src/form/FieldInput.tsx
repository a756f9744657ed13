/** The input of one declared field. */
import type { ChangeEvent } from 'react';
import {
  AutocompleteArrayInput, AutocompleteInput, BooleanInput, DateTimeInput, PasswordInput,
  ReferenceArrayInput, ReferenceInput, SelectInput, TextInput, useGetIdentity,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { FieldDef } from '../../model/fields';
import { modelByName } from '../../model/registry';
import { atLeast } from '../../model/define';
import type { Mode } from '../../model/validate';
import { raValidators } from './validation';
import { DECIMAL_RE as DECIMAL_TEXT, INTEGER_RE as INTEGER_TEXT } from '../../model/validators';
import { MoneyInput } from './MoneyInput';
import { DateInput } from './DateInput';
import { ImageDataInput } from './ImageDataInput';
import { EndpointSelectInput } from './EndpointSelectInput';

const optionText = (refName: string) => (r: Record<string, unknown>) => {
  if (!r) return '';
  if (typeof r.label === 'string') return r.label;
  const ref = modelByName.get(refName)!;
  return ref.labelFields.map((f) => r[f]).filter(Boolean).join(' ');
};

/**
 * Numbers typed as text: a well-formed number becomes a number, anything else is kept as
 * typed so that the field's rule shows its message ('12a' is not silently 12).
 */
export const parseNumberText = (kind: 'integer' | 'decimal') => (text: string): number | string | null => {
  const s = (text ?? '').trim();
  if (!s) return null;
  if (kind === 'integer') return INTEGER_TEXT.test(s) ? Number(s) : text;
  return DECIMAL_TEXT.test(s) ? Number(s.replace(',', '.')) : text;
};
const formatNumberText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v).replace('.', ',') : String(v));

/**
 * Checks a field while it is typed when its value breaks a limit (too long, not a number), or
 * when it already shows an error (so the error goes as soon as it is fixed): the message shows
 * at once instead of the input silently refusing the text.
 */
function useLiveCheck(name: string, fd: FieldDef) {
  const form = useFormContext();
  return (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | unknown) => {
    const value = (e as ChangeEvent<HTMLInputElement>)?.target?.value;
    if (typeof value !== 'string') return;
    const s = value.trim();
    const tooLong = fd.max !== undefined && ['text', 'longtext', 'password'].includes(fd.type) && value.length > fd.max;
    const notNumber = s !== '' && ((fd.type === 'integer' && !INTEGER_TEXT.test(s)) || ((fd.type === 'decimal' || fd.type === 'credit') && !DECIMAL_TEXT.test(s))
      || (fd.rules?.includes('digits') && !/^\d+$/.test(s)));
    if (tooLong || notNumber || form.getFieldState(name).invalid) void form.trigger(name);
  };
}

export function FieldInput({ name, fd, mode }: { name: string; fd: FieldDef; mode: Mode }) {
  const { identity } = useGetIdentity();
  const validate = raValidators(fd, mode);
  const readOnly = fd.readOnly || (fd.writeRole && !atLeast(identity?.role as string, fd.writeRole));
  const common = { source: name, label: fd.label, validate, fullWidth: true, readOnly: !!readOnly, disabled: !!readOnly, helperText: ' ' as const };
  const upper = (v: string) => (typeof v === 'string' ? v.toUpperCase() : v);
  const liveCheck = useLiveCheck(name, fd);
  switch (fd.type) {
    case 'longtext':
      if (fd.rules?.includes('image')) return <ImageDataInput source={name} label={fd.label} validate={validate} disabled={!!readOnly} />;
      return <TextInput {...common} multiline minRows={3} onChange={liveCheck} />;
    case 'password':
      return <PasswordInput {...common} onChange={liveCheck} autoComplete="new-password" helperText={mode === 'update' ? 'Lascia vuoto per non cambiarla' : ' '} />;
    case 'integer':
      return <TextInput {...common} parse={parseNumberText('integer')} format={formatNumberText} onChange={liveCheck}
        inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />;
    case 'money':
      return <MoneyInput {...common} />;
    case 'decimal': case 'credit':
      return <TextInput {...common} parse={parseNumberText('decimal')} format={formatNumberText} onChange={liveCheck}
        inputProps={{ inputMode: 'decimal', autoComplete: 'off' }} />;
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      return <DateTimeInput {...common} />;
    case 'flag':
      return <BooleanInput source={name} label={fd.label} disabled={!!readOnly} format={(v) => v === 1 || v === true || v === '1'} parse={(v) => (v ? 1 : 0)} />;
    case 'boolean':
      return <BooleanInput source={name} label={fd.label} disabled={!!readOnly} />;
    case 'choice':
      return <SelectInput {...common} choices={fd.choices ?? []} optionValue="value" optionText="text" emptyText="—" />;
    case 'relation':
      if (fd.optionsEndpoint) {
        return <EndpointSelectInput source={name} label={fd.label} endpoint={fd.optionsEndpoint} validate={validate} disabled={!!readOnly} />;
      }
      return (
        <ReferenceInput source={name} reference={fd.ref!} filter={{ collection: `${fd.ref}Resource4SelectCollection` }} perPage={50}>
          <AutocompleteInput label={fd.label} validate={validate} optionText={optionText(fd.ref!)} fullWidth disabled={!!readOnly}
            filterToQuery={(q: string) => ({ q })} helperText=" " />
        </ReferenceInput>
      );
    case 'manyToMany':
      return (
        <ReferenceArrayInput source={name} reference={fd.ref!} filter={{ collection: `${fd.ref}Resource4SelectCollection` }} perPage={200}>
          <AutocompleteArrayInput label={fd.label} validate={validate} optionText={optionText(fd.ref!)} fullWidth disabled={!!readOnly}
            filterToQuery={(q: string) => ({ q })} />
        </ReferenceArrayInput>
      );
    default: {
      // no maxLength on the inputs: text past a limit stays visible with its message (also when pasted)
      if (fd.rules?.includes('vat') || fd.rules?.includes('digits')) {
        return <TextInput {...common} onChange={liveCheck} inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />;
      }
      const isCode = fd.rules?.includes('fiscalCode') || fd.rules?.includes('iban');
      return <TextInput {...common} {...(isCode ? { parse: upper } : {})} onChange={liveCheck}
        inputProps={isCode ? { autoComplete: 'off', style: { textTransform: 'uppercase' } } : undefined} />;
    }
  }
}
