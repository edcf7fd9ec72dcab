// Test harness: Story's staking predeploy on anvil. fixtures/IPTokenStakingStandIn.sol (the signatures and events of
// IIPTokenStaking, the genesis parameters) is compiled with solc-js and its runtime code set at the predeploy
// address with anvil_setCode, as Story's genesis puts the real contract there.
import { readFileSync } from 'node:fs';
import { STORY_STAKING } from '@vaultline/contracts';
import solc from 'solc';
import type { EvmRpc } from './evm-rpc.js';

const SOURCE_NAME = 'IPTokenStakingStandIn.sol';
const CONTRACT_NAME = 'IPTokenStakingStandIn';

export interface CompiledStandIn {
  /** The deployed (runtime) code, 0x hex: what anvil_setCode takes. */
  runtimeBytecode: `0x${string}`;
  abi: unknown[];
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { deployedBytecode: { object: string } } }>>;
}

let compiled: CompiledStandIn | undefined;

/** Compiles the stand-in once per process (solc-js takes a few seconds to load). */
export function compileStakingStandIn(): CompiledStandIn {
  if (compiled) return compiled;
  const content = readFileSync(new URL(`./fixtures/${SOURCE_NAME}`, import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // A fork every anvil release runs; newer solc defaults may use opcodes an older node does not have.
      evmVersion: 'cancun',
      outputSelection: { [SOURCE_NAME]: { [CONTRACT_NAME]: ['abi', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME];
  if (!contract?.evm.deployedBytecode.object) throw new Error(`solc produced no ${CONTRACT_NAME}`);
  compiled = { runtimeBytecode: `0x${contract.evm.deployedBytecode.object}`, abi: contract.abi };
  return compiled;
}

/** Sets the stand-in's runtime code at `address` (the predeploy's by default) on an anvil node. */
export async function installStakingStandIn(
  rpc: EvmRpc,
  address: string = STORY_STAKING.contractAddress,
): Promise<CompiledStandIn> {
  const standIn = compileStakingStandIn();
  await rpc.call('anvil_setCode', [address, standIn.runtimeBytecode]);
  const code = await rpc.call<string>('eth_getCode', [address, 'latest']);
  if (code.toLowerCase() !== standIn.runtimeBytecode.toLowerCase()) {
    throw new Error(`anvil did not install the staking stand-in at ${address}`);
  }
  return standIn;
}
