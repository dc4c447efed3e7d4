import { useState } from 'react';
import { downloadText, generateKeyPair } from '@/features/linking/utils/keyPair';
import { KEY_PAIR_FAILED } from '@/features/linking/utils/messages';

/**
 * Makes a key pair in the browser, downloads the private and the public key as two text files,
 * shows the public key (to register with the exchange) and hands the private key to the form.
 */
export function KeyPairGenerator({ slug, onPrivateKey }: { slug: string; onPrivateKey: (privateKey: string) => void }) {
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function generate() {
    setBusy(true);
    setError(null);
    try {
      const pair = await generateKeyPair();
      downloadText(`${slug}-private-key.txt`, pair.privateKey);
      downloadText(`${slug}-public-key.txt`, pair.publicKey);
      setPublicKey(pair.publicKey);
      onPrivateKey(pair.privateKey);
    } catch {
      setError(KEY_PAIR_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="key-pair">
      <button type="button" className="button" data-testid="generate-key-pair" disabled={busy} onClick={() => void generate()}>
        Generate key pair
      </button>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {publicKey ? (
        <div className="key-pair__public">
          <p className="field__hint">Both keys were downloaded. Add this public key to your exchange's API settings:</p>
          <pre className="key-pair__key" data-testid="public-key">
            {publicKey}
          </pre>
        </div>
      ) : null}
    </div>
  );
}
