// The chain display helpers are shared by several features (wallets, approvals, tokens, assets).
export * from '../../components/chain-ui';
