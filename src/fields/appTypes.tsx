/**
 * The field-type registry, app part: the input of each field type on the generic form and the
 * text of its cell in the generic table. Shared part: `model/types.ts`; server part:
 * `server/db/fieldTypes.ts`. A type missing here does not compile.
 */
import type { ChangeEvent, JSX } from 'react';
import { InputAdornment } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  type Validator as RaValidator,
} from 'react-admin';
import type { FieldDef, FieldType } from '../../model/fields';
import { modelByName } from '../../model/registry';
import { formatValue } from '../../model/types';
import { DECIMAL_RE, INTEGER_RE } from '../../model/validators';
import type { Mode } from '../../model/validate';
import { MoneyInput } from '../form/MoneyInput';
import { DateInput } from '../form/DateInput';
import { DateTimeInput, TimeInput } from '../form/TimeInputs';
import { ImageDataInput } from '../form/ImageDataInput';
import { EndpointChoiceInput, EndpointMultiSelectInput, EndpointSelectInput } from '../form/EndpointSelectInput';

/** What every input gets from the generic form. */
export interface InputArgs {
  name: string;
  fd: FieldDef;
  mode: Mode;
  validate: RaValidator[];
  readOnly: boolean;
  /** checks the field while it is typed (limits, not a number) */
  liveCheck: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | unknown) => void;
}

export interface AppFieldType {
  Input(a: InputArgs): JSX.Element;
  /** the text of a cell ('' when empty) */
  cell(fd: FieldDef, name: string, record: Record<string, unknown>): string;
  /** right-aligned cells */
  numeric?: boolean;
  /** typed text that is not yet a value of the type (checked while typing) */
  malformed?(text: string): boolean;
}

const common = (a: InputArgs) => ({
  source: a.name,
  label: a.fd.label,
  validate: a.validate,
  fullWidth: true,
  readOnly: a.readOnly,
  disabled: a.readOnly,
  helperText: ' ' as const,
});

const optionText = (refName: string) => (r: Record<string, unknown>) => {
  if (!r) return '';
  if (typeof r.label === 'string') return r.label;
  const ref = modelByName.get(refName)!;
  return ref.labelFields
    .map((f) => r[f])
    .filter(Boolean)
    .join(' ');
};

// a choice's or a relation's input over the options of the field's own call (optionsEndpoint);
// without one, a relation's input is over the related resource's list (its select collection),
// an option named by the related model's label fields
const endpointProps = (a: InputArgs) => ({
  source: a.name,
  label: a.fd.label,
  endpoint: a.fd.optionsEndpoint!,
  validate: a.validate,
  disabled: a.readOnly,
});
const referenceProps = (a: InputArgs) => ({
  source: a.name,
  reference: a.fd.ref!,
  filter: { collection: `${a.fd.ref}Resource4SelectCollection` },
});
const autocompleteProps = (a: InputArgs) => ({
  label: a.fd.label,
  validate: a.validate,
  optionText: optionText(a.fd.ref!),
  fullWidth: true,
  disabled: a.readOnly,
  filterToQuery: (q: string) => ({ q }),
});

/**
 * Numbers typed as text: a well-formed number becomes a number, anything else is kept as
 * typed so that the field's rule shows its message ('12a' is not silently 12).
 */
export const parseNumberText =
  (kind: 'integer' | 'decimal') =>
  (text: string): number | string | null => {
    const s = (text ?? '').trim();
    if (!s) return null;
    if (kind === 'integer') return INTEGER_RE.test(s) ? Number(s) : text;
    return DECIMAL_RE.test(s) ? Number(s.replace(',', '.')) : text;
  };
const formatNumberText = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'number' ? String(v).replace('.', ',') : String(v);

const valueCell = (fd: FieldDef, name: string, record: Record<string, unknown>) =>
  formatValue(fd, record[name], { currency: true });

const textInput = (a: InputArgs) => {
  const rules = a.fd.rules ?? [];
  // no maxLength on the inputs: text past a limit stays visible with its message (also when pasted)
  if (rules.includes('vat') || rules.includes('digits')) {
    return (
      <TextInput {...common(a)} onChange={a.liveCheck} inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />
    );
  }
  const isCode = ['fiscalCode', 'iban', 'creditorId', 'bic', 'cuc', 'sia'].some((r) => rules.includes(r as never));
  const upper = (v: string) => (typeof v === 'string' ? v.toUpperCase() : v);
  return (
    <TextInput
      {...common(a)}
      {...(isCode ? { parse: upper } : {})}
      onChange={a.liveCheck}
      inputProps={isCode ? { autoComplete: 'off', style: { textTransform: 'uppercase' } } : undefined}
    />
  );
};

/** A number typed as text (checked while typed), with the keyboard of its kind and an optional unit after it. */
const numberInput = (kind: 'integer' | 'decimal', suffix?: string) => (a: InputArgs) => (
  <TextInput
    {...common(a)}
    parse={parseNumberText(kind)}
    format={formatNumberText}
    onChange={a.liveCheck}
    inputProps={{ inputMode: kind === 'integer' ? 'numeric' : 'decimal', autoComplete: 'off' }}
    InputProps={suffix ? { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> } : undefined}
  />
);
const decimalInput = (suffix?: string) => numberInput('decimal', suffix);
const notDecimal = (s: string) => s.trim() !== '' && !DECIMAL_RE.test(s.trim());

export const APP_TYPES: Record<FieldType, AppFieldType> = {
  text: { Input: textInput, cell: valueCell, malformed: () => false },
  longtext: {
    Input: (a) =>
      a.fd.rules?.includes('image') ? (
        <ImageDataInput source={a.name} label={a.fd.label} validate={a.validate} disabled={a.readOnly} />
      ) : (
        <TextInput {...common(a)} multiline minRows={3} onChange={a.liveCheck} />
      ),
    cell: valueCell,
  },
  password: {
    Input: (a) => (
      <PasswordInput
        {...common(a)}
        onChange={a.liveCheck}
        autoComplete="new-password"
        helperText={a.mode === 'update' ? 'Lascia vuoto per non cambiarla' : ' '}
      />
    ),
    cell: () => '',
  },
  integer: {
    Input: numberInput('integer'),
    cell: valueCell,
    numeric: true,
    malformed: (s) => s.trim() !== '' && !INTEGER_RE.test(s.trim()),
  },
  money: { Input: (a) => <MoneyInput {...common(a)} />, cell: valueCell, numeric: true },
  decimal: { Input: decimalInput(), cell: valueCell, numeric: true, malformed: notDecimal },
  credit: { Input: decimalInput(), cell: valueCell, numeric: true, malformed: notDecimal },
  percentage: { Input: decimalInput('%'), cell: valueCell, numeric: true, malformed: notDecimal },
  date: { Input: (a) => <DateInput {...common(a)} />, cell: valueCell },
  datetime: { Input: (a) => <DateTimeInput {...common(a)} />, cell: valueCell },
  time: { Input: (a) => <TimeInput {...common(a)} />, cell: valueCell },
  flag: {
    Input: (a) => (
      <BooleanInput
        source={a.name}
        label={a.fd.label}
        disabled={a.readOnly}
        format={(v) => v === 1 || v === true || v === '1'}
        parse={(v) => (v ? 1 : 0)}
      />
    ),
    cell: valueCell,
  },
  boolean: { Input: (a) => <BooleanInput source={a.name} label={a.fd.label} disabled={a.readOnly} />, cell: valueCell },
  choice: {
    Input: (a) =>
      a.fd.optionsEndpoint ? (
        <EndpointChoiceInput {...endpointProps(a)} choices={a.fd.choices ?? []} />
      ) : (
        <SelectInput {...common(a)} choices={a.fd.choices ?? []} optionValue="value" optionText="text" emptyText="—" />
      ),
    cell: valueCell,
  },
  relation: {
    Input: (a) =>
      a.fd.optionsEndpoint ? (
        <EndpointSelectInput {...endpointProps(a)} refName={a.fd.ref} />
      ) : (
        <ReferenceInput {...referenceProps(a)} perPage={50}>
          <AutocompleteInput {...autocompleteProps(a)} helperText=" " />
        </ReferenceInput>
      ),
    // the related row as the server sends it: { id, label, cod? } under the name without '_id'
    cell: (fd, name, record) => {
      const rel = record[name.replace(/_id$/, '')] as { label?: string; cod?: string } | null | undefined;
      return (fd.listShowsCode ? (rel?.cod ?? rel?.label) : rel?.label) ?? '';
    },
  },
  manyToMany: {
    Input: (a) =>
      a.fd.optionsEndpoint ? (
        <EndpointMultiSelectInput {...endpointProps(a)} refName={a.fd.ref} />
      ) : (
        <ReferenceArrayInput {...referenceProps(a)} perPage={200}>
          <AutocompleteArrayInput {...autocompleteProps(a)} />
        </ReferenceArrayInput>
      ),
    cell: valueCell,
  },
};
