/**
 * `/modello_lettera_incarico` 'Modello lettera d’incarico' (issue 49 item 2), the Admin's: the
 * studio's own Word template of the engagement letter (GET /api/engagement_letter_template), used
 * instead of the built-in one for the Word letter of every engagement.
 * - The template in use: the studio's (name, size, SHA-256, who uploaded it and when; download,
 *   replace, remove) or the built-in one.
 * - 'Carica il modello dello studio': a .docx, checked by the server (known tags only, the services'
 *   loop, no `{@…}`): its 422 shown under the file.
 * - To start from: the built-in template with its tags (.docx) and the tags as a CSV; below, the tags
 *   with their meaning, by group.
 */
import { useId, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormHelperText,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { displayDateTime } from '../../../model/dates';
import type { LetterTag, LetterTemplateAnswer } from '../../../model/api/engagementLetters';
import { useAppDataProvider } from '../../dataProvider';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { saveFile } from '../../bulk/common';
import { failureText } from '../../bulk/texts';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { sizeText, TableOrCards } from '../../resources/Customer/AmlParts';

const TITLE = 'Modello lettera d’incarico';
const KEY = ['engagement_letter_template'] as const;
const MAX_BYTES = 10 * 1024 * 1024;

/** Why a file cannot be the template, checked before sending (the server reads the content), or null. */
export function templateProblem(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.docx')) return `${file.name}: il modello deve essere un documento Word .docx`;
  if (file.size > MAX_BYTES) return 'Il modello supera la dimensione massima di 10 MB';
  return null;
}

export function LetterTemplate() {
  const dp = useAppDataProvider();
  const q = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => dp.engagementLetterTemplate({ signal }),
    retry: false,
  });
  return (
    <>
      <BulkScreenHeader title={TITLE} />
      {q.isPending && <LinearProgress aria-label="Caricamento del modello" sx={{ mb: 2 }} />}
      {q.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Modello non disponibile: {failureText(q.error)}
        </Alert>
      )}
      {q.data && (
        <>
          <InUse answer={q.data} />
          <Tags tags={q.data.tags} />
        </>
      )}
    </>
  );
}

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} gutterBottom>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** The template in use, and its upload, download and removal. */
function InUse({ answer }: { answer: LetterTemplateAnswer }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const input = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const t = answer.template;

  const saved = (a: LetterTemplateAnswer, message: string) => {
    queryClient.setQueryData(KEY, a);
    notify(message, { type: 'success' });
  };
  const upload = async (file: File) => {
    const bad = templateProblem(file);
    setError(bad);
    if (bad) return;
    setBusy(true);
    try {
      saved(await dp.uploadEngagementLetterTemplate(file), 'Modello dello studio caricato');
    } catch (e) {
      const fields = e instanceof ApiError ? e.body.errors : undefined;
      setError(fields?.file?.join(' ') ?? failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      saved(await dp.removeEngagementLetterTemplate(), 'Modello dello studio eliminato: si usa quello predefinito');
    } catch (e) {
      notify(failureText(e), { type: 'error' });
    } finally {
      setBusy(false);
      setRemoving(false);
    }
  };
  const download = async (what: 'file' | 'default.docx' | 'tags.csv') => {
    try {
      await saveFile(dp.downloadEngagementLetterTemplate(what));
    } catch (e) {
      notify(`Documento non disponibile: ${failureText(e)}`, { type: 'error' });
    }
  };

  return (
    <Section
      title="Modello in uso"
      intro="La lettera d’incarico in Word di ogni incarico si compila con questo modello; il PDF inviato al cliente segue sempre il modello predefinito."
    >
      {t ? (
        <Box sx={{ mb: 2 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            Modello dello studio: <strong>{t.filename}</strong> ({sizeText(t.size)})
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Caricato da {t.uploaded_by_name} il {displayDateTime(t.uploaded_at)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            SHA-256 {t.sha256}
          </Typography>
        </Box>
      ) : (
        <Typography sx={{ mb: 2 }}>
          Si usa il modello predefinito della lettera, secondo il fac-simile del CNDCEC.
        </Typography>
      )}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label="Modello dello studio"
      >
        <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
          {t ? 'Sostituisci il modello' : 'Carica il modello dello studio'}
          <input
            id={input}
            hidden
            type="file"
            accept=".docx"
            aria-label="Modello Word della lettera d’incarico"
            disabled={busy}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) void upload(chosen);
            }}
          />
        </Button>
        {t && (
          <Button type="button" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download('file')}>
            Scarica il modello dello studio
          </Button>
        )}
        {t && (
          <Button
            type="button"
            color="warning"
            startIcon={<DeleteIcon />}
            disabled={busy}
            onClick={() => setRemoving(true)}
          >
            Torna al modello predefinito
          </Button>
        )}
      </Stack>
      <FormHelperText error={!!error} sx={{ mx: 0 }} role={error ? 'alert' : undefined}>
        {error ?? 'Un documento Word .docx fino a 10 MB, con i segnaposto elencati qui sotto'}
      </FormHelperText>
      {busy && <LinearProgress aria-label="Salvataggio del modello" sx={{ mt: 1 }} />}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        Per partire
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Per partire">
        <Button
          type="button"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download('default.docx')}
        >
          Modello predefinito (.docx)
        </Button>
        <Button type="button" variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('tags.csv')}>
          Elenco dei segnaposto (CSV)
        </Button>
      </Stack>
      <ConfirmDialog
        open={removing}
        busy={busy}
        titleId={`${input}-remove`}
        text="Il modello dello studio sarà eliminato e la lettera in Word tornerà quella predefinita."
        yes="Elimina il modello"
        onClose={() => setRemoving(false)}
        onConfirm={() => void remove()}
      />
    </Section>
  );
}

/** The tags a template may use, by group. */
function Tags({ tags }: { tags: LetterTag[] }) {
  const groups = [...new Set(tags.map((t) => t.group))];
  return (
    <Section
      title="Segnaposto"
      intro="Scrivi ogni segnaposto tra parentesi graffe. I servizi si elencano con {#servizi} … {/servizi}: ciò che sta in mezzo (una riga di tabella, un paragrafo) si ripete per ogni servizio, con i campi del servizio. {#campo} … {/campo} mostra il testo solo se il campo ha un valore."
    >
      {groups.map((g) => (
        <Box key={g} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {g}
          </Typography>
          <TableOrCards
            label={`Segnaposto: ${g}`}
            rows={tags.filter((t) => t.group === g)}
            rowKey={(t) => t.key}
            columns={[
              {
                head: 'Segnaposto',
                cell: (t) => (
                  <Box
                    component="code"
                    sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
                  >
                    {t.key === 'servizi' ? '{#servizi} … {/servizi}' : `{${t.key}}`}
                  </Box>
                ),
                minWidth: 160,
              },
              { head: 'Significato', cell: (t) => t.description, minWidth: 200 },
            ]}
          />
        </Box>
      ))}
    </Section>
  );
}
