/**
 * A relation input whose options come from a dedicated call (e.g. GET /api/collaborators,
 * open to every role that edits customers) instead of the related resource's list.
 */
import { AutocompleteInput, SelectInput, type Validator } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { dataProvider } from '../dataProvider';

export function EndpointSelectInput({ source, label, endpoint, validate, disabled }: {
  source: string; label: string; endpoint: string; validate?: Validator[]; disabled?: boolean;
}) {
  const { data = [], isError } = useQuery({
    queryKey: ['options', endpoint],
    queryFn: async ({ signal }) => {
      const rows = (await dataProvider.options(endpoint, { signal })) as Array<{ id: number; name?: string; label?: string }>;
      return rows.map((r) => ({ id: r.id, name: r.name ?? r.label ?? `#${r.id}` }));
    },
    staleTime: 60_000,
  });
  return (
    <AutocompleteInput source={source} label={label} choices={data} validate={validate} disabled={disabled} fullWidth
      helperText={isError ? 'Errore nel caricamento dati' : ' '} emptyText="—" />
  );
}

/**
 * A choice input whose options ({value, text}) come from a call (e.g. GET /api/transaction_types,
 * C12); the declared choices stand in while it loads or when it fails.
 */
export function EndpointChoiceInput({ source, label, endpoint, choices, validate, disabled }: {
  source: string; label: string; endpoint: string; choices: Array<{ value: string | number; text: string }>; validate?: Validator[]; disabled?: boolean;
}) {
  const { data, isError } = useQuery({
    queryKey: ['options', endpoint],
    queryFn: async ({ signal }) => (await dataProvider.options(endpoint, { signal })) as Array<{ value: string | number; text: string }>,
    staleTime: 60_000,
  });
  return (
    <SelectInput source={source} label={label} choices={data ?? choices} optionValue="value" optionText="text" validate={validate}
      disabled={disabled} fullWidth emptyText="—" helperText={isError ? 'Errore nel caricamento dati' : ' '} />
  );
}
