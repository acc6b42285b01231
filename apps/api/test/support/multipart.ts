import type { TestApp } from './app';

export interface UploadFile {
  name: string;
  content: string | Buffer;
  type?: string;
}

/** A multipart body with text fields first and at most one file. */
export function multipart(file: UploadFile | null, fields: Record<string, string> = {}) {
  const boundary = `----blaster${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends a multipart form to the test app as the given caller. */
export async function upload<T = Record<string, unknown>>(
  t: TestApp,
  url: string,
  token: string,
  file: UploadFile | null,
  fields: Record<string, string> = {},
  method: 'POST' | 'PUT' = 'POST',
) {
  const body = multipart(file, fields);
  const response = await t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  let parsed: unknown = response.body;
  try {
    parsed = response.json();
  } catch {
    // not JSON: kept as text
  }
  return { status: response.statusCode, body: parsed as T, headers: response.headers };
}
