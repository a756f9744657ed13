/**
 * 'Antiriciclaggio' on a customer's card (issue 48): the customer's AML file, GET
 * /api/customer/:id/aml. Above its tabs, what is due now (the server's reasons) and, for a ceased
 * customer, until when the file is kept (Regola Tecnica n. 3). The tabs:
 * - 'Identificazione' (AmlIdentification.tsx): the identification in force, its earlier versions,
 *   'Registra/Aggiorna identificazione';
 * - 'Valutazione del rischio' (here): the risk assessment in force (Regola Tecnica n. 2: the level
 *   of due diligence applied, the effective, inherent and specific risk, the next check of the
 *   controllo costante, the PEP mark, the purpose of the relationship, who and when, and why), the
 *   history of the assessments (never changed: a change is a new assessment, Regola Tecnica n. 3),
 *   and 'Nuova valutazione': the services, the scores of Tabella A and — unless every service chosen
 *   is exempt from it — Tabella B, the flags, with a live preview of the result computed by
 *   model/aml.ts (the server computes it again and is the authority);
 * - 'File e documenti' (AmlFiles.tsx): the file's documents and its files, append-only;
 * - 'Note riservate' (AmlNotes.tsx), the Admin's only.
 *
 * Shown on a saved customer only, to the Admin and the Collaboratore (the Utente has no AML file),
 * inside the form: every button here is type="button" and every input is asked in a dialog (its
 * fields are outside the form's DOM, so Enter never submits the customer); a failure to read the
 * file leaves the form as it is.
 */
import { Fragment, useEffect, useId, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Divider,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useQuery } from '@tanstack/react-query';
import { usePermissions, useRecordContext } from 'react-admin';
import { atLeast } from '../../../model/define';
import { displayDate, displayDateTime, slashDate } from '../../../model/dates';
import {
  amlPreview,
  CUSTOMER_FACTORS,
  LEVEL_LABELS,
  OPERATION_FACTORS,
  SCORE_LABELS,
  amlService,
  assessRisk,
  levelAllowed,
  riskBand,
  type CustomerFactorKey,
  type DueDiligenceLevel,
  type OperationFactorKey,
  type RiskFactor,
  type RiskFlags,
  type Score,
} from '../../../model/aml';
import type { AmlAssessment, AmlAssessmentInput, CustomerAml as CustomerAmlFile } from '../../../model/api/aml';
import { useAppDataProvider } from '../../dataProvider';
import { CellNote } from '../../bulk/cells';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { AmlDialog, HistoryTable, keyOf, serviceText, ServicePicker, useAmlSend, useSavedThenClose } from './AmlParts';
import { AmlIdentificationPanel } from './AmlIdentification';
import { AmlFilesPanel } from './AmlFiles';
import { AmlNotesPanel } from './AmlNotes';

const LEVELS: readonly DueDiligenceLevel[] = ['semplificata', 'ordinaria', 'rafforzata'];
const RANK: Record<DueDiligenceLevel, number> = { semplificata: 0, ordinaria: 1, rafforzata: 2 };
const SCORES: readonly Score[] = [1, 2, 3, 4];

const LEVEL_COLOR: Record<DueDiligenceLevel, 'default' | 'warning' | 'error'> = {
  semplificata: 'default',
  ordinaria: 'warning',
  rafforzata: 'error',
};

/** 1.78 → '1,78' (a risk, always with 2 decimals). */
export const riskText = (n: number) =>
  n.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1,78 (poco significativo)' */
const effectiveText = (n: number) => {
  try {
    return `${riskText(n)} (${riskBand(n).label.toLowerCase()})`;
  } catch {
    return riskText(n);
  }
};

/** 'Semplificata' (a level, short, in a table cell). */
const levelShort = (l: DueDiligenceLevel) => l.charAt(0).toUpperCase() + l.slice(1);

const LOWER_ADMIN_ONLY =
  "Solo l'Admin dello studio può applicare un'adeguata verifica meno rigorosa di quella calcolata, scrivendone il motivo.";

/** The level applied as a chip: 'Adeguata verifica rafforzata' in the error colour. */
function LevelChip({ level }: { level: DueDiligenceLevel }) {
  return <Chip label={LEVEL_LABELS[level]} color={LEVEL_COLOR[level]} size="small" variant="filled" />;
}

/** An assessment's reasons, as a list named `label`. */
function Reasons({ reasons, label }: { reasons: readonly string[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {reasons.map((r, i) => (
        <Typography component="li" variant="body2" key={i}>
          {r}
        </Typography>
      ))}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------
// the section

type AmlTab = 'identificazione' | 'rischio' | 'file' | 'note';

/** The section's anchor: 'Verifiche antiriciclaggio' links to /Customer/{id}#antiriciclaggio. */
const AML_ANCHOR = 'antiriciclaggio';

export function CustomerAml() {
  const record = useRecordContext();
  const id = record?.id;
  const { permissions } = usePermissions<{ role?: string }>();
  const role = permissions?.role;
  const allowed = atLeast(role, 'Collaboratore');
  const dp = useAppDataProvider();
  const titleId = useId();
  const q = useQuery({
    queryKey: keyOf(id ?? 0),
    queryFn: ({ signal }) => dp.customerAml(id!, { signal }),
    enabled: id != null && allowed,
    retry: false,
  });
  const [tab, setTab] = useState<AmlTab>('identificazione');
  // opened from 'Verifiche antiriciclaggio' (/Customer/{id}#antiriciclaggio): the section in view once read
  const loaded = !!q.data;
  useEffect(() => {
    if (loaded && window.location.hash === `#${AML_ANCHOR}`)
      document.getElementById(AML_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  if (id == null || !allowed) return null;
  const file = q.data;
  const tabs: Array<{ value: AmlTab; label: string }> = [
    { value: 'identificazione', label: 'Identificazione' },
    { value: 'rischio', label: 'Valutazione del rischio' },
    { value: 'file', label: 'File e documenti' },
    ...(file?.notes_allowed ? [{ value: 'note' as const, label: 'Note riservate' }] : []),
  ];
  const shown: AmlTab = tab === 'note' && !file?.notes_allowed ? 'identificazione' : tab;

  return (
    <Box
      sx={{ width: '100%', mt: 2, minWidth: 0, scrollMarginTop: 72 }}
      component="section"
      id={AML_ANCHOR}
      aria-labelledby={titleId}
    >
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1 }}>
        Antiriciclaggio
      </Typography>
      {q.isPending && <LinearProgress aria-label="Caricamento del fascicolo antiriciclaggio" />}
      {q.isError && (
        <Alert severity="warning">Fascicolo antiriciclaggio non disponibile: {(q.error as Error).message}</Alert>
      )}
      {file && (
        <>
          {(file.due?.length ?? 0) > 0 && (
            <Alert severity="warning" role="note" aria-label="Da fare nel fascicolo antiriciclaggio" sx={{ mb: 1 }}>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {file.due.map((d, i) => (
                  <li key={i}>{d}</li>
                ))}
              </Box>
            </Alert>
          )}
          {file.kept_until && (
            <Alert severity="info" role="note" sx={{ mb: 1 }}>
              {file.ceased_on
                ? `Cliente cessato il ${slashDate(file.ceased_on)}: il fascicolo si conserva fino al ${slashDate(file.kept_until)} (Regola Tecnica n. 3)`
                : `Il fascicolo si conserva fino al ${slashDate(file.kept_until)} (Regola Tecnica n. 3)`}
            </Alert>
          )}
          <ScreenTabs value={shown} onChange={setTab} tabs={tabs} label="Fascicolo antiriciclaggio">
            {shown === 'identificazione' && <AmlIdentificationPanel customerId={id} file={file} />}
            {shown === 'rischio' && <RiskPanel customerId={id} file={file} isAdmin={atLeast(role, 'Admin')} />}
            {shown === 'file' && <AmlFilesPanel customerId={id} files={file.files} />}
            {shown === 'note' && <AmlNotesPanel customerId={id} notes={file.notes} />}
          </ScreenTabs>
        </>
      )}
    </Box>
  );
}

/** 'Valutazione del rischio': the assessment in force, the history, 'Nuova valutazione'. */
function RiskPanel({
  customerId,
  file,
  isAdmin,
}: {
  customerId: string | number;
  file: CustomerAmlFile;
  isAdmin: boolean;
}) {
  const [open, setOpen] = useState(false);
  const current = file.current;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 500 }}>
          Valutazione in vigore
        </Typography>
        <Button type="button" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
          Nuova valutazione
        </Button>
      </Stack>
      {current ? (
        <CurrentAssessment assessment={current} overdue={file.overdue} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Nessuna valutazione del rischio registrata.
        </Typography>
      )}
      {file.history.length > 0 && <History history={file.history} />}
      {open && <AssessmentDialog customerId={customerId} isAdmin={isAdmin} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The assessment in force. */
function CurrentAssessment({ assessment: a, overdue }: { assessment: AmlAssessment; overdue: boolean }) {
  const lowered = a.level !== a.computed_level;
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <LevelChip level={a.level} />
        {a.pep && (
          <Chip size="small" color="error" variant="outlined" label="PEP" title="Persona politicamente esposta" />
        )}
      </Stack>
      <Typography variant="body1" sx={{ fontWeight: 500 }}>
        Rischio effettivo {effectiveText(a.effective)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Rischio inerente {a.inherent} · Rischio specifico {riskText(a.specific)}
      </Typography>
      {lowered && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Livello calcolato: {LEVEL_LABELS[a.computed_level]}
          {a.level_reason ? ` — Motivo: ${a.level_reason}` : ''}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="body2" sx={{ color: overdue ? 'warning.dark' : undefined }}>
          Prossimo controllo: {displayDate(a.next_check)}
        </Typography>
        {overdue && <Chip size="small" color="warning" label="scaduto" />}
      </Stack>
      {overdue && (
        <Alert severity="warning" role="note" sx={{ mt: 1 }}>
          Il controllo costante è scaduto il {displayDate(a.next_check)}: fai una nuova valutazione del rischio.
        </Alert>
      )}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Prestazioni: {a.services.map(serviceText).join('; ') || '—'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Scopo e natura del rapporto: {a.purpose ?? '—'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
        Valutazione di {a.created_by_name} del {displayDateTime(a.created_at)}
      </Typography>
      <Typography variant="subtitle2" component="h4">
        Motivazioni
      </Typography>
      <Reasons reasons={a.reasons} label="Motivazioni della valutazione in vigore" />
    </Box>
  );
}

/** 'Storico delle valutazioni': every assessment, newest first, each with its reasons on demand. */
function History({ history }: { history: AmlAssessment[] }) {
  const [shown, setShown] = useState<number | null>(null);
  return (
    <HistoryTable
      title="Storico delle valutazioni"
      entry="valutazione"
      head={
        <>
          <TableCell>Data</TableCell>
          <TableCell>Da chi</TableCell>
          <TableCell>Livello applicato</TableCell>
          <TableCell>Calcolato</TableCell>
          <TableCell align="right">Rischio effettivo</TableCell>
          <TableCell>Prossimo controllo</TableCell>
          <TableCell>Motivazioni</TableCell>
        </>
      }
      rows={history}
      row={(a) => {
        const open = shown === a.id;
        const when = displayDateTime(a.created_at);
        return (
          <Fragment key={a.id}>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when}</TableCell>
              <TableCell sx={{ minWidth: 110 }}>{a.created_by_name}</TableCell>
              <TableCell sx={{ minWidth: 110 }}>
                {levelShort(a.level)}
                {a.level_reason && <CellNote>Motivo: {a.level_reason}</CellNote>}
              </TableCell>
              <TableCell>{levelShort(a.computed_level)}</TableCell>
              <TableCell align="right">{riskText(a.effective)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDate(a.next_check)}</TableCell>
              <TableCell>
                <IconButton
                  type="button"
                  size="small"
                  aria-expanded={open}
                  aria-label={`Motivazioni della valutazione del ${when}`}
                  onClick={() => setShown(open ? null : a.id)}
                >
                  {open ? <KeyboardArrowUpIcon fontSize="small" /> : <KeyboardArrowDownIcon fontSize="small" />}
                </IconButton>
              </TableCell>
            </TableRow>
            {open && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography variant="caption" display="block" color="text.secondary">
                    Prestazioni: {a.services.map(serviceText).join('; ')}
                  </Typography>
                  <Reasons reasons={a.reasons} label={`Motivazioni della valutazione del ${when}`} />
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        );
      }}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// the new assessment

type Errors = Partial<Record<'services' | 'customer' | 'operation' | 'level' | 'level_reason', string[]>>;

const FLAGS: ReadonlyArray<readonly [keyof RiskFlags, string]> = [
  ['pep', 'Cliente, esecutore o titolare effettivo PEP'],
  ['pepPublicAuthority', 'PEP che agisce come organo della pubblica amministrazione'],
  ['highRiskCountry', 'Paese terzo ad alto rischio'],
  ['suspicion', 'Sospetto di riciclaggio'],
];

/** Whether Tabella B is asked: as assessRisk decides it (a service subject to due diligence and not exempt). */
const needsTableB = (codes: readonly string[]) =>
  codes.some((c) => {
    const s = amlService(c);
    return !!s && s.inherent !== null && !s.tableBExempt;
  });

/** Which field a message of the rules' validation is about (as the server sorts them). */
const fieldOf = (message: string): keyof Errors =>
  /Tabella A/.test(message) ? 'customer' : /Tabella B/.test(message) ? 'operation' : 'services';

function AssessmentDialog({
  customerId,
  isAdmin,
  onClose,
}: {
  customerId: string | number;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const saved = useSavedThenClose(customerId, onClose);
  const dp = useAppDataProvider();
  const uid = useId();
  const resultId = `${uid}-result`;

  const [services, setServices] = useState<string[]>([]);
  const [customer, setCustomer] = useState<Partial<Record<CustomerFactorKey, number>>>({});
  const [operation, setOperation] = useState<Partial<Record<OperationFactorKey, number>>>({});
  const [flags, setFlags] = useState<Required<RiskFlags>>({
    pep: false,
    pepPublicAuthority: false,
    highRiskCountry: false,
    suspicion: false,
  });
  const [purpose, setPurpose] = useState('');
  /** the level chosen; null: the computed one */
  const [chosen, setChosen] = useState<DueDiligenceLevel | null>(null);
  const [reason, setReason] = useState('');
  const { errors, setErrors, problem, setProblem, busy, refuse, send } = useAmlSend<Errors>();

  const tableB = needsTableB(services);
  const { value: risk, messages } = useMemo(
    () => amlPreview(() => assessRisk({ services, customer, operation: tableB ? operation : undefined, flags })),
    [services, customer, operation, tableB, flags],
  );
  const level = chosen ?? risk?.level ?? null;
  const check = risk && level ? levelAllowed(level, risk.level, { reason, minimum: risk.minimumLevel }) : null;
  const lower = !!risk && !!level && RANK[level] < RANK[risk.level];
  // what keeps the preview from showing, apart from what is still to fill in
  const blocking = messages.filter((m) => !/manca il punteggio|almeno una prestazione/.test(m));

  const clearError = (field: keyof Errors) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const submit = async () => {
    setProblem(null);
    if (!risk) {
      const byField: Errors = {};
      for (const m of messages) (byField[fieldOf(m)] ??= []).push(m);
      return refuse(byField, 'Completa la valutazione: ' + messages.join(' '));
    }
    const applied = level ?? risk.level;
    const c = levelAllowed(applied, risk.level, { reason, minimum: risk.minimumLevel });
    if (!c.allowed) return refuse({ [c.needsReason ? 'level_reason' : 'level']: [c.message] }, c.message);
    const body: AmlAssessmentInput = {
      services,
      customer,
      ...(risk.tableBUsed ? { operation } : {}),
      flags,
      level: applied,
      ...(c.needsReason ? { level_reason: reason.trim() } : {}),
      purpose: purpose.trim(),
    };
    await send(() => dp.assessCustomer(customerId, body), 'Valutazione del rischio registrata', saved);
  };

  const scoreSelect = <K extends string>(
    f: RiskFactor<K>,
    value: number | undefined,
    set: (v: number) => void,
    missing: boolean,
  ) => {
    const fid = `${uid}-${f.key}`;
    return (
      <TextField
        key={f.key}
        id={fid}
        select
        label={f.label}
        size="small"
        fullWidth
        value={value ?? ''}
        onChange={(e) => set(Number(e.target.value))}
        error={missing && value === undefined}
        helperText={`${f.criteria.join('; ')} (${f.norm})`}
        disabled={busy}
      >
        {SCORES.map((n) => (
          <MenuItem key={n} value={n}>
            {n} – {SCORE_LABELS[n]}
          </MenuItem>
        ))}
      </TextField>
    );
  };

  const groupErrors = (list: string[] | undefined) =>
    list?.map((m, i) => (
      <FormHelperText key={i} error sx={{ mx: 0, mb: 1 }}>
        {m}
      </FormHelperText>
    ));

  const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 } as const;
  const fieldset = { border: 0, p: 0, m: 0, mb: 3, minWidth: 0 } as const;

  return (
    <AmlDialog
      title="Nuova valutazione del rischio"
      maxWidth="md"
      busy={busy}
      busyLabel="Registrazione della valutazione"
      submitLabel="Registra valutazione"
      problem={problem}
      onSubmit={submit}
      onClose={onClose}
    >
      <Box component="fieldset" sx={fieldset}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Prestazioni
        </Typography>
        <ServicePicker
          id={`${uid}-services`}
          value={services}
          onChange={(v) => {
            setServices(v);
            clearError('services');
          }}
          disabled={busy}
          error={!!errors.services}
          helperText={
            errors.services?.join(' ') ??
            'Il rischio inerente è quello più alto tra le prestazioni scelte; quelle non soggette ad adeguata verifica sono escluse dal calcolo'
          }
        />
      </Box>

      <Box component="fieldset" sx={fieldset}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Tabella A – Aspetti connessi al cliente
        </Typography>
        {groupErrors(errors.customer)}
        <Box sx={grid}>
          {CUSTOMER_FACTORS.map((f) =>
            scoreSelect(
              f,
              customer[f.key],
              (v) => {
                setCustomer((c) => ({ ...c, [f.key]: v }));
                clearError('customer');
              },
              !!errors.customer,
            ),
          )}
        </Box>
      </Box>

      {tableB && (
        <Box component="fieldset" sx={fieldset}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            Tabella B – Aspetti connessi all’operazione o prestazione
          </Typography>
          {groupErrors(errors.operation)}
          <Box sx={grid}>
            {OPERATION_FACTORS.map((f) =>
              scoreSelect(
                f,
                operation[f.key],
                (v) => {
                  setOperation((o) => ({ ...o, [f.key]: v }));
                  clearError('operation');
                },
                !!errors.operation,
              ),
            )}
          </Box>
        </Box>
      )}

      <Box component="fieldset" sx={fieldset}>
        <Typography component="legend" variant="subtitle2">
          Circostanze
        </Typography>
        <FormGroup>
          {FLAGS.map(([key, label]) => (
            <FormControlLabel
              key={key}
              label={label}
              control={
                <Checkbox
                  checked={flags[key]}
                  disabled={busy || (key === 'pepPublicAuthority' && !flags.pep)}
                  onChange={(e) =>
                    setFlags((f) => ({
                      ...f,
                      [key]: e.target.checked,
                      ...(key === 'pep' && !e.target.checked ? { pepPublicAuthority: false } : {}),
                    }))
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </Box>

      <TextField
        id={`${uid}-purpose`}
        label="Scopo e natura del rapporto"
        value={purpose}
        onChange={(e) => setPurpose(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        sx={{ mb: 3 }}
      />

      <Box component="section" aria-labelledby={resultId} aria-live="polite" sx={{ mb: 3 }}>
        <Typography variant="subtitle2" component="h3" id={resultId} sx={{ mb: 1 }}>
          Risultato
        </Typography>
        {risk ? (
          <>
            <Typography variant="body1" sx={{ fontWeight: 500 }}>
              Rischio effettivo {riskText(risk.effective)} – {risk.bandLabel}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Rischio inerente {risk.inherent} · Rischio specifico {riskText(risk.specific)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
              <Typography variant="body2">Livello calcolato:</Typography>
              <LevelChip level={risk.level} />
            </Stack>
            <Reasons reasons={risk.reasons} label="Motivazioni del calcolo" />
          </>
        ) : blocking.length > 0 ? (
          <Alert severity="warning" role="note">
            {blocking.join(' ')}
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Il risultato compare quando sono scelte le prestazioni e compilati tutti i punteggi.
          </Typography>
        )}
      </Box>

      <TextField
        id={`${uid}-level`}
        select
        label="Livello applicato"
        size="small"
        fullWidth
        value={level ?? ''}
        onChange={(e) => {
          setChosen(e.target.value as DueDiligenceLevel);
          setErrors((x) => ({ ...x, level: undefined, level_reason: undefined }));
        }}
        disabled={busy || !risk}
        error={!!errors.level || (!!check && !check.allowed && !check.needsReason)}
        helperText={
          errors.level?.join(' ') ?? (check ? check.message : 'Il livello calcolato, salvo scelta diversa e motivata')
        }
        sx={{ mb: 2 }}
      >
        {LEVELS.map((l) => (
          <MenuItem
            key={l}
            value={l}
            disabled={!!risk && (RANK[l] < RANK[risk.minimumLevel] || (!isAdmin && RANK[l] < RANK[risk.level]))}
          >
            {LEVEL_LABELS[l]}
          </MenuItem>
        ))}
      </TextField>
      {lower && (
        <>
          <Alert severity="info" role="note" sx={{ mb: 2 }}>
            {LOWER_ADMIN_ONLY}
          </Alert>
          <TextField
            id={`${uid}-reason`}
            label="Motivo"
            required
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              clearError('level_reason');
            }}
            multiline
            minRows={2}
            fullWidth
            disabled={busy}
            error={!!errors.level_reason}
            helperText={
              errors.level_reason?.join(' ') ?? 'Perché si applica un livello meno rigoroso di quello calcolato'
            }
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            sx={{ mb: 2 }}
          />
        </>
      )}
    </AmlDialog>
  );
}
