import { CreateCustomWalletDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import type { ImportStart } from '@/lib/upload/useCsvImport';

/** createCustomWallet: a custom wallet, or an exchange account for an Exchange integration's slug. */
export async function createCustomWallet(walletName: string, csvUrl: string, accountTypeSlug: string): Promise<ImportStart> {
  const { createCustomWallet: answer } = await request(CreateCustomWalletDocument, {
    customWalletInput: { walletName: walletName.trim(), csvUrl, accountTypeSlug },
  });
  return answer.success && answer.jobId ? { jobId: answer.jobId } : { error: null };
}
