/**
 * Passwords and one-time codes never leave the browser in clear: each is encrypted with the
 * server's RSA public key (RSA-OAEP, SHA-256) and sent as base64; only the server can decrypt.
 */

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Imports an SPKI PEM public key for RSA-OAEP-256 encryption. */
export function importPublicKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

/** The base64 RSA-OAEP-SHA256 ciphertext of a secret, as the contracts' `EncryptedSecret` expects. */
export async function encryptSecret(secret: string, publicKeyPem: string): Promise<string> {
  const key = await importPublicKey(publicKeyPem);
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(secret));
  return toBase64(cipher);
}
