/**
 * A relation input whose options come from a dedicated call (e.g. GET /api/collaborators,
 * open to every role that edits customers) instead of the related resource's list.
 */
import { AutocompleteInput, type Validator } from 'react-admin';
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
