/**
 * `/autovalutazione_antiriciclaggio` 'Autovalutazione del rischio dello studio' (issue 48 item 5),
 * the Admin's: the studio's self-assessment of its money-laundering risk (CNDCEC Regola Tecnica
 * n. 1) and the staff's training log (art. 16 c. 3 D.Lgs. 231/2007), both GET
 * /api/aml/self_assessments.
 * - The self-assessment in force: the residual risk and its band, the inherent risk and the
 *   vulnerability, the date, who, the mitigation, the factors' scores; when the next is due, with a
 *   warning when it is past or none was ever made. Below, every earlier one (never changed: a new
 *   assessment is added, Regola Tecnica n. 3).
 * - 'Nuova autovalutazione': the 4 factors of inherent risk and the 4 of vulnerability, each scored
 *   1–4, with the result computed live by model/aml.ts (the server computes it again and is the
 *   authority), the mitigation, the date; the server's 422 under each field.
 * - 'Formazione del personale': the trainings, newest first, the hours per person and year, and a
 *   small form to add one (a member of the staff from GET /api/collaborators, or a name).
 */
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormHelperText,
  LinearProgress,
  MenuItem,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { displayDate, displayDateTime, today } from '../../../model/dates';
import {
  amlPreview,
  SCORE_LABELS,
  SELF_ASSESSMENT_YEARS,
  SELF_INHERENT_FACTORS,
  VULNERABILITY_FACTORS,
  selfAssessment,
  type Score,
  type SelfAssessmentFactor,
  type SelfInherentKey,
  type VulnerabilityKey,
} from '../../../model/aml';
import type {
  AmlSelfAssessment,
  AmlSelfAssessmentInput,
  AmlStudioFile,
  AmlTraining,
  AmlTrainingInput,
} from '../../../model/api/aml';
import { useAppDataProvider } from '../../dataProvider';
import { BulkScreenHeader, RegionTable } from '../../bulk/PreviewRun';
import { CellNote } from '../../bulk/cells';
import { failureText } from '../../bulk/texts';
import { DateTextField } from '../../form/DateInput';
import { HistoryTable, useAmlSend } from '../../resources/Customer/AmlParts';
import { useCollaboratorOptions } from '../../layout/FilterBar';

const TITLE = 'Autovalutazione del rischio dello studio';
const FILE_KEY = ['aml', 'studio'] as const;
const SCORES: readonly Score[] = [1, 2, 3, 4];
/** Days before the due date when the reminder turns into a warning. */
const SOON_DAYS = 90;
/** the person select's value for someone who is not a user of the studio */
const OTHER = 'altro';

/** 2.15 → '2,15' (a risk, always with 2 decimals). */
const riskText = (n: number) => n.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 2.5 → '2,5', 4 → '4' (hours). */
const hoursText = (n: number) => n.toLocaleString('it-IT', { maximumFractionDigits: 2 });

/** Whole days from `from` to `to` (YYYY-MM-DD). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const scoreText = (n: number | undefined) => (n === undefined ? '—' : `${n} – ${SCORE_LABELS[n as Score]}`);

/** A card of the screen, a region named by its heading. */
function Section({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} gutterBottom>
          {title}
        </Typography>
        {intro ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}

export function SelfAssessment() {
  const dp = useAppDataProvider();
  const q = useQuery({
    queryKey: FILE_KEY,
    queryFn: ({ signal }) => dp.studioAml({ signal }),
    retry: false,
  });
  const file = q.isError ? undefined : q.data;

  return (
    <>
      <BulkScreenHeader title={TITLE} />
      {q.isPending && <LinearProgress aria-label="Caricamento dell'autovalutazione" sx={{ mb: 2 }} />}
      {q.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Autovalutazione non disponibile: {failureText(q.error)}
        </Alert>
      )}
      {file && (
        <>
          <Section
            title="Autovalutazione in vigore"
            intro={`Regola Tecnica n. 1: rischio residuo = 40 % rischio inerente + 60 % vulnerabilità, da ripetere ogni ${SELF_ASSESSMENT_YEARS} anni.`}
          >
            <DueAlert file={file} />
            {file.current && <Current assessment={file.current} />}
            {file.history.length > 0 && <History history={file.history} />}
          </Section>
          <NewAssessment />
          <Trainings trainings={file.trainings} />
        </>
      )}
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// the assessment in force and the history

/** When the next is due: a warning when none was made or it is past, a note before. */
function DueAlert({ file }: { file: AmlStudioFile }) {
  if (!file.current || !file.next_due)
    return (
      <Alert severity="warning" role="note" sx={{ mb: 2 }}>
        Nessuna autovalutazione registrata: lo studio deve valutare il proprio rischio di riciclaggio e di finanziamento
        del terrorismo.
      </Alert>
    );
  if (file.overdue)
    return (
      <Alert severity="warning" role="note" sx={{ mb: 2 }}>
        Autovalutazione scaduta il {displayDate(file.next_due)}: registrane una nuova.
      </Alert>
    );
  const soon = daysBetween(today(), file.next_due) <= SOON_DAYS;
  return (
    <Alert severity={soon ? 'warning' : 'info'} role="note" sx={{ mb: 2 }}>
      Autovalutazione da rifare entro il {displayDate(file.next_due)}
    </Alert>
  );
}

function FactorScores({
  title,
  factors,
  scores,
}: {
  title: string;
  factors: readonly SelfAssessmentFactor[];
  scores: Record<string, number>;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box component="ul" aria-label={title} sx={{ m: 0, pl: 2.5 }}>
        {factors.map((f) => (
          <Typography component="li" variant="body2" key={f.key}>
            {f.label}: {scoreText(scores[f.key])}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

function Current({ assessment: a }: { assessment: AmlSelfAssessment }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body1" sx={{ fontWeight: 500 }}>
        Rischio residuo {riskText(a.residual)} – {a.band_label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Rischio inerente {riskText(a.inherent)} · Vulnerabilità {riskText(a.vulnerability)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Valutazione del {displayDate(a.assessed_on)} di {a.created_by_name} · prossima entro il{' '}
        {displayDate(a.next_due)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
        Misure di mitigazione: {a.mitigation ?? '—'}
      </Typography>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: 1 }}
        aria-label="Punteggi dell'autovalutazione in vigore"
        role="group"
      >
        <FactorScores title="Rischio inerente" factors={SELF_INHERENT_FACTORS} scores={a.inherent_scores} />
        <FactorScores title="Vulnerabilità" factors={VULNERABILITY_FACTORS} scores={a.vulnerability_scores} />
      </Box>
    </Box>
  );
}

function History({ history }: { history: AmlSelfAssessment[] }) {
  return (
    <HistoryTable
      title="Storico delle autovalutazioni"
      entry="autovalutazione"
      head={
        <>
          <TableCell>Data</TableCell>
          <TableCell align="right">Rischio inerente</TableCell>
          <TableCell align="right">Vulnerabilità</TableCell>
          <TableCell align="right">Rischio residuo</TableCell>
          <TableCell>Fascia</TableCell>
          <TableCell>Prossima entro</TableCell>
          <TableCell>Misure di mitigazione</TableCell>
        </>
      }
      rows={history}
      row={(a) => (
        <TableRow key={a.id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {displayDate(a.assessed_on)}
            <CellNote>
              {a.created_by_name}, {displayDateTime(a.created_at)}
            </CellNote>
          </TableCell>
          <TableCell align="right">{riskText(a.inherent)}</TableCell>
          <TableCell align="right">{riskText(a.vulnerability)}</TableCell>
          <TableCell align="right">{riskText(a.residual)}</TableCell>
          <TableCell sx={{ minWidth: 120 }}>{a.band_label}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDate(a.next_due)}</TableCell>
          <TableCell sx={{ minWidth: 200, whiteSpace: 'pre-line' }}>{a.mitigation ?? '—'}</TableCell>
        </TableRow>
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// 'Nuova autovalutazione'

type AssessmentErrors = Partial<Record<'inherent' | 'vulnerability' | 'assessed_on' | 'mitigation', string[]>>;

/** A factor's select, its label beside it (above it on a phone). */
function ScoreSelect({
  factor,
  value,
  onChange,
  invalid,
  disabled,
}: {
  factor: SelfAssessmentFactor;
  value: number | undefined;
  onChange: (v: number) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  const uid = useId();
  const labelId = `${uid}-label`;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 220px' },
        gap: { xs: 0.5, sm: 2 },
        alignItems: 'center',
        mb: 1.5,
      }}
    >
      <Typography variant="body2" id={labelId}>
        {factor.label}
      </Typography>
      <TextField
        id={`${uid}-select`}
        select
        size="small"
        fullWidth
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
        error={invalid && value === undefined}
        disabled={disabled}
        slotProps={{ select: { labelId, displayEmpty: true } }}
      >
        <MenuItem value="" disabled>
          Punteggio da 1 a 4
        </MenuItem>
        {SCORES.map((n) => (
          <MenuItem key={n} value={n}>
            {n} – {SCORE_LABELS[n]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

function FactorGroup<K extends string>({
  legend,
  factors,
  scores,
  onChange,
  errors,
  disabled,
}: {
  legend: string;
  factors: readonly SelfAssessmentFactor<K>[];
  scores: Partial<Record<K, number>>;
  onChange: (key: K, v: number) => void;
  errors: string[] | undefined;
  disabled: boolean;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      {errors?.map((m, i) => (
        <FormHelperText key={i} error sx={{ mx: 0, mb: 1 }}>
          {m}
        </FormHelperText>
      ))}
      {factors.map((f) => (
        <ScoreSelect
          key={f.key}
          factor={f}
          value={scores[f.key]}
          onChange={(v) => onChange(f.key, v)}
          invalid={!!errors}
          disabled={disabled}
        />
      ))}
    </Box>
  );
}

/** Which field a message of the rules' validation is about (as the server sorts them). */
const fieldOf = (message: string): 'inherent' | 'vulnerability' =>
  message.startsWith('Vulnerabilità') ? 'vulnerability' : 'inherent';

function NewAssessment() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const uid = useId();
  const [inherent, setInherent] = useState<Partial<Record<SelfInherentKey, number>>>({});
  const [vulnerability, setVulnerability] = useState<Partial<Record<VulnerabilityKey, number>>>({});
  const [mitigation, setMitigation] = useState('');
  /** YYYY-MM-DD, null when empty, undefined when the text typed is no date */
  const [assessedOn, setAssessedOn] = useState<string | null | undefined>(() => today());
  const { errors, setErrors, problem, setProblem, busy, refuse, send } = useAmlSend<AssessmentErrors>();

  const { value: result, messages } = useMemo(
    () => amlPreview(() => selfAssessment(inherent, vulnerability)),
    [inherent, vulnerability],
  );
  const blocking = messages.filter((m) => !/manca il punteggio/.test(m));
  const clear = (field: keyof AssessmentErrors) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const found: AssessmentErrors = {};
    for (const m of messages) (found[fieldOf(m)] ??= []).push(m);
    if (assessedOn === undefined) found.assessed_on = ['Data non valida (GG-MM-AAAA)'];
    if (Object.keys(found).length)
      return refuse(found, 'Completa l’autovalutazione: ' + Object.values(found).flat().join(' '));
    const body: AmlSelfAssessmentInput = {
      inherent,
      vulnerability,
      ...(mitigation.trim() ? { mitigation: mitigation.trim() } : {}),
      ...(assessedOn ? { assessed_on: assessedOn } : {}),
    };
    await send(
      () => dp.selfAssess(body),
      'Autovalutazione registrata',
      async () => {
        setInherent({});
        setVulnerability({});
        setMitigation('');
        setAssessedOn(today());
        await queryClient.invalidateQueries({ queryKey: FILE_KEY });
      },
    );
  };

  const resultId = `${uid}-result`;
  return (
    <Section
      title="Nuova autovalutazione"
      intro="Dai a ogni fattore un punteggio da 1 (non significativo) a 4 (molto significativo): il rischio inerente e la vulnerabilità sono le medie dei loro quattro fattori."
    >
      <Box component="form" noValidate onSubmit={submit} aria-label="Nuova autovalutazione">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, columnGap: 4, rowGap: 2 }}>
          <FactorGroup
            legend="Rischio inerente"
            factors={SELF_INHERENT_FACTORS}
            scores={inherent}
            onChange={(k, v) => {
              setInherent((s) => ({ ...s, [k]: v }));
              clear('inherent');
            }}
            errors={errors.inherent}
            disabled={busy}
          />
          <FactorGroup
            legend="Vulnerabilità"
            factors={VULNERABILITY_FACTORS}
            scores={vulnerability}
            onChange={(k, v) => {
              setVulnerability((s) => ({ ...s, [k]: v }));
              clear('vulnerability');
            }}
            errors={errors.vulnerability}
            disabled={busy}
          />
        </Box>

        <Box
          component="section"
          aria-labelledby={resultId}
          aria-live="polite"
          sx={{ my: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}
        >
          <Typography variant="subtitle2" component="h3" id={resultId} sx={{ mb: 1 }}>
            Risultato
          </Typography>
          {result ? (
            <>
              <Typography variant="body1" sx={{ fontWeight: 500 }}>
                Rischio residuo {riskText(result.residual)} – {result.bandLabel}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Rischio inerente {riskText(result.inherent)} · Vulnerabilità {riskText(result.vulnerability)}
              </Typography>
              <Box component="ul" aria-label="Motivazioni del calcolo" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                {result.reasons.map((r, i) => (
                  <Typography component="li" variant="body2" key={i}>
                    {r}
                  </Typography>
                ))}
              </Box>
            </>
          ) : blocking.length > 0 ? (
            <Alert severity="warning" role="note">
              {blocking.join(' ')}
            </Alert>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Il risultato compare quando sono compilati tutti gli otto punteggi.
            </Typography>
          )}
        </Box>

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 240px' }, gap: 2 }}>
          <TextField
            id={`${uid}-mitigation`}
            label="Misure di mitigazione"
            value={mitigation}
            onChange={(e) => {
              setMitigation(e.target.value);
              clear('mitigation');
            }}
            multiline
            minRows={3}
            fullWidth
            disabled={busy}
            error={!!errors.mitigation}
            helperText={errors.mitigation?.join(' ') ?? 'Le misure adottate o da adottare per ridurre il rischio'}
            slotProps={{ htmlInput: { maxLength: 10000 } }}
          />
          <Box>
            <DateTextField
              id={`${uid}-assessed-on`}
              label="Data della valutazione"
              value={assessedOn}
              onChange={(iso) => {
                setAssessedOn(iso);
                clear('assessed_on');
              }}
              disabled={busy}
              error={!!errors.assessed_on}
              helperText={errors.assessed_on?.join(' ')}
            />
          </Box>
        </Box>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
          Registra autovalutazione
        </Button>
        {busy && <LinearProgress aria-label="Registrazione dell'autovalutazione" sx={{ mt: 1 }} />}
      </Box>
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------
// 'Formazione del personale'

interface HoursRow {
  year: string;
  person: string;
  count: number;
  hours: number;
}

/** Hours per person and year, the latest year first, then by name. */
function hoursPerPerson(trainings: readonly AmlTraining[]): HoursRow[] {
  const rows = new Map<string, HoursRow>();
  for (const t of trainings) {
    const year = t.held_on.slice(0, 4);
    const key = `${year}|${t.user_id ?? `n:${t.person_name.toLowerCase()}`}`;
    const row = rows.get(key) ?? { year, person: t.person_name, count: 0, hours: 0 };
    row.count += 1;
    // hundredths, so 0,1 + 0,2 stays 0,3
    row.hours = Math.round(row.hours * 100 + t.hours * 100) / 100;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => b.year.localeCompare(a.year) || a.person.localeCompare(b.person, 'it', { sensitivity: 'base' }),
  );
}

function Trainings({ trainings }: { trainings: AmlTraining[] }) {
  const totals = useMemo(() => hoursPerPerson(trainings), [trainings]);
  return (
    <Section
      title="Formazione del personale"
      intro="La formazione antiriciclaggio dei dipendenti e dei collaboratori (art. 16 c. 3 D.Lgs. 231/2007): ogni corso seguito, con le ore."
    >
      {trainings.length ? (
        <>
          <RegionTable
            label="Elenco: Formazioni"
            tableLabel="Formazioni"
            maxHeight={420}
            head={
              <>
                <TableCell>Data</TableCell>
                <TableCell>Persona</TableCell>
                <TableCell>Argomento</TableCell>
                <TableCell>Ente o docente</TableCell>
                <TableCell align="right">Ore</TableCell>
              </>
            }
            rows={trainings}
            row={(t) => (
              <TableRow key={t.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDate(t.held_on)}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>{t.person_name}</TableCell>
                <TableCell sx={{ minWidth: 180 }}>{t.topic}</TableCell>
                <TableCell sx={{ minWidth: 120 }}>{t.provider ?? '—'}</TableCell>
                <TableCell align="right">{hoursText(t.hours)}</TableCell>
              </TableRow>
            )}
          />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
            Ore per persona e anno
          </Typography>
          <RegionTable
            label="Elenco: Ore di formazione per persona e anno"
            tableLabel="Ore di formazione per persona e anno"
            maxHeight={320}
            head={
              <>
                <TableCell>Anno</TableCell>
                <TableCell>Persona</TableCell>
                <TableCell align="right">Formazioni</TableCell>
                <TableCell align="right">Ore</TableCell>
              </>
            }
            rows={totals}
            row={(r) => (
              <TableRow key={`${r.year}|${r.person}`}>
                <TableCell>{r.year}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>{r.person}</TableCell>
                <TableCell align="right">{r.count}</TableCell>
                <TableCell align="right">{hoursText(r.hours)}</TableCell>
              </TableRow>
            )}
          />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Nessuna formazione registrata.
        </Typography>
      )}
      <NewTraining />
    </Section>
  );
}

type TrainingErrors = Partial<Record<'user_id' | 'person_name' | 'held_on' | 'topic' | 'provider' | 'hours', string[]>>;

/** '2,5' or '2.5' → 2.5; undefined when it is no number. */
const parseHours = (text: string) => {
  const s = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : undefined;
};

function NewTraining() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const uid = useId();
  const staff = useCollaboratorOptions();
  const [person, setPerson] = useState('');
  const [name, setName] = useState('');
  const [heldOn, setHeldOn] = useState<string | null | undefined>(() => today());
  const [topic, setTopic] = useState('');
  const [provider, setProvider] = useState('');
  const [hours, setHours] = useState('');
  const { errors, setErrors, problem, setProblem, busy, refuse, send } = useAmlSend<TrainingErrors>();
  const clear = (...fields: (keyof TrainingErrors)[]) =>
    setErrors((e) =>
      fields.some((f) => e[f]) ? { ...e, ...Object.fromEntries(fields.map((f) => [f, undefined])) } : e,
    );

  const other = person === OTHER;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const found: TrainingErrors = {};
    if (!person || (other && !name.trim()))
      found[other ? 'person_name' : 'user_id'] = ['Indica chi ha seguito la formazione'];
    if (!heldOn) found.held_on = ['Indica la data della formazione (GG-MM-AAAA)'];
    if (!topic.trim()) found.topic = ['Indica l’argomento'];
    const h = parseHours(hours);
    if (h === undefined || h <= 0) found.hours = ['Indica le ore'];
    if (Object.keys(found).length)
      return refuse(found, 'Completa la formazione: ' + Object.values(found).flat().join('; '));
    const body: AmlTrainingInput = {
      ...(other ? { person_name: name.trim() } : { user_id: Number(person) }),
      held_on: heldOn!,
      topic: topic.trim(),
      ...(provider.trim() ? { provider: provider.trim() } : {}),
      hours: h!,
    };
    await send(
      () => dp.addTraining(body),
      'Formazione registrata',
      async () => {
        setTopic('');
        setProvider('');
        setHours('');
        await queryClient.invalidateQueries({ queryKey: FILE_KEY });
      },
    );
  };

  // a name's error goes under the select while the name's field is hidden
  const personError = errors.user_id ?? (other ? undefined : errors.person_name);
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${uid}-title`} sx={{ mt: 1 }}>
      <Typography variant="subtitle1" component="h3" id={`${uid}-title`} sx={{ fontWeight: 500, mb: 1 }}>
        Nuova formazione
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <TextField
          id={`${uid}-person`}
          select
          label="Persona"
          size="small"
          fullWidth
          required
          value={person}
          onChange={(e) => {
            setPerson(e.target.value);
            clear('user_id', 'person_name');
          }}
          disabled={busy}
          error={!!personError}
          helperText={personError?.join(' ') ?? (staff.isError ? 'Elenco del personale non disponibile' : ' ')}
        >
          {(staff.data ?? []).map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name ?? u.label ?? `#${u.id}`}
            </MenuItem>
          ))}
          <MenuItem value={OTHER}>Un’altra persona (scrivi il nome)</MenuItem>
        </TextField>
        {other && (
          <TextField
            id={`${uid}-name`}
            label="Nome e cognome"
            size="small"
            fullWidth
            required
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              clear('person_name');
            }}
            disabled={busy}
            error={!!errors.person_name}
            helperText={errors.person_name?.join(' ') ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        )}
        <DateTextField
          id={`${uid}-held-on`}
          label="Data"
          required
          value={heldOn}
          onChange={(iso) => {
            setHeldOn(iso);
            clear('held_on');
          }}
          disabled={busy}
          error={!!errors.held_on}
          helperText={errors.held_on?.join(' ')}
        />
        <TextField
          id={`${uid}-topic`}
          label="Argomento"
          size="small"
          fullWidth
          required
          value={topic}
          onChange={(e) => {
            setTopic(e.target.value);
            clear('topic');
          }}
          disabled={busy}
          error={!!errors.topic}
          helperText={errors.topic?.join(' ') ?? ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <TextField
          id={`${uid}-provider`}
          label="Ente o docente"
          size="small"
          fullWidth
          value={provider}
          onChange={(e) => {
            setProvider(e.target.value);
            clear('provider');
          }}
          disabled={busy}
          error={!!errors.provider}
          helperText={errors.provider?.join(' ') ?? ' '}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          id={`${uid}-hours`}
          label="Ore"
          size="small"
          fullWidth
          required
          value={hours}
          onChange={(e) => {
            setHours(e.target.value);
            clear('hours');
          }}
          disabled={busy}
          error={!!errors.hours}
          helperText={errors.hours?.join(' ') ?? 'Ad esempio 2 o 1,5'}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 6 } }}
        />
      </Box>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      <Button type="submit" variant="outlined" disabled={busy} sx={{ mt: 1 }}>
        Aggiungi formazione
      </Button>
      {busy && <LinearProgress aria-label="Registrazione della formazione" sx={{ mt: 1 }} />}
    </Box>
  );
}
