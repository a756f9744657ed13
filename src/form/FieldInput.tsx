/** The input of one declared field. */
import {
  AutocompleteArrayInput, AutocompleteInput, BooleanInput, DateTimeInput, NumberInput, PasswordInput,
  ReferenceArrayInput, ReferenceInput, SelectInput, TextInput, useGetIdentity,
} from 'react-admin';
import type { FieldDef } from '../../model/fields';
import { modelByName } from '../../model/registry';
import { atLeast } from '../../model/define';
import type { Mode } from '../../model/validate';
import { raValidators } from './validation';
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

export function FieldInput({ name, fd, mode }: { name: string; fd: FieldDef; mode: Mode }) {
  const { identity } = useGetIdentity();
  const validate = raValidators(fd, mode);
  const readOnly = fd.readOnly || (fd.writeRole && !atLeast(identity?.role as string, fd.writeRole));
  const common = { source: name, label: fd.label, validate, fullWidth: true, readOnly: !!readOnly, disabled: !!readOnly, helperText: ' ' as const };
  const upper = (v: string) => (typeof v === 'string' ? v.toUpperCase() : v);
  switch (fd.type) {
    case 'longtext':
      if (fd.rules?.includes('image')) return <ImageDataInput source={name} label={fd.label} validate={validate} disabled={!!readOnly} />;
      return <TextInput {...common} multiline minRows={3} />;
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" helperText={mode === 'update' ? 'Lascia vuoto per non cambiarla' : ' '} />;
    case 'integer':
      return <NumberInput {...common} step={1} />;
    case 'money':
      return <MoneyInput {...common} />;
    case 'decimal': case 'credit':
      return <NumberInput {...common} step={0.01} />;
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
      if (fd.rules?.includes('vat')) {
        return <TextInput {...common} inputProps={{ maxLength: 11, inputMode: 'numeric', autoComplete: 'off' }} />;
      }
      const isCode = fd.rules?.includes('fiscalCode') || fd.rules?.includes('iban');
      return <TextInput {...common} {...(isCode ? { parse: upper } : {})} inputProps={{ maxLength: fd.max, ...(isCode ? { autoComplete: 'off', style: { textTransform: 'uppercase' } } : {}) }} />;
    }
  }
}
