/** What sending a call needs of the contracts' call module; fetched with the first call (api-client.ts). */
export { buildPath, MissingCallInputError } from '@vaultline/contracts';
