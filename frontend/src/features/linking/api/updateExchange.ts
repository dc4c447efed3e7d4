import {
  UpdateExchangeWithApiKeyAndSecretDocument,
  UpdateExchangeWithApiKeyDocument,
  UpdateExchangeWithCustomerIdDocument,
  UpdateExchangeWithPassphraseDocument,
  type UpdateExchangeAnswerFragment,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import type { ExchangeMutation, ExchangeValues } from './addExchange';

/** Calls the update mutation of one exchange form: new credentials for an exchange the user has, or an
 * exchange fed by files moved to its API (spec 000 "exchanges can be migrated"); a network failure rejects. */
export async function updateExchange(
  mutation: ExchangeMutation,
  publicId: string,
  values: ExchangeValues,
): Promise<UpdateExchangeAnswerFragment> {
  const { accountTypeSlug, apiKey, apiSecret, passphrase, customerId } = values;
  switch (mutation) {
    case 'apiKey':
      return (await request(UpdateExchangeWithApiKeyDocument, { input: { publicId, accountTypeSlug, apiKey } })).updateExchangeWithApiKey;
    case 'apiKeyAndSecret':
      return (await request(UpdateExchangeWithApiKeyAndSecretDocument, { input: { publicId, accountTypeSlug, apiKey, apiSecret } }))
        .updateExchangeWithApiKeyAndSecret;
    case 'customerId':
      return (
        await request(UpdateExchangeWithCustomerIdDocument, { input: { publicId, accountTypeSlug, customerId, apiKey, apiSecret } })
      ).updateExchangeWithCustomerId;
    case 'passphrase':
      return (
        await request(UpdateExchangeWithPassphraseDocument, {
          updateExchangeInput: { publicId, accountTypeSlug, apiKey, apiSecret, passphrase },
        })
      ).updateExchangeWithPassphrase;
  }
}
