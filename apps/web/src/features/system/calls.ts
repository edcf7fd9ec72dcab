/** The version badge's call, fetched when it is first asked (VersionBadge.tsx). */
export { systemInfoCall } from '@vaultline/contracts';
