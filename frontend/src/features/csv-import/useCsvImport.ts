import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '@/components/toast/toastStore';
import {
  CsvImportJobStatusDocument,
  CsvValidationDocument,
  PresignFileUploadDocument,
  type CsvImportJobStatusQuery,
} from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request, UnauthorizedError } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import {
  fileBoxReducer,
  initialFileBoxState,
  JOB_POLL_MS,
  PROGRESS_IMPORT_TICK_MS,
  type FileBoxState,
} from './fileBox';
import {
  CREATE_WALLET_ERROR,
  DEFAULT_FILE_NAME,
  FAILED_TO_PRESIGN,
  FAILED_TO_UPLOAD,
  fileTooLarge,
  IMPORT_DEFAULT_ERROR,
  importIgnored,
  importSkipped,
  importSuccess,
  importUnidentifiedTokens,
  onlyFormatsAllowed,
  UPLOAD_AND_VALIDATE_ISSUE,
  UPLOAD_ISSUE,
  VALIDATE_FORMAT_ISSUE,
} from './messages';
import { gzipFile, hasAcceptedExtension, uploadToStorage } from './upload';

export type ImportJob = CsvImportJobStatusQuery['csvImportJobStatus'];
export type ImportedWallet = NonNullable<ImportJob['createdCustomWallet']>;

/** What starting the import job answered: its id, or the message to show (null: the default one). */
export type ImportStart = { jobId: string } | { error: string | null };

/** Starts the import job for an uploaded, validated file (createCustomWallet, importAccountTransactions). */
export type StartImport = (fileUrl: string) => Promise<ImportStart>;

export interface CsvImportOptions {
  accountTypeSlug: string;
  isGeneric: boolean;
  acceptedFormats: readonly string[];
  maxUploadBytes: number | null;
  onImported: (job: ImportJob) => void;
}

/** Consecutive failed status polls tolerated before the import is reported as failed. */
const MAX_POLL_FAILURES = 3;

class StepError extends Error {
  readonly detail: string | null;
  constructor(message: string, detail: string | null = null) {
    super(message);
    this.detail = detail;
  }
}

export interface CsvImport {
  state: FileBoxState;
  selectFile: (file: File) => void;
  removeFile: () => void;
  startImport: (start: StartImport) => Promise<void>;
}

/** Drives the file box: upload (gzip + presigned POST), validation, then the caller-started import job, polled every 1 s, with its toasts. */
export function useCsvImport(options: CsvImportOptions): CsvImport {
  const [state, dispatch] = useReducer(fileBoxReducer, initialFileBoxState);
  const queryClient = useQueryClient();
  const generation = useRef(0);
  const timers = useRef<Set<ReturnType<typeof setTimeout>>>(new Set());
  const optionsRef = useRef(options);
  const stateRef = useRef(state);
  useEffect(() => {
    optionsRef.current = options;
    stateRef.current = state;
  });

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) {
      clearTimeout(timer);
      clearInterval(timer);
    }
    timers.current.clear();
  }, []);

  useEffect(
    () => () => {
      generation.current += 1;
      clearTimers();
    },
    [clearTimers],
  );

  const removeFile = useCallback(() => {
    generation.current += 1;
    clearTimers();
    dispatch({ type: 'reset' });
  }, [clearTimers]);

  const selectFile = useCallback(
    (file: File) => {
      generation.current += 1;
      clearTimers();
      const mine = generation.current;
      const current = () => mine === generation.current;
      const { acceptedFormats, maxUploadBytes, accountTypeSlug, isGeneric } = optionsRef.current;
      const filename = file.name || DEFAULT_FILE_NAME;
      if (!hasAcceptedExtension(filename, acceptedFormats)) {
        dispatch({ type: 'rejected', fileName: filename, fileSize: file.size, error: onlyFormatsAllowed(acceptedFormats) });
        return;
      }
      if (maxUploadBytes !== null && file.size > maxUploadBytes) {
        dispatch({ type: 'rejected', fileName: filename, fileSize: file.size, error: fileTooLarge(maxUploadBytes) });
        return;
      }
      dispatch({ type: 'uploadStarted', fileName: filename, fileSize: file.size });

      void (async () => {
        try {
          let presigned;
          try {
            const answer = await request(PresignFileUploadDocument, { filename });
            presigned = answer.presignFileUpload;
          } catch (error) {
            if (error instanceof UnauthorizedError) throw error;
            throw new StepError(UPLOAD_ISSUE, FAILED_TO_PRESIGN);
          }
          if (!presigned.success || !presigned.result) {
            throw new StepError(UPLOAD_ISSUE, presigned.error ? `${FAILED_TO_PRESIGN}: ${presigned.error}` : FAILED_TO_PRESIGN);
          }
          const body = await gzipFile(file);
          if (!current()) return;
          const uploaded = await uploadToStorage(presigned.result, body, filename);
          if (!current()) return;
          if (!uploaded) throw new StepError(UPLOAD_ISSUE, FAILED_TO_UPLOAD);
          const fileUrl = presigned.result.fileUrl;
          dispatch({ type: 'uploaded', fileUrl });

          let errors: string[];
          try {
            const answer = await request(CsvValidationDocument, { csvFileUrl: fileUrl, isGeneric, accountTypeSlug });
            errors = answer.csvValidation.csvValidationErrors;
          } catch (error) {
            if (error instanceof UnauthorizedError) throw error;
            throw new StepError(VALIDATE_FORMAT_ISSUE);
          }
          if (!current()) return;
          dispatch({ type: 'validated', errors });
        } catch (error) {
          if (!current() || error instanceof UnauthorizedError) return;
          if (error instanceof StepError) dispatch({ type: 'failed', error: error.message, detail: error.detail });
          else dispatch({ type: 'failed', error: UPLOAD_AND_VALIDATE_ISSUE });
        }
      })();
    },
    [clearTimers],
  );

  const startImport = useCallback(
    async (start: StartImport) => {
      const snapshot = stateRef.current;
      if (snapshot.status !== 'validated' || !snapshot.fileUrl) return;
      const mine = generation.current;
      const current = () => mine === generation.current;
      dispatch({ type: 'importStarted' });

      let started: ImportStart;
      try {
        started = await start(snapshot.fileUrl);
      } catch (error) {
        if (error instanceof UnauthorizedError) return;
        started = { error: null };
      }
      if (!current()) return;
      if (!('jobId' in started)) {
        dispatch({ type: 'importCancelled' });
        toast.error(started.error ?? CREATE_WALLET_ERROR);
        return;
      }
      const { jobId } = started;
      notifyJobStarted();
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });

      const ticker = setInterval(() => dispatch({ type: 'importTick' }), PROGRESS_IMPORT_TICK_MS);
      timers.current.add(ticker);

      const finish = (job: ImportJob | null) => {
        clearInterval(ticker);
        timers.current.delete(ticker);
        if (job && job.success) {
          dispatch({ type: 'imported' });
          toast.success(importSuccess(job.numberImported, job.numberTotal));
          if (job.numberSkipped > 0) toast.info(importSkipped(job.numberSkipped), { duration: Infinity });
          if (job.numberIgnored > 0) toast.info(importIgnored(job.numberIgnored), { duration: Infinity });
          if (job.numberUserDefinedTokens > 0) {
            toast.info(importUnidentifiedTokens(job.numberUserDefinedTokens), { duration: Infinity });
          }
          notifyJobStarted();
          void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
          void queryClient.invalidateQueries({ queryKey: queryKeys.costBasisStatus });
          void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
          optionsRef.current.onImported(job);
        } else {
          const message = job?.errorMessage || IMPORT_DEFAULT_ERROR;
          dispatch({ type: 'failed', error: message });
          toast.error(message);
          void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
        }
      };

      let failures = 0;
      const poll = () => {
        const timer = setTimeout(async () => {
          timers.current.delete(timer);
          if (!current()) return;
          let job: ImportJob | null = null;
          try {
            job = (await request(CsvImportJobStatusDocument, { jobId })).csvImportJobStatus;
          } catch (error) {
            if (error instanceof UnauthorizedError) return;
            job = null;
          }
          if (!current()) return;
          if (job === null && failures < MAX_POLL_FAILURES) {
            failures += 1;
            poll();
            return;
          }
          if (job && !job.isStatusFinal) {
            failures = 0;
            poll();
            return;
          }
          finish(job);
        }, JOB_POLL_MS);
        timers.current.add(timer);
      };
      poll();
    },
    [queryClient],
  );

  return { state, selectFile, removeFile, startImport };
}
