/** Upload of a chosen file: presign, gzip, then POST to the presigned address. */
import { PresignFileUploadDocument } from '@/gql/graphql';
import { request, UnauthorizedError } from '@/lib/graphql';
import { FAILED_TO_PRESIGN, FAILED_TO_UPLOAD, UPLOAD_ISSUE } from './messages';
import { gzipFile, uploadToStorage } from './storage';

/** A failed step of the upload or validation, with the message (and detail) shown under the file box. */
export class StepError extends Error {
  readonly detail: string | null;
  constructor(message: string, detail: string | null = null) {
    super(message);
    this.detail = detail;
  }
}

/** The stored file's address, or null when `isCurrent` turned false on the way (the file was replaced). */
export async function uploadFile(file: File, filename: string, isCurrent: () => boolean): Promise<string | null> {
  let presigned;
  try {
    presigned = (await request(PresignFileUploadDocument, { filename })).presignFileUpload;
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    throw new StepError(UPLOAD_ISSUE, FAILED_TO_PRESIGN);
  }
  if (!presigned.success || !presigned.result) {
    throw new StepError(UPLOAD_ISSUE, presigned.error ? `${FAILED_TO_PRESIGN}: ${presigned.error}` : FAILED_TO_PRESIGN);
  }
  const body = await gzipFile(file);
  if (!isCurrent()) return null;
  const uploaded = await uploadToStorage(presigned.result, body, filename);
  if (!isCurrent()) return null;
  if (!uploaded) throw new StepError(UPLOAD_ISSUE, FAILED_TO_UPLOAD);
  return presigned.result.fileUrl;
}
