/** A multipart/form-data body (files[] and fields) for app.inject, made by the platform's FormData. */
export async function multipart(
  fields: Record<string, string>,
  files: Array<{ name: string; bytes: Buffer; type?: string }>,
  fileField = 'files[]',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(fileField, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}
