/** Browser side of the upload flow: gzip the file, then POST it to the presigned address. */

export interface PresignedUpload {
  uploadInfoFields: readonly { key: string; value: string }[];
  postUrl: string;
  fileUrl: string;
}

/** gzip with the platform's CompressionStream (every supported browser has it). */
export async function gzipFile(file: Blob): Promise<Blob> {
  if (typeof CompressionStream === 'undefined' || typeof file.stream !== 'function') return file;
  const stream = file.stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).blob();
}

/** Multipart POST: every presigned field first, then `file` last. 200 or 204 is success. */
export async function uploadToStorage(presigned: PresignedUpload, body: Blob, filename: string): Promise<boolean> {
  const form = new FormData();
  for (const { key, value } of presigned.uploadInfoFields) form.append(key, value);
  form.append('file', body, filename);
  try {
    const response = await fetch(presigned.postUrl, { method: 'POST', body: form });
    return response.status === 200 || response.status === 204;
  } catch {
    return false;
  }
}

export function hasAcceptedExtension(filename: string, formats: readonly string[]): boolean {
  const lower = filename.toLowerCase();
  return formats.some((format) => lower.endsWith(format.toLowerCase().startsWith('.') ? format.toLowerCase() : `.${format.toLowerCase()}`));
}
