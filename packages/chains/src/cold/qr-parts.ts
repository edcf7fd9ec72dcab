// Animated QR codes in Blockchain Commons' Uniform Resources (UR) format: a message too large for one QR code is
// cut into fountain-coded parts (`ur:type/seq-len/…`), shown one after another, and put back together from any
// sufficient set of parts in any order. Hardware signers (Keystone and others) read and write the same parts.
import { type UR, URDecoder, UREncoder } from '@ngraveio/bc-ur';
import { FountainEncoderPart } from '@ngraveio/bc-ur/dist/fountainEncoder.js';

/** Why a scanned code is refused, each with its catalogue code (spec: cold-wallet QR codes). */
export type ColdQrFailure = 'INVALID' | 'WRONG_ORDER' | 'WRONG_COMPONENT';
export const COLD_QR_ERROR_CODES = { INVALID: '40000', WRONG_ORDER: '40001', WRONG_COMPONENT: '40002' } as const;

export class ColdQrError extends Error {
  readonly code: (typeof COLD_QR_ERROR_CODES)[ColdQrFailure];
  constructor(
    readonly reason: ColdQrFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ColdQrError';
    this.code = COLD_QR_ERROR_CODES[reason];
  }
}

/** Bytes per part: about 300 characters of bytewords a frame, which phone and laptop cameras read at a glance. */
export const QR_FRAGMENT_BYTES = 120;

/**
 * The frames of an animated QR code: one part when the message fits, otherwise every fragment once and as many
 * fountain parts again (each mixes several fragments), so a reader that missed frames still completes within one
 * loop. Upper case: QR codes hold upper-case text in their denser alphanumeric mode.
 */
export function toQrParts(ur: UR, fragmentBytes = QR_FRAGMENT_BYTES): string[] {
  const encoder = new UREncoder(ur, fragmentBytes);
  if (encoder.fragmentsLength === 1) return [UREncoder.encodeSinglePart(ur).toUpperCase()];
  return Array.from({ length: encoder.fragmentsLength * 2 }, () => encoder.nextPart().toUpperCase());
}

interface Sequence {
  type: string;
  checksum: number;
  seqLength: number;
  messageLength: number;
}

/**
 * Puts scanned parts back together. Each `receive` answers the progress (0..1) or refuses the part:
 * INVALID (40000) for text that is no UR part or is damaged; WRONG_COMPONENT (40002) for a part of another message
 * or of a type not expected here; WRONG_ORDER (40001) for a part whose sequence contradicts the parts before it, so
 * the message could never complete, and for `finish` before enough parts arrived.
 */
export class QrPartCollector {
  private decoder = new URDecoder();
  private sequence: Sequence | undefined;
  private single: UR | undefined;

  constructor(private readonly expectedTypes: readonly string[]) {}

  receive(text: string): { complete: boolean; progress: number } {
    const { type, components } = this.parse(text);
    if (!this.expectedTypes.includes(type)) {
      throw new ColdQrError('WRONG_COMPONENT', `A ${type} code, not one of ${this.expectedTypes.join(', ')}`);
    }
    if (components.length === 1) return this.receiveSingle(type, components[0]!);
    if (components.length !== 2) throw new ColdQrError('INVALID', 'A UR part has a type, a sequence and a body');
    return this.receiveFragment(type, components[0]!, components[1]!);
  }

  get complete(): boolean {
    return this.single !== undefined || this.decoder.isSuccess() === true;
  }

  /** The whole message; WRONG_ORDER while parts are missing (an upload or paste that does not complete it). */
  finish(): UR {
    if (this.single) return this.single;
    if (!this.decoder.isSuccess()) {
      throw new ColdQrError('WRONG_ORDER', 'Parts are missing: the sequence does not complete the message');
    }
    return this.decoder.resultUR();
  }

  private parse(text: string): { type: string; components: string[] } {
    try {
      const [type, components] = URDecoder.parse(text.trim());
      return { type, components };
    } catch {
      throw new ColdQrError('INVALID', 'Not a UR code');
    }
  }

  private receiveSingle(type: string, body: string) {
    let ur: UR;
    try {
      ur = URDecoder.decode(`ur:${type}/${body}`);
    } catch {
      throw new ColdQrError('INVALID', 'The code is damaged (its checksum does not match)');
    }
    if (this.sequence || (this.single && !this.single.equals(ur))) {
      throw new ColdQrError('WRONG_COMPONENT', 'A code of another message');
    }
    this.single = ur;
    return { complete: true, progress: 1 };
  }

  private receiveFragment(type: string, seq: string, body: string) {
    let part: FountainEncoderPart;
    let header: number[];
    try {
      header = URDecoder.parseSequenceComponent(seq);
      part = FountainEncoderPart.fromCBOR(Buffer.from(URDecoder.decode(`ur:bytes/${body}`).cbor));
    } catch {
      throw new ColdQrError('INVALID', 'The part is damaged');
    }
    if (header[0] !== part.seqNum || header[1] !== part.seqLength) {
      throw new ColdQrError('INVALID', 'The part contradicts its own sequence number');
    }
    const known = this.sequence;
    if (this.single || (known && (known.type !== type || known.checksum !== part.checksum))) {
      throw new ColdQrError('WRONG_COMPONENT', 'A part of another message');
    }
    if (known && (known.seqLength !== part.seqLength || known.messageLength !== part.messageLength)) {
      throw new ColdQrError('WRONG_ORDER', 'The part belongs to a different cut of the message');
    }
    this.sequence = { type, checksum: part.checksum, seqLength: part.seqLength, messageLength: part.messageLength };
    if (!this.decoder.isComplete()) this.decoder.receivePart(`ur:${type}/${seq}/${body}`);
    if (this.decoder.isError()) {
      throw new ColdQrError('WRONG_ORDER', 'The parts put together do not match their checksum');
    }
    return {
      complete: this.decoder.isSuccess() === true,
      progress: this.decoder.isSuccess() ? 1 : this.decoder.getProgress(),
    };
  }
}
