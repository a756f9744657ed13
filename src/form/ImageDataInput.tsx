/**
 * Image stored as a data URL (studio logo, avatar): png, gif, jpeg or bmp only, else
 * 'Tipo di file non supportato' (seed B §5). Shows a preview and a remove button.
 */
import { useState } from 'react';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import { InputHelperText, useInput, type InputProps } from 'react-admin';
import { IMAGE_MESSAGE } from '../../model/validate';

const ACCEPTED = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp'];
const MAX_BYTES = 1_400_000; // the data URL must fit the 2 MB column

export function ImageDataInput(props: InputProps & { label?: string }) {
  const { field, fieldState } = useInput(props);
  const [error, setError] = useState<string | null>(null);
  const id = `input-${props.source}`;
  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      setError(IMAGE_MESSAGE);
      return;
    }
    if (file.size > MAX_BYTES) {
      setError('Immagine troppo grande (massimo 1,4 MB)');
      return;
    }
    setError(null);
    const reader = new FileReader();
    reader.onload = () => field.onChange(String(reader.result));
    reader.readAsDataURL(file);
  };
  const fieldError = fieldState.error?.message;
  // react-admin encodes validator messages ('@@react-admin@@"…"'): InputHelperText decodes them
  const message = error ?? (fieldError ? <InputHelperText error={fieldError} /> : null);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
        {props.label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {field.value ? (
          <img
            src={String(field.value)}
            alt={props.label}
            style={{ maxHeight: 64, maxWidth: 200, border: '1px solid #ccc' }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Nessuna immagine
          </Typography>
        )}
        <Button component="label" variant="outlined" size="small" startIcon={<UploadIcon />} disabled={props.disabled}>
          Carica immagine
          <input id={id} hidden type="file" accept={ACCEPTED.join(',')} onChange={(e) => onFile(e.target.files?.[0])} />
        </Button>
        {field.value && !props.disabled && (
          <Button size="small" startIcon={<DeleteIcon />} onClick={() => field.onChange(null)}>
            Rimuovi
          </Button>
        )}
      </Box>
      {message && (
        <FormHelperText error role="alert">
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}
