import {
  AddExchangeWithApiKeyAndSecretDocument,
  AddExchangeWithApiKeyDocument,
  AddExchangeWithCustomerIdDocument,
  AddExchangeWithPassphraseDocument,
  type AddExchangeAnswerFragment,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';

/** The add mutation of each exchange form (spec 000 §3 payloads). */
export type ExchangeMutation = 'apiKey' | 'apiKeyAndSecret' | 'passphrase' | 'customerId';

export interface ExchangeValues {
  accountTypeSlug: string;
  apiKey: string;
  apiSecret: string;
  passphrase: string;
  customerId: string;
}

/** Calls the add mutation of one exchange form with its payload; a network failure rejects. */
export async function addExchange(mutation: ExchangeMutation, values: ExchangeValues): Promise<AddExchangeAnswerFragment> {
  const { accountTypeSlug, apiKey, apiSecret, passphrase, customerId } = values;
  switch (mutation) {
    case 'apiKey':
      return (await request(AddExchangeWithApiKeyDocument, { input: { accountTypeSlug, apiKey } })).addExchangeWithApiKey;
    case 'apiKeyAndSecret':
      return (await request(AddExchangeWithApiKeyAndSecretDocument, { input: { accountTypeSlug, apiKey, apiSecret } }))
        .addExchangeWithApiKeyAndSecret;
    case 'customerId':
      return (await request(AddExchangeWithCustomerIdDocument, { input: { accountTypeSlug, customerId, apiKey, apiSecret } }))
        .addExchangeWithCustomerId;
    case 'passphrase':
      return (
        await request(AddExchangeWithPassphraseDocument, { addExchangeInput: { accountTypeSlug, apiKey, apiSecret, passphrase } })
      ).addExchangeWithPassphrase;
  }
}
