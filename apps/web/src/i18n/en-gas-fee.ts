/** English texts of the gas-fee wallets card. */
export const enGasFee = {
  gasFee: {
    title: 'Gas-fee wallets',
    description: 'The custody provider pays network costs for your organization from these wallets, one per network.',
    copyAddress: 'Copy the gas-fee wallet address',
    low: 'Low',
    lowWaterMark: 'Keep at least {{amount}} {{symbol}}.',
  },
};
