import type { SVGProps } from 'react';

/** Small stroke icons for navigation; drawn inline because the project ships no icon package. */
function Icon({ children, size = 18, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export const AssetsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 19V9M10 19V5M16 19v-7M22 19H2" />
  </Icon>
);
export const WalletIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="6" width="18" height="13" rx="2.5" />
    <path d="M16 12.5h2M3 9.5h18" />
  </Icon>
);
export const ApprovalIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 11.5l2 2 4-4.5" />
    <rect x="4" y="3.5" width="16" height="17" rx="2.5" />
  </Icon>
);
export const WithdrawIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 17L17 7M9 7h8v8" />
  </Icon>
);
export const TokenIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5v9M9.5 10h5" />
  </Icon>
);
export const StakingIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l8 4.5-8 4.5-8-4.5L12 3z" />
    <path d="M4 12l8 4.5 8-4.5M4 16.5l8 4.5 8-4.5" />
  </Icon>
);
export const OrganizationIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20V6.5L12 3l8 3.5V20M9 20v-5h6v5M3 20h18" />
  </Icon>
);
export const AccountIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8.5" r="3.8" />
    <path d="M4.5 20c1.3-3.6 4.1-5.5 7.5-5.5s6.2 1.9 7.5 5.5" />
  </Icon>
);
export const ShieldIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l7.5 3v5.5c0 4.3-3.1 8-7.5 9.5-4.4-1.5-7.5-5.2-7.5-9.5V6L12 3z" />
    <path d="M9 12l2 2 4-4" />
  </Icon>
);
