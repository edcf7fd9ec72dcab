/** The error catalogue's messages (both languages, every code), fetched apart from the first load (error-catalogue.ts). */
export { errorMessage, isErrorCode } from '@vaultline/contracts';
