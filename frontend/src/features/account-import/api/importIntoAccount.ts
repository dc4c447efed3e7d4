import { ImportAccountTransactionsDocument } from '@/gql/graphql';
import type { AccountDetail } from '@/lib/accounts/useAccount';
import { request, UnauthorizedError } from '@/lib/graphql';
import { IMPORT_DEFAULT_ERROR } from '@/lib/upload/messages';
import type { ImportStart } from '@/lib/upload/useCsvImport';
import { importStartError } from '@/features/account-import/utils/importTypes';

/** importAccountTransactions: the job id, or the message for why the import could not start. */
export async function importIntoAccount(account: AccountDetail, csvUrl: string, importType: number): Promise<ImportStart> {
  try {
    const { importAccountTransactions: answer } = await request(ImportAccountTransactionsDocument, {
      input: { accountId: account.id, csvUrl, importType },
    });
    if (answer.success && answer.jobId) return { jobId: answer.jobId };
    return { error: importStartError(answer.error, answer.errorMessage, account.allowedImportTypes) };
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    return { error: IMPORT_DEFAULT_ERROR };
  }
}
