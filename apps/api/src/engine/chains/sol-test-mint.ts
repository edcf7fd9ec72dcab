// An SPL test mint on an in-process LiteSVM, for the executor's tests and `npm run chains:check`: the catalogue's
// mints live on Solana's clusters, so on LiteSVM a mint made here, with a throwaway authority, stands in for them.
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { SolToken } from '@vaultline/chains';
import { FailedTransactionMetadata } from 'litesvm';
import { catalogueSolToken } from '../transactions/sol-planner.js';
import type { SolLiteSvmChain } from './sol-litesvm.js';

const SOL = 1_000_000_000n;

/** Setup only (not the product path): kit's own signers run the token program's real instructions. */
async function sendWithKitSigners(chain: SolLiteSvmChain, payer: KeyPairSigner, instructions: Instruction[]) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => chain.svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const result = chain.svm.sendTransaction(await signTransactionMessageWithSigners(message));
  if (result instanceof FailedTransactionMetadata) throw new Error(`Test mint setup failed: ${result.toString()}`);
}

export interface SolTestMint {
  /** The token id transfers name; not in the catalogue, so `tokenOf` below resolves it. */
  tokenId: string;
  token: SolToken & { kind: 'spl' };
  /** The planner's tokens: the test mint for `tokenId`, the catalogue's otherwise. */
  tokenOf(tokenId: string): SolToken;
}

/** A new SPL mint with `supply` base units in `holder`'s associated token account; its authority pays the rent. */
export async function createSolTestMint(
  chain: SolLiteSvmChain,
  options: { holder: string; supply: bigint; decimals: number; tokenId?: string },
): Promise<SolTestMint> {
  const [authority, mint] = [await generateKeyPairSigner(), await generateKeyPairSigner()];
  chain.svm.airdrop(authority.address, lamports(SOL));
  const holder = address(options.holder);
  const [holderAta] = await findAssociatedTokenPda({
    owner: holder,
    mint: mint.address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  const space = BigInt(getMintSize());
  await sendWithKitSigners(chain, authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: lamports(chain.svm.minimumBalanceForRentExemption(space)),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals: options.decimals, mintAuthority: authority.address }),
    getCreateAssociatedTokenIdempotentInstruction({
      payer: authority,
      ata: holderAta,
      owner: holder,
      mint: mint.address,
    }),
    getMintToInstruction({ mint: mint.address, token: holderAta, mintAuthority: authority, amount: options.supply }),
  ]);
  const tokenId = options.tokenId ?? 'SOLANA_DEVNET.USDC';
  const token = { kind: 'spl', mint: mint.address, decimals: options.decimals } as const;
  return { tokenId, token, tokenOf: (id) => (id === tokenId ? token : catalogueSolToken(id)) };
}
