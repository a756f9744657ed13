/**
 * The uploader of a record's files (model `attachments`, seed B §3–§5): the files already there
 * (download, description and note, mark for deletion — they go when the record is saved), files
 * chosen or dropped to add, with the seed's checks at once ('I formati supportati sono ...',
 * 'Non puoi caricare più di N files', the size limit). Its value (`__attachments`) is what
 * changed; the dataProvider writes it after the record (src/dataProvider: saveRecordFiles).
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormHelperText,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/Delete';
import UndoIcon from '@mui/icons-material/Undo';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { InputHelperText, useInput, useNotify, useRecordContext } from 'react-admin';
import { saveAs } from 'file-saver';
import type { ModelDef } from '../../model/define';
import { FILE_KINDS, fileTooLargeMessage, kindOfName, kindsMessage, tooManyFilesMessage } from '../../model/fileKinds';
import { ATTACHMENTS_FIELD, useAppDataProvider, type AttachmentChanges, type AttachmentRow } from '../dataProvider';

const EMPTY: AttachmentChanges = { add: [], marks: {}, meta: {} };
const NO_ROWS: AttachmentRow[] = [];
const kb = (n: number) =>
  n < 1024 * 1024
    ? `${Math.max(1, Math.round(n / 1024))} KB`
    : `${(n / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;

const changesOf = (v: unknown): AttachmentChanges =>
  v && typeof v === 'object' && Array.isArray((v as AttachmentChanges).add) ? (v as AttachmentChanges) : EMPTY;

/** Files kept after the changes: the ones there and not marked, plus the ones added. */
export const filesAfter = (existing: AttachmentRow[], c: AttachmentChanges) =>
  existing.filter((a) => !(c.marks[a.id] ?? a.marked_for_deletion)).length + c.add.length;

/** the texts of a stored file, each edited in the file's row */
const META_FIELDS = [
  ['descrizione', 'Descrizione del file'],
  ['nota', 'Nota del file'],
] as const;

export function AttachmentsInput({ model }: { model: ModelDef }) {
  const a = model.attachments!;
  const record = useRecordContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [pickError, setPickError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ownerId = record?.id;
  // the record's version in the key: after a save the list is read again
  const existing = useQuery({
    queryKey: ['attachments', model.name, ownerId, record?.updated_at],
    enabled: ownerId != null,
    queryFn: ({ signal }) => dp.listAttachments(model, ownerId!, { signal }),
  });
  const rows = existing.data ?? NO_ROWS;
  // the validator runs at submit, with the files read by then
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  const { field, fieldState } = useInput({
    source: ATTACHMENTS_FIELD,
    defaultValue: undefined,
    // the value is an object (react-admin's default format would turn 'no value' into '')
    format: (v: unknown) => v,
    parse: (v: unknown) => v,
    validate: a.required
      ? (value: unknown) =>
          filesAfter(rowsRef.current, changesOf(value)) ? undefined : `Carica il ${a.label.toLowerCase()}`
      : undefined,
  });
  const changes = changesOf(field.value);
  const set = (next: AttachmentChanges) => field.onChange(next);
  const id = `uploader-${model.name}`;

  const add = (list: FileList | File[] | null) => {
    const files = Array.from(list ?? []);
    if (!files.length) return;
    const wrong = files.find((f) => !kindOfName(f.name, a.kinds));
    if (wrong) {
      setPickError(`${wrong.name}: ${kindsMessage(a.kinds)}`);
      return;
    }
    const big = files.find((f) => f.size > a.maxBytes);
    if (big) {
      setPickError(`${big.name}: ${fileTooLargeMessage(a.maxBytes)}`);
      return;
    }
    // one file only: choosing another replaces the one chosen (and marks the one there), as a picker does
    if (a.maxFiles === 1 && files.length === 1) {
      const marks = { ...changes.marks };
      for (const r of rows) if (!(changes.marks[r.id] ?? r.marked_for_deletion)) marks[r.id] = true;
      setPickError(null);
      set({ ...changes, add: files, marks });
      return;
    }
    if (filesAfter(rows, changes) + files.length > a.maxFiles) {
      setPickError(tooManyFilesMessage(a.maxFiles));
      return;
    }
    setPickError(null);
    set({ ...changes, add: [...changes.add, ...files] });
  };
  const toggleMark = (r: AttachmentRow) => {
    const marked = !(changes.marks[r.id] ?? r.marked_for_deletion);
    if (!marked && filesAfter(rows, { ...changes, marks: { ...changes.marks, [r.id]: false } }) > a.maxFiles) {
      setPickError(tooManyFilesMessage(a.maxFiles));
      return;
    }
    setPickError(null);
    set({ ...changes, marks: { ...changes.marks, [r.id]: marked } });
  };
  const setMeta = (r: AttachmentRow, key: 'descrizione' | 'nota', value: string) =>
    set({ ...changes, meta: { ...changes.meta, [r.id]: { ...changes.meta[r.id], [key]: value } } });
  const download = async (r: AttachmentRow) => {
    try {
      const { blob, filename } = await dp.downloadAttachment(r.id);
      saveAs(blob, filename);
    } catch (e) {
      notify(`Errore nel caricamento dati ${(e as Error).message}`, { type: 'error' });
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };
  const accept = a.kinds.flatMap((k) => [...FILE_KINDS[k].extensions, FILE_KINDS[k].mime]).join(',');
  const fieldError = fieldState.error?.message;

  return (
    <Box sx={{ mb: 2 }} role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="subtitle2" sx={{ mb: 0.5 }}>
        {a.label}
        {a.required ? ' *' : ''}
      </Typography>
      {existing.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          Errore nel caricamento dati
        </Alert>
      )}
      {rows.length > 0 && (
        <List dense disablePadding aria-label={`${a.label}: file caricati`}>
          {rows.map((r) => {
            const marked = changes.marks[r.id] ?? r.marked_for_deletion;
            const meta = { descrizione: r.descrizione ?? '', nota: r.nota ?? '', ...changes.meta[r.id] };
            return (
              <ListItem
                key={r.id}
                disableGutters
                sx={{ flexWrap: 'wrap', gap: 1, opacity: marked ? 0.6 : 1 }}
                secondaryAction={
                  <Stack direction="row">
                    <Tooltip title="Scarica">
                      <IconButton aria-label={`Scarica ${r.original_filename}`} onClick={() => download(r)}>
                        <DownloadIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={marked ? 'Non eliminare' : 'Elimina al salvataggio'}>
                      <IconButton
                        aria-label={
                          marked
                            ? `Non eliminare ${r.original_filename}`
                            : `Elimina ${r.original_filename} al salvataggio`
                        }
                        onClick={() => toggleMark(r)}
                      >
                        {marked ? <UndoIcon /> : <DeleteIcon />}
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
              >
                <ListItemText
                  sx={{ pr: 12, flexBasis: '100%' }}
                  primary={
                    <>
                      {r.original_filename}{' '}
                      {marked && (
                        <Chip size="small" color="warning" label="Sarà eliminato al salvataggio" sx={{ ml: 1 }} />
                      )}
                    </>
                  }
                  secondary={`${kb(r.size)} · caricato il ${r.created_at.slice(8, 10)}-${r.created_at.slice(5, 7)}-${r.created_at.slice(0, 4)}`}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%', pr: 12 }}>
                  {META_FIELDS.map(([key, label]) => (
                    <TextField
                      key={key}
                      size="small"
                      label={label}
                      value={meta[key]}
                      onChange={(e) => setMeta(r, key, e.target.value)}
                      slotProps={{ htmlInput: { maxLength: 255 } }}
                      sx={{ flex: 1 }}
                      disabled={marked}
                    />
                  ))}
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      {changes.add.map((f, i) => (
        <Stack key={`${f.name}-${i}`} direction="row" alignItems="center" spacing={1} sx={{ my: 0.5 }}>
          <Chip color="primary" variant="outlined" label={`Da caricare: ${f.name} (${kb(f.size)})`} />
          <IconButton
            size="small"
            aria-label={`Togli ${f.name}`}
            onClick={() => {
              const add = changes.add.filter((_x, j) => j !== i);
              // the file there again, if choosing this one had marked it
              const marks = a.maxFiles === 1 && !add.length ? {} : changes.marks;
              set({ ...changes, add, marks });
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          mt: 1,
          p: 2,
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : fieldError ? 'error.main' : 'divider',
          borderRadius: 1,
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {rows.length || changes.add.length
            ? a.maxFiles === 1
              ? 'Sostituisci file'
              : 'Aggiungi file'
            : 'Scegli file'}
          <input
            ref={inputRef}
            id={id}
            hidden
            type="file"
            accept={accept}
            multiple={a.maxFiles > 1}
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          oppure trascinalo qui · {a.kinds.map((k) => FILE_KINDS[k].text).join(', ')} · al più {a.maxFiles}{' '}
          {a.maxFiles === 1 ? 'file' : 'file'}, {kb(a.maxBytes)} l'uno
        </Typography>
      </Box>
      {(pickError || fieldError) && (
        <FormHelperText error role="alert">
          {pickError ?? <InputHelperText error={fieldError} />}
        </FormHelperText>
      )}
    </Box>
  );
}
