// The demo air-gapped signer (issue 18): `npm run cold-signer -- <command>`. It holds a seed in a file of its own,
// never on Vaultline's machines, and talks to Vaultline only through QR codes: it prints the text of each frame,
// one per line, and reads frames the same way (a camera app's text, or what the operator's page shows under
// "copy as text"). A provider's own air-gapped device replaces it in production.
//   new --seed FILE                                  a fresh 24-word seed, written only to FILE (mode 600)
//   export --seed FILE --blockchain CHAIN --account N the account's public key (crypto-hdkey) for the import
//   sign --seed FILE [IMAGE…]                        reads the request's frames (from the images named, else
//                                                    text lines on stdin), shows what it signs on stderr,
//                                                    answers the signed frames on stdout
// --frames-out DIR (export, sign): the answer's frames as PNG images in DIR instead of text; their paths printed.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateMnemonic, mnemonicToSeed, validateMnemonic } from '@vaultline/chains';
import {
  ColdQrError,
  coldAccountUr,
  masterFingerprintOf,
  QrPartCollector,
  readColdAccount,
  SIGN_REQUEST_TYPES,
  signColdRequest,
  toQrParts,
} from '@vaultline/chains/cold';
import { BLOCKCHAINS, type Blockchain } from '@vaultline/contracts';
import { readFrames, writeFrames } from './frames.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: 'string' },
    blockchain: { type: 'string' },
    account: { type: 'string' },
    'frames-out': { type: 'string' },
  },
});
const [command, ...images] = positionals;
if (!values.seed) fail('Name the seed file: --seed FILE');
const seedFile = values.seed;

function readSeed(): Uint8Array {
  const mnemonic = readFileSync(seedFile, 'utf8').trim();
  if (!validateMnemonic(mnemonic)) fail(`${seedFile} holds no valid BIP-39 mnemonic`);
  return mnemonicToSeed(mnemonic);
}

/** Prints the frames: as text lines, or as images in --frames-out (then their paths). */
async function show(parts: string[], prefix: string) {
  const dir = values['frames-out'];
  for (const line of dir ? await writeFrames(parts, dir, prefix) : parts) console.log(line);
}

async function readStdin(): Promise<string[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .split(/\s+/)
    .filter((line) => line.length > 0);
}

async function run() {
  switch (command) {
    case 'new': {
      const mnemonic = generateMnemonic();
      writeFileSync(seedFile, `${mnemonic}\n`, { mode: 0o600, flag: 'wx' });
      console.log(`A new seed is in ${seedFile}; its fingerprint is ${masterFingerprintOf(mnemonicToSeed(mnemonic))}.`);
      break;
    }
    case 'export': {
      const blockchain = values.blockchain as Blockchain;
      if (!(BLOCKCHAINS as readonly string[]).includes(blockchain))
        fail(`--blockchain one of ${BLOCKCHAINS.join(', ')}`);
      const account = Number(values.account ?? Number.NaN);
      if (!Number.isInteger(account) || account < 0) fail('--account N: the account index, 0 or more');
      const ur = coldAccountUr(readSeed(), blockchain, account);
      // The signer's own screen: what the operator who checks the import compares with Vaultline's.
      const exported = readColdAccount(ur, blockchain);
      console.error(
        `Account ${account} on ${blockchain}: ${exported.address} (${exported.derivationPath}, fingerprint ${exported.masterFingerprint})`,
      );
      await show(toQrParts(ur), `account-${blockchain}-${account}`);
      break;
    }
    case 'sign': {
      const seed = readSeed();
      const collector = new QrPartCollector(Object.values(SIGN_REQUEST_TYPES));
      const frames = images.length > 0 ? readFrames(images) : await readStdin();
      for (const part of frames) if (!collector.complete) collector.receive(part);
      const { answer, review } = signColdRequest(seed, collector.finish());
      console.error(
        `Signing ${review.family} request ${review.requestId ?? '(PSBT)'} with ${review.derivationPath ?? 'each input key'}:`,
      );
      for (const effect of review.effects) console.error(`  ${effect}`);
      await show(toQrParts(answer), 'signature');
      break;
    }
    default:
      fail('Commands: new, export, sign (see the top of apps/cold-signer/src/main.ts)');
  }
}

run().catch((error: unknown) => {
  // A code that cannot be read is the operator's to fix (scan again); anything else is a fault of this tool.
  if (error instanceof ColdQrError) fail(`QR code refused (${error.code}): ${error.message}`);
  fail(error instanceof Error ? error.message : String(error));
});
