/**
 * 'Registra identificazione' / 'Aggiorna identificazione' (issue 48 items 1 and 8): the form of the
 * customer's identification, in a dialog (full screen on a phone) so that Enter never submits the
 * customer's form. Prefilled from the version in force, or for a first one from the customer's
 * record (a company: persona giuridica with its legal representative as esecutore; otherwise the
 * customer himself) and the services of the latest risk assessment.
 *
 * Sections: Cliente (who, when and how identified) / Esecutore / Documenti di identità (rows; each
 * scan chosen among the file's files or uploaded right there as a 'documento') / Titolari effettivi
 * (rows) / PEP e liste / Scopo e natura / Prestazioni. Before sending, the checks the server runs
 * (model/amlIdentification.ts) and the required fields; each message under its field, the server's
 * 422 too (`documents.0.expires_on`, `owners.1.tax_code`…), and the dialog keeps what was typed.
 */
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { useRecordContext, type RaRecord } from 'react-admin';
import { today } from '../../../model/dates';
import { checkIdentification, type IdentificationErrors } from '../../../model/amlIdentification';
import {
  AML_FILE_KINDS,
  ID_DOCUMENT_TYPES,
  IDENTIFICATION_METHODS,
  OWNER_CRITERIA,
  OWNER_SOURCES,
} from '../../../model/amlOptions';
import type { AmlFile, AmlIdentificationInput, CustomerAml } from '../../../model/api/aml';
import { ApiError } from '../../api/client';
import { useAppDataProvider } from '../../dataProvider';
import { failureText } from '../../bulk/texts';
import { DateTextField } from '../../form/DateInput';
import {
  AmlDialog,
  FilePickButton,
  keyOf,
  optionText,
  ServicePicker,
  uploadProblem,
  useAmlSend,
  useSavedThenClose,
} from './AmlParts';

type Input = AmlIdentificationInput;
type Subject = Input['subject'];
type Holder = Input['documents'][number]['holder'];
type DocType = Input['documents'][number]['type'];
type Method = Input['method'];
type Criterion = Input['owners'][number]['criterion'];
type Source = Input['owners'][number]['source'];
type Person = NonNullable<Input['customer_person']>;
/** a date as the input holds it: 'YYYY-MM-DD', null when empty, undefined when the text typed is no date */
type DateValue = string | null | undefined;

interface PersonDraft {
  name: string;
  tax_code: string;
  birth_date: DateValue;
  birth_place: string;
  address: string;
  citizenship: string;
}
interface DocumentDraft {
  key: number;
  holder: Holder;
  type: DocType;
  number: string;
  issuer: string;
  issued_on: DateValue;
  expires_on: DateValue;
  file_id: number | null;
}
interface OwnerDraft extends PersonDraft {
  key: number;
  share: string;
  criterion: Criterion | '';
  source: Source | '';
  pep: boolean;
}
export interface IdentificationDraft {
  subject: Subject;
  customer_person: PersonDraft;
  /** a natural person acting through someone (a company always has its esecutore) */
  withExecutor: boolean;
  executor: PersonDraft & { role: string };
  documents: DocumentDraft[];
  identified_on: DateValue;
  method: Method;
  owners: OwnerDraft[];
  pep: boolean;
  pep_details: string;
  sanctions_checked_on: DateValue;
  sanctions_outcome: Input['sanctions_outcome'];
  sanctions_lists: string;
  purpose: string;
  nature: string;
  funds_origin: string;
  services: string[];
}

const PERSON_FIELDS = ['name', 'tax_code', 'birth_date', 'birth_place', 'address', 'citizenship'] as const;
const DOCUMENT_FIELDS = ['holder', 'type', 'number', 'issuer', 'issued_on', 'expires_on', 'file_id'] as const;
const OWNER_FIELDS = [...PERSON_FIELDS, 'share', 'criterion', 'source', 'pep'] as const;

const INVALID_DATE = 'Data non valida (GG-MM-AAAA)';

let nextKey = 1;
const newKey = () => nextKey++;

// ---------------------------------------------------------------------------------------------
// draft ↔ body

const personDraft = (p?: Partial<Person>): PersonDraft => ({
  name: p?.name ?? '',
  tax_code: p?.tax_code ?? '',
  birth_date: p?.birth_date ?? null,
  birth_place: p?.birth_place ?? '',
  address: p?.address ?? '',
  citizenship: p?.citizenship ?? '',
});

const emptyDocument = (holder: Holder): DocumentDraft => ({
  key: newKey(),
  holder,
  type: 'carta_identita',
  number: '',
  issuer: '',
  issued_on: null,
  expires_on: null,
  file_id: null,
});

const emptyOwner = (): OwnerDraft => ({
  key: newKey(),
  ...personDraft(),
  share: '',
  criterion: '',
  source: '',
  pep: false,
});

/** The identification in force, to change. */
export function draftOf(d: Input): IdentificationDraft {
  return {
    subject: d.subject,
    customer_person: personDraft(d.customer_person),
    withExecutor: !!d.executor,
    executor: { ...personDraft(d.executor), role: d.executor?.role ?? '' },
    documents: d.documents.map((doc) => ({
      key: newKey(),
      holder: doc.holder,
      type: doc.type,
      number: doc.number,
      issuer: doc.issuer,
      issued_on: doc.issued_on ?? null,
      expires_on: doc.expires_on,
      file_id: doc.file_id ?? null,
    })),
    identified_on: d.identified_on,
    method: d.method,
    owners: d.owners.map((o) => ({
      key: newKey(),
      ...personDraft(o),
      share: o.share != null ? String(o.share).replace('.', ',') : '',
      criterion: o.criterion,
      source: o.source,
      pep: !!o.pep,
    })),
    pep: d.pep,
    pep_details: d.pep_details ?? '',
    sanctions_checked_on: d.sanctions_checked_on,
    sanctions_outcome: d.sanctions_outcome,
    sanctions_lists: d.sanctions_lists ?? '',
    purpose: d.purpose,
    nature: d.nature,
    funds_origin: d.funds_origin ?? '',
    services: [...d.services],
  };
}

const relationLabel = (v: unknown) =>
  v && typeof v === 'object' && 'label' in v ? String((v as { label: unknown }).label ?? '') : '';

const PERSON_STATUS =
  /persona fisica|ditta individuale|impresa individuale|libero professionista|professionista|privato|^(DI|LP)\b/i;
const ENTITY_STATUS =
  /societ|s\.?\s?r\.?\s?l|s\.?\s?p\.?\s?a|s\.?\s?n\.?\s?c|s\.?\s?a\.?\s?s|associazion|fondazion|cooperativ|consorzi|\bente\b|onlus/i;

/** Whether the customer of the record is a company: its legal status says so, else a VAT number. */
export function subjectOfRecord(record: RaRecord | undefined): Subject {
  const status = relationLabel(record?.legal_status);
  if (status && PERSON_STATUS.test(status)) return 'persona_fisica';
  if (status && ENTITY_STATUS.test(status)) return 'persona_giuridica';
  return record?.vat_id ? 'persona_giuridica' : 'persona_fisica';
}

/** A first identification, from the customer's record and the latest risk assessment. */
export function draftOfRecord(record: RaRecord | undefined, file: CustomerAml, day: string): IdentificationDraft {
  const subject = subjectOfRecord(record);
  const company = subject === 'persona_giuridica';
  const text = (k: string) => (typeof record?.[k] === 'string' ? (record[k] as string) : '');
  const address = [text('address'), [text('postal_code'), text('city')].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const representative = relationLabel(record?.legal_representative);
  return {
    subject,
    customer_person: company
      ? personDraft()
      : personDraft({ name: text('business_name'), tax_code: text('fiscal_code'), address }),
    withExecutor: company,
    executor: {
      ...personDraft({ name: company ? representative : '' }),
      role: company ? 'Legale rappresentante' : '',
    },
    documents: [emptyDocument(company ? 'esecutore' : 'cliente')],
    identified_on: day,
    method: 'presenza',
    owners: company ? [emptyOwner()] : [],
    pep: file.current?.pep ?? false,
    pep_details: '',
    sanctions_checked_on: day,
    sanctions_outcome: 'negativo',
    sanctions_lists: '',
    purpose: file.current?.purpose ?? '',
    nature: '',
    funds_origin: '',
    services: [...(file.current?.services ?? [])],
  };
}

const hasExecutor = (d: IdentificationDraft) => d.subject === 'persona_giuridica' || d.withExecutor;

/**
 * The body to send and what keeps it from being sent, by field: the required fields and the dates
 * typed, then the server's own checks (model/amlIdentification.ts) on what is left.
 */
export function bodyOf(d: IdentificationDraft, day: string): { body: Input; errors: IdentificationErrors } {
  const required: IdentificationErrors = {};
  const need = (field: string, ok: boolean, message: string) => {
    if (!ok) (required[field] ??= []).push(message);
  };
  const opt = (v: string) => (v.trim() ? v.trim() : undefined);
  /** a date: undefined is no date, null empty */
  const date = (field: string, v: DateValue, missing?: string): string | undefined => {
    if (v === undefined) need(field, false, INVALID_DATE);
    else if (v === null && missing) need(field, false, missing);
    return v ?? undefined;
  };
  const person = (prefix: string, p: PersonDraft): Person => {
    need(`${prefix}.name`, !!p.name.trim(), 'Indica nome e cognome');
    const out: Person = { name: p.name.trim() };
    const tax = opt(p.tax_code);
    if (tax) out.tax_code = tax.toUpperCase();
    const born = date(`${prefix}.birth_date`, p.birth_date);
    if (born) out.birth_date = born;
    if (opt(p.birth_place)) out.birth_place = opt(p.birth_place);
    if (opt(p.address)) out.address = opt(p.address);
    if (opt(p.citizenship)) out.citizenship = opt(p.citizenship);
    return out;
  };
  const company = d.subject === 'persona_giuridica';

  const body: Input = {
    subject: d.subject,
    ...(company ? {} : { customer_person: person('customer_person', d.customer_person) }),
    ...(hasExecutor(d)
      ? {
          executor: (() => {
            need('executor.role', !!d.executor.role.trim(), 'Indica in che veste agisce l’esecutore');
            return { ...person('executor', d.executor), role: d.executor.role.trim() };
          })(),
        }
      : {}),
    documents: d.documents.map((doc, i) => {
      const p = `documents.${i}`;
      need(`${p}.number`, !!doc.number.trim(), 'Indica il numero del documento');
      need(`${p}.issuer`, !!doc.issuer.trim(), 'Indica chi ha rilasciato il documento');
      const issued = date(`${p}.issued_on`, doc.issued_on);
      const expires = date(`${p}.expires_on`, doc.expires_on, 'Indica la data di scadenza del documento');
      return {
        holder: doc.holder,
        type: doc.type,
        number: doc.number.trim(),
        issuer: doc.issuer.trim(),
        ...(issued ? { issued_on: issued } : {}),
        expires_on: expires ?? '',
        ...(doc.file_id != null ? { file_id: doc.file_id } : {}),
      };
    }),
    identified_on: date('identified_on', d.identified_on, 'Indica la data di identificazione') ?? '',
    method: d.method,
    owners: d.owners.map((o, i) => {
      const p = `owners.${i}`;
      const shareText = o.share.trim().replace(',', '.');
      const share = shareText ? Number(shareText) : undefined;
      need(
        `${p}.share`,
        share === undefined || (Number.isFinite(share) && share >= 0),
        'Quota non valida: una percentuale, per esempio 25 o 33,5',
      );
      need(`${p}.criterion`, !!o.criterion, 'Indica il criterio con cui è titolare effettivo');
      need(`${p}.source`, !!o.source, 'Indica dove è stato verificato');
      return {
        ...person(p, o),
        ...(share !== undefined && Number.isFinite(share) ? { share } : {}),
        criterion: o.criterion as Criterion,
        source: o.source as Source,
        pep: o.pep,
      };
    }),
    pep: d.pep,
    ...(d.pep && opt(d.pep_details) ? { pep_details: opt(d.pep_details) } : {}),
    sanctions_checked_on:
      date('sanctions_checked_on', d.sanctions_checked_on, 'Indica la data del controllo sulle liste') ?? '',
    sanctions_outcome: d.sanctions_outcome,
    ...(opt(d.sanctions_lists) ? { sanctions_lists: opt(d.sanctions_lists) } : {}),
    purpose: d.purpose.trim(),
    nature: d.nature.trim(),
    ...(opt(d.funds_origin) ? { funds_origin: opt(d.funds_origin) } : {}),
    services: [...d.services],
  };
  need('purpose', !!body.purpose, 'Indica lo scopo del rapporto');
  need('nature', !!body.nature, 'Indica la natura del rapporto');

  // the server's checks; a field already missing keeps its own message
  const checks = checkIdentification(body, day);
  const errors: IdentificationErrors = { ...required };
  for (const [field, messages] of Object.entries(checks)) if (!required[field]) errors[field] = messages;
  return { body, errors };
}

/** The fields the form shows (a message for any other goes above the buttons). */
function fieldsShown(d: IdentificationDraft): Set<string> {
  const keys = [
    'subject',
    'identified_on',
    'method',
    'executor',
    'documents',
    'owners',
    'pep',
    'pep_details',
    'sanctions_checked_on',
    'sanctions_outcome',
    'sanctions_lists',
    'purpose',
    'nature',
    'funds_origin',
    'services',
  ];
  if (d.subject === 'persona_fisica') keys.push(...PERSON_FIELDS.map((f) => `customer_person.${f}`));
  if (hasExecutor(d)) keys.push('executor.role', ...PERSON_FIELDS.map((f) => `executor.${f}`));
  d.documents.forEach((_, i) => keys.push(...DOCUMENT_FIELDS.map((f) => `documents.${i}.${f}`)));
  d.owners.forEach((_, i) => keys.push(...OWNER_FIELDS.map((f) => `owners.${i}.${f}`)));
  return new Set(keys);
}

// ---------------------------------------------------------------------------------------------
// the dialog

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
  columnGap: 2,
  rowGap: 2,
} as const;
const fieldset = { border: 0, p: 0, m: 0, mb: 3, minWidth: 0 } as const;

function Section({ title, children, error }: { title: string; children: ReactNode; error?: string }) {
  return (
    <Box component="fieldset" sx={fieldset}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
        {title}
      </Typography>
      {error && (
        <FormHelperText error sx={{ mx: 0, mt: 0, mb: 1 }}>
          {error}
        </FormHelperText>
      )}
      {children}
    </Box>
  );
}

/** A row of a list (a document, an owner): an outlined group named `title`, with its remove button. */
function Row({
  title,
  onRemove,
  disabled,
  children,
}: {
  title: string;
  onRemove: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper variant="outlined" role="group" aria-labelledby={id} sx={{ mb: 2, p: 2, pt: 1, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" component="span" id={id}>
          {title}
        </Typography>
        <IconButton type="button" size="small" aria-label={`Rimuovi: ${title}`} onClick={onRemove} disabled={disabled}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Stack>
      {children}
    </Paper>
  );
}

// ---------------------------------------------------------------------------------------------
// the inputs: memoized, each given its value, its message and the one stable setter

type SetAt = (path: string, value: unknown) => void;
interface Option {
  value: string;
  text: string;
}

const SUBJECT_OPTIONS: Option[] = [
  { value: 'persona_fisica', text: 'Una persona fisica' },
  { value: 'persona_giuridica', text: 'Un ente o una società' },
];
const HOLDER_OPTIONS: Option[] = [
  { value: 'cliente', text: 'Del cliente' },
  { value: 'esecutore', text: 'Dell’esecutore' },
];
const SANCTIONS_OPTIONS: Option[] = [
  { value: 'negativo', text: 'Negativo' },
  { value: 'positivo', text: 'Positivo' },
];

/** `obj` with the value at `path` ('documents.0.number') replaced, the rest shared. */
function setPath<T>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (Array.isArray(obj)) {
    const copy = obj.slice();
    const i = Number(head);
    copy[i] = rest.length ? setPath(copy[i], rest.join('.'), value) : value;
    return copy as T;
  }
  const o = obj as Record<string, unknown>;
  return { ...o, [head]: rest.length ? setPath(o[head], rest.join('.'), value) : value } as T;
}

interface InputBase {
  id: string;
  path: string;
  label: string;
  error?: string;
  disabled: boolean;
  onSet: SetAt;
}
interface TextOptions {
  required?: boolean;
  multiline?: boolean;
  max?: number;
  helper?: string;
  /** the whole row of the grid */
  wide?: boolean;
  inputMode?: 'decimal';
  /** in capitals as typed (a tax code) */
  upper?: boolean;
}
interface SelectOptions {
  required?: boolean;
  helper?: string;
  wide?: boolean;
  /** two columns of the grid on a wide screen */
  span2?: boolean;
}

const TextInput = memo(function TextInput({
  id,
  path,
  label,
  value,
  error,
  disabled,
  onSet,
  required,
  multiline,
  max = 200,
  helper,
  wide,
  inputMode,
  upper,
}: InputBase & TextOptions & { value: string }) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(e) => onSet(path, upper ? e.target.value.toUpperCase() : e.target.value)}
      size="small"
      fullWidth
      required={required}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      disabled={disabled}
      error={!!error}
      helperText={error ?? helper}
      slotProps={{ htmlInput: { maxLength: max, inputMode } }}
      sx={wide ? { gridColumn: '1 / -1' } : undefined}
    />
  );
});

const DateInput = memo(function DateInput({
  id,
  path,
  label,
  value,
  error,
  disabled,
  onSet,
  required,
}: InputBase & { value: DateValue; required?: boolean }) {
  return (
    <DateTextField
      id={id}
      label={label}
      value={value}
      onChange={(v) => onSet(path, v)}
      required={required}
      disabled={disabled}
      error={!!error}
      helperText={error}
    />
  );
});

const SelectInput = memo(function SelectInput({
  id,
  path,
  label,
  value,
  options,
  error,
  disabled,
  onSet,
  required,
  helper,
  wide,
  span2,
}: InputBase & SelectOptions & { value: string; options: ReadonlyArray<Option> }) {
  return (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      onChange={(e) => onSet(path, e.target.value)}
      size="small"
      fullWidth
      required={required}
      disabled={disabled}
      error={!!error}
      helperText={error ?? helper}
      sx={wide ? { gridColumn: '1 / -1' } : span2 ? { gridColumn: { md: 'span 2' } } : undefined}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.text}
        </MenuItem>
      ))}
    </TextField>
  );
});

export function AmlIdentificationDialog({
  customerId,
  file,
  onClose,
}: {
  customerId: string | number;
  file: CustomerAml;
  onClose: () => void;
}) {
  const saved = useSavedThenClose(customerId, onClose);
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const record = useRecordContext();
  const uid = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const existing = file.identification;

  const [draft, setDraft] = useState<IdentificationDraft>(() =>
    existing ? draftOf(existing.data) : draftOfRecord(record, file, today()),
  );
  // a first identification of a company: its legal representative (the card's) as the esecutore,
  // with his tax code and address, unless already typed
  const repId = existing ? null : (record?.legal_representative_id as number | null | undefined);
  useEffect(() => {
    if (!repId) return;
    let live = true;
    dp.getOne('LegalRepresentative', { id: repId })
      .then(({ data: r }) => {
        if (!live) return;
        const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string).trim() : '');
        const name = [str('name'), str('surname')].filter(Boolean).join(' ');
        const address = [str('address'), [str('postal_code'), str('city')].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', ');
        setDraft((d) =>
          d.subject !== 'persona_giuridica' || d.executor.tax_code
            ? d
            : {
                ...d,
                executor: {
                  ...d.executor,
                  name: d.executor.name || name,
                  tax_code: str('fiscal_code').toUpperCase(),
                  address: d.executor.address || address,
                },
              },
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dp, repId]);
  const { errors, setErrors, problem, setProblem, busy, refuse, send } = useAmlSend<IdentificationErrors>();
  /** the files uploaded here, before the file is read again */
  const [uploaded, setUploaded] = useState<AmlFile[]>([]);
  /** the document (its key) whose scan is being uploaded, and the uploads' errors by document */
  const [uploading, setUploading] = useState<number | null>(null);
  const [uploadErrors, setUploadErrors] = useState<Record<number, string>>({});
  /** bumped on each refusal: the first field in error then takes the focus */
  const [refused, setRefused] = useState(0);

  useEffect(() => {
    if (!refused) return;
    const first = contentRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [refused]);

  const company = draft.subject === 'persona_giuridica';
  const withExecutor = hasExecutor(draft);

  const err = (field: string) => errors[field]?.join(' ');
  const clear = (...fields: string[]) =>
    setErrors((e) =>
      fields.some((f) => e[f]) ? Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))) : e,
    );
  /** drops the errors of a list's rows (their indexes change) */
  const clearRows = (list: 'documents' | 'owners') =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== list && !k.startsWith(`${list}.`))));
  /** sets the field at `path` (its error's key too) and drops its error: stable, for the memoized inputs */
  const setAt = useCallback(
    (path: string, value: unknown) => {
      setDraft((d) => setPath(d, path, value));
      setErrors((e) => (e[path] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== path)) : e));
    },
    [setErrors],
  );
  const set = <K extends keyof IdentificationDraft>(key: K, value: IdentificationDraft[K], ...fields: string[]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(...(fields.length ? fields : [key as string]));
  };
  const setScan = useCallback(
    (path: string, v: unknown) => setAt(path, v === '' || v == null ? null : Number(v)),
    [setAt],
  );
  const setServices = useCallback((v: string[]) => setAt('services', v), [setAt]);
  const setSubject = useCallback((_path: string, v: unknown) => {
    const subject = v as Subject;
    setDraft((d) => ({
      ...d,
      subject,
      documents: d.documents.map((doc) =>
        subject === 'persona_giuridica' && doc.holder === 'cliente' && !doc.number.trim()
          ? { ...doc, holder: 'esecutore' as const }
          : doc,
      ),
    }));
  }, []);

  // ---- the fields (memoized: a keystroke renders its own input only)

  const common = (field: string) => ({
    id: `${uid}-${field}`,
    path: field,
    error: err(field),
    disabled: busy,
    onSet: setAt,
  });
  const text = (field: string, label: string, value: string, opts: TextOptions = {}) => (
    <TextInput key={field} {...common(field)} label={label} value={value} {...opts} />
  );
  const date = (field: string, label: string, value: DateValue, required = false) => (
    <DateInput key={field} {...common(field)} label={label} value={value} required={required} />
  );
  const select = (
    field: string,
    label: string,
    value: string,
    options: ReadonlyArray<Option>,
    opts: SelectOptions & { onSet?: SetAt } = {},
  ) => <SelectInput key={field} {...common(field)} label={label} value={value} options={options} {...opts} />;

  const personFields = (prefix: string, p: PersonDraft) => [
    text(`${prefix}.name`, 'Nome e cognome', p.name, { required: true }),
    text(`${prefix}.tax_code`, 'Codice fiscale', p.tax_code, { required: true, max: 16, upper: true }),
    date(`${prefix}.birth_date`, 'Data di nascita', p.birth_date),
    text(`${prefix}.birth_place`, 'Luogo di nascita', p.birth_place),
    text(`${prefix}.address`, 'Indirizzo di residenza', p.address, { max: 300 }),
    text(`${prefix}.citizenship`, 'Cittadinanza', p.citizenship, { max: 60 }),
  ];

  const uploadScan = async (i: number, doc: DocumentDraft, chosen: File) => {
    const bad = uploadProblem(chosen);
    setUploadErrors((u) => ({ ...u, [doc.key]: bad ?? '' }));
    if (bad) return;
    setUploading(doc.key);
    try {
      const made = await dp.uploadAmlFile(
        customerId,
        chosen,
        'documento',
        doc.number.trim() ? `Documento n. ${doc.number.trim().toUpperCase()}` : undefined,
      );
      setUploaded((u) => [...u, made]);
      setAt(`documents.${i}.file_id`, made.id);
      void queryClient.invalidateQueries({ queryKey: keyOf(customerId) });
    } catch (e) {
      const messages = e instanceof ApiError ? e.body.errors?.file : undefined;
      setUploadErrors((u) => ({ ...u, [doc.key]: messages?.join(' ') ?? failureText(e) }));
    } finally {
      setUploading(null);
    }
  };

  // ---- saving

  /** the messages of the errors no field of the form shows (e.g. of a part not shown) */
  const unshown = (found: IdentificationErrors) => {
    const shown = fieldsShown(draft);
    return Object.entries(found)
      .filter(([k]) => !shown.has(k))
      .flatMap(([, m]) => m ?? []);
  };
  const submit = async () => {
    setProblem(null);
    const { body, errors: found } = bodyOf(draft, today());
    if (Object.keys(found).length) {
      refuse(found, ['Correggi i campi evidenziati.', ...unshown(found)].join(' '));
      setRefused((n) => n + 1);
      return;
    }
    await send(
      () => dp.identifyCustomer(customerId, body),
      'Identificazione registrata',
      saved,
      (fields, message) => {
        if (!fields) return message;
        setRefused((n) => n + 1);
        return [message, ...unshown(fields).filter((m) => m !== message)].join(' ');
      },
    );
  };

  const files = useMemo(
    () => [...file.files, ...uploaded.filter((u) => !file.files.some((f) => f.id === u.id))],
    [file.files, uploaded],
  );
  const scanOptions = useMemo<Option[]>(
    () => [
      { value: '', text: 'Nessuna' },
      ...files.map((f) => ({
        value: String(f.id),
        text: `${f.original_filename} (${optionText(AML_FILE_KINDS, f.kind)})`,
      })),
    ],
    [files],
  );

  return (
    <AmlDialog
      title={existing ? 'Aggiorna identificazione' : 'Registra identificazione'}
      maxWidth="md"
      busy={busy}
      locked={uploading != null}
      busyLabel="Registrazione dell'identificazione"
      submitLabel="Registra identificazione"
      problem={problem}
      onSubmit={submit}
      onClose={onClose}
      contentRef={contentRef}
    >
      {existing && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Si registra una nuova versione: quella in vigore resta tra le versioni precedenti.
        </Typography>
      )}

      <Section title="Cliente">
        <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 2fr' } }}>
          {select('subject', 'Il cliente è', draft.subject, SUBJECT_OPTIONS, { onSet: setSubject })}
          {date('identified_on', 'Data di identificazione', draft.identified_on, true)}
          {select('method', 'Modalità di identificazione', draft.method, IDENTIFICATION_METHODS)}
        </Box>
        {!company && <Box sx={{ ...grid, mt: 2 }}>{personFields('customer_person', draft.customer_person)}</Box>}
      </Section>

      <Section title="Esecutore" error={err('executor')}>
        {!company && (
          <FormControlLabel
            sx={{ mb: 1 }}
            label="Il cliente agisce tramite un esecutore (procuratore o delegato)"
            control={
              <Checkbox
                checked={draft.withExecutor}
                disabled={busy}
                onChange={(e) => set('withExecutor', e.target.checked, 'executor')}
              />
            }
          />
        )}
        {company && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Chi agisce per il cliente: legale rappresentante, procuratore o delegato.
          </Typography>
        )}
        {withExecutor && (
          <Box sx={grid}>
            {text('executor.role', 'In qualità di', draft.executor.role, {
              required: true,
              helper: 'Per esempio: legale rappresentante, procuratore',
            })}
            {personFields('executor', draft.executor)}
          </Box>
        )}
      </Section>

      <Section title="Documenti di identità" error={err('documents')}>
        {draft.documents.map((doc, i) => {
          const p = `documents.${i}`;
          const title = `Documento ${i + 1}`;
          const uploadError = uploadErrors[doc.key];
          return (
            <Row
              key={doc.key}
              title={title}
              disabled={busy}
              onRemove={() => {
                setDraft((d) => ({ ...d, documents: d.documents.filter((_, j) => j !== i) }));
                clearRows('documents');
              }}
            >
              <Box sx={grid}>
                {select(`${p}.holder`, 'Di chi', doc.holder, HOLDER_OPTIONS)}
                {select(`${p}.type`, 'Tipo di documento', doc.type, ID_DOCUMENT_TYPES)}
                {text(`${p}.number`, 'Numero', doc.number, { required: true, max: 40 })}
                {text(`${p}.issuer`, 'Rilasciato da', doc.issuer, {
                  required: true,
                  helper: 'Per esempio: Comune di Milano',
                })}
                {date(`${p}.issued_on`, 'Data di rilascio', doc.issued_on)}
                {date(`${p}.expires_on`, 'Data di scadenza', doc.expires_on, true)}
              </Box>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'flex-start' }, mt: 2 }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  {select(`${p}.file_id`, 'Scansione', doc.file_id != null ? String(doc.file_id) : '', scanOptions, {
                    helper: 'Un file del fascicolo, o caricane uno nuovo',
                    onSet: setScan,
                  })}
                </Box>
                <FilePickButton
                  inputLabel={`Carica la scansione del documento ${i + 1}`}
                  onPick={(chosen) => void uploadScan(i, doc, chosen)}
                  size="small"
                  icon={<UploadFileIcon />}
                  disabled={busy || uploading != null}
                  sx={{ whiteSpace: 'nowrap', mt: { sm: 0.25 }, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
                >
                  Carica scansione
                </FilePickButton>
              </Stack>
              {uploading === doc.key && (
                <LinearProgress aria-label={`Caricamento della scansione del documento ${i + 1}`} />
              )}
              {uploadError && (
                <FormHelperText error role="alert" sx={{ mx: 0 }}>
                  {uploadError}
                </FormHelperText>
              )}
            </Row>
          );
        })}
        <Button
          type="button"
          size="small"
          startIcon={<AddIcon />}
          disabled={busy || draft.documents.length >= 10}
          onClick={() => {
            setDraft((d) => ({
              ...d,
              documents: [...d.documents, emptyDocument(withExecutor && company ? 'esecutore' : 'cliente')],
            }));
            clear('documents');
          }}
        >
          Aggiungi documento
        </Button>
      </Section>

      <Section title="Titolari effettivi" error={err('owners')}>
        {draft.owners.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {company
              ? 'Indica chi possiede o controlla l’ente (art. 20 D.Lgs. 231/2007).'
              : 'Nessun titolare effettivo oltre al cliente stesso.'}
          </Typography>
        )}
        {draft.owners.map((o, i) => {
          const p = `owners.${i}`;
          const title = `Titolare effettivo ${i + 1}`;
          return (
            <Row
              key={o.key}
              title={title}
              disabled={busy}
              onRemove={() => {
                setDraft((d) => ({ ...d, owners: d.owners.filter((_, j) => j !== i) }));
                clearRows('owners');
              }}
            >
              <Box sx={grid}>
                {personFields(p, o)}
                {select(`${p}.criterion`, 'Criterio', o.criterion, OWNER_CRITERIA, { required: true, span2: true })}
                {text(`${p}.share`, 'Quota (%)', o.share, {
                  max: 10,
                  inputMode: 'decimal',
                  helper: 'Partecipazione al capitale, in percentuale',
                })}
                {select(`${p}.source`, 'Fonte della verifica', o.source, OWNER_SOURCES, { required: true })}
              </Box>
              <FormControlLabel
                label="Persona politicamente esposta (PEP)"
                control={
                  <Checkbox checked={o.pep} disabled={busy} onChange={(e) => setAt(`${p}.pep`, e.target.checked)} />
                }
              />
            </Row>
          );
        })}
        <Button
          type="button"
          size="small"
          startIcon={<AddIcon />}
          disabled={busy || draft.owners.length >= 30}
          onClick={() => {
            setDraft((d) => ({ ...d, owners: [...d.owners, emptyOwner()] }));
            clear('owners');
          }}
        >
          Aggiungi titolare effettivo
        </Button>
      </Section>

      <Section title="PEP e liste">
        <FormControlLabel
          label="Il cliente, l’esecutore o un titolare effettivo è una persona politicamente esposta (PEP)"
          control={
            <Checkbox
              checked={draft.pep}
              disabled={busy}
              onChange={(e) => set('pep', e.target.checked, 'pep', 'pep_details')}
            />
          }
        />
        <Box sx={{ ...grid, mt: 1 }}>
          {draft.pep &&
            text('pep_details', 'Chi è PEP e quale carica ricopre', draft.pep_details, {
              required: true,
              multiline: true,
              max: 2000,
              wide: true,
            })}
          {date('sanctions_checked_on', 'Controllo sulle liste del', draft.sanctions_checked_on, true)}
          {select('sanctions_outcome', 'Esito del controllo', draft.sanctions_outcome, SANCTIONS_OPTIONS)}
          {text('sanctions_lists', 'Liste consultate', draft.sanctions_lists, {
            max: 300,
            helper: 'Per esempio: liste UE e ONU delle sanzioni finanziarie',
          })}
        </Box>
      </Section>

      <Section title="Scopo e natura">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap: 2 }}>
          {text('purpose', 'Scopo del rapporto', draft.purpose, { required: true, multiline: true, max: 2000 })}
          {text('nature', 'Natura del rapporto', draft.nature, { required: true, multiline: true, max: 2000 })}
          {text('funds_origin', 'Origine dei fondi', draft.funds_origin, {
            multiline: true,
            max: 2000,
            wide: true,
            helper: 'Da indicare per l’adeguata verifica rafforzata',
          })}
        </Box>
      </Section>

      <Section title="Prestazioni">
        <ServicePicker
          id={`${uid}-services`}
          value={draft.services}
          onChange={setServices}
          disabled={busy}
          error={!!errors.services}
          helperText={err('services') ?? 'Le prestazioni svolte per il cliente'}
        />
      </Section>
    </AmlDialog>
  );
}
