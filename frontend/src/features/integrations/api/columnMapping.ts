import { SaveCsvMappingDocument, ValidateCsvMappingDocument, type ColumnMappingInput } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import type { CsvValidation } from '@/lib/upload/jobs';

/** Starts (or joins) the worker's check of the upload read with the mapping; final at once or a job to poll. */
export async function validateCsvMapping(csvFileUrl: string, mapping: ColumnMappingInput): Promise<CsvValidation> {
  return (await request(ValidateCsvMappingDocument, { csvFileUrl, mapping })).validateCsvMapping;
}

/** Remembers the mapping for the upload's header once its check passed; answers the error, or null. */
export async function saveCsvMapping(csvFileUrl: string, mapping: ColumnMappingInput): Promise<string | null> {
  const { saveCsvMapping: answer } = await request(SaveCsvMappingDocument, { csvFileUrl, mapping });
  return answer.success ? null : (answer.error ?? 'The column mapping could not be saved.');
}
