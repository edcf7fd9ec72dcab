/** The activity notice's schema, fetched with the first notice (useActivityStream.ts). */
export { ActivityNotice } from '@vaultline/contracts';
