import { custodyFeeBps, OrganizationDetails, validationMessage } from '@vaultline/contracts';
import { type AppLanguage, i18n } from '../../i18n';
import { required } from '../../lib/form-validation';

/** Keeps the digits typed or pasted and shows them as 000-00-00000. */
export function formatBusinessNumber(raw: string): string {
  const digits = raw.replace(/[^0-9]/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** A percentage typed with up to two decimals, in basis points: 1.25 → 125. */
export function percentToBps(percent: number | string): number {
  return Math.round(Number(percent) * 100);
}

export const FEE_PERCENT_MAX = 10;

/** An organization's details by the contracts' rules (a number of spaces alone counts as no number). */
export const organizationDetailRules = {
  name: OrganizationDetails.shape.name,
  businessRegistrationNumber: required(OrganizationDetails.shape.businessRegistrationNumber, { trim: true }),
  representativeName: OrganizationDetails.shape.representativeName,
};

/** The fee is typed as a percentage but ruled in basis points, so its message says the range in percent. */
export function custodyFeeError(value: number | string, lang: AppLanguage): string | null {
  if (value === '' || Number.isNaN(Number(value))) return validationMessage('validation.required', lang);
  return custodyFeeBps.safeParse(percentToBps(value)).success
    ? null
    : i18n.t('operator.form.feeRange', { lng: lang, max: FEE_PERCENT_MAX });
}
