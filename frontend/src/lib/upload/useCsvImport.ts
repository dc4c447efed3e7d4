import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { toast } from '@/components/toast/toastStore';
import { notifyJobStarted } from '@/lib/events';
import { UnauthorizedError } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { fileBoxReducer, initialFileBoxState, PROGRESS_IMPORT_TICK_MS, type FileBoxState, type MappableFile } from './fileBox';
import { csvImportJobOptions, csvValidationJobOptions, startCsvValidation, type CsvValidation, type ImportJob } from './jobs';
import {
  CREATE_WALLET_ERROR,
  DEFAULT_FILE_NAME,
  fileTooLarge,
  IMPORT_DEFAULT_ERROR,
  importForReview,
  importHeldFrozen,
  importIgnored,
  importSkipped,
  importSuccess,
  importUnidentifiedTokens,
  onlyFormatsAllowed,
  UPLOAD_AND_VALIDATE_ISSUE,
  VALIDATE_FORMAT_ISSUE,
} from './messages';
import { hasAcceptedExtension } from './storage';
import { StepError, uploadFile } from './uploadFile';

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

export interface CsvImport {
  state: FileBoxState;
  selectFile: (file: File) => void;
  removeFile: () => void;
  startImport: (start: StartImport) => Promise<void>;
  /** The file's column mapping passed its check and is saved: it can be imported. */
  acceptMapping: () => void;
}

/** The columns to map of a file no format recognises (none for any other answer). */
function mappableFile(validation: CsvValidation): MappableFile | null {
  const columns = validation.mappableColumns ?? [];
  return columns.length ? { columns, sampleRows: validation.sampleRows ?? [] } : null;
}

/**
 * Drives the file box: upload (gzip + presigned POST), validation (answered at once or polled as a
 * job), then the caller-started import job, polled every 1 s, with its toasts.
 */
export function useCsvImport(options: CsvImportOptions): CsvImport {
  const [state, dispatch] = useReducer(fileBoxReducer, initialFileBoxState);
  const queryClient = useQueryClient();
  /** Bumped whenever the file changes: answers for an older file are dropped. */
  const generation = useRef(0);
  const finishedJob = useRef<string | null>(null);
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const validationJob = useQuery(csvValidationJobOptions(state.status === 'validating' ? state.validationJobId : null));
  const importJob = useQuery(csvImportJobOptions(state.status === 'importing' ? state.importJobId : null));

  useEffect(() => {
    const validation = validationJob.data?.csvValidationJobStatus;
    if (validation?.isStatusFinal) {
      dispatch({ type: 'validated', errors: validation.csvValidationErrors, ignored: validation.ignoredReasons, mappable: mappableFile(validation) });
    }
    else if (validationJob.isError && !(validationJob.error instanceof UnauthorizedError)) {
      dispatch({ type: 'failed', error: VALIDATE_FORMAT_ISSUE });
    }
  }, [validationJob.data, validationJob.isError, validationJob.error]);

  useEffect(() => {
    if (state.status !== 'importing' || state.importJobId === null) return;
    const ticker = setInterval(() => dispatch({ type: 'importTick' }), PROGRESS_IMPORT_TICK_MS);
    return () => clearInterval(ticker);
  }, [state.status, state.importJobId]);

  const finishImport = useCallback(
    (job: ImportJob | null) => {
      if (job && job.success) {
        dispatch({ type: 'imported' });
        toast.success(importSuccess(job.numberImported, job.numberTotal));
        if (job.numberSkipped > 0) toast.info(importSkipped(job.numberSkipped), { duration: Infinity });
        if (job.numberIgnored > 0) toast.info(importIgnored(job.numberIgnored), { duration: Infinity });
        if (job.numberForReview > 0) toast.info(importForReview(job.numberForReview), { duration: Infinity });
        if (job.numberHeldFrozen > 0) toast.info(importHeldFrozen(job.numberHeldFrozen), { duration: Infinity });
        if (job.numberUserDefinedTokens > 0) {
          toast.info(importUnidentifiedTokens(job.numberUserDefinedTokens), { duration: Infinity });
        }
        notifyJobStarted();
        for (const queryKey of [queryKeys.accounts, queryKeys.me, queryKeys.costBasisStatus, queryKeys.transactions]) {
          void queryClient.invalidateQueries({ queryKey });
        }
        optionsRef.current.onImported(job);
      } else {
        const message = job?.errorMessage || IMPORT_DEFAULT_ERROR;
        dispatch({ type: 'failed', error: message });
        toast.error(message);
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      }
    },
    [queryClient],
  );

  useEffect(() => {
    const jobId = state.importJobId;
    const job = importJob.data?.csvImportJobStatus;
    if (jobId === null || finishedJob.current === jobId) return;
    if (job) dispatch({ type: 'importProgress', progress: job.progress });
    if (job?.isStatusFinal) {
      finishedJob.current = jobId;
      finishImport(job);
    } else if (importJob.isError && !(importJob.error instanceof UnauthorizedError)) {
      finishedJob.current = jobId;
      finishImport(null);
    }
  }, [state.importJobId, importJob.data, importJob.isError, importJob.error, finishImport]);

  const removeFile = useCallback(() => {
    generation.current += 1;
    dispatch({ type: 'reset' });
  }, []);

  const selectFile = useCallback((file: File) => {
    generation.current += 1;
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
        const fileUrl = await uploadFile(file, filename, current);
        if (fileUrl === null) return;
        dispatch({ type: 'uploaded', fileUrl });
        let validation;
        try {
          validation = await startCsvValidation(fileUrl, isGeneric, accountTypeSlug);
        } catch (error) {
          if (error instanceof UnauthorizedError) throw error;
          throw new StepError(VALIDATE_FORMAT_ISSUE);
        }
        if (!current()) return;
        if (validation.isStatusFinal || validation.jobId === null) {
          dispatch({ type: 'validated', errors: validation.csvValidationErrors, ignored: validation.ignoredReasons, mappable: mappableFile(validation) });
        } else {
          dispatch({ type: 'validationStarted', jobId: validation.jobId });
        }
      } catch (error) {
        if (!current() || error instanceof UnauthorizedError) return;
        if (error instanceof StepError) dispatch({ type: 'failed', error: error.message, detail: error.detail });
        else dispatch({ type: 'failed', error: UPLOAD_AND_VALIDATE_ISSUE });
      }
    })();
  }, []);

  const startImport = useCallback(
    async (start: StartImport) => {
      const { status, fileUrl } = state;
      if (status !== 'validated' || !fileUrl) return;
      const mine = generation.current;
      dispatch({ type: 'importStarted' });

      let started: ImportStart;
      try {
        started = await start(fileUrl);
      } catch (error) {
        if (error instanceof UnauthorizedError) return;
        started = { error: null };
      }
      if (mine !== generation.current) return;
      if (!('jobId' in started)) {
        dispatch({ type: 'importCancelled' });
        toast.error(started.error ?? CREATE_WALLET_ERROR);
        return;
      }
      dispatch({ type: 'importJobStarted', jobId: started.jobId });
      notifyJobStarted();
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
    },
    [state, queryClient],
  );

  const acceptMapping = useCallback(() => dispatch({ type: 'mapped' }), []);

  return { state, selectFile, removeFile, startImport, acceptMapping };
}
