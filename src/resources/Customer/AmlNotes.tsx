/**
 * The tab 'Note riservate' of the customer's AML file (issue 48 item 1), the Admin's only: the
 * assessments whether to abstain (art. 42 D.Lgs. 231/2007) or to report a suspicious operation
 * (art. 35), with their outcome, and plain notes; each kept as written. 'Nuova nota' adds one (the
 * outcome is required unless it is a plain note).
 */
import { useId, useState } from 'react';
import { Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { displayDateTime } from '../../../model/dates';
import { AML_NOTE_KINDS, AML_NOTE_OUTCOMES } from '../../../model/amlOptions';
import type { AmlNote, AmlNoteInput } from '../../../model/api/aml';
import { useAppDataProvider } from '../../dataProvider';
import { AmlDialog, optionText, useAmlSend, useSavedThenClose, OptionSelect } from './AmlParts';

type Kind = AmlNoteInput['kind'];
type Outcome = NonNullable<AmlNoteInput['outcome']>;

export function AmlNotesPanel({ customerId, notes }: { customerId: string | number; notes: AmlNote[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 500 }}>
          Note riservate
        </Typography>
        <Button type="button" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
          Nuova nota
        </Button>
      </Stack>
      <Typography variant="caption" display="block" color="text.secondary" sx={{ mb: 1 }}>
        Visibili solo all’Admin dello studio: le valutazioni di astensione e di segnalazione e le note non si modificano
      </Typography>
      {notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nessuna nota.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Note riservate" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {notes.map((n) => (
            <Paper component="li" variant="outlined" key={n.id} sx={{ p: 1.5, mb: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
                <Typography variant="subtitle2" component="span">
                  {optionText(AML_NOTE_KINDS, n.kind)}
                </Typography>
                {n.outcome && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={n.outcome === 'segnalata' || n.outcome === 'astenuto' ? 'error' : 'default'}
                    label={optionText(AML_NOTE_OUTCOMES, n.outcome)}
                  />
                )}
              </Stack>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.body}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {n.created_by_name}, {displayDateTime(n.created_at)}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
      {open && <NoteDialog customerId={customerId} onClose={() => setOpen(false)} />}
    </>
  );
}

type NoteErrors = Partial<Record<'kind' | 'outcome' | 'body', string[]>>;

function NoteDialog({ customerId, onClose }: { customerId: string | number; onClose: () => void }) {
  const saved = useSavedThenClose(customerId, onClose);
  const dp = useAppDataProvider();
  const uid = useId();
  const [kind, setKind] = useState<Kind | ''>('');
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [body, setBody] = useState('');
  const { errors, setErrors, problem, setProblem, busy, refuse, send } = useAmlSend<NoteErrors>();
  const needsOutcome = kind !== '' && kind !== 'nota';

  const submit = async () => {
    setProblem(null);
    const found: NoteErrors = {};
    if (!kind) found.kind = ['Indica che cosa è la nota'];
    if (needsOutcome && !outcome) found.outcome = ['Indica l’esito della valutazione (anche “In valutazione”)'];
    if (!body.trim()) found.body = ['Scrivi la nota'];
    if (Object.keys(found).length) return refuse(found);
    const input: AmlNoteInput = {
      kind: kind as Kind,
      ...(needsOutcome ? { outcome: outcome as Outcome } : {}),
      body: body.trim(),
    };
    await send(() => dp.addAmlNote(customerId, input), 'Nota registrata', saved);
  };

  return (
    <AmlDialog
      title="Nuova nota riservata"
      busy={busy}
      busyLabel="Registrazione della nota"
      submitLabel="Registra nota"
      problem={problem}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <OptionSelect
          id={`${uid}-kind`}
          label="Tipo"
          value={kind}
          options={AML_NOTE_KINDS}
          errors={errors.kind}
          disabled={busy}
          onChange={(v) => {
            setKind(v);
            setErrors((x) => ({ ...x, kind: undefined, outcome: undefined }));
          }}
        />
        {needsOutcome && (
          <OptionSelect
            id={`${uid}-outcome`}
            label="Esito"
            value={outcome}
            options={AML_NOTE_OUTCOMES}
            errors={errors.outcome}
            disabled={busy}
            onChange={(v) => {
              setOutcome(v);
              setErrors((x) => ({ ...x, outcome: undefined }));
            }}
          />
        )}
        <TextField
          id={`${uid}-body`}
          label="Testo"
          required
          multiline
          minRows={4}
          fullWidth
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            setErrors((x) => ({ ...x, body: undefined }));
          }}
          disabled={busy}
          error={!!errors.body}
          helperText={
            errors.body?.join(' ') ?? 'Le ragioni della valutazione, gli elementi considerati, le decisioni prese'
          }
          slotProps={{ htmlInput: { maxLength: 10000 } }}
        />
      </Stack>
    </AmlDialog>
  );
}
