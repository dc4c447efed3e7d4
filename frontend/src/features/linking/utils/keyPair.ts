/**
 * The browser key-pair flow (spec 000 §5): an Ed25519 key pair made with WebCrypto, both halves
 * as PEM text. The exchange is given the public key; the private key signs Cairn's requests.
 */
export interface KeyPairPem {
  privateKey: string;
  publicKey: string;
}

function pem(label: string, der: ArrayBuffer): string {
  const base64 = btoa(String.fromCharCode(...new Uint8Array(der)));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export async function generateKeyPair(): Promise<KeyPairPem> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const [privateDer, publicDer] = await Promise.all([
    crypto.subtle.exportKey('pkcs8', pair.privateKey),
    crypto.subtle.exportKey('spki', pair.publicKey),
  ]);
  return { privateKey: pem('PRIVATE KEY', privateDer), publicKey: pem('PUBLIC KEY', publicDer) };
}

/** Saves text as a file through a temporary link. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
