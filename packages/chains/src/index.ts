// Per chain family: key derivation, address validation and formats, transaction building; no I/O.
// The families arrive with the custody engine; the package exists from the start so the layout is fixed.
export type { ChainFamily } from '@vaultline/contracts';
