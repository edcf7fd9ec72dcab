// Air-gapped signing by QR codes: requests out, signatures back (issue 18).
export * from './accept-signature.js';
export * from './account-export.js';
export * from './cold-signer.js';
export * from './eos-registry.js';
export * from './qr-parts.js';
export * from './sign-request.js';
